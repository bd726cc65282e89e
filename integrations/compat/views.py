"""The OpenAI-compatible endpoint (``/v1/models``, ``/v1/chat/completions``): plain Django views
that speak OpenAI's wire format (bearer token, error shape, SSE chunks ending in ``data: [DONE]``;
the stream itself is ``integrations.streaming``)."""

from __future__ import annotations

import time
import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from core.parsers import JsonBodyError, json_body_load
from firm.authentication import user_for_token
from integrations.services import ASSISTANTS, Completion, CompletionError, completion_check
from integrations.streaming import CompletionRun, completion_extras, completion_stream

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
        "usage": completion.usage,
        "legalsite": completion_extras(completion),
    }


def _include_usage(body: dict[str, Any], stream: bool) -> bool | JsonResponse:
    """``stream_options.include_usage``, or the refusal of a malformed ``stream_options``."""
    options = body.get("stream_options")
    if options is None:
        return False
    if not stream:
        return error_response("stream_options is only allowed when stream is true", status=400,
                              param="stream_options")
    if not isinstance(options, dict) or not isinstance(options.get("include_usage", False), bool):
        return error_response("stream_options must be an object with a boolean include_usage", status=400,
                              param="stream_options")
    return bool(options.get("include_usage", False))


#: Request parameters this endpoint does not support: LegalSite's assistants call their own tools and
#: cannot call a client's. A request that sends one is refused, naming it, instead of being answered
#: as if it had not been sent.
UNSUPPORTED = {
    "tools": "LegalSite assistants call their own legal tools; client-defined tools are not supported",
    "functions": "LegalSite assistants call their own legal tools; client-defined functions are not supported",
    "tool_choice": "tool_choice is not supported (client-defined tools are not supported)",
    "function_call": "function_call is not supported (client-defined functions are not supported)",
}


def _unsupported(body: dict[str, Any]) -> JsonResponse | None:
    for name, message in UNSUPPORTED.items():
        value = body.get(name)
        if value is None or value == [] or (name in ("tool_choice", "function_call") and value == "none"):
            continue
        return error_response(message, status=400, param=name, code="unsupported_parameter")
    n = body.get("n", 1)
    if n is not None and n != 1:
        return error_response("only n = 1 is supported", status=400, param="n", code="unsupported_parameter")
    return None


@csrf_exempt
@never_cache
def chat_completions(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return error_response("Method not allowed", status=405)
    user = _user(request)
    if user is None:
        return _unauthorized()
    try:
        body = json_body_load(request.body or b"null")
    except JsonBodyError as exc:
        return error_response(f"The request body is not valid JSON: {exc.message}", status=400)
    if not isinstance(body, dict):
        return error_response("The request body must be a JSON object", status=400)
    model, messages, stream = body.get("model"), body.get("messages"), body.get("stream", False)
    if not isinstance(model, str) or not model:
        return error_response("you must provide a model parameter", status=400, param="model")
    if not isinstance(stream, bool):
        return error_response("stream must be a boolean", status=400, param="stream")
    refused = _unsupported(body)
    if refused is not None:
        return refused
    include_usage = _include_usage(body, stream)
    if isinstance(include_usage, JsonResponse):
        return include_usage
    completion_id = f"chatcmpl-{uuid.uuid4().hex}"
    if stream:
        try:  # refuse a bad request with a status, before the stream starts
            completion_check(actor=user, model=model, messages=messages)
        except CompletionError as exc:
            return error_response(exc.message, status=exc.status, type=exc.type, param=exc.param, code=exc.code)
        response = StreamingHttpResponse(
            completion_stream(user=user, model=model, messages=messages, completion_id=completion_id,
                              include_usage=include_usage),
            content_type="text/event-stream; charset=utf-8")
        response["X-Accel-Buffering"] = "no"
        return response
    run = CompletionRun(user, model, messages)
    run.thread.join()
    if run.error is not None:
        exc = run.error
        return error_response(exc.message, status=exc.status, type=exc.type, param=exc.param, code=exc.code)
    assert run.completion is not None
    return JsonResponse(_completion_body(run.completion, completion_id), json_dumps_params={"ensure_ascii": False})
