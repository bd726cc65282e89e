"""List card exceptions still written only as prose, and those the engine could already decide.

    python scripts/list_prose_exceptions.py [--all] [--area labor] [--conditions] [legal/cards/*.toml]

A lawyer fails an answer that states the general rule where the client's facts meet an exception that decides
the question (a pregnant employee's contract "expiring", a guarantee worded "不能还款时由我承担" read as joint). A
card exception typed as a rule (``exceptions = [{text, when, basis, yes_no …}]``, SCHEMA.md "Exceptions that
decide") is applied: its conclusion is the answer when the facts meet it, and its ``ask`` names the deciding fact
when the question does not tell it. A prose exception is only shown as a risk note after the general answer.

Prints one line per prose exception that names a fact the engine already reads (the fact and the words that name
it: these can be typed now), or every prose exception with ``--all``; then the counts: typed, prose, prose with a
fact read.
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

#: Words of an exception that name a fact the engine reads (legal/facts.py, legal/readers.py), and that fact.
FACT_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("maternity_period", re.compile(r"孕期|怀孕|产期|哺乳期|三期")),
    ("medical_period", re.compile(r"医疗期")),
    ("injured_at_work", re.compile(r"工伤|职业病|因工")),
    ("years_to_retirement", re.compile(r"退休年龄不足|距法定退休")),
    ("worker_drunk", re.compile(r"醉酒|吸毒")),
    ("surrendered", re.compile(r"自首|投案")),
    ("meritorious", re.compile(r"立功")),
    ("victim_forgave", re.compile(r"谅解|和解")),
    ("first_offence", re.compile(r"初犯|累犯|前科")),
    ("age / child_age", re.compile(r"周岁|未成年|八周岁|十四周岁|十六周岁")),
    ("general_guarantee / joint_guarantee", re.compile(r"一般保证|连带责任保证|保证方式")),
    ("spouse_cosigned", re.compile(r"共同签名|共同签字|追认")),
    ("goods_intact", re.compile(r"完好|吊牌|拆封")),
    ("lender_relation", re.compile(r"夫妻之间|近亲属之间|亲属之间")),
    ("blood_alcohol", re.compile(r"毫克")),
    # the deciders of conditions (legal/readers.py ``_DECIDERS``): what a conditional conclusion turns on
    ("gift_delivered / donee_wronged", re.compile(r"交付|过户|扶养义务|严重侵害")),
    ("family_use / spouse_cosigned", re.compile(r"共同生活|家庭日常|共同签|追认")),
    ("self_operated / seller_unreachable", re.compile(r"自营|联系方式|第三方商家")),
    ("lawful_source", re.compile(r"合法来源|进货凭证|进货合同")),
    ("debtor_acknowledged / creditor_demanded", re.compile(r"承认|催告|催过|还过")),
    ("title_transferred", re.compile(r"已过户|没过户|未过户")),
    ("rules_published", re.compile(r"公示")),
)
#: A default conclusion that states its condition instead of deciding: 可以（还没交付的）, 要看…, 不一定, 取决于.
CONDITIONAL = re.compile(r"^[^。：:]{0,8}?（[^）]{2,40}的）|^(?:要看|不一定|取决于|视情况|分情况|能否[^。]{0,8}要看)")


def scan_conditions(paths: list[Path]) -> list[dict[str, object]]:
    """Answers whose default conclusion is conditional and names a fact the engine reads, with the facts their cases
    already type (``typed``): a condition the readers read but no case decides is a hedge the facts could settle."""
    rows = []
    for path in paths:
        for card in load_file(path):
            for qtype, answer in card.answers.items():
                if not CONDITIONAL.search(answer.conclusion):
                    continue
                typed = {p.fact for case in answer.cases for p in case.when}
                facts = [name for name, pattern in FACT_WORDS if pattern.search(answer.conclusion)]
                untyped = [name for name in facts if not any(part.strip() in typed for part in name.split("/"))]
                rows.append({"slug": card.slug, "area": card.slug.split(".", 1)[0], "qtype": qtype,
                             "text": answer.conclusion, "facts": untyped, "cases": len(answer.cases)})
    return rows


def main_conditions(paths: list[Path], area: str, every: bool) -> int:
    rows = [r for r in scan_conditions(paths) if not area or r["area"] == area]
    for row in rows:
        if every or row["facts"]:
            named = ",".join(row["facts"]) or "-"
            print(f"{row['slug']:<44} {row['qtype']:<10} {named:<36} {str(row['text'])[:50]}")
    readable = sum(1 for r in rows if r["facts"])
    with_cases = sum(1 for r in rows if r["cases"])
    print(f"conditional conclusions: {len(rows)}; with cases: {with_cases}; "
          f"naming a fact the engine reads that no case of theirs types: {readable}")
    return 0


def scan(paths: list[Path]) -> list[dict[str, object]]:
    rows = []
    for path in paths:
        for card in load_file(path):
            typed = {rule.text for rule in card.exception_rules}
            for text in card.exceptions:
                facts = [name for name, pattern in FACT_WORDS if pattern.search(text)]
                rows.append({"slug": card.slug, "area": card.slug.split(".", 1)[0], "text": text,
                             "typed": text in typed, "facts": facts})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--all", action="store_true", help="list every prose exception, not only the typable ones")
    parser.add_argument("--area", default="", help="only the cards of this area (labor, debt …)")
    parser.add_argument("--conditions", action="store_true",
                        help="list the answers' conditional conclusions (可以（…的）, 要看, 不一定) instead")
    args = parser.parse_args(argv)
    if args.conditions:
        return main_conditions(args.paths or card_files(), args.area, args.all)
    rows = [r for r in scan(args.paths or card_files()) if not args.area or r["area"] == args.area]
    for row in rows:
        if row["typed"] or not (args.all or row["facts"]):
            continue
        named = ",".join(row["facts"]) or "-"
        print(f"{row['slug']:<48} {named:<36} {str(row['text'])[:60]}")
    typed = sum(1 for r in rows if r["typed"])
    prose = [r for r in rows if not r["typed"]]
    readable = sum(1 for r in prose if r["facts"])
    by_area = Counter(str(r["area"]) for r in prose if r["facts"])
    print(f"exceptions: {len(rows)}; typed: {typed}; prose: {len(prose)}; "
          f"prose naming a fact the engine reads: {readable}")
    print("typable by area: " + ", ".join(f"{area} {n}" for area, n in by_area.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
