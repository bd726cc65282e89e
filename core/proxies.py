"""The client's address as far as it can be believed (docs/decisions/login-protection.md).

``X-Forwarded-For`` is written by whoever sends the request: a client can put any address in it.
It is believed only when the site runs behind a proxy (``BEHIND_HTTPS_PROXY``) and the TCP peer
is one of ``TRUSTED_PROXIES``; then the address is the right-most entry that is not itself a
trusted proxy (each proxy appends the address it received the request from).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from functools import lru_cache

from django.conf import settings


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies)


def is_trusted_proxy(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in _networks(tuple(settings.TRUSTED_PROXIES)))


def client_address(meta: Mapping[str, str]) -> str:
    """The client address for a request's ``META`` (or an ASGI scope turned into the same keys)."""
    remote = (meta.get("REMOTE_ADDR") or "").strip()
    forwarded = meta.get("HTTP_X_FORWARDED_FOR") or ""
    if not (settings.BEHIND_HTTPS_PROXY and forwarded and is_trusted_proxy(remote)):
        return remote
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return remote  # a malformed chain: fall back to the proxy itself
        if not is_trusted_proxy(hop):
            return hop
    return hops[0] if hops else remote
