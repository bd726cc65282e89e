"""Helpers for the verification, graph and tool tests: extra real laws from the bundled corpus, a stored
old version of a law, and a user to log in with."""

from __future__ import annotations

import datetime as dt

from knowledge import selectors, services
from knowledge.models import Article, Law, LawStatus

REPEALED_LAW = "环境保护法"  # stored as 已废止 in the bundled corpus
VILLAGE_LAW = "村民委员会组织法"
VILLAGE_DECISION = "全国人民代表大会常务委员会关于修改《中华人民共和国村民委员会组织法》的决定"
TRUST_LAW = "信托法"


def import_laws(*names: str) -> None:
    """Import more laws of the bundled corpus inside the test's transaction (text only, no vectors)."""
    services.statute_import(laws=list(names), embed=False)
    selectors.invalidate_caches()


def store_old_version(*, name: str, number: int, label: str, text: str, year: int = 2007) -> Law:
    """An old (历史版本) version of ``name`` with one article the current version does not have."""
    law = Law.objects.create(
        name=name, short_name=name.removeprefix("中华人民共和国"), status=LawStatus.HISTORICAL, is_current=False,
        source="test", source_id=f"{name}-{year}", version_label=f"{year}年版", version_date=dt.date(year, 6, 29),
        effective_date=dt.date(year + 1, 1, 1), article_count=1, doc_type="法律",
    )
    Article.objects.create(law=law, ordinal=0, number=number, label=label, text=text, text_hash="x" * 32)
    selectors.invalidate_caches()
    return law


def store_future_law(*, name: str, effective: dt.date, text: str, status: str = LawStatus.CURRENT) -> Law:
    """A law stored in one version only, labelled ``status`` (现行有效) but taking effect on ``effective``."""
    published = effective - dt.timedelta(days=120)
    law = Law.objects.create(
        name=name, short_name=name.removeprefix("中华人民共和国"), status=status, is_current=True,
        source="test", source_id=f"{name}-{effective.year}", version_label=f"{published.year}年版",
        version_date=published, publish_date=published, effective_date=effective, article_count=1, doc_type="法律",
    )
    from knowledge.indexing import article_search_text
    from knowledge.textsearch import index_tokens

    Article.objects.create(law=law, ordinal=0, number=1, label="第一条", text=text, text_hash="y" * 32, current=True,
                           search_tokens=index_tokens(article_search_text(chapter="", section="", text=text)))
    selectors.invalidate_caches()
    return law
