"""Websocket authentication and origin checks.

Browsers authenticate with the session cookie (Channels' ``AuthMiddlewareStack``); API
clients send ``Authorization: Token <key>``. A browser always sends ``Origin``; its scheme,
host and port must be the site's own or a ``CSRF_TRUSTED_ORIGINS`` entry (protection against
cross-site websocket hijacking); clients that send no ``Origin`` are not browsers and carry no
ambient cookie risk.
"""

from __future__ import annotations

from urllib.parse import urlparse

from channels.db import database_sync_to_async
from channels.security.websocket import OriginValidator, WebsocketDenier
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http.request import validate_host

from firm.authentication import user_for_token


class TokenAuthMiddleware:
    def __init__(self, inner) -> None:
        self.inner = inner

    async def __call__(self, scope, receive, send):
        key = _token_from_headers(scope.get("headers", []))
        if key is not None:
            user = await database_sync_to_async(user_for_token)(key)
            scope = dict(scope, user=user or AnonymousUser())
        return await self.inner(scope, receive, send)


def _token_from_headers(headers: list[tuple[bytes, bytes]]) -> str | None:
    for name, value in headers:
        if name.lower() == b"authorization":
            scheme, _, key = value.decode("latin1").partition(" ")
            if scheme.lower() == "token" and key.strip():
                return key.strip()
            return ""
    return None


DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _origin_key(scheme: str, host: str, port: int | None) -> tuple[str, str, int | None]:
    scheme = {"ws": "http", "wss": "https"}.get(scheme.lower(), scheme.lower())
    return scheme, host.lower().strip("[]"), port or DEFAULT_PORTS.get(scheme)


def _parse(origin: str) -> tuple[str, str, int | None] | None:
    parsed = urlparse(origin)
    try:
        port = parsed.port
    except ValueError:
        return None
    if not parsed.scheme or not parsed.hostname:
        return None
    return _origin_key(parsed.scheme, parsed.hostname, port)


def origin_allowed(origin: str, *, host_header: str, scheme: str) -> bool:
    """A browser's ``Origin`` is accepted when scheme, host and port are those of one of
    ``CSRF_TRUSTED_ORIGINS``, or those of the site the socket was opened on (its ``Host`` header, a
    host in ``ALLOWED_HOSTS``; the scheme is https behind an HTTPS proxy)."""
    wanted = _parse(origin)
    if wanted is None:
        return False
    if any(_parse(trusted) == wanted for trusted in settings.CSRF_TRUSTED_ORIGINS):
        return True
    site_scheme = "https" if settings.BEHIND_HTTPS_PROXY else scheme
    # No Host header (an in-process ASGI client, never a browser): the allowed host on its default port.
    site = _parse(f"{site_scheme}://{host_header or wanted[1]}")
    return site == wanted and validate_host(wanted[1], settings.ALLOWED_HOSTS)


class BrowserOriginValidator(OriginValidator):
    """Channels' OriginValidator compares host names only (``http://localhost:9999`` would pass);
    this one compares scheme, host and port (docs/decisions/security-headers.md)."""

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            headers = dict(scope.get("headers", []))
            origin = headers.get(b"origin")
            if origin is not None and not origin_allowed(
                origin.decode("latin1"), host_header=headers.get(b"host", b"").decode("latin1"),
                scheme=scope.get("scheme", "ws"),
            ):
                denier = WebsocketDenier()
                return await denier(scope, receive, send)
        return await self.application(scope, receive, send)


def AllowedOriginValidator(application):  # mirrors Channels' naming
    return BrowserOriginValidator(application, list(settings.ALLOWED_HOSTS))
