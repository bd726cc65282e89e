"""Tool results cached by type: arguments normalised into one key, ``ToolCache`` over Django's cache
(Redis; TTL by cache type) with a small per-process cache in front.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

from agents.tools.context import _WHITESPACE, _jsonable, logger

CacheType = Literal["regulation", "case", "news"]
#: Seconds a cached result lives in Django's cache (Redis), by type. ``AGENT_TOOL_CACHE_TTLS``
#: overrides them type by type.
CACHE_TTLS: Final[Mapping[str, int]] = {"regulation": 24 * 3600, "case": 6 * 3600, "news": 3600}
LOCAL_CACHE_ENTRIES: Final = 100
LOCAL_CACHE_SECONDS: Final = 300.0


# ---------------------------------------------------------------------------------------------
# Argument normalisation and the cache
# ---------------------------------------------------------------------------------------------
def _normalise(value: Any) -> Any:
    if isinstance(value, str):
        return _WHITESPACE.sub(" ", unicodedata.normalize("NFKC", value)).strip()
    if isinstance(value, Mapping):
        return {_normalise(str(k)): _normalise(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_normalise(v) for v in value]
    return value


def normalise_arguments(arguments: Mapping[str, Any]) -> str:
    """Canonical JSON of the arguments: NFKC, whitespace collapsed and trimmed, keys sorted."""
    return json.dumps(_normalise(_jsonable(arguments)), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


_MISS: Final = object()


class ToolCache:
    """An in-process LRU (100 entries x 5 min) in front of Django's cache (Redis) with a TTL per
    cache type. Failures of the shared cache are logged and treated as misses."""

    def __init__(
        self,
        *,
        max_entries: int = LOCAL_CACHE_ENTRIES,
        local_seconds: float = LOCAL_CACHE_SECONDS,
        ttls: Mapping[str, int] | None = None,
        backend: Any = None,
        clock: Callable[[], float] = time.monotonic,
        namespace: str = "",
    ) -> None:
        """``namespace`` goes into every key: a new namespace starts from an empty cache (e.g.
        after the statutes were re-imported, or one per test)."""
        self.namespace = namespace
        self.max_entries = max_entries
        self.local_seconds = local_seconds
        self._ttls = dict(ttls) if ttls is not None else None
        self._backend = backend
        self.clock = clock
        self._local: OrderedDict[str, tuple[float, Any]] = OrderedDict()
        self._lock = threading.Lock()

    # -- configuration ----------------------------------------------------------------------
    def ttl(self, cache_type: str) -> int:
        if self._ttls is not None:
            ttls = self._ttls
        else:
            from django.conf import settings

            ttls = {**CACHE_TTLS, **(getattr(settings, "AGENT_TOOL_CACHE_TTLS", None) or {})}
        if cache_type not in ttls:
            raise ValueError(f"unknown tool cache type {cache_type!r}; types are {', '.join(ttls)}")
        return int(ttls[cache_type])

    @property
    def backend(self) -> Any:
        if self._backend is None:
            from django.conf import settings
            from django.core.cache import caches

            return caches[getattr(settings, "AGENT_TOOL_CACHE_ALIAS", "default")]
        return self._backend

    def key(self, tool: str, arguments: Mapping[str, Any], *, scope: str = "shared") -> str:
        """``agents:tool:[<namespace>:]<tool>:<scope>:<sha256 of the normalised arguments>``."""
        digest = hashlib.sha256(normalise_arguments(arguments).encode()).hexdigest()[:40]
        space = f"{self.namespace}:" if self.namespace else ""
        return f"agents:tool:{space}{tool}:{scope}:{digest}"

    # -- local LRU ----------------------------------------------------------------------------
    def _local_get(self, key: str) -> Any:
        with self._lock:
            entry = self._local.get(key)
            if entry is None:
                return _MISS
            expires, value = entry
            if expires <= self.clock():
                del self._local[key]
                return _MISS
            self._local.move_to_end(key)
            return value

    def _local_set(self, key: str, value: Any, seconds: float) -> None:
        with self._lock:
            self._local[key] = (self.clock() + min(self.local_seconds, seconds), value)
            self._local.move_to_end(key)
            while len(self._local) > self.max_entries:
                self._local.popitem(last=False)

    def clear_local(self) -> None:
        with self._lock:
            self._local.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._local)

    # -- public ---------------------------------------------------------------------------------
    async def get(self, key: str) -> tuple[bool, Any]:
        value = self._local_get(key)
        if value is not _MISS:
            return True, value
        try:
            stored = await self.backend.aget(key, _MISS)
        except Exception:
            logger.warning("tool cache read failed for %s", key, exc_info=True)
            return False, None
        if stored is _MISS or not isinstance(stored, dict) or "value" not in stored:
            return False, None
        self._local_set(key, stored["value"], self.local_seconds)
        return True, stored["value"]

    async def set(self, key: str, value: Any, cache_type: str) -> None:
        seconds = self.ttl(cache_type)
        self._local_set(key, value, seconds)
        try:
            await self.backend.aset(key, {"value": value}, timeout=seconds)
        except Exception:
            logger.warning("tool cache write failed for %s", key, exc_info=True)

    async def delete(self, key: str) -> None:
        with self._lock:
            self._local.pop(key, None)
        try:
            await self.backend.adelete(key)
        except Exception:
            logger.warning("tool cache delete failed for %s", key, exc_info=True)
