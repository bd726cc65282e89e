"""List card answers whose default conclusion enumerates situations instead of answering.

    python scripts/list_case_conclusions.py [--all] [--area labor] [legal/cards/*.toml]

A lawyer's first fault with the engine's answers: "a list of cases instead of an answer" — the conclusion
runs through every possible situation (若…则…；若…, （一）（二）, 分情况, 一是…二是…, 区分…) and never applies
the rule to the client's facts. Such an answer should carry typed ``cases`` (SCHEMA.md, "Conclusions decided
by the facts") and a default that leads with the plain answer for the common case.

Prints one line per flagged answer (slug, question type, whether it has ``cases``, the markers found) and the
counts: flagged answers, flagged answers without cases. ``--all`` lists the flagged answers that already
carry cases too (by default only those without are listed).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from legal.cardfile import card_files, load_file  # noqa: E402

#: Markers of a conclusion that lists situations (each a regex and the name it is reported by).
MARKERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # two or more conditionals: 若…；若…, 如果…；如果…, 若…则…；否则…
    ("若…若", re.compile(r"(?:若|如果|如|倘若|假如)[^。]{2,80}?[；;，,。][^。]{0,80}?(?:若|如果|倘若|假如|否则)")),
    ("（一）（二）", re.compile(r"[（(][一二三四1-4][)）][^（(]{2,120}[（(][二三四五2-5][)）]")),
    ("分情况", re.compile(r"分(?:两种|三种|几种)?情况|分别(?:处理|认定|看)|视情况")),
    ("一是…二是", re.compile(r"一是[^。]{2,120}二是|其一[^。]{2,120}其二")),
    ("区分", re.compile(r"区分|要看|取决于|看是否|看是|看您是|看你是")),
)
#: A clause that states a condition (若…, 如果…, …的，…): three or more in one conclusion list situations.
_CONDITION = re.compile(r"若|如果|倘若|假如|否则|的[，,]|时[，,]")
#: Question types whose answer is steps in order: 一是…二是 there lists steps, not situations.
STEP_TYPES = ("what_to_do", "forum")
_PLAIN = re.compile(r"^(?:可以|不可以|不能|能|合法|不合法|有效|无效|要|不用|不需要|需要|应当|属于|不属于|会|不会|"
                    r"构成|不构成|是|不是|有权|无权|没有|有|原则上|一般|通常)")


def markers(text: str, qtype: str = "") -> list[str]:
    """The names of the situation-listing markers ``text`` carries (two 若 at least for the conditional one)."""
    found = [name for name, pattern in MARKERS if pattern.search(text)
             and not (qtype in STEP_TYPES and name == "一是…二是")]
    said = re.sub(r"[^。；;？?]*[？?]", "", text)  # the question put back to the client lists nothing
    if sum(1 for clause in re.split(r"[；;。]", said) if _CONDITION.search(clause)) >= 3:
        found.append("三种以上条件")
    return found


def leads_plain(text: str) -> bool:
    """The conclusion's first words are a plain answer (可以 / 不合法 / 要 …)."""
    return bool(_PLAIN.match(text.strip()))


def scan(paths: list[Path]) -> list[dict[str, object]]:
    rows = []
    for path in paths:
        for card in load_file(path):
            for qtype, answer in card.answers.items():
                found = markers(answer.conclusion, qtype)
                if found:
                    rows.append({"slug": card.slug, "qtype": qtype, "cases": len(answer.cases),
                                 "markers": found, "plain": leads_plain(answer.conclusion), "file": path.name,
                                 "conclusion": answer.conclusion})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--all", action="store_true", help="list flagged answers that carry cases too")
    parser.add_argument("--area", default="", help="only this card file (labor, debt …)")
    parser.add_argument("--text", action="store_true", help="print the conclusion under each line")
    args = parser.parse_args(argv)
    paths = [Path(f) for f in args.files] if args.files else card_files()
    if args.area:
        paths = [p for p in paths if p.stem == args.area]
    rows = scan(paths)
    total = sum(len(card.answers) for p in paths for card in load_file(p))
    with_cases = sum(1 for p in paths for card in load_file(p) for a in card.answers.values() if a.cases)
    for row in rows:
        if row["cases"] and not args.all:
            continue
        print(f"{row['slug']}\t{row['qtype']}\tcases={row['cases']}\tplain={'y' if row['plain'] else 'n'}\t"
              f"{','.join(row['markers'])}")
        if args.text:
            print(f"    {row['conclusion']}")
    open_rows = [r for r in rows if not r["cases"]]
    by_file = Counter(str(r["file"]) for r in open_rows)
    print(f"answers: {total}; with cases: {with_cases}; listing situations: {len(rows)}; "
          f"of which without cases: {len(open_rows)}; without a plain lead: "
          f"{sum(1 for r in open_rows if not r['plain'])}")
    print("without cases by file: " + ", ".join(f"{f} {n}" for f, n in by_file.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
