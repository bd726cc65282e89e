"""``{% citation_graph article %}``: the article page's citation picture (inline SVG, see knowledge.graph_picture)."""

from __future__ import annotations

import logging
from typing import Any

from django import template

from knowledge.exceptions import KnowledgeError
from knowledge.graph_picture import article_picture

register = template.Library()
logger = logging.getLogger(__name__)


@register.inclusion_tag("knowledge/_citation_graph_body.html")
def citation_graph(article: Any, limit: int = 12) -> dict[str, Any]:
    """The picture for ``article`` (an Article or its id). An optional widget: if the graph cannot be
    built the page still renders, with a note."""
    article_id = getattr(article, "pk", article)
    try:
        return {"picture": article_picture(article_id=int(article_id), limit=limit), "error": ""}
    except KnowledgeError as exc:
        return {"picture": None, "error": str(exc)}
    except Exception:  # never break the article page over the picture
        logger.exception("citation picture failed for article %s", article_id)
        return {"picture": None, "error": "引用关系图暂时无法生成"}
