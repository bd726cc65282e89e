"""The API's areas: Swagger groups operations by the first segment of the path after ``/api/v1/``
(imported by the settings, so it imports nothing)."""

from __future__ import annotations

#: Swagger groups operations by area: the first segment of the path after ``/api/v1/``.
TAGS: dict[str, str] = {
    "chat": "chat", "intent": "chat",
    "knowledge": "knowledge",
    "contracts": "contracts",
    "research": "research", "predict": "research",
    "drafting": "drafting",
    "matters": "matters", "me": "matters",
    "audit": "audit", "traces": "audit",
    "agents": "system",
}
#: The tags' descriptions, in Swagger's order (``SPECTACULAR_SETTINGS["TAGS"]``).
TAG_DESCRIPTIONS: list[dict[str, str]] = [
    {"name": "chat", "description": "法律咨询：会话、消息（含 SSE 流式）、反馈、摘要、意图识别"},
    {"name": "knowledge", "description": "法规检索、条文查询、引用核验、引用关系、案例库、议题卡片"},
    {"name": "contracts", "description": "合同审查：上传、条款拆分、审查、问题、导出"},
    {"name": "research", "description": "研究任务与 /predict"},
    {"name": "drafting", "description": "文书起草：模板、草稿、生成 Word"},
    {"name": "matters", "description": "案件/事项、团队与当前用户"},
    {"name": "audit", "description": "审计事件与调用追踪（合规人员、管理员）"},
    {"name": "system", "description": "智能体与系统状态"},
]
