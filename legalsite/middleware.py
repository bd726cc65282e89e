"""Middleware that keeps a request's path through Django cheap under ASGI."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse

from core.validation import NUL_MESSAGE, has_nul


class SyncChainMiddleware:
    """Innermost, sync-only: makes the whole middleware chain run synchronously in one thread.

    Under ASGI Django runs every async-capable middleware as a coroutine and hops to a worker
    thread for each ``process_request``/``process_response``; WhiteNoise (sync-only) in the middle
    of the chain adds hops back to the event loop. Every view here is synchronous, so one hop into
    the thread for the whole chain is cheaper (docs/decisions/request-path.md).
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)


def is_api_path(path: str) -> bool:
    return path.startswith("/api/")


def error_response(request: HttpRequest, status: int, message: str) -> HttpResponse:
    """JSON ``{"detail": …}`` for ``/api/`` paths, a short text page elsewhere."""
    if is_api_path(request.path):
        return JsonResponse({"detail": message}, status=status, json_dumps_params={"ensure_ascii": False})
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class RejectNulMiddleware:
    """Answers 400 to any request whose query string or url-encoded form body holds a NUL
    character: PostgreSQL text cannot hold one, so it would otherwise fail deep inside a query
    (docs/decisions/input-validation.md). JSON and multipart fields are checked by the serializers
    and forms (Django and DRF reject NUL in every ``CharField``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if has_nul(request.META.get("QUERY_STRING", "")):
            return error_response(request, 400, NUL_MESSAGE)
        content_type = request.META.get("CONTENT_TYPE", "")
        if content_type.startswith("application/x-www-form-urlencoded") and has_nul(request.body):
            return error_response(request, 400, NUL_MESSAGE)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        # A filter rejected by core.validation in a portal view: a 400, not a 500.
        if isinstance(exception, ValidationError):
            return error_response(request, 400, "；".join(exception.messages))
        return None


class ContentSecurityPolicyMiddleware:
    """Sends ``settings.CONTENT_SECURITY_POLICY`` on every response that has none (Django 5.2 has no
    built-in CSP; docs/decisions/security-headers.md). The portal has no inline script or style
    attribute: its JavaScript lives in ``static/js``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = "; ".join(f"{name} {' '.join(values)}".strip()
                                for name, values in settings.CONTENT_SECURITY_POLICY.items())

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy
        return response
