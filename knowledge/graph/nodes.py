"""The citation graph's vocabulary: the edge kinds (``contains``, ``cites``, ``mentions``), the ids of
law, chapter and article nodes, and ``GraphNodeNotFound`` (HTTP 404).
"""

from __future__ import annotations

from knowledge.exceptions import KnowledgeError

CONTAINS = "contains"
CITES = "cites"
MENTIONS = "mentions"

class GraphNodeNotFound(KnowledgeError):
    """The node text names nothing in the graph: HTTP 404."""


# -- node ids ------------------------------------------------------------------------------------------


def law_node(law_id: int) -> str:
    return f"law:{law_id}"


def article_node(article_id: int) -> str:
    return f"article:{article_id}"


def chapter_node(law_id: int, ordinal: int) -> str:
    return f"chapter:{law_id}:{ordinal}"
