"""Session summaries: by the ``summarizer`` model when configured, extractive (离线模式) otherwise.

A summary runs in the Celery worker (``chat.tasks.chat_summary_run``) inside a trace of kind
``summary``: the model call (request, response, tokens) is an ``LLMCall`` of it, the work an
``AgentRun`` named ``summarizer``, and storing the result an audit event (``chat.summary_set``).
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser

from agents.aio import run_sync
from agents.llm import LLMError, get_gateway
from chat.models import ChatSession, Message
from chat.services import summary_notify, summary_set
from tracing.models import TraceStatus
from tracing.recorder import trace_open

MAX_INPUT_CHARS = 12_000
INSTRUCTION = "用不超过300字概括这段法律咨询：争议事实、法律问题、结论与依据。"
OFFLINE_MODEL = "offline"


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


def summary_generate(*, actor: AbstractUser | None, session: ChatSession) -> ChatSession:
    """Summarise the session and store the summary, inside a trace that records how it was made.
    A failed model call falls back to the extractive summary (the failure stays in the trace)."""
    gateway = get_gateway()
    model = OFFLINE_MODEL if gateway.offline else gateway.model_for("summarizer")
    recorder = trace_open("summary", actor, obj=session, matter=session.matter)
    text = ""
    try:
        with recorder.agent_run("summarizer", model) as run:
            if not gateway.offline:
                transcript = _transcript(session)  # read here: the coroutine runs on the runtime's loop

                async def ask() -> str:
                    result = await gateway.complete("summarizer", [
                        {"role": "system", "content": INSTRUCTION},
                        {"role": "user", "content": transcript},
                    ])
                    return result.content or ""

                try:
                    text = run_sync(ask()).strip()
                except LLMError as exc:
                    run.fail(f"{type(exc).__name__}: {exc}；改用离线摘要")
            text = text or _extractive(session)
        recorder.flush()
        stored = summary_set(actor=actor, session=session, text=text, trace_id=recorder.trace_id)
    except BaseException as exc:
        recorder.close(status=TraceStatus.ERROR, error=f"{type(exc).__name__}: {exc}")
        raise
    recorder.close(status=TraceStatus.SUCCESS)
    return stored


def summary_run(*, session_id: int, actor_id: int | None) -> ChatSession | None:
    """The worker's entry point: summarise session ``session_id`` for user ``actor_id`` (a session
    deleted meanwhile is skipped)."""
    session = ChatSession.objects.select_related("matter").filter(pk=session_id).first()
    if session is None:
        return None
    actor = get_user_model().objects.filter(pk=actor_id).first() if actor_id is not None else None
    stored = summary_generate(actor=actor, session=session)
    summary_notify(actor=actor, session=stored)
    return stored
