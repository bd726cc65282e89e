"""The portal's main navigation. An entry links to its page once the app that owns it is installed."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse


@dataclass(frozen=True)
class NavItem:
    label: str
    url_name: str
    hint: str
    client_work: bool = True
    admin_only: bool = False
    #: Compliance officers and admins only (the audit admin).
    audit_only: bool = False


NAVIGATION = (
    NavItem("法律咨询", "chat:index", "多智能体基于法条回答法律问题"),
    NavItem("合同审查", "contracts:index", "逐条审查合同风险"),
    NavItem("研究任务", "research:index", "计划、检索、核验、综合"),
    NavItem("文书起草", "drafting:index", "依模板起草 Word 文书"),
    NavItem("法规检索", "knowledge:index", "法条、案例与引用关系", client_work=False),
    NavItem("案件/事项", "matter-list", "案件团队与保密设置"),
    NavItem("系统状态", "integrations:status", "知识库、智能体、后台任务与大模型接口", admin_only=True),
    NavItem("管理与审计", "admin:index", "路由决策、工具调用与审计事件", client_work=False, audit_only=True),
)


def navigation(current_path: str, *, client_work: bool = True, admin: bool = False,
               audit: bool = False) -> list[dict[str, object]]:
    """The entries a user sees; compliance officers (no client work) see only the statute search and
    the audit admin; admin-only entries (系统状态) only admins; audit entries compliance and admins."""
    items = []
    for item in NAVIGATION:
        if (item.client_work and not client_work) or (item.admin_only and not admin) or (
                item.audit_only and not audit):
            continue
        try:
            url = reverse(item.url_name)
        except NoReverseMatch:
            url = ""
        items.append(
            {
                "label": item.label,
                "url": url,
                "hint": item.hint,
                "active": bool(url) and current_path.startswith(url) and url != "/",
            }
        )
    return items
