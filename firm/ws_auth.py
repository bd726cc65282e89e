"""Websocket authentication and origin checks.

Browsers authenticate with the session cookie (Channels' ``AuthMiddlewareStack``); API
clients send ``Authorization: Token <key>``. A browser always sends ``Origin`` and it must
match ``ALLOWED_HOSTS`` (protection against cross-site websocket hijacking); clients that
send no ``Origin`` are not browsers and carry no ambient cookie risk.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.security.websocket import OriginValidator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser

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


class BrowserOriginValidator(OriginValidator):
    def valid_origin(self, parsed_origin) -> bool:
        if parsed_origin is None:
            return True
        return self.validate_origin(parsed_origin)


def AllowedOriginValidator(application):  # mirrors Channels' naming
    return BrowserOriginValidator(application, list(settings.ALLOWED_HOSTS))
