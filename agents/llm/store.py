"""The stored provider profile: what ``manage.py llm_check`` measured, kept as a JSON file
(``settings.LLM_PROFILE_PATH``, in the data directory) that every process's gateway reads at start.

A stored profile only applies to the base URL it was measured on: after ``LLM_BASE_URL`` changes the
gateway falls back to the URL's profile until ``llm_check`` runs again.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

logger = logging.getLogger("agents.llm")

__all__ = ["stored_profile_load", "stored_profile_read", "stored_profile_save"]


def _same_endpoint(a: str, b: str) -> bool:
    return a.rstrip("/") == b.rstrip("/")


def stored_profile_read(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The stored check as written, or None when there is none (or it is unreadable)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        logger.warning("ignoring the stored LLM profile %s: %s", path, exc)
        return None
    return data if isinstance(data, dict) else None


def stored_profile_load(path: str | os.PathLike[str], base_url: str) -> dict[str, Any]:
    """The stored check for ``base_url`` (empty when none was stored for it)."""
    data = stored_profile_read(path)
    if not data or not _same_endpoint(str(data.get("base_url", "")), base_url):
        return {}
    return data


def stored_profile_save(path: str | os.PathLike[str], data: Mapping[str, Any]) -> None:
    """Write atomically (readers in other processes never see half a file)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent, delete=False,
                                     prefix=".llm_profile.", suffix=".tmp") as handle:
        json.dump(dict(data), handle, ensure_ascii=False, indent=2)
        temporary = handle.name
    os.replace(temporary, target)
