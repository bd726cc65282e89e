"""Portal pages of the review playbook (审查规则): every signed-in user reads the rules; admins edit,
enable, disable and restore them. Every change goes through contracts.services.playbook."""

from __future__ import annotations

import json
import re
from typing import Any

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from contracts.models import ContractType, PlaybookRule, ReviewIssue
from contracts.playbook.starter import starter_rule
from contracts.selectors.playbook import playbook_rule_get, playbook_rule_list, rule_basis_rows
from contracts.services import playbook as services
from firm.roles import is_admin

TYPE_LABELS = dict(ContractType.choices)
SEVERITY_LABELS = dict(ReviewIssue.Severity.choices)
DETECTION_LABELS = dict(PlaybookRule.Detection.choices)
_BASIS_LINE = re.compile(r"^\s*《?(?P<law>[^》]+?)》?\s*第?\s*(?P<article>[0-9零〇一二两三四五六七八九十百千]+)"
                         r"\s*条?\s*$")


def _types(rule: PlaybookRule) -> list[str]:
    return [TYPE_LABELS.get(t, t) for t in rule.contract_types] or ["全部类型"]


@login_required
@require_GET
def playbook(request: HttpRequest) -> HttpResponse:
    contract_type = request.GET.get("type", "")
    if contract_type and contract_type not in TYPE_LABELS:
        contract_type = ""
    query = request.GET.get("q", "").strip()[:60]
    rules = list(playbook_rule_list(contract_type=contract_type or None, query=query))
    rows = [{"rule": r, "types": _types(r), "severity": SEVERITY_LABELS.get(r.severity, r.severity),
             "detection": DETECTION_LABELS.get(r.detection, r.detection)} for r in rules]
    return render(request, "contracts/playbook.html", {
        "rows": rows, "types": ContractType.choices, "contract_type": contract_type, "query": query,
        "can_edit": is_admin(request.user), "enabled_count": sum(1 for r in rules if r.enabled),
    })


def _form_data(post: Any) -> dict[str, Any]:
    """The edit form as the service's data; JSON and basis lines parsed, errors named by field."""
    try:
        params = json.loads(post.get("params") or "{}")
    except json.JSONDecodeError as exc:
        raise ValidationError({"params": f"检测参数不是有效的 JSON（第 {exc.lineno} 行）"}) from None
    basis = []
    for i, line in enumerate(line for line in (post.get("basis") or "").splitlines() if line.strip()):
        m = _BASIS_LINE.match(line)
        if not m:
            raise ValidationError({f"basis[{i}]": f"无法识别的依据“{line.strip()}”（写作：《法律名称》第N条）"})
        article = m.group("article")
        basis.append({"law": m.group("law").strip(),
                      "article": int(article) if article.isdigit() else f"第{article}条"})
    return {
        "title": post.get("title", "").strip(), "category": post.get("category", "").strip(),
        "severity": post.get("severity", ""), "description": post.get("description", "").strip(),
        "suggestion": post.get("suggestion", "").strip(), "contract_types": post.getlist("contract_types"),
        "params": params, "basis": basis, "enabled": post.get("enabled") == "on",
    }


def _form_initial(rule: PlaybookRule) -> dict[str, Any]:
    return {
        "title": rule.title, "category": rule.category, "severity": rule.severity, "description": rule.description,
        "suggestion": rule.suggestion, "contract_types": list(rule.contract_types), "enabled": rule.enabled,
        "params": json.dumps(rule.params, ensure_ascii=False, indent=2),
        "basis": "\n".join(f"《{b['law']}》第{b['article']}条" for b in rule.basis or []),
    }


@login_required
@require_http_methods(["GET", "POST"])
def playbook_rule(request: HttpRequest, code: str) -> HttpResponse:
    try:
        rule = playbook_rule_get(code=code)
    except PlaybookRule.DoesNotExist:
        raise Http404("没有这条审查规则") from None
    can_edit = is_admin(request.user)
    form = _form_initial(rule)
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        if not can_edit:
            raise PermissionDenied("只有管理员可以修改审查规则")
        action = request.POST.get("action", "save")
        try:
            if action == "enable":
                services.playbook_rule_set_enabled(actor=request.user, rule=rule, enabled=True)
                flash.success(request, "规则已启用")
            elif action == "disable":
                services.playbook_rule_set_enabled(actor=request.user, rule=rule, enabled=False)
                flash.success(request, "规则已停用")
            elif action == "reset":
                services.playbook_rule_reset(actor=request.user, rule=rule)
                flash.success(request, "已恢复为初始规则")
            else:
                form = {**form, **{k: v for k, v in request.POST.items() if k in form}}
                form["contract_types"] = request.POST.getlist("contract_types")
                form["enabled"] = request.POST.get("enabled") == "on"
                services.playbook_rule_update(actor=request.user, rule=rule, data=_form_data(request.POST))
                flash.success(request, "规则已保存")
            return redirect("contracts:playbook-rule", code=rule.code)
        except ValidationError as exc:
            errors = exc.message_dict if hasattr(exc, "error_dict") else {"__all__": exc.messages}
    return render(request, "contracts/playbook_rule.html", {
        "rule": rule, "types": _types(rule), "basis_rows": rule_basis_rows(rule), "can_edit": can_edit,
        "is_starter": starter_rule(rule.code) is not None, "form": form, "errors": errors,
        "all_types": ContractType.choices, "severities": ReviewIssue.Severity.choices,
        "severity": SEVERITY_LABELS.get(rule.severity, rule.severity),
        "detection": DETECTION_LABELS.get(rule.detection, rule.detection),
        "params_json": json.dumps(rule.params, ensure_ascii=False, indent=2),
    }, status=400 if errors else 200)
