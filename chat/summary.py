"""Session summaries: by the ``summarizer`` model when configured, extractive (离线模式) otherwise."""

from __future__ import annotations

import re

from agents.aio import run_sync
from agents.llm import LLMError, get_gateway
from chat.models import ChatSession, Message
from chat.services import summary_set

MAX_INPUT_CHARS = 12_000


def _extractive(session: ChatSession) -> str:
    lines = ["【离线模式】本摘要按规则摘取，未使用大语言模型。"]
    for message in session.messages.filter(status=Message.Status.COMPLETE):
        if message.role == Message.Role.USER:
            lines.append(f"问：{message.content[:80]}")
        else:
            first = re.split(r"(?<=[。！？])", re.sub(r"【离线模式】[^\n]*\n?", "", message.content).strip())[0]
            domain = (message.intent or {}).get("domain_label")
            lines.append(f"答{f'（{domain}）' if domain else ''}：{first[:120]}")
            cited = [f"《{c['law']}》{c['article']}" for c in message.citations if c.get("valid")][:4]
            if cited:
                lines.append("　依据：" + "、".join(cited))
    facts = session.state or {}
    known = [f"{key}：{'、'.join(str(v.get('text', v)) if isinstance(v, dict) else str(v) for v in values)}"
             for key, values in facts.items() if values]
    if known:
        lines.append("案情要素：" + "；".join(known))
    return "\n".join(lines)


def _transcript(session: ChatSession) -> str:
    parts = [f"{'问' if m.role == Message.Role.USER else '答'}：{m.content}"
             for m in session.messages.filter(status=Message.Status.COMPLETE)]
    return "\n".join(parts)[-MAX_INPUT_CHARS:]


def summary_generate(*, session: ChatSession) -> ChatSession:
    gateway = get_gateway()
    text = ""
    if not gateway.offline:
        async def ask() -> str:
            result = await gateway.complete("summarizer", [
                {"role": "system", "content": "用不超过300字概括这段法律咨询：争议事实、法律问题、结论与依据。"},
                {"role": "user", "content": _transcript(session)},
            ])
            return result.content or ""

        try:
            text = run_sync(ask())
        except LLMError:
            text = ""
    return summary_set(session=session, text=text.strip() or _extractive(session))
