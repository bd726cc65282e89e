"""The OpenAI-compatible endpoint (``/v1/models``, ``/v1/chat/completions``): plain Django views
that speak OpenAI's wire format (bearer token, error shape, SSE chunks ending in ``data: [DONE]``)."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

from django.db import close_old_connections, connections
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from firm.authentication import user_for_token
from integrations.services import ASSISTANTS, Completion, CompletionError, completion_check, completion_create

logger = logging.getLogger(__name__)

KEEPALIVE_SECONDS = 10
CHUNK_CHARS = 24
CREATED = int(time.time())


def error_response(message: str, *, status: int, type: str = "invalid_request_error", param: str | None = None,
                   code: str | None = None) -> JsonResponse:
    return JsonResponse({"error": {"message": message, "type": type, "param": param, "code": code}},
                        status=status, json_dumps_params={"ensure_ascii": False})


def _user(request: HttpRequest) -> Any:
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        return None
    return user_for_token(key.strip())


def _unauthorized() -> JsonResponse:
    response = error_response("Incorrect API key provided: use Authorization: Bearer <LegalSite API token>.",
                              status=401, code="invalid_api_key")
    response["WWW-Authenticate"] = 'Bearer realm="legalsite"'
    return response


@never_cache
def models(request: HttpRequest) -> HttpResponse:
    if request.method != "GET":
        return error_response("Method not allowed", status=405)
    if _user(request) is None:
        return _unauthorized()
    return JsonResponse({"object": "list", "data": [
        {"id": a.id, "object": "model", "created": CREATED, "owned_by": "legalsite", "name": a.name,
         "description": a.description} for a in ASSISTANTS
    ]}, json_dumps_params={"ensure_ascii": False})


def _completion_body(completion: Completion, completion_id: str) -> dict[str, Any]:
    return {
        "id": completion_id, "object": "chat.completion", "created": int(time.time()), "model": completion.model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": completion.content},
                     "finish_reason": "stop", "logprobs": None}],
        "usage": None,
        "legalsite": _extras(completion),
    }


def _extras(completion: Completion) -> dict[str, Any]:
    return {"citations": completion.citations, "session_id": completion.session_id,
            "message_id": completion.message_id, "research_task_id": completion.research_task_id,
            "trace_id": completion.trace_id, "failed": completion.failed}


def _chunk(completion_id: str, model: str, delta: dict[str, Any], finish: str | None = None,
           extra: dict[str, Any] | None = None) -> str:
    body = {"id": completion_id, "object": "chat.completion.chunk", "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]}
    if extra is not None:
        body["legalsite"] = extra
    return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"


class _Run:
    """The completion in a thread of its own: the agents' loop calls back into Django's
    thread-sensitive executor of whatever context started the run, and a request thread of
    daphne waiting for the answer would be that executor (a deadlock); a plain thread carries no
    request context. Errors are kept in OpenAI's terms."""

    def __init__(self, user: Any, model: str, messages: Any) -> None:
        self.completion: Completion | None = None
        self.error: CompletionError | None = None
        self.thread = threading.Thread(target=self._work, args=(user, model, messages), name="v1-completion",
                                       daemon=True)
        self.thread.start()

    def _work(self, user: Any, model: str, messages: Any) -> None:
        close_old_connections()
        try:
            self.completion = completion_create(actor=user, model=model, messages=messages)
        except CompletionError as exc:
            self.error = exc
        except Exception:  # reported to the client in OpenAI's shape
            logger.exception("chat completion failed")
            self.error = CompletionError("内部错误，请联系管理员", status=500, type="server_error")
        finally:
            connections.close_all()


async def _stream(user: Any, model: str, messages: Any, completion_id: str) -> AsyncIterator[str]:
    """Run the completion beside the stream; send keep-alives while it runs, then the answer
    (an async iterator: daphne sends each chunk as it comes)."""
    run = _Run(user, model, messages)
    yield _chunk(completion_id, model, {"role": "assistant", "content": ""})
    last = time.monotonic()
    while run.thread.is_alive():
        await asyncio.sleep(0.1)
        if time.monotonic() - last > KEEPALIVE_SECONDS:
            last = time.monotonic()
            yield ": keepalive\n\n"
    if run.error is not None:
        exc = run.error
        error = {"message": exc.message, "type": exc.type, "param": exc.param, "code": exc.code}
        yield f"data: {json.dumps({'error': error}, ensure_ascii=False)}\n\n"
        return
    completion = run.completion
    assert completion is not None
    text = completion.content
    for start in range(0, len(text), CHUNK_CHARS):
        yield _chunk(completion_id, model, {"content": text[start:start + CHUNK_CHARS]})
    yield _chunk(completion_id, model, {}, finish="stop", extra=_extras(completion))
    yield "data: [DONE]\n\n"


@csrf_exempt
@never_cache
def chat_completions(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return error_response("Method not allowed", status=405)
    user = _user(request)
    if user is None:
        return _unauthorized()
    try:
        body = json.loads(request.body or b"null")
    except (ValueError, UnicodeDecodeError):
        return error_response("The request body is not valid JSON", status=400)
    if not isinstance(body, dict):
        return error_response("The request body must be a JSON object", status=400)
    model, messages, stream = body.get("model"), body.get("messages"), body.get("stream", False)
    if not isinstance(model, str) or not model:
        return error_response("you must provide a model parameter", status=400, param="model")
    if not isinstance(stream, bool):
        return error_response("stream must be a boolean", status=400, param="stream")
    completion_id = f"chatcmpl-{uuid.uuid4().hex}"
    if stream:
        try:  # refuse a bad request with a status, before the stream starts
            completion_check(actor=user, model=model, messages=messages)
        except CompletionError as exc:
            return error_response(exc.message, status=exc.status, type=exc.type, param=exc.param, code=exc.code)
        response = StreamingHttpResponse(_stream(user, model, messages, completion_id),
                                         content_type="text/event-stream; charset=utf-8")
        response["X-Accel-Buffering"] = "no"
        return response
    run = _Run(user, model, messages)
    run.thread.join()
    if run.error is not None:
        exc = run.error
        return error_response(exc.message, status=exc.status, type=exc.type, param=exc.param, code=exc.code)
    assert run.completion is not None
    return JsonResponse(_completion_body(run.completion, completion_id), json_dumps_params={"ensure_ascii": False})
