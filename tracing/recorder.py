"""The trace recorder: the agent runtime's events become the audit record.

    recorder = trace_open("chat", user, session, matter)      # inserts the Trace row
    emit = fanout(channels_sink, recorder)                     # the recorder is an emit sink
    with recorder.agent_run("legal_research", model):          # an AgentRun (timeout/error kept)
        ...                                                    # LLM calls reach recorder.llm_listener
    recorder.close()                                           # totals + seal (global chain)

Event mapping (agents/events.py): ``intent`` + ``routing`` -> RoutingDecision; ``tool_call`` +
``tool_result`` -> ToolCall; ``error`` -> the trace's error. LLM calls come from the gateway's
listener hook (``LLMResult`` / ``LLMFailure``) -> LLMCall. Secrets are scrubbed before anything is
hashed or stored.

Threads and event loops: each recorder keeps its chain head in memory and appends one record
at a time. Called from synchronous code it writes at once on the caller's connection; called
from inside a running event loop (the async runtime) it hands each write to its own single
writer thread, in order, so the loop never blocks on the database and Django's async-safety
check is respected. ``close()`` waits for queued writes; ``await aclose()`` does so without
blocking the loop. A recorder never raises into the runtime: a failed write is logged and
counted in ``failures``.

A recorder opened inside a transaction (its trace row uncommitted) has no writer thread: another
connection could not see the trace, and its first record would wait on the row's lock for a commit
that comes only after the run. Writes made inside the loop are held, in order, and stored by the
opening thread at its next write, ``flush()`` or ``close()`` (``agents.aio.run_sync`` runs such a
caller's agents on a loop whose database calls come back to that thread).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextvars import ContextVar
from datetime import datetime, timedelta
from decimal import Decimal
from types import TracebackType
from typing import Any

from django.conf import settings
from django.db import connection, connections
from django.utils import timezone

from core.db import release_connections
from tracing import services
from tracing.chain import canonical_json, capped_payload, clean_text, sha256_text
from tracing.models import (
    AgentRun,
    ChainedRecord,
    LLMCall,
    RecordStatus,
    RoutingDecision,
    ToolCall,
    Trace,
    TraceSeal,
    TraceStatus,
)
from tracing.redaction import known_secrets, scrub, scrub_text

logger = logging.getLogger("legalsite.tracing")

DEFAULT_PAYLOAD_CHARS = 20_000

_current: ContextVar[TraceRecorder | None] = ContextVar("tracing_recorder", default=None)
_current_run: ContextVar[AgentRunScope | None] = ContextVar("tracing_agent_run", default=None)


def _payload_cap() -> int:
    return int(getattr(settings, "TRACING_PAYLOAD_MAX_CHARS", DEFAULT_PAYLOAD_CHARS))


def _in_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _parse_ts(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else None


def _error_text(exc: BaseException) -> str:
    text = str(exc)
    return scrub_text(f"{type(exc).__name__}: {text}" if text else type(exc).__name__)


# --- opening ---------------------------------------------------------------------------------
def trace_open(
    kind: str,
    user: Any,
    obj: Any = None,
    matter: Any = None,
    *,
    trace_id: uuid.UUID | str | None = None,
    activate: bool = True,
) -> TraceRecorder:
    """Insert the trace and return its recorder. With ``activate`` the recorder becomes the
    current one for :func:`llm_dispatch` in this context (and in tasks started from it)."""
    trace = services.trace_create(kind=kind, user=user, obj=obj, matter=matter, trace_id=trace_id)
    recorder = TraceRecorder(trace)
    if activate:
        _current.set(recorder)
    return recorder


async def atrace_open(
    kind: str, user: Any, obj: Any = None, matter: Any = None, *, trace_id: uuid.UUID | str | None = None,
    activate: bool = True,
) -> TraceRecorder:
    """:func:`trace_open` for async code."""
    from asgiref.sync import sync_to_async

    recorder = await sync_to_async(trace_open)(kind, user, obj, matter, trace_id=trace_id, activate=False)
    if activate:
        _current.set(recorder)
    return recorder


def current_recorder() -> TraceRecorder | None:
    recorder = _current.get()
    return None if recorder is None or recorder.closed else recorder


def llm_dispatch(record: Any) -> None:
    """A gateway listener for the whole process: hands each LLM call to the current recorder.
    Register once: ``get_gateway().add_listener(tracing.recorder.llm_dispatch)``."""
    recorder = current_recorder()
    if recorder is not None:
        recorder.llm_listener(record)


# --- agent runs ------------------------------------------------------------------------------
class AgentRunScope:
    """``with recorder.agent_run(name, model) as run:`` (or ``async with``). The AgentRun row is
    appended when the block ends: success, timeout (TimeoutError, or cancellation as by
    ``asyncio.wait_for``) or error (any other exception, which propagates). ``run.fail(...)``
    marks a run that returns a partial result without raising."""

    def __init__(self, recorder: TraceRecorder, agent: str, model: str = "") -> None:
        self.recorder = recorder
        self.agent = agent
        self.model = model
        self.started_at: datetime | None = None
        self.tokens_in: int | None = None
        self.tokens_out: int | None = None
        self._status: str | None = None
        self._error = ""
        self._token: Any = None

    def add_usage(self, tokens_in: int | None, tokens_out: int | None, model: str = "") -> None:
        if tokens_in is not None:
            self.tokens_in = (self.tokens_in or 0) + int(tokens_in)
        if tokens_out is not None:
            self.tokens_out = (self.tokens_out or 0) + int(tokens_out)
        if model and not self.model:
            self.model = model

    def fail(self, error: str, *, timeout: bool = False) -> None:
        self._status = RecordStatus.TIMEOUT if timeout else RecordStatus.ERROR
        self._error = scrub_text(error)

    def __enter__(self) -> AgentRunScope:
        self.started_at = timezone.now()
        self._token = _current_run.set(self)
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        with contextlib.suppress(ValueError):  # reset from another context (generator teardown)
            _current_run.reset(self._token)
        status, error = self._status or RecordStatus.SUCCESS, self._error
        if exc is not None:
            if isinstance(exc, TimeoutError | asyncio.CancelledError):
                status = RecordStatus.TIMEOUT
                error = _error_text(exc) if str(exc) else "超时或被取消"
            else:
                status, error = RecordStatus.ERROR, _error_text(exc)
        ended = timezone.now()
        started = self.started_at or ended
        self.recorder.append(
            AgentRun,
            agent=self.agent,
            model=self.model,
            started_at=started,
            ended_at=ended,
            duration_ms=round((ended - started).total_seconds() * 1000, 3),
            status=status,
            tokens_in=self.tokens_in,
            tokens_out=self.tokens_out,
            error=error,
        )

    async def __aenter__(self) -> AgentRunScope:
        return self.__enter__()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.__exit__(exc_type, exc, tb)


# --- the recorder ----------------------------------------------------------------------------
class TraceRecorder:
    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.trace_id = str(trace.pk)
        self.seal: TraceSeal | None = None
        self.closed = False
        self.failures = 0
        self._seq = 0
        self._head = trace.hash
        self._write_lock = threading.Lock()
        self._state_lock = threading.Lock()
        self._pending_intent: dict[str, Any] | None = None
        self._pending_tools: dict[str, dict[str, Any]] = {}
        self._tool_attempts: Counter[tuple[str, str, str]] = Counter()
        self._errors: list[str] = []
        self._executor: ThreadPoolExecutor | None = None
        self._futures: list[Future[Any]] = []
        self._queued = 0
        self._writer_ident: int | None = None
        # Opened inside a transaction: no writer thread; writes from the loop are held for this thread.
        self._home = connection.in_atomic_block
        self._held: list[tuple[type[ChainedRecord], dict[str, Any]]] = []
        self._closing = False
        self._secrets = known_secrets()  # read once: the environment does not change within a trace

    def _clean(self, value: Any) -> Any:  # JSON-like data
        return scrub(value, self._secrets)

    def _clean_text(self, text: str) -> str:
        return scrub_text(text, self._secrets)

    def __repr__(self) -> str:
        return f"<TraceRecorder {self.trace_id} seq={self._seq}{' closed' if self.closed else ''}>"

    # -- persistence ---------------------------------------------------------------------
    def append(self, record_type: type[ChainedRecord], /, **fields: Any) -> None:
        """Append one record to the chain (now, or on the writer thread inside an event loop)."""
        if self.closed:
            logger.warning("trace %s is closed; %s not recorded", self.trace_id, record_type.__name__)
            return
        if threading.get_ident() == self._writer_ident:
            self._write(record_type, fields)
        elif _in_event_loop():
            if self._home:
                with self._state_lock:
                    self._held.append((record_type, fields))
            else:
                self._submit(self._write, record_type, fields)
        else:
            self._drain()
            self._write(record_type, fields)

    def _write_held(self) -> None:
        """Store the writes held for the opening thread, in the order they were made."""
        while True:
            with self._state_lock:
                if not self._held:
                    return
                record_type, fields = self._held.pop(0)
            self._write(record_type, fields)

    def _write(self, record_type: type[ChainedRecord], fields: dict[str, Any]) -> ChainedRecord | None:
        with self._write_lock:
            try:
                record = services.record_append(
                    record_type, trace_id=self.trace_id, seq=self._seq + 1, prev_hash=self._head, **fields
                )
            except Exception:
                self.failures += 1
                logger.exception("trace %s: could not record %s", self.trace_id, record_type.__name__)
                return None
            self._seq, self._head = record.seq, record.hash
            return record

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        with self._state_lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix=f"trace-{self.trace_id[:8]}", initializer=self._mark_writer
                )
            self._queued += 1
            future = self._executor.submit(self._run_queued, fn, *args)
            self._futures = [f for f in self._futures if not f.done()]
            self._futures.append(future)
        return future

    def _run_queued(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        finally:
            with self._state_lock:
                self._queued -= 1
                idle = self._queued == 0
            if idle:  # between bursts of records the writer holds no pooled connection
                release_connections()

    def _mark_writer(self) -> None:
        self._writer_ident = threading.get_ident()

    def _drain(self) -> None:
        if self._held and not _in_event_loop():
            self._write_held()
        with self._state_lock:
            pending = list(self._futures)
        for future in pending:
            with contextlib.suppress(Exception):
                future.result()

    def flush(self) -> None:
        """Wait until every queued write is stored."""
        self._drain()

    def _shutdown_writer(self) -> None:
        with self._state_lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.submit(connections.close_all).result()  # the writer thread's own connections
            executor.shutdown(wait=True)

    # -- emit sink -----------------------------------------------------------------------
    def __call__(self, event: Mapping[str, Any]) -> None:
        try:
            self.on_event(event)
        except Exception:
            logger.exception("trace %s: recorder failed on a %r event", self.trace_id, event.get("type"))

    def on_event(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "intent":
            with self._state_lock:
                earlier, self._pending_intent = self._pending_intent, dict(event)
            if earlier is not None:  # superseded (e.g. rule layer, then the model): keep both
                self._routing(earlier, None)
        elif kind == "routing":
            with self._state_lock:
                intent, self._pending_intent = self._pending_intent, None
            self._routing(intent, event)
        elif kind == "tool_call":
            call = dict(event)
            call["_started"] = _parse_ts(event.get("ts")) or timezone.now()
            with self._state_lock:
                self._pending_tools[str(event.get("call_id", ""))] = call
        elif kind == "tool_result":
            with self._state_lock:
                call = self._pending_tools.pop(str(event.get("call_id", "")), None)
            self._tool(call, event)
        elif kind == "error":
            message = self._clean_text(f"{event.get('code', 'internal')}: {event.get('message', '')}")
            with self._state_lock:
                self._errors.append(message)

    def _routing(self, intent: Mapping[str, Any] | None, routing: Mapping[str, Any] | None) -> None:
        intent = intent or {}
        routing = routing or {}
        confidence = intent.get("confidence")
        runner_up = intent.get("runner_up") or routing.get("runner_up") or ""
        if isinstance(runner_up, Mapping):
            runner_up = " ".join(
                str(runner_up[key]) for key in ("domain", "intent", "confidence") if runner_up.get(key) is not None
            )
        self.append(
            RoutingDecision,
            layer=str(intent.get("layer") or routing.get("layer") or ""),
            domain=str(intent.get("domain") or routing.get("domain") or ""),
            intent=str(intent.get("intent") or routing.get("intent") or ""),
            confidence=float(confidence) if confidence is not None else None,
            runner_up=self._clean_text(str(runner_up)),
            agents=canonical_json([str(agent) for agent in routing.get("agents", [])]),
            reason=self._clean_text(str(routing.get("reason", "") if routing else "被后续判定取代，未据此路由")),
        )

    def _tool(self, call: Mapping[str, Any] | None, result: Mapping[str, Any] | None) -> None:
        cap = _payload_cap()
        call = call or {}
        result = result or {}
        ended = _parse_ts(result.get("ts")) or timezone.now()
        started = call.get("_started") or ended
        duration = result.get("duration_ms")
        if duration is None:
            duration = (ended - started).total_seconds() * 1000
        elif not call:
            started = ended - timedelta(milliseconds=float(duration))
        tool_input = self._clean(call.get("input", {}))
        input_text, input_sha, input_bytes = capped_payload(tool_input, cap)
        agent = str(call.get("agent") or result.get("agent") or "")
        tool = str(call.get("tool") or result.get("tool") or "(unknown)")
        attempt = call.get("attempt") or result.get("attempt")
        if not attempt:
            key = (agent, tool, sha256_text(canonical_json(tool_input)))
            with self._state_lock:
                self._tool_attempts[key] += 1
                attempt = self._tool_attempts[key]
        if not result:
            status, summary, output = RecordStatus.ERROR, "", None
            error = "追踪关闭时工具仍未返回结果"
        else:
            ok = bool(result.get("ok"))
            summary = self._clean_text(str(result.get("summary", "")))
            timed_out = result.get("timeout") or any(word in summary.lower() for word in ("timeout", "timed out",
                                                                                         "超时"))
            status = RecordStatus.SUCCESS if ok else (RecordStatus.TIMEOUT if timed_out else RecordStatus.ERROR)
            error = "" if ok else self._clean_text(str(result.get("error") or summary))
            output = self._clean(result["output"]) if "output" in result else summary
        output_text, output_sha, output_bytes = capped_payload("" if output is None else output, cap)
        self.append(
            ToolCall,
            call_id=str(call.get("call_id") or result.get("call_id") or ""),
            agent=agent,
            tool=tool,
            started_at=started,
            ended_at=ended,
            duration_ms=round(float(duration), 3),
            status=status,
            attempt=int(attempt),
            input=input_text,
            input_sha256=input_sha,
            input_bytes=input_bytes,
            output=output_text,
            output_sha256=output_sha,
            output_bytes=output_bytes,
            error=error,
        )

    # -- agent runs and LLM calls ------------------------------------------------------------
    def agent_run(self, agent: str, model: str = "") -> AgentRunScope:
        return AgentRunScope(self, agent, model)

    def llm_listener(self, record: Any) -> None:
        """The gateway's listener hook: an ``LLMResult`` or ``LLMFailure`` becomes an LLMCall.
        Pass it as ``LLMGateway(config, listeners=[recorder.llm_listener])`` or use the
        process-wide :func:`llm_dispatch`."""
        try:
            self._llm(record)
        except Exception:
            logger.exception("trace %s: recorder failed on an LLM call", self.trace_id)

    def _llm(self, record: Any) -> None:
        cap = _payload_cap()
        failed = hasattr(record, "error") and not hasattr(record, "content")
        latency = float(getattr(record, "latency_ms", 0.0) or 0.0)
        ended = timezone.now()
        tokens_in = None if failed else record.tokens_in
        tokens_out = None if failed else record.tokens_out
        run = _current_run.get()
        if run is not None and run.recorder is self:
            run.add_usage(tokens_in, tokens_out, record.model)
        request = self._clean(getattr(record, "request", {}) or {})
        request_text, request_sha, request_bytes = capped_payload(request, cap)
        if failed:
            response_text, response_sha, response_bytes = "", "", 0
            code = getattr(record.error, "code", "")
            status = RecordStatus.TIMEOUT if code == "llm_timeout" else RecordStatus.ERROR
            error = _error_text(record.error)
        else:
            response_text, response_sha, response_bytes = capped_payload(self._clean(record.response or {}), cap)
            status, error = RecordStatus.SUCCESS, ""
        cost = None if failed or record.cost_cny is None else Decimal(str(record.cost_cny))
        self.append(
            LLMCall,
            agent=run.agent if run is not None and run.recorder is self else "",
            model=str(record.model),
            role=str(getattr(record, "role", "")),
            started_at=ended - timedelta(milliseconds=latency),
            ended_at=ended,
            latency_ms=round(latency, 3),
            status=status,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            cost_cny=cost,
            attempts=int(getattr(record, "attempts", 1) or 1),
            streamed=bool(getattr(record, "streamed", False)),
            finish_reason=clean_text(getattr(record, "finish_reason", "") or "", 32),
            request=request_text,
            request_sha256=request_sha,
            request_bytes=request_bytes,
            response=response_text,
            response_sha256=response_sha,
            response_bytes=response_bytes,
            error=error,
        )

    # -- context ---------------------------------------------------------------------------
    @contextlib.contextmanager
    def active(self) -> Iterator[TraceRecorder]:
        """Make this the current recorder (for :func:`llm_dispatch`) inside the block."""
        token = _current.set(self)
        try:
            yield self
        finally:
            with contextlib.suppress(ValueError):
                _current.reset(token)

    # -- closing ---------------------------------------------------------------------------
    def _begin_close(self) -> bool:
        with self._state_lock:
            if self.closed or self._closing:
                return False
            self._closing = True
            return True

    def _close_now(self, status: str | None, error: str | None) -> TraceSeal | None:
        self._write_held()
        with self._state_lock:
            intent, self._pending_intent = self._pending_intent, None
            unfinished = list(self._pending_tools.values())
            self._pending_tools.clear()
            errors = list(self._errors)
        if intent is not None:
            self._routing(intent, None)
        for call in unfinished:
            self._tool(call, None)
        self.closed = True
        status = status or (TraceStatus.ERROR if errors else TraceStatus.SUCCESS)
        message = self._clean_text(error) if error else "; ".join(errors)
        try:
            self.seal = services.trace_seal(trace_id=self.trace_id, status=status, error=message)
        except Exception:
            self.failures += 1
            logger.exception("trace %s: could not seal", self.trace_id)
        return self.seal

    def close(self, status: str | None = None, error: str | None = None) -> TraceSeal | None:
        """Record what is still pending, compute the totals and seal the trace. ``status``
        defaults to ``error`` when an ``error`` event was seen, else ``success``. Idempotent.
        Inside an event loop it blocks until the seal is stored: prefer ``await aclose()``."""
        if not self._begin_close():
            return self.seal
        if _in_event_loop() or self._executor is not None:
            self._submit(self._close_now, status, error).result()
        else:
            self._close_now(status, error)
        self._shutdown_writer()
        self._deactivate()
        return self.seal

    async def aclose(self, status: str | None = None, error: str | None = None) -> TraceSeal | None:
        """:meth:`close` without blocking the event loop."""
        if self._home:  # on the opening thread, as its other writes
            from asgiref.sync import sync_to_async

            return await sync_to_async(self.close)(status, error)
        if not self._begin_close():
            return self.seal
        await asyncio.wrap_future(self._submit(self._close_now, status, error))
        await asyncio.get_running_loop().run_in_executor(None, self._shutdown_writer)
        self._deactivate()
        return self.seal

    def _deactivate(self) -> None:
        if _current.get() is self:
            _current.set(None)

    def __enter__(self) -> TraceRecorder:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close(*self._outcome(exc))

    async def __aenter__(self) -> TraceRecorder:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose(*self._outcome(exc))

    @staticmethod
    def _outcome(exc: BaseException | None) -> tuple[str | None, str | None]:
        if exc is None:
            return None, None
        if isinstance(exc, TimeoutError):
            return TraceStatus.TIMEOUT, _error_text(exc)
        if isinstance(exc, asyncio.CancelledError | KeyboardInterrupt):
            return TraceStatus.CANCELLED, _error_text(exc)
        return TraceStatus.ERROR, _error_text(exc)
