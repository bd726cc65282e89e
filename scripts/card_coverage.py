"""Which key articles of everyday consultation no issue card is controlled by.

    python scripts/card_coverage.py [--cards DIR] [--keys legal/key_articles.toml] [--uncovered] [--check]

``legal/key_articles.toml`` lists, per statute or judicial interpretation, the articles that decide a
question a client brings (one line on the question, the domain). An article is *covered* when it is a
provision with ``role = "controlling"`` of at least one card in ``--cards`` (the shipped files by
default). Prints a table per law (articles listed, covered, per cent); ``--uncovered`` adds the
uncovered articles with their questions; ``--check`` verifies every key article against the statute
corpus (the law is in force, the article exists), as ``scripts/check_cards.py`` verifies the cards.
Exit status 1 when ``--check`` finds a problem or the key list is malformed.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from legal.cardfile import article_number  # noqa: E402

KEYS = ROOT / "legal/key_articles.toml"
CARDS = ROOT / "legal/cards"
ArticleKey = int | str


@dataclass(frozen=True)
class KeyArticle:
    law: str
    article: ArticleKey  # an integer, or the corpus label of an inserted article (第一百三十三条之一)
    written: str  # the article as the list writes it (87, 133之一), for display
    question: str
    domain: str


def load_key_articles(path: Path = KEYS) -> tuple[list[KeyArticle], list[str]]:
    """The key articles, and the problems of the list's shape (missing fields, duplicates)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    keys: list[KeyArticle] = []
    problems: list[str] = []
    seen: set[tuple[str, ArticleKey]] = set()
    for law in data.get("law", []):
        name, domain = law.get("name"), law.get("domain")
        if not name or not domain:
            problems.append(f"a [[law]] table without name or domain: {name or '?'}")
            continue
        for item in law.get("articles", []):
            number = article_number(item.get("article"))
            question = (item.get("question") or "").strip()
            if number is None or not question:
                problems.append(f"{name} {item.get('article')!r}: needs an article and a question")
                continue
            if (name, number) in seen:
                problems.append(f"{name} {item['article']}: listed twice")
            seen.add((name, number))
            keys.append(KeyArticle(name, number, str(item["article"]), question, domain))
    return keys, problems


def controlling_index(cards_dir: Path = CARDS) -> dict[tuple[str, ArticleKey], list[str]]:
    """(law, article) -> the slugs of the cards holding it as a controlling provision."""
    index: dict[tuple[str, ArticleKey], list[str]] = defaultdict(list)
    for path in sorted(cards_dir.glob("*.toml")):
        for card in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            for prov in card.get("provisions", []):
                if prov.get("role") == "controlling":
                    index[(prov.get("law"), article_number(prov.get("article")))].append(card.get("slug", "?"))
    return index


def coverage(keys: list[KeyArticle], index: dict[tuple[str, ArticleKey], list[str]]
             ) -> tuple[dict[str, tuple[int, int]], list[KeyArticle]]:
    """Per law (in the list's order): (articles listed, covered); and the uncovered articles."""
    table: dict[str, list[int]] = {}
    uncovered: list[KeyArticle] = []
    for key in keys:
        row = table.setdefault(key.law, [0, 0])
        row[0] += 1
        if index.get((key.law, key.article)):
            row[1] += 1
        else:
            uncovered.append(key)
    return {law: (total, covered) for law, (total, covered) in table.items()}, uncovered


def corpus_problems(keys: list[KeyArticle]) -> list[str]:
    """Key articles whose law is not in force in the corpus or whose article it lacks."""
    from scripts.check_cards import load_corpus

    corpus = load_corpus()
    problems = []
    for key in keys:
        if key.law not in corpus:
            problems.append(f"law not in corpus (in force): {key.law}")
        elif key.article not in corpus[key.law]:
            problems.append(f"{key.law} has no article {key.written}")
    return problems


def short(law: str) -> str:
    return law.removeprefix("中华人民共和国").removeprefix("最高人民法院关于")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=Path, default=CARDS)
    parser.add_argument("--keys", type=Path, default=KEYS)
    parser.add_argument("--uncovered", action="store_true", help="list the uncovered articles")
    parser.add_argument("--check", action="store_true", help="check the key articles against the corpus")
    args = parser.parse_args(argv)
    keys, problems = load_key_articles(args.keys)
    if args.check:
        problems += corpus_problems(keys)
    table, uncovered = coverage(keys, controlling_index(args.cards))
    print("| law | key articles | controlling of a card | % |")
    print("|---|---:|---:|---:|")
    for law, (total, covered) in table.items():
        print(f"| {short(law)} | {total} | {covered} | {100 * covered // total} |")
    total = sum(t for t, _ in table.values())
    covered = sum(c for _, c in table.values())
    print(f"| all | {total} | {covered} | {100 * covered // max(total, 1)} |")
    if args.uncovered:
        print()
        for key in uncovered:
            print(f"{short(key.law)} {key.written} [{key.domain}] {key.question}")
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
