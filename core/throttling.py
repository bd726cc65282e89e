"""DRF throttles keyed on the believed client address (core.proxies), not on a raw
``X-Forwarded-For`` that any client can rotate."""

from __future__ import annotations

from rest_framework import throttling
from rest_framework.request import Request

from core.proxies import client_address


class AddressIdentMixin:
    def get_ident(self, request: Request) -> str:
        return client_address(request.META)


class AnonRateThrottle(AddressIdentMixin, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(AddressIdentMixin, throttling.UserRateThrottle):
    pass
