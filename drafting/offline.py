"""The drafting agent without a model (离线模式): the fields pre-filled from the state memory and
the conversation, the narrative assembled from the facts and the statutes the chat cited, and
the next question for the first required field still empty. The service computes the pre-fill
and hands it in ``ctx.deps`` (a ``drafting.deps.DraftingDeps``); this handler only words the answer, as JSON."""

from __future__ import annotations

import json

from agents.offline import OfflineRequest
from drafting.deps import DraftingDeps


def next_question(missing: list[str], labels: dict[str, str]) -> str:
    """One concise question for the first missing field ('' when nothing is missing)."""
    if not missing:
        return ""
    path = missing[0]
    key = "".join(part for part in path.replace("]", "").split("[") if not part.isdigit())
    key = ".".join(piece.rstrip("0123456789") for piece in key.split("."))
    label = labels.get(key) or labels.get(path.split("[")[0]) or path
    return f"请提供：{label}。"


def drafter_offline(request: OfflineRequest) -> str:
    deps = request.ctx.deps if isinstance(request.ctx.deps, DraftingDeps) else DraftingDeps()
    answer = {
        "fields": dict(deps.prefill),
        "question": next_question(list(deps.missing), dict(deps.labels)),
        "offline": True,
    }
    return json.dumps(answer, ensure_ascii=False)
