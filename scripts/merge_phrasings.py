"""Merge new lay phrasings into the issue-card files.

    python scripts/merge_phrasings.py FILE.jsonl [FILE.jsonl ...] [--cards legal/cards] [--dry-run]

Each line of a FILE is ``{"slug": "<card slug>", "phrasings": ["…", …]}``. A phrasing joins its
card's ``phrasings`` array in the card's TOML file, after the ones already there, in the order
given; the file's other lines are left as they are. A phrasing is left out when

* it is empty, longer than :data:`MAX_CHARS` or names no Chinese word;
* it repeats one the card (or an earlier line) already has, compared without spaces, punctuation
  and letter case;
* another card already carries it (the matcher would learn one wording for two issues);
* it is plainly about another card: it uses one of the card's own ``not_terms`` (the neighbouring
  issue the card's author excluded), or it uses none of the card's terms, shares almost no wording
  with the card's title and phrasings, uses a term only one card of another area carries and reads
  like that card's phrasings.
  Such a phrasing is dropped, not moved: the card it would fit was not the one it was written for.

Every file written is parsed again with the card loader (``legal.cardfile``) before it replaces
the old one; a file that would not load is left unchanged and the script exits 1. A slug no card
file has is reported and skipped. The summary prints what was added, repeated and dropped per file.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from legal import cardfile  # noqa: E402
from legal.cardfile import Card  # noqa: E402
from legal.matcher import area, bigrams  # noqa: E402

MAX_CHARS = 300
#: A phrasing sharing less than this (bigram cosine) with its card's title and phrasings, and none of its
#: terms, while using a term only one card of another area carries, is about that other card.
FOREIGN_OVERLAP = 0.12
#: ... and sharing at least this much with that other card's phrasings (twice as much as with its own).
FOREIGN_SHARE = 0.3
_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)
_CJK = re.compile(r"[\u4e00-\u9fff]")


def key(text: str) -> str:
    """A phrasing's identity: without spaces, punctuation and letter case."""
    return _PUNCT.sub("", text).lower()


@dataclass
class Outcome:
    added: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    repeated: int = 0
    elsewhere: list[tuple[str, str, str]] = field(default_factory=list)  # (slug, phrasing, other slug)
    dropped: list[tuple[str, str, str]] = field(default_factory=list)  # (slug, phrasing, why)
    unknown: list[str] = field(default_factory=list)


def _overlap(text: str, card: Card) -> float:
    query = bigrams(text)
    best = 0.0
    for other in (card.title, *card.phrasings):
        grams = bigrams(other)
        if query and grams:
            best = max(best, len(query & grams) / math.sqrt(len(query) * len(grams)))
    return best


def foreign(text: str, card: Card, cards: list[Card], owners: dict[str, list[Card]]) -> str:
    """Why ``text`` is plainly about another card than ``card`` ('' when it is not)."""
    excluded = next((t for t in card.not_terms if t and t in text), "")
    if excluded:
        return f"uses the card's not_term {excluded!r}"
    own = _overlap(text, card)
    if any(t and t in text for t in card.terms) or own >= FOREIGN_OVERLAP:
        return ""
    for term, holders in owners.items():
        if len(term) >= 3 and term in text and len(holders) == 1 and area(holders[0]) != area(card):
            other = _overlap(text, holders[0])
            if other >= FOREIGN_SHARE and other >= 2 * own:
                return f"uses {term!r}, a term only {holders[0].slug} carries, and reads like its phrasings"
    return ""


def read_lines(paths: list[Path]) -> list[tuple[str, list[str]]]:
    entries: list[tuple[str, list[str]]] = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{number}: not JSON ({exc})") from exc
            slug, phrasings = data.get("slug"), data.get("phrasings")
            if not isinstance(slug, str) or not isinstance(phrasings, list):
                raise SystemExit(f"{path}:{number}: needs a slug and a list of phrasings")
            entries.append((slug, [p for p in phrasings if isinstance(p, str)]))
    return entries


def choose(entries: list[tuple[str, list[str]]], cards: list[Card]) -> Outcome:
    """Which phrasings join which card (see the module's docstring)."""
    by_slug = {c.slug: c for c in cards}
    carried: dict[str, str] = {}
    for card in cards:
        for text in card.phrasings:
            carried.setdefault(key(text), card.slug)
    owners: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        for term in set(card.terms):
            owners[term].append(card)
    outcome = Outcome()
    for slug, phrasings in entries:
        card = by_slug.get(slug)
        if card is None:
            outcome.unknown.append(slug)
            continue
        for raw in phrasings:
            text = " ".join(raw.split())
            if not text or len(text) > MAX_CHARS or not _CJK.search(text):
                outcome.dropped.append((slug, raw, "empty, too long or not Chinese"))
                continue
            owner = carried.get(key(text))
            if owner == slug:
                outcome.repeated += 1
                continue
            if owner is not None:
                outcome.elsewhere.append((slug, text, owner))
                continue
            why = foreign(text, card, cards, owners)
            if why:
                outcome.dropped.append((slug, text, why))
                continue
            carried[key(text)] = slug
            outcome.added[slug].append(text)
    return outcome


def _toml_string(text: str) -> str:
    # a JSON string is a valid TOML basic string (the same escapes)
    return json.dumps(text, ensure_ascii=False)


def insert(source: str, slug: str, phrasings: list[str]) -> str:
    """``source`` (a card file) with ``phrasings`` appended to the ``phrasings`` array of ``slug``."""
    lines = source.split("\n")
    at = next((i for i, line in enumerate(lines) if re.match(rf'^slug\s*=\s*"{re.escape(slug)}"\s*$', line)), None)
    if at is None:
        raise ValueError(f"card {slug} not found")
    end_of_card = next((i for i in range(at + 1, len(lines)) if lines[i].strip() == "[[card]]"), len(lines))
    start = next((i for i in range(at, end_of_card) if re.match(r"^phrasings\s*=\s*\[", lines[i])), None)
    if start is None:
        raise ValueError(f"card {slug}: no phrasings array")
    if re.match(r"^phrasings\s*=\s*\[.*\]\s*$", lines[start]):
        # a one-line array: written out one phrasing a line
        existing = cardfile_strings(lines[start])
        block = ["phrasings = [", *(f"  {_toml_string(p)}," for p in [*existing, *phrasings]), "]"]
        return "\n".join([*lines[:start], *block, *lines[start + 1:]])
    close = next((i for i in range(start + 1, end_of_card) if lines[i].strip() == "]"), None)
    if close is None:
        raise ValueError(f"card {slug}: the phrasings array is not closed on a line of its own")
    last = close - 1
    while last > start and not lines[last].strip():
        last -= 1
    if last > start and not lines[last].rstrip().endswith((",", "[")):
        lines[last] = lines[last].rstrip() + ","
    indent = re.match(r"^(\s*)", lines[last]).group(1) if last > start else "  "  # type: ignore[union-attr]
    added = [f"{indent or '  '}{_toml_string(p)}," for p in phrasings]
    return "\n".join([*lines[:close], *added, *lines[close:]])


def cardfile_strings(line: str) -> list[str]:
    import tomllib

    return list(tomllib.loads(line)["phrasings"])


def write(path: Path, slugs: dict[str, list[str]], *, dry_run: bool) -> None:
    """Insert the phrasings of ``slugs`` into ``path``, check the file loads with them, then write it."""
    text = path.read_text(encoding="utf-8")
    for slug, phrasings in slugs.items():
        text = insert(text, slug, phrasings)
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / path.name
        probe.write_text(text, encoding="utf-8")
        loaded = {c.slug: c for c in cardfile.load_file(probe)}  # raises CardFileError naming the field
    for slug, phrasings in slugs.items():
        missing = [p for p in phrasings if p not in loaded[slug].phrasings]
        if missing:
            raise cardfile.CardFileError(
                f"{path.name}: card {slug}: phrasings not found after the merge: {missing[:2]}")
    if not dry_run:
        path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--cards", type=Path, default=cardfile.CARDS_DIR, help="the card files' directory")
    parser.add_argument("--dry-run", action="store_true", help="check and report, write nothing")
    parser.add_argument("--verbose", action="store_true", help="list the phrasings left out")
    args = parser.parse_args(argv)
    files = cardfile.card_files(args.cards)
    cards = cardfile.load_cards(files)
    home = {}
    for path in files:
        for card in cardfile.load_file(path):
            home[card.slug] = path
    outcome = choose(read_lines(args.files), cards)
    per_file: dict[Path, dict[str, list[str]]] = defaultdict(dict)
    for slug, phrasings in outcome.added.items():
        per_file[home[slug]][slug] = phrasings
    status = 0
    for path, slugs in sorted(per_file.items()):
        try:
            write(path, slugs, dry_run=args.dry_run)
        except (cardfile.CardFileError, ValueError) as exc:
            print(f"NOT WRITTEN {exc}")
            status = 1
            continue
        print(f"{path.name}: {sum(len(p) for p in slugs.values())} phrasings added to {len(slugs)} cards")
    print(f"added {sum(len(p) for p in outcome.added.values())}, already there {outcome.repeated}, "
          f"carried by another card {len(outcome.elsewhere)}, dropped {len(outcome.dropped)}, "
          f"unknown slugs {len(outcome.unknown)}" + (" (dry run)" if args.dry_run else ""))
    for slug in dict.fromkeys(outcome.unknown):
        print(f"  unknown slug: {slug}")
    if args.verbose:
        for slug, text, why in outcome.dropped:
            print(f"  dropped {slug}: {text} — {why}")
        for slug, text, other in outcome.elsewhere:
            print(f"  carried by {other}, not added to {slug}: {text}")
    return status


if __name__ == "__main__":
    sys.exit(main())
