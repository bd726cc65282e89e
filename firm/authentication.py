"""DRF token authentication with an expiry (``API_TOKEN_TTL_DAYS``), and the login lockout backend."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from core.proxies import client_address
from firm.selectors import login_locked
from firm.services import token_is_expired


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str):  # DRF's signature
        user, token = super().authenticate_credentials(key)
        if token_is_expired(token):
            raise exceptions.AuthenticationFailed("令牌已过期，请重新签发（manage.py issue_token）。")
        return user, token


def user_for_token(key: str):  # returns a user or None
    """Resolve a token key to an active user, or None when unknown, inactive or expired."""
    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active or token_is_expired(token):
        return None
    return token.user


class LoginLockoutBackend(ModelBackend):
    """Django's model backend that refuses every login attempt (right password included) for an
    account or address locked after repeated failures. Raising ``PermissionDenied`` stops Django
    trying other backends and counts as a failed login."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None, password: str | None = None,
                     **kwargs: Any) -> Any:
        address = client_address(request.META) if request is not None else ""
        if login_locked(username=username or "", address=address):
            raise PermissionDenied(LOCKED_MESSAGE)
        return super().authenticate(request, username=username, password=password, **kwargs)


LOCKED_MESSAGE = "登录失败次数过多，请稍后再试。"
