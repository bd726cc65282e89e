"""The laws the shipped cards, rules and playbook cite, imported through the real importer (text only) for the
audits that look their articles up (test_card_corpus.py, test_laws_in_force_basis.py).

Each audit imports the same laws again inside its own (rolled-back) transaction. Two things every import repeated
are done once per process (measured: docs/decisions/test-suite.md, stop 39):

* jieba's cut of an article's search tokens (most of an import's CPU): the importer's ``index_tokens`` is a memo
  of the real function while the audit imports (same tokens for the same text);
* reading and validating all 1,144 documents of the shipped second corpus to take the hundred cited: its lines
  naming a chosen document (chosen by the importer's own name index over the whole corpus) are copied, as they
  are, into a small file of the same name, and the importer reads that.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from knowledge import selectors
from knowledge.importers import JUDICIAL_ADMIN_SOURCE, SHIPPED_CORPORA, bundled_law_names
from knowledge.services import imports, statute_import
from knowledge.textsearch import index_tokens

_TOKENS: dict[str, str] = {}
_SLICES: dict[frozenset[str], tuple[Path, list[str]]] = {}


def _memo_tokens(text: str) -> str:
    if text not in _TOKENS:
        _TOKENS[text] = index_tokens(text)
    return _TOKENS[text]


def second_corpus_slice(laws: Iterable[str], tmp_path_factory) -> tuple[Path, list[str]]:
    """A file holding the second corpus's lines of the documents ``laws`` name (every version), named as the
    corpus is (so the import's source key is the same), and those documents' full names; made once per process
    for a set of names. The names are resolved as ``statute_import`` resolves them, over the whole corpus."""
    key = frozenset(laws)
    if key not in _SLICES:
        with gzip.open(SHIPPED_CORPORA[JUDICIAL_ADMIN_SOURCE], "rt", encoding="utf-8") as src:
            lines = [line for line in src if line.strip()]
        objs = [json.loads(line) for line in lines]
        names = sorted({obj["name"].strip() for obj in objs})
        aliases = {a.strip(): obj["name"].strip() for obj in objs for a in obj.get("aliases", [])}
        source = imports._Source("jsonl:lawrefbook_judicial_admin", names, lambda _: iter(()), aliases=aliases)
        chosen = imports._select_names(source, sorted(key)) or set()
        path = tmp_path_factory.mktemp("cited") / SHIPPED_CORPORA[JUDICIAL_ADMIN_SOURCE].name.removesuffix(".gz")
        path.write_text("".join(line for line, obj in zip(lines, objs, strict=True)
                                if obj["name"].strip() in chosen), encoding="utf-8")
        _SLICES[key] = (path, sorted(chosen))
    return _SLICES[key]


def import_cited(laws: Iterable[str], monkeypatch, tmp_path_factory) -> None:
    """Import ``laws`` (every stored version) as the audits always did: those the bundled corpus holds from it,
    the others from the shipped second corpus; without vectors."""
    laws = sorted(set(laws))
    bundled = set(bundled_law_names())
    others = [law for law in laws if law not in bundled]
    with monkeypatch.context() as patch:
        patch.setattr(imports, "index_tokens", _memo_tokens)
        statute_import(laws=[law for law in laws if law in bundled], embed=False)
        if others:
            path, chosen = second_corpus_slice(others, tmp_path_factory)
            statute_import(source=str(path), laws=chosen, embed=False)
    selectors.invalidate_caches()


def article_lookups() -> Callable[..., Any]:
    """``article_lookup`` for one audit, each (law, article) looked up once (the cited articles repeat: 5,990
    citations name 1,843); a lookup that failed raises its same error again."""
    from knowledge.exceptions import ArticleNotFound, InvalidArticleNumber, LawNotFound

    found: dict[tuple[str, int | str], Any] = {}

    def lookup(*, law: str, article: int | str) -> Any:
        key = (law, article)
        if key not in found:
            try:
                found[key] = selectors.article_lookup(law=law, article=article)
            except (LawNotFound, ArticleNotFound, InvalidArticleNumber) as exc:
                found[key] = exc
        if isinstance(found[key], Exception):
            raise found[key]
        return found[key]

    return lookup
