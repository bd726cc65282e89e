"""DRF token authentication with an expiry (``API_TOKEN_TTL_DAYS``)."""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

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
