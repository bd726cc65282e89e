"""What the question asks and what it is about: the kind of question, its terms, which retrieved
articles are about it (``relevant_hits``), the key article and the statement in it that answers.
"""

from __future__ import annotations

from chat.offline.common import _GENERIC_TITLES

# -- what the question asks and what it is about ---------------------------------------------------------


def _specific(title: str) -> bool:
    """A title that names a topic (not 一般规定, 法律责任 …)."""
    return bool(title) and not all(any(g in part for g in _GENERIC_TITLES) for part in title.split())


