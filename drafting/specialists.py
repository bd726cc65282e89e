"""The drafting agent, declared once (role ``drafting``: its model is ``LLM_MODEL_DRAFTING``)."""

from __future__ import annotations

from typing import Final

from agents.registry import Agent, registry
from drafting.offline import drafter_offline

INSTRUCTIONS: Final = (
    "你是律所的文书起草助理。根据对话、案情要素与案件信息填写文书模板的字段：\n"
    "1. 只填写对话或材料中有依据的内容，不要编造当事人信息、金额或日期；\n"
    "2. 事实与理由、诉讼请求、律师函正文等叙述部分，依据已知事实撰写，语言规范、简洁；引用法律时使用《法律全称》第X条，"
    "只引用检索或查到的条文；\n"
    "3. 最后只问一个最关键的缺失信息（一句话）。\n"
    "只输出一个 JSON 对象：{\"fields\": {字段名: 值}, \"question\": \"下一个问题或空字符串\"}。"
)

DRAFTER = registry.register(Agent(
    name="drafter", role="drafting", label="文书起草",
    instructions=INSTRUCTIONS,
    tools=("search_templates", "search_legal_knowledge", "lookup_legal_article", "verify_citations"),
    offline=drafter_offline,
    max_steps=4,
))
