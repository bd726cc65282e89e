"""Writes for the integration surfaces: a chat completion asked through the OpenAI-compatible API.

A completion is a chat turn like any other (stored, traced, audited), run in the request's
process so the client gets its answer on the open connection; the research model runs the
research pipeline the same way (``research.services.predict``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.apps import apps
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from agents.aio import db_sync_to_async
from agents.tools import RunContext, Toolbox, ToolResult
from agents.tools import registry as tool_registry
from chat import services as chat_services
from chat.models import ChatSession, Message
from firm.roles import does_client_work
from firm.selectors import visible_to
from firm.walls import matter_of
from integrations.models import Conversation
from integrations.selectors import trace_token_usage
from legal.text.wording import DISCLAIMER
from research import services as research_services
from tracing.models import Kind as TraceKind
from tracing.recorder import trace_open
from tracing.services import audit_event_record


@dataclass(frozen=True)
class Assistant:
    id: str
    name: str
    description: str
    multi_agent: bool | None = None
    research: bool = False


#: The assistants an OpenAI-compatible client may choose as ``model``.
ASSISTANTS: Final = (
    Assistant("legalsite-qa", "法律咨询（多智能体）",
              "意图识别后由法律检索、类案分析、法律顾问等专员协作作答，引用经核验", multi_agent=True),
    Assistant("legalsite-qa-single", "法律咨询（单智能体）", "一个拥有全部工具的法律助理独立作答", multi_agent=False),
    Assistant("legalsite-research", "研究任务", "计划、并行检索、逐步核验、综合成有引用的研究结论", research=True),
)
ASSISTANTS_BY_ID: Final = {assistant.id: assistant for assistant in ASSISTANTS}


class CompletionError(Exception):
    """A request the endpoint refuses, in OpenAI's error terms."""

    def __init__(self, message: str, *, status: int = 400, type: str = "invalid_request_error",
                 param: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.message, self.status, self.type, self.param, self.code = message, status, type, param, code


@dataclass
class Completion:
    model: str
    content: str
    citations: list[dict[str, Any]] = field(default_factory=list)
    #: One conclusion per question part and the issue cards the answer stands on (ARCHITECTURE §8).
    conclusions: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    session_id: int | None = None
    message_id: int | None = None
    research_task_id: int | None = None
    trace_id: str = ""
    failed: bool = False
    #: OpenAI's ``usage``: the tokens of the model calls recorded in the answer's trace.
    usage: dict[str, int] = field(default_factory=dict)


def _text(content: Any) -> str:
    """A message's text: a string, or OpenAI's list of content parts (text parts only)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part["text"] for part in content if isinstance(part, Mapping)
                       and part.get("type") == "text" and isinstance(part.get("text"), str))
    if content is None:
        return ""
    raise CompletionError("message content must be a string or a list of content parts", param="messages")


def conversation_parse(messages: Any) -> tuple[list[tuple[str, str]], str]:
    """The earlier turns (user and assistant messages; system and tool messages are not part of
    the record) and the question (the last message, which must be the user's)."""
    if not isinstance(messages, list) or not messages:
        raise CompletionError("messages must be a non-empty array", param="messages")
    turns: list[tuple[str, str]] = []
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping) or not isinstance(message.get("role"), str):
            raise CompletionError(f"messages[{index}] must be an object with a role", param=f"messages[{index}]")
        role = message["role"]
        if role not in ("system", "developer", "user", "assistant", "tool"):
            raise CompletionError(f"messages[{index}].role {role!r} is not supported", param=f"messages[{index}].role")
        if role in ("user", "assistant"):
            turns.append((role, _text(message.get("content"))))
    if messages[-1].get("role") != "user" or not turns or not turns[-1][1].strip():
        raise CompletionError("the last message must be the user's question", param="messages")
    return turns[:-1], turns[-1][1]


def conversation_key(user_id: int, model: str, turns: Sequence[tuple[str, str]]) -> str:
    payload = json.dumps([user_id, model, [[role, text.strip()] for role, text in turns]], ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def answer_text(content: str, citations: Sequence[Mapping[str, Any]], disclaimer: str) -> str:
    """The answer as a chat front-end shows it: the text, the checked citations, the disclaimer."""
    parts = [content.rstrip()]
    if citations:
        lines = [f"- {'✓' if c.get('valid') else '✗'} 《{c.get('law', '')}》{c.get('article', '')}" for c in citations]
        parts.append("**引用核验**\n" + "\n".join(lines))
    if disclaimer:
        parts.append(f"> {disclaimer}")
    return "\n\n".join(parts)


def _citations(raw: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{"law": c.get("law", ""), "article": c.get("article", ""), "valid": bool(c.get("valid"))} for c in raw]


def _session_for(actor: AbstractUser, model: str, earlier: list[tuple[str, str]], question: str) -> ChatSession:
    found = (Conversation.objects.select_related("session")
             .filter(user=actor, key=conversation_key(actor.pk, model, earlier)).first())
    if found is not None:
        return found.session
    session = chat_services.session_create(actor=actor, title=question[:40])
    chat_services.history_import(actor=actor, session=session, turns=earlier)
    return session


def _remember(actor: AbstractUser, model: str, turns: list[tuple[str, str]], session: ChatSession) -> None:
    key = conversation_key(actor.pk, model, turns)
    try:
        with transaction.atomic():
            Conversation.objects.update_or_create(user=actor, key=key, defaults={"model": model, "session": session})
    except IntegrityError:  # a concurrent identical request stored it first
        pass


def completion_check(*, actor: AbstractUser, model: str, messages: Any
                     ) -> tuple[Assistant, list[tuple[str, str]], str]:
    """The assistant, the earlier turns and the question of a request, or the reason to refuse it."""
    assistant = ASSISTANTS_BY_ID.get(model) if isinstance(model, str) else None
    if assistant is None:
        raise CompletionError(f"The model {model!r} does not exist", status=404, param="model",
                              code="model_not_found")
    if not does_client_work(actor):
        raise CompletionError("合规人员不能发起法律咨询", status=403, type="permission_error")
    earlier, question = conversation_parse(messages)
    return assistant, earlier, question


#: Told the chat session and the turn id of a completion's turn once it is stored, before it runs.
TurnStarted = Callable[[int, str], None]


def completion_create(*, actor: AbstractUser, model: str, messages: Any,
                      on_turn: TurnStarted | None = None) -> Completion:
    """Answer the conversation's last user message with the assistant ``model``. ``on_turn``
    (chat assistants) is called with the session and turn id before the turn runs, so a caller
    can follow the turn's events (streaming)."""
    assistant, earlier, question = completion_check(actor=actor, model=model, messages=messages)
    try:
        if assistant.research:
            result = _research(actor, assistant, question)
        else:
            result = _chat(actor, assistant, earlier, question, on_turn)
    except (ValidationError, research_services.InvalidQuestion) as exc:
        text = "；".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
        raise CompletionError(text, param="messages") from None
    except PermissionDenied as exc:
        raise CompletionError(str(exc), status=403, type="permission_error") from None
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="integrations.completion",
                           object_type="research_task" if assistant.research else "chat_session",
                           object_id=result.research_task_id or result.session_id or "",
                           new={"model": model, "session": result.session_id, "message": result.message_id,
                                "research_task": result.research_task_id, "trace_id": result.trace_id,
                                "failed": result.failed})
    result.usage = trace_token_usage(result.trace_id)
    return result


def completion_streamed(*, actor: AbstractUser, messages: Any, completion: Completion, text: str) -> None:
    """A streamed answer whose text differs from the saved one (its first draft was revised after
    the critic, both were sent): a client that sends the conversation back with the text it
    received continues the same session too."""
    if text == completion.content or completion.failed or completion.session_id is None:
        return
    earlier, question = conversation_parse(messages)
    session = ChatSession.objects.get(pk=completion.session_id)
    _remember(actor, completion.model, [*earlier, ("user", question), ("assistant", text)], session)


def _chat(actor: AbstractUser, assistant: Assistant, earlier: list[tuple[str, str]], question: str,
          on_turn: TurnStarted | None) -> Completion:
    session = _session_for(actor, assistant.id, earlier, question)
    started = (lambda answer: on_turn(session.pk, str(answer.turn_id))) if on_turn is not None else None
    message = chat_services.turn_answer_now(actor=actor, session=session, content=question,
                                            multi_agent=assistant.multi_agent, on_created=started)
    failed = message.status != Message.Status.COMPLETE
    content = answer_text(message.content, message.citations, message.disclaimer)
    if not failed:
        _remember(actor, assistant.id, [*earlier, ("user", question), ("assistant", content)], session)
    return Completion(model=assistant.id, content=content, citations=_citations(message.citations),
                      conclusions=list(message.conclusions or []), cards=list(message.cards or []),
                      session_id=session.pk, message_id=message.pk,
                      trace_id=str(message.trace_id or ""), failed=failed)


def _research(actor: AbstractUser, assistant: Assistant, question: str) -> Completion:
    try:
        result = research_services.predict(actor=actor, question=question)
    except research_services.PredictTimeout:
        raise CompletionError("研究超过时限，请缩小问题范围后重试", status=504, type="timeout",
                              code="research_timeout") from None
    except research_services.PredictFailed as exc:
        raise CompletionError(f"内部错误（追踪编号 {exc.trace_id}）", status=500, type="server_error") from None
    task = result.task
    return Completion(model=assistant.id, content=answer_text(task.answer, task.citations, DISCLAIMER),
                      citations=_citations(task.citations), research_task_id=task.pk, trace_id=str(task.trace_id))


# --- MCP tool calls ---------------------------------------------------------------------------------
#: The registry's tools the MCP server offers (their schemas are the registry's own).
MCP_TOOLS: Final = ("search_legal_knowledge", "lookup_legal_article", "verify_citations", "query_knowledge_graph",
                    "search_cases", "list_contract_issues")
#: The agent name MCP calls run under (events, traces, tool allowlists).
MCP_AGENT: Final = "mcp_client"


def mcp_toolbox() -> Toolbox:
    return tool_registry.toolbox(MCP_AGENT, allow=MCP_TOOLS)


def _mcp_audit(actor: AbstractUser, name: str, trace_id: str, ok: bool, work: Any) -> None:
    with transaction.atomic():
        audit_event_record(actor=actor, event_type="integrations.mcp_tool_call", object_type="tool", object_id=name,
                           matter=matter_of(work) if work is not None else None,
                           new={"tool": name, "trace_id": trace_id, "ok": ok})


def _mcp_work(actor: AbstractUser, name: str, arguments: Mapping[str, Any]) -> Any:
    """The client-work object an MCP call acts on, as ``actor`` may see it (None when the tool acts
    on none, or the object is absent or walled: the call then finds nothing)."""
    found = tool_registry.get(name)
    if found is None or found.acts_on is None:
        return None
    label, param = found.acts_on
    value = arguments.get(param)
    if not isinstance(value, int | str) or not str(value).isdigit():
        return None
    return visible_to(apps.get_model(label), user=actor).filter(pk=int(value)).first()


async def mcp_tool_call(*, actor: AbstractUser, name: str, arguments: Mapping[str, Any] | None) -> ToolResult:
    """Call one of :data:`MCP_TOOLS` as ``actor`` (their matter rules apply: unfiled work of their
    own and what they may see), inside a trace of its own and with an audit event, as an agent's
    tool call is recorded. A call on client work (``Tool.acts_on``) is recorded under that work's
    matter, so the walls and masking of the matter apply to its trace and event."""
    arguments = dict(arguments or {})
    work = await db_sync_to_async(_mcp_work)(actor, name, arguments)
    matter = await db_sync_to_async(matter_of)(work) if work is not None else None
    recorder = await db_sync_to_async(trace_open)(TraceKind.MCP, actor, work, matter)
    ctx = RunContext(user=actor, trace_id=str(recorder.trace_id), emit=recorder,
                     matter_id=matter.pk if matter is not None else None)
    try:
        result = await mcp_toolbox().call(name, arguments, ctx=ctx)
    except BaseException as exc:
        await recorder.aclose(status="error", error=str(exc)[:500])
        raise
    await recorder.aclose(status="success" if result.ok else "error", error=None if result.ok else result.error)
    await db_sync_to_async(_mcp_audit)(actor, name, str(recorder.trace_id), result.ok, work)
    return result
