"""A scripted OpenAI-compatible HTTP server for tests.

The real ``openai`` client talks to it over HTTP, so the gateway, streaming and tool-call
parsing stay under test. It runs ``http.server.ThreadingHTTPServer`` in a daemon thread and
therefore works from sync tests, ``asyncio.run(...)`` and async tests alike.

    with FakeLLM() as fake:
        fake.script(Reply.text("你好"), Reply.error(429), Reply.tool_calls(Call("search", {"q": "x"})))
        ...  # point the client at fake.base_url
        assert fake.chat_requests[0].json["model"] == "qwen-plus"

Endpoints: ``POST /v1/chat/completions`` (JSON and ``stream: true`` SSE ending in
``data: [DONE]``), ``POST /v1/embeddings`` (deterministic vectors, float or base64),
``GET /v1/models``. Chat replies come from a FIFO queue of :class:`Reply` objects; when the
queue is empty the server answers 500 with a message saying so, which makes a test fail loudly.
Every request is recorded (method, path, headers, parsed JSON body).

``FakeLLM(provider="deepseek")`` replays that provider's documented shapes
(``tests/provider_shapes.py``): where a reply's ``reasoning`` goes, how tool calls are written and
streamed, where usage goes, and the 400 (with the provider's error body) for a parameter it rejects;
rejected requests are listed in :attr:`FakeLLM.rejections` and do not consume a scripted reply.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

from tests.provider_shapes import SHAPES, ProviderShape

__all__ = ["Call", "FakeLLM", "RecordedRequest", "Reply", "unused_base_url"]


@dataclass(frozen=True)
class Call:
    """One scripted tool call. ``arguments`` may be a dict (sent as JSON) or a raw string
    (sent verbatim, e.g. to script invalid JSON)."""

    name: str
    arguments: Mapping[str, Any] | str = field(default_factory=dict)
    id: str | None = None

    def arguments_text(self) -> str:
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(dict(self.arguments), ensure_ascii=False)


@dataclass(frozen=True)
class Reply:
    """One scripted answer to a chat completion request.

    ``status`` != 200 sends an OpenAI-style error body. ``body`` (bytes) replaces the whole
    response body verbatim (malformed JSON, missing fields); it is sent for streaming requests
    too. ``delay`` sleeps before the response headers; ``chunk_delay`` sleeps between SSE chunks;
    ``stall`` seconds are slept once, before SSE chunk number ``stall_after`` (0 = the first), to
    script a stream that stops mid-answer.
    ``usage`` is ``(prompt_tokens, completion_tokens)``; by default it is derived from the
    request and reply length. ``include_usage=False`` omits usage entirely.
    """

    content: str | None = None
    tool_calls: tuple[Call, ...] = ()
    status: int = 200
    error_message: str = ""
    body: bytes | None = None
    delay: float = 0.0
    chunk_delay: float = 0.0
    stall_after: int | None = None
    stall: float = 0.0
    usage: tuple[int, int] | None = None
    include_usage: bool = True
    finish_reason: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    model: str | None = None
    chunk_size: int = 2
    extra_message: Mapping[str, Any] = field(default_factory=dict)
    reasoning: str | None = None

    @classmethod
    def text(cls, content: str, **kwargs: Any) -> Reply:
        return cls(content=content, **kwargs)

    @classmethod
    def json(cls, payload: Any, **kwargs: Any) -> Reply:
        """A reply whose content is ``payload`` serialised as JSON (JSON mode / structured output)."""
        return cls(content=json.dumps(payload, ensure_ascii=False), **kwargs)

    @classmethod
    def calls(cls, *calls: Call, content: str | None = None, **kwargs: Any) -> Reply:
        return cls(content=content, tool_calls=tuple(calls), **kwargs)

    @classmethod
    def error(cls, status: int, message: str = "", **kwargs: Any) -> Reply:
        return cls(status=status, error_message=message or f"scripted error {status}", **kwargs)

    @classmethod
    def raw(cls, body: bytes | str, *, status: int = 200, **kwargs: Any) -> Reply:
        data = body.encode() if isinstance(body, str) else body
        return cls(body=data, status=status, **kwargs)

    @classmethod
    def slow(cls, seconds: float, content: str = "slow", **kwargs: Any) -> Reply:
        return cls(content=content, delay=seconds, **kwargs)


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: Mapping[str, str]
    body: bytes
    json: Any

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


def unused_base_url() -> str:
    """A base URL on 127.0.0.1 where nothing listens (connection refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def _deterministic_vector(text: str, dim: int) -> list[float]:
    values: list[float] = []
    counter = 0
    while len(values) < dim:
        digest = hashlib.sha256(f"{counter}:{text}".encode()).digest()
        for offset in range(0, len(digest), 4):
            (number,) = struct.unpack_from("<I", digest, offset)
            values.append(number / 0xFFFFFFFF * 2.0 - 1.0)
        counter += 1
    values = values[:dim]
    norm = math.sqrt(sum(v * v for v in values)) or 1.0
    return [v / norm for v in values]


def _rough_tokens(value: Any) -> int:
    """A deterministic stand-in for a tokenizer: one token per 4 characters of JSON, at least 1."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return max(1, math.ceil(len(text) / 4))


class FakeLLM:
    """Scripted OpenAI-compatible server on 127.0.0.1 (a free port), see the module docstring."""

    def __init__(
        self,
        *,
        models: tuple[str, ...] = ("fake-model",),
        embedding_dim: int = 8,
        reject_json_schema: bool = False,
        api_key: str | None = None,
        provider: str | None = None,
        responder: Callable[[Mapping[str, Any]], Reply] | None = None,
    ) -> None:
        """``reject_json_schema`` answers 400 to any ``response_format`` of type json_schema
        (like endpoints that only know JSON mode) without consuming the queue. ``api_key``, when
        set, makes every request without ``Authorization: Bearer <api_key>`` fail with 401."""
        self.models = models
        self.embedding_dim = embedding_dim
        self.reject_json_schema = reject_json_schema
        self.api_key = api_key
        self.provider = provider
        self.responder = responder  # answers when the script is empty (e.g. capability probes)
        self.shape = SHAPES[provider] if provider else ProviderShape()
        self.rejections: list[tuple[str, dict[str, Any]]] = []
        self._queue: deque[Reply] = deque()
        self._requests: list[RecordedRequest] = []
        self._streamed: list[tuple[float, str]] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> FakeLLM:
        if self._server is not None:
            return self
        server = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        self._server, self._thread = server, thread
        return self

    def stop(self) -> None:
        server, thread = self._server, self._thread
        self._server = self._thread = None
        if server is not None:
            server.shutdown()
            server.server_close()
        if thread is not None:
            thread.join(timeout=5)

    def __enter__(self) -> FakeLLM:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("FakeLLM is not running")
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # -- scripting and records -------------------------------------------------------------
    def script(self, *replies: Reply) -> FakeLLM:
        with self._lock:
            self._queue.extend(replies)
        return self

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    @property
    def streamed(self) -> list[tuple[float, str]]:
        """Each content delta of a streamed reply as it was written: ``(time.monotonic(), text)``."""
        with self._lock:
            return list(self._streamed)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def reset(self) -> None:
        with self._lock:
            self._queue.clear()
            self._requests.clear()
            self._streamed.clear()

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _next_reply(self) -> Reply | None:
        with self._lock:
            return self._queue.popleft() if self._queue else None


def _make_handler(fake: FakeLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(_Handler):
        owner = fake

    return Handler


class _Handler(BaseHTTPRequestHandler):
    owner: FakeLLM
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # small SSE chunks must not wait for delayed ACKs
    server_version = "FakeLLM/1.0"

    def log_message(self, format: str, *args: Any) -> None:
        """Silence the default stderr access log."""

    # -- plumbing ----------------------------------------------------------------------------
    def _read_request(self) -> RecordedRequest:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        try:
            parsed = json.loads(body) if body else None
        except ValueError:
            parsed = None
        request = RecordedRequest(
            method=self.command,
            path=self.path.split("?", 1)[0],
            headers={k.lower(): v for k, v in self.headers.items()},
            body=body,
            json=parsed,
        )
        self.owner._record(request)
        return request

    def _send(self, status: int, body: bytes, headers: Mapping[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def _send_json(self, status: int, payload: Any, headers: Mapping[str, str] | None = None) -> None:
        self._send(status, json.dumps(payload, ensure_ascii=False).encode(), headers)

    def _send_error(self, status: int, message: str, headers: Mapping[str, str] | None = None) -> None:
        kind = "invalid_request_error" if status < 500 else "server_error"
        self._send_json(status, {"error": {"message": message, "type": kind, "code": str(status)}}, headers)

    def _authorized(self, request: RecordedRequest) -> bool:
        if self.owner.api_key is None:
            return True
        return request.header("authorization") == f"Bearer {self.owner.api_key}"

    def _guard(self, action: Any) -> None:
        try:
            action()
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (timeout) before we answered; nothing left to do.
            self.close_connection = True

    # -- routes ------------------------------------------------------------------------------
    def do_GET(self) -> None:
        self._guard(self._get)

    def do_POST(self) -> None:
        self._guard(self._post)

    def _get(self) -> None:
        request = self._read_request()
        if not self._authorized(request):
            self._send_error(401, "invalid api key")
        elif request.path.rstrip("/").endswith("/models"):
            data = [
                {"id": m, "object": "model", "created": 0, "owned_by": self.owner.shape.owned_by if
                 self.owner.provider else "fakellm"} for m in self.owner.models
            ]
            self._send_json(200, {"object": "list", "data": data})
        else:
            self._send_error(404, f"no route {request.path}")

    def _post(self) -> None:
        request = self._read_request()
        if not self._authorized(request):
            self._send_error(401, "invalid api key")
        elif request.path.endswith("/chat/completions"):
            self._chat(request)
        elif request.path.endswith("/embeddings"):
            self._embeddings(request)
        else:
            self._send_error(404, f"no route {request.path}")

    def _embeddings(self, request: RecordedRequest) -> None:
        payload = request.json if isinstance(request.json, dict) else {}
        inputs = payload.get("input", "")
        texts = [inputs] if isinstance(inputs, str) else [str(x) for x in inputs]
        dim = int(payload.get("dimensions") or self.owner.embedding_dim)
        as_base64 = payload.get("encoding_format") == "base64"
        data = []
        for index, text in enumerate(texts):
            vector = _deterministic_vector(text, dim)
            embedding: Any = vector
            if as_base64:
                embedding = base64.b64encode(struct.pack(f"<{dim}f", *vector)).decode()
            data.append({"object": "embedding", "index": index, "embedding": embedding})
        tokens = sum(_rough_tokens(t) for t in texts)
        self._send_json(
            200,
            {
                "object": "list",
                "data": data,
                "model": payload.get("model", "fake-embedding"),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )

    def _chat(self, request: RecordedRequest) -> None:
        payload = request.json if isinstance(request.json, dict) else {}
        response_format = payload.get("response_format") or {}
        if self.owner.reject_json_schema and response_format.get("type") == "json_schema":
            self._send_error(400, "response_format type json_schema is not supported by this model")
            return
        shape = self.owner.shape
        for rejection in shape.rejects:
            message = rejection(payload)
            if message:
                with self.owner._lock:
                    self.owner.rejections.append((message, payload))
                self._send_json(400, shape.error_body(400, message))
                return
        reply = self.owner._next_reply()
        if reply is None and self.owner.responder is not None:
            reply = self.owner.responder(payload)
        if reply is None:
            self._send_error(500, "fakellm: no scripted reply left for this request")
            return
        if reply.delay:
            time.sleep(reply.delay)
        if reply.status != 200:
            if reply.body is not None:
                self._send(reply.status, reply.body, reply.headers)
            else:
                self._send_error(reply.status, reply.error_message, reply.headers)
            return
        if reply.body is not None:
            self._send(200, reply.body, reply.headers)
            return
        if payload.get("stream"):
            self._stream(payload, reply)
        else:
            self._send_json(200, _completion(payload, reply, shape), reply.headers)

    def _stream(self, payload: Mapping[str, Any], reply: Reply) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in reply.headers.items():
            self.send_header(name, value)
        self.end_headers()
        include_usage = bool((payload.get("stream_options") or {}).get("include_usage"))
        for index, chunk in enumerate(_chunks(payload, reply, include_usage, self.owner.shape)):
            if index and reply.chunk_delay:
                time.sleep(reply.chunk_delay)
            if reply.stall_after is not None and index == reply.stall_after:
                time.sleep(reply.stall)
            delta = chunk["choices"][0].get("delta", {}) if chunk.get("choices") else {}
            if delta.get("content"):  # recorded as it is about to be written
                with self.owner._lock:
                    self.owner._streamed.append((time.monotonic(), delta["content"]))
            self._write_chunk(f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n".encode())
        self._write_chunk(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):X}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()


def _tool_call_id(call: Call, index: int) -> str:
    return call.id or f"call_{index}_{call.name}"


def _usage(payload: Mapping[str, Any], reply: Reply) -> dict[str, int]:
    if reply.usage is not None:
        prompt, completion = reply.usage
    else:
        prompt = _rough_tokens(payload.get("messages", []))
        completion = _rough_tokens(reply.content or "") + sum(
            _rough_tokens(c.arguments_text()) for c in reply.tool_calls
        )
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _finish_reason(reply: Reply, shape: ProviderShape | None = None) -> str:
    if reply.finish_reason:
        return reply.finish_reason
    if reply.tool_calls:
        return shape.finish_with_tools if shape else "tool_calls"
    return "stop"


def _calls_as_text(reply: Reply) -> str:
    """Tool calls the way a Hermes/Qwen chat template makes the model write them."""
    return "\n".join(
        "<tool_call>" + json.dumps({"name": call.name, "arguments": json.loads(call.arguments_text())
                                    if not isinstance(call.arguments, str) else call.arguments},
                                   ensure_ascii=False) + "</tool_call>"
        for call in reply.tool_calls
    )


def _content(reply: Reply, shape: ProviderShape) -> str | None:
    """The ``content`` the provider writes: thinking in tags and tool calls as text where it does."""
    content = reply.content
    if shape.tools == "content" and reply.tool_calls:
        content = "\n".join(part for part in (content, _calls_as_text(reply)) if part)
    if reply.reasoning and shape.reasoning == "think_tags":
        content = f"<think>\n{reply.reasoning}\n</think>\n\n{content or ''}"
    elif reply.reasoning and shape.reasoning == "think_close_only":
        content = f"{reply.reasoning}\n</think>\n\n{content or ''}"
    return content


def _reasoning_field(shape: ProviderShape) -> str | None:
    if shape.reasoning in ("reasoning_content", "reasoning"):
        return shape.reasoning
    return None if shape.name != "plain" else "reasoning_content"


def _completion(payload: Mapping[str, Any], reply: Reply, shape: ProviderShape | None = None) -> dict[str, Any]:
    shape = shape or ProviderShape()
    message: dict[str, Any] = {"role": "assistant", "content": _content(reply, shape)}
    if reply.reasoning and _reasoning_field(shape):
        message[_reasoning_field(shape)] = reply.reasoning
    if reply.tool_calls and shape.tools != "content":
        message["tool_calls"] = [
            {
                "id": _tool_call_id(call, i),
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments_text()},
            }
            for i, call in enumerate(reply.tool_calls)
        ]
    message.update(reply.extra_message)
    body: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": reply.model or payload.get("model", "fake-model"),
        "choices": [
            {"index": 0, "message": message, "finish_reason": _finish_reason(reply, shape), "logprobs": None}
        ],
    }
    if reply.include_usage and shape.usage != "absent":
        body["usage"] = _usage(payload, reply)
    return body


def _pieces(text: str, size: int) -> Iterator[str]:
    size = max(1, size)
    for start in range(0, len(text), size):
        yield text[start : start + size]


def _chunks(
    payload: Mapping[str, Any], reply: Reply, include_usage: bool, shape: ProviderShape | None = None
) -> Iterator[dict[str, Any]]:
    shape = shape or ProviderShape()
    base = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": reply.model or payload.get("model", "fake-model"),
    }

    def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}

    yield chunk({"role": "assistant", "content": ""})
    field_name = _reasoning_field(shape)
    if reply.reasoning and field_name:
        for piece in _pieces(reply.reasoning, reply.chunk_size):
            yield chunk({"content": None, field_name: piece})
    for piece in _pieces(_content(reply, shape) or "", reply.chunk_size):
        yield chunk({"content": piece})
    if shape.tools != "content":
        for index, call in enumerate(reply.tool_calls):
            call_id = _tool_call_id(call, index)
            if shape.tools == "whole":
                yield chunk({"tool_calls": [{"index": index, "id": call_id, "type": "function",
                                             "function": {"name": call.name, "arguments": call.arguments_text()}}]})
                continue
            head = {"index": index, "id": call_id, "type": "function", "function": {"name": call.name, "arguments": ""}}
            yield chunk({"tool_calls": [head]})
            for piece in _pieces(call.arguments_text(), max(reply.chunk_size, 3)):
                fragment: dict[str, Any] = {"index": index, "function": {"arguments": piece}}
                if shape.tools == "fragments_no_ids":
                    fragment = {"index": index, "id": "", "type": "function",
                                "function": {"name": "", "arguments": piece}}
                yield chunk({"tool_calls": [fragment]})
    last = chunk({}, _finish_reason(reply, shape))
    usage = _usage(payload, reply) if reply.include_usage else None
    if usage and shape.usage == "last_chunk":
        last["usage"] = usage
    elif usage and shape.usage == "choice":
        last["choices"][0]["usage"] = usage
    yield last
    if usage and shape.usage == "stream_options" and include_usage:
        yield {**base, "choices": [], "usage": usage}
