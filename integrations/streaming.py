"""A chat completion run beside the request, and its answer streamed in OpenAI's chunk format
while the turn produces it.

The completion runs in a thread of its own (:class:`CompletionRun`). Once its chat turn is stored,
the stream joins the turn's Channels group (``chat.<session_id>``, the one the portal's websockets
follow) and forwards each ``token`` event as a ``chat.completion.chunk`` as it arrives; when the
turn is saved the rest of the answer (what the live tokens did not carry: the checked citations,
the disclaimer) follows from the saved message, then the closing chunk, the usage chunk when the
client asked for it, and ``data: [DONE]``. So the text a client assembles is the saved answer
(docs/decisions/integrations.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, Final

from channels.layers import get_channel_layer
from django.db import close_old_connections, connections

from chat.constants import session_group, turn_log
from integrations.services import Completion, CompletionError, completion_create, completion_streamed

logger = logging.getLogger(__name__)

#: A comment line is sent after this long without a chunk (proxies close silent connections).
KEEPALIVE_SECONDS: Final = 10
#: The size of the content chunks of text that did not arrive as live tokens.
CHUNK_CHARS: Final = 24
#: The error chunk's message when the model stops mid-answer.
TIMEOUT_TEXT: Final = "模型响应超时，回答未完成；本轮问答仍会保存到会话中"
#: Between a draft already streamed and the answer that replaced it after the critic.
REVISED_MARK: Final = "\n\n---\n\n**（审核后修订的回答）**\n\n"


class CompletionRun:
    """The completion in a thread of its own: the agents' loop calls back into Django's
    thread-sensitive executor of whatever context started the run, and a request thread of
    daphne waiting for the answer would be that executor (a deadlock); a plain thread carries no
    request context. Errors are kept in OpenAI's terms. ``on_turn(session_id, turn_id)`` is called
    from the thread once the chat turn is stored, ``on_done()`` when the thread ends."""

    def __init__(self, user: Any, model: str, messages: Any, *,
                 on_turn: Callable[[int, str], None] | None = None,
                 on_done: Callable[[], None] | None = None) -> None:
        self.completion: Completion | None = None
        self.error: CompletionError | None = None
        self.on_turn, self.on_done = on_turn, on_done
        self.thread = threading.Thread(target=self._work, args=(user, model, messages), name="v1-completion",
                                       daemon=True)
        self.thread.start()

    def _work(self, user: Any, model: str, messages: Any) -> None:
        close_old_connections()
        try:
            self.completion = completion_create(actor=user, model=model, messages=messages, on_turn=self.on_turn)
        except CompletionError as exc:
            self.error = exc
        except Exception:  # reported to the client in OpenAI's shape
            logger.exception("chat completion failed")
            self.error = CompletionError("内部错误，请联系管理员", status=500, type="server_error")
        finally:
            connections.close_all()
            if self.on_done is not None:
                self.on_done()


class TurnEvents:
    """The events of one chat turn as the turn publishes them: joins the session's group, then
    reads what the turn logged before (its Redis event log), and hands each event to ``deliver``
    once and in order (events are numbered, ``seq``; a gap is filled from the log)."""

    def __init__(self, session_id: int, turn_id: str, deliver: Callable[[dict[str, Any]], None]) -> None:
        self.group = session_group(session_id)
        self.log = turn_log(turn_id)
        self.turn_id = turn_id
        self.deliver = deliver
        self.last_seq = 0
        self.layer = get_channel_layer()
        self.channel: str | None = None
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.channel = await self.layer.new_channel()
        await self.layer.group_add(self.group, self.channel)
        await self.catch_up()  # what was published before the group was joined
        self.task = asyncio.ensure_future(self._receive())

    async def stop(self) -> None:
        """Leave the group and stop receiving (also when the client went away)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        if self.channel is not None:
            with contextlib.suppress(Exception):
                await self.layer.group_discard(self.group, self.channel)

    async def catch_up(self) -> None:
        """Deliver what the turn's log holds past the last event delivered."""
        for event in await asyncio.to_thread(self.log.read, self.last_seq):
            self._offer(event)

    def _offer(self, event: dict[str, Any]) -> None:
        seq = event.get("seq")
        if isinstance(seq, int):
            if seq <= self.last_seq:
                return
            self.last_seq = seq
        self.deliver(event)

    async def _receive(self) -> None:
        try:
            while True:
                message = await self.layer.receive(self.channel)
                batch = message.get("events") or ([message["event"]] if "event" in message else [])
                for event in batch:
                    if event.get("turn_id") != self.turn_id:
                        continue  # another turn of the session
                    seq = event.get("seq")
                    if isinstance(seq, int) and seq > self.last_seq + 1:
                        await self.catch_up()  # a live event was missed: the log has it
                    self._offer(event)
        except asyncio.CancelledError:
            raise
        except Exception:  # the saved answer still closes the stream
            logger.warning("following turn %s: the channel layer failed", self.turn_id, exc_info=True)


class _Wire:
    """OpenAI's streaming wire format for one completion."""

    def __init__(self, completion_id: str, model: str, include_usage: bool) -> None:
        self.completion_id, self.model, self.include_usage = completion_id, model, include_usage

    def _body(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        return {"id": self.completion_id, "object": "chat.completion.chunk", "created": int(time.time()),
                "model": self.model, "choices": choices}

    @staticmethod
    def _data(body: dict[str, Any]) -> str:
        return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"

    def chunk(self, delta: dict[str, Any], finish: str | None = None, extra: dict[str, Any] | None = None) -> str:
        body = self._body([{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}])
        if self.include_usage:
            body["usage"] = None  # OpenAI: null on every chunk but the last
        if extra is not None:
            body["legalsite"] = extra
        return self._data(body)

    def usage(self, usage: dict[str, int]) -> str:
        return self._data(self._body([]) | {"usage": usage})

    @staticmethod
    def error(message: str, *, type: str, code: str | None = None, param: str | None = None) -> str:
        body = {"error": {"message": message, "type": type, "param": param, "code": code}}
        return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"


class _Text:
    """What the client was sent of the answer: every piece, and the current attempt's text. A
    draft the critic rejects stays sent; if the turn writes another, it follows after
    :data:`REVISED_MARK`; if the turn keeps the rejected draft (the critic's last round), only
    what the saved answer adds to it follows."""

    def __init__(self) -> None:
        self.sent = ""
        self.attempt = ""
        self.rejected_draft = ""
        self.revised = False

    def token(self, delta: str) -> str:
        piece = delta
        if self.rejected_draft:  # a new attempt begins
            piece, self.rejected_draft, self.revised = REVISED_MARK + delta, "", True
        self.attempt += delta
        self.sent += piece
        return piece

    def rejected(self) -> None:
        if self.attempt:
            self.rejected_draft, self.attempt = self.attempt, ""

    def rest(self, full: str) -> str:
        """What is still to send so that the text since the last mark reads ``full``."""
        base = self.rejected_draft or self.attempt
        if full.startswith(base):
            piece = full[len(base):]
        else:
            piece = (REVISED_MARK if self.sent else "") + full
            self.revised = self.revised or bool(self.sent)
        self.rejected_draft, self.attempt = "", full
        self.sent += piece
        return piece


def completion_extras(completion: Completion) -> dict[str, Any]:
    """LegalSite's additions to an OpenAI response (the object ``legalsite``)."""
    return {"citations": completion.citations, "conclusions": completion.conclusions, "cards": completion.cards,
            "session_id": completion.session_id,
            "message_id": completion.message_id, "research_task_id": completion.research_task_id,
            "trace_id": completion.trace_id, "failed": completion.failed}


async def _remember_streamed(user: Any, messages: Any, completion: Completion, text: str) -> None:
    def work() -> None:
        close_old_connections()
        try:
            completion_streamed(actor=user, messages=messages, completion=completion, text=text)
        finally:
            connections.close_all()

    await asyncio.to_thread(work)


async def completion_stream(*, user: Any, model: str, messages: Any, completion_id: str,
                            include_usage: bool = False) -> AsyncIterator[str]:
    """The completion's SSE body (an async iterator: daphne sends each piece as it comes). The run
    starts when the body is first read; a client that goes away leaves the run to finish and be
    recorded, and the stream's subscription is dropped."""
    loop = asyncio.get_running_loop()
    inbox: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

    def post(kind: str, value: Any = None) -> None:  # from the run's thread
        with contextlib.suppress(RuntimeError):  # the loop is gone (the server stops)
            loop.call_soon_threadsafe(inbox.put_nowait, (kind, value))

    wire, text = _Wire(completion_id, model, include_usage), _Text()
    follower: TurnEvents | None = None
    run = CompletionRun(user, model, messages, on_turn=lambda session, turn: post("turn", (session, turn)),
                        on_done=lambda: post("done"))
    try:
        yield wire.chunk({"role": "assistant", "content": ""})
        last_sent = time.monotonic()
        ending = False
        while True:
            if ending:  # the run is over: what is still queued, then the end
                if inbox.empty():
                    break
                kind, value = inbox.get_nowait()
            else:
                try:
                    kind, value = await asyncio.wait_for(
                        inbox.get(), max(0.1, KEEPALIVE_SECONDS - (time.monotonic() - last_sent)))
                except TimeoutError:
                    last_sent = time.monotonic()
                    yield ": keepalive\n\n"
                    continue
            if kind == "done":
                if follower is not None:  # the turn logged every event before it ended; some may
                    try:                       # not have come through the group yet
                        await follower.catch_up()
                    except Exception:  # the saved answer still closes the stream
                        logger.warning("could not read the log of turn %s", follower.turn_id, exc_info=True)
                ending = True
                continue
            if kind == "turn":
                follower = TurnEvents(*value, deliver=lambda event: inbox.put_nowait(("event", event)))
                try:
                    await follower.start()
                except Exception:  # no live tokens; the saved answer still comes
                    logger.warning("could not follow turn %s", value[1], exc_info=True)
                continue
            event_type = value.get("type")
            if event_type == "token" and value.get("delta"):
                last_sent = time.monotonic()
                yield wire.chunk({"content": text.token(str(value["delta"]))})
            elif event_type == "critic" and not value.get("acceptable", True):
                text.rejected()
            elif event_type == "error" and value.get("code") == "llm_timeout" and text.attempt:
                # the model stopped mid-answer: OpenAI's error chunk, then the stream ends (the turn
                # still completes and is saved in its session)
                yield wire.error(TIMEOUT_TEXT, type="timeout", code="llm_timeout")
                return
        if run.error is not None:
            exc = run.error
            yield wire.error(exc.message, type=exc.type, code=exc.code, param=exc.param)
            return
        completion = run.completion
        assert completion is not None
        if completion.failed:
            yield wire.error(f"回答失败（追踪编号 {completion.trace_id}）", type="server_error", code="turn_failed")
            return
        rest = text.rest(completion.content)
        for start in range(0, len(rest), CHUNK_CHARS):
            yield wire.chunk({"content": rest[start:start + CHUNK_CHARS]})
        if text.sent != completion.content:  # before the end: a client may go as soon as it has it
            await _remember_streamed(user, messages, completion, text.sent)
        yield wire.chunk({}, finish="stop", extra=completion_extras(completion) | {"revised": text.revised})
        if include_usage:
            yield wire.usage(completion.usage)
        yield "data: [DONE]\n\n"
    finally:
        if follower is not None:
            await follower.stop()
