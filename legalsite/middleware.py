"""Middleware that keeps a request's path through Django cheap under ASGI."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse


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
