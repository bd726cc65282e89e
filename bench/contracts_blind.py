"""The offline reviewer on contracts with risks planted by someone who has not read the rules.

    .venv/bin/python bench/contracts_blind.py [--half tune|hidden|all] [--gold PATH] [--details] [--swap-side]
                                              [--files NAME ...] [--dump FILE]

Data: ``bench/data/blind/contracts/gold.json`` (both halves now tuning data) or ``--gold``, e.g. the hidden
measure ``bench/data/blind2/contracts/gold.json`` with ``--half hidden``; the format::

    {"contracts": [{"file", "half", "contract_type", "side",
                    "risks": [{"id", "clause" (the label as the document numbers it, or null for a missing
                               clause), "quote", "kind", "description", "basis": [{"law", "article"}],
                               "severity", "fix", "for_side"?}],
                    "lookalikes": [{"clause", "quote", "why"}]}]}

Only the half asked for is read (``tune`` by default: the rules may be tuned on it; ``hidden`` is for the
final measure only). Each contract is read and split by the real pipeline and reviewed by the starter set
under the gold's type — a label in the writer's own list (sale_of_goods) as the product type a lawyer picks
for it (:func:`product_type`), and a finer type the upload detects in the same family stands
(:func:`contract_kind`); clause labels are compared by number in one spelling (:func:`clause_key`) —
with the gold's side (:func:`contracts.playbook.contract_findings`). For each planted risk:

- **found (loose)**: a finding sits on its clause — a finding in a sub-clause counts for its top-level
  clause; for a missing clause (``clause`` null), a missing-clause finding — and every article of the
  finding's basis is verified in the shipped corpora (present, in force, about the rule:
  its text holds one of the rule's ``basis_keywords``);
- **found (strict)**: as loose, and the finding's basis shares an article with the gold's basis;
- **anchored**: a strict finding's quote overlaps the planted words (the Word comment sits on them, not on
  a neighbouring sentence of the clause);
- risks marked ``"for_side": "other"`` (the other side's risk, not ours) are not counted as planted; a
  finding on their clause is reported as **flagged for the wrong side**.

``--swap-side`` reviews each contract for the other party (甲方（出租方） for 乙方（承租方）): the gold's risks for
our side become the other side's (a finding on them is **flagged for the wrong side**) and its
``for_side: other`` risks become ours — a measure of whether the rules know whose interest they protect. A
finding only by rules that read no side (:func:`both_sides`: an illegal, void or unclear term is a risk for
either party) is counted apart, as a **both sides' risk**.

Look-alikes: a finding on a look-alike's clause whose quote overlaps the look-alike's quote is an issue on
a lawful look-alike. Suggestion defects: every finding's suggestion checked by
:func:`contracts.playbook.quality.suggestion_defects` (blank, doubled punctuation, a party the contract
does not name, figures that disagree). Cost: ``contract_findings`` per contract. Prints numbers; asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# Reading a .docx consults the upload limits in the settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
import django  # noqa: E402

django.setup()

from bench.contracts_playbook import Corpus, cited_laws, norm, top_clause  # noqa: E402
from bench.stats import percentile  # noqa: E402
from contracts.ingest import read_document, split_document  # noqa: E402
from contracts.playbook import contract_facts, contract_findings, starter_rules  # noqa: E402
from contracts.playbook.quality import suggestion_defects  # noqa: E402

DEFAULT_GOLD = ROOT / "bench" / "data" / "blind" / "contracts" / "gold.json"


def law_key(name: str) -> str:
    """A law's name without 《》 and the 中华人民共和国 prefix (民法典 = 中华人民共和国民法典)."""
    return re.sub(r"^中华人民共和国", "", (name or "").strip().strip("《》"))


#: Gold labels written in a coarser list than the product's types, and the product type each names.
GOLD_ALIASES = {"brokerage": "intermediary"}
#: Words of a gold label written in its writer's own list (sale_of_goods, data_processing,
#: construction_subcontract, education_training) and the product type a lawyer picks on upload for each.
LABEL_WORDS = {"goods": "sale", "purchase": "sale", "procurement": "sale", "supply": "sale",
               "information": "data", "privacy": "data", "lending": "loan", "borrowing": "loan",
               "warehouse": "storage", "transportation": "transport", "freight": "transport",
               "franchising": "franchise", "subcontract": "construction", "engineering": "construction",
               "training": "service", "education": "service", "consulting": "service", "brokerage": "intermediary",
               "employment": "labor", "rental": "lease", "tenancy": "lease", "warehousing": "storage",
               "cargo": "transport", "carriage": "transport", "logistics": "transport", "donation": "gift",
               "agency": "entrustment", "secrecy": "nda", "confidentiality": "nda", "license": "tech_transfer",
               "licensing": "tech_transfer", "shares": "equity", "share": "equity", "surety": "guarantee",
               "software": "tech_dev", "development": "tech_dev"}


def product_type(label: str) -> str:
    """The product's contract type for a gold label: the label itself when it is one, else an alias, else the
    first word of it that names a type (sale_of_goods → sale) or stands for one (training → service); ""
    when nothing does (the upload's own detection then stands)."""
    from contracts.models import ContractType
    known = set(ContractType.values)
    label = GOLD_ALIASES.get(label, label)
    if label in known:
        return label
    words = re.split(r"[_\-\s/]+", label.lower())
    for word in words:
        if word in known:
            return word
    for word in words:
        if word in LABEL_WORDS:
            return LABEL_WORDS[word]
    return ""
#: Types a lawyer would treat as one family: when the gold names one and the upload's own detection
#: names another of the same family, the detected (finer) type stands, as it would on the page.
FAMILIES = ({"tech_dev", "tech_transfer", "tech_service"}, {"lease", "finance_lease"},
            {"service", "entrustment", "intermediary"}, {"construction", "work"})


def contract_kind(gold: str, detected: str) -> str:
    """The type the review runs under: the gold's (a lawyer sets the type on upload), except that a
    finer type the upload detects within the same family stands, and ``other`` leaves detection alone."""
    gold = product_type(gold or "")
    if not gold or gold == "other":
        return detected
    if detected != gold and any(gold in family and detected in family for family in FAMILIES):
        return detected
    return gold


def gold_clause(label: str | None) -> str | None:
    """The number of a gold clause label, without the heading some writers give after it
    (二、标的物及价款 → 二; 6、推广方式 → 6; 第五条 违约责任 → 第五条), as :func:`top_clause` numbers a finding's
    clause."""
    if label is None:
        return None
    label = label.strip()
    label = re.sub(r"^([一二三四五六七八九十百零〇]+、).+$", r"\1", label)
    label = re.sub(r"^(\d+)、\s*\S.*$", r"\1", label)  # 6、推广方式 → 6 (the document's 6、 reads as 6)
    label = re.sub(r"^(第[一二三四五六七八九十百零〇\d]+条)\s*\S.*$", r"\1", label)
    label = re.sub(r"^([（(][一二三四五六七八九十百零〇\d]+[）)])\s*\S.*$", r"\1", label)
    return clause_key(norm(label))


def clause_key(number: str | None) -> str | None:
    """One spelling for a top-level clause number, whichever numerals the document and the gold use for it:
    第3条 and 第三条 are ``条3``, 三、 is ``、3``, （三） is ``（3``, 3 and 3.1 (its top clause) are ``3``; other
    labels stay as they are. A document numbered in two styles (一、工程概况 … 第一条 甲方的义务) keeps them apart: see
    :func:`same_clause`."""
    if number is None:
        return None
    digits = "一二三四五六七八九十百零〇"
    m = re.fullmatch(rf"第([{digits}\d]+)条|([{digits}]+)、?|(\d+)(?:\.\d+)*|[（(]([{digits}\d]+)[）)]",
                     number.strip())
    if not m:
        return number
    style = "条" if m.group(1) else "、" if m.group(2) else "（" if m.group(4) else ""
    value = next(g for g in m.groups() if g)
    if not value.isdigit():
        try:
            import cn2an
            value = str(int(cn2an.cn2an(value, "smart")))
        except (ValueError, KeyError, IndexError, TypeError):
            return number
    return f"{style}{int(value)}"


def same_clause(a: str | None, b: str | None) -> bool:
    """Two clause keys name one clause: equal, or the same number where one of them is bare (3 for 第3条)."""
    if a is None or b is None:
        return a == b
    if a == b:
        return True
    bare = [k for k in (a, b) if k.isdigit()]
    return len(bare) == 1 and a.lstrip("条、（") == b.lstrip("条、（")


def in_preamble(finding, label: str | None, by_order) -> bool:
    """A gold label that is no clause number (重要提示, 特别提示) names a block of the preamble: a finding in
    the unnumbered preamble section that holds those words is on it."""
    if not label or finding.section_order is None or clause_key(label) != label.strip():
        return False
    section = by_order.get(finding.section_order)
    return (section is not None and section.kind == "preamble" and not (section.number or "").strip()
            and _flat(label) in _flat(section.text))


def article_no(value) -> int | None:
    if isinstance(value, int):
        return value
    text = str(value or "").strip().removeprefix("第").removesuffix("条")
    if text.isdigit():
        return int(text)
    try:
        import cn2an
        return int(cn2an.cn2an(text, "smart"))
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text or "")


def _span_of(section_text: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` sits in the section (whitespace ignored), as (start, end) in the flattened text."""
    flat, q = _flat(section_text), _flat(quote)
    if not q:
        return None
    i = flat.find(q)
    if i < 0 and len(q) > 12:
        i = flat.find(q[:12])
        return (i, i + len(q)) if i >= 0 else None
    return (i, i + len(q)) if i >= 0 else None


def both_sides(rule, quote: str = "") -> bool:
    """The finding is a risk for either party (an illegal, void or unclear term — 违法约定, 专属管辖, 约定不明,
    金额大小写): its rule reads no side (no ``party``, no ``protects``), or rests on a mandatory rule the engine
    applies for either side (``strikes``), or it is a term put off that no party
    decides (价款日后另议 — a rule whose actor is inside its words, with none there)."""
    from contracts.playbook.engine import inner_actor, strikes
    from contracts.playbook.numbers import normalize
    params = rule.params or {}
    if params.get("party", "any") == "any" and not params.get("protects"):
        return True
    if strikes(rule):
        # a term against a mandatory rule (contracts/playbook/mandatory.toml) is void or fined whoever it favours
        return True
    return bool(params.get("actor_inside")) and quote != "" and not inner_actor(normalize(quote), 0, len(quote))


def _overlaps(section_text: str, quote: str, other: str) -> bool:
    a, b = _span_of(section_text, quote), _span_of(section_text, other)
    return a is None or b is None or (a[0] < b[1] and b[0] < a[1])


def swapped_side(side: str, parties: Iterable[str] = ()) -> str:
    """The other party, named as the gold names ours, role words and all: 乙方（承租方） → 甲方（出租方）,
    乙方（学员、消费者） → 甲方（培训机构）, 甲方（托运人宁波某某公司） → 乙方（承运人）, 存货方 → 保管方. The first
    role word becomes its opposite (sides.OPPOSITES); the rest of the description (消费者, a second role, a company's
    name) described our party, not the other one, and is dropped. When our side carries several role words
    (甲方（业主/发包人）) and the contract names its parties by role (``parties``: 发包人, 承包人), the role whose
    opposite is one of the contract's parties names the other side (承包人, not the 物业服务人 of 业主)."""
    from contracts.playbook.engine import COUNTERPARTS
    from contracts.playbook.sides import OPPOSITES, ROLE_CLASSES
    # 委托人 has two counterparts (受托人, 中介人) in the engine's table; the bench names the first.
    names = {**COUNTERPARTS, "委托人": "受托人", "委托方": "受托方",
             "业主大会": "物业服务人", "业主委员会": "物业服务人"}
    for cls, words in ROLE_CLASSES.items():
        other = sorted(OPPOSITES.get(cls, ()))
        for word in words:
            if word not in names and other:
                names[word] = ROLE_CLASSES[other[0]][0]
    words = sorted(set(names) | {"丙方", "丁方"}, key=len, reverse=True)
    role_rx = re.compile("|".join(map(re.escape, words)))
    head, rest = (re.split(r"[（(]", side, maxsplit=1) + [""])[:2]
    head = head.strip()
    swapped_head = names.get(head, head)
    roles: list[str] = []
    for m in role_rx.finditer(rest):
        word = names.get(m.group(0), m.group(0))
        if word != swapped_head and word not in roles:
            roles.append(word)
    # The first role names the party (委托人/买方 in a brokerage: the other side is the 居间方, not a seller),
    # unless another one is the role the contract itself gives the other party.
    given = set(parties)
    named = [r for r in roles if r in given]
    if named:
        return f"{swapped_head}（{named[0]}）"
    return f"{swapped_head}（{roles[0]}）" if roles else swapped_head


def _finding_line(f) -> str:
    """One finding as a dump line: every field the review returns, in a fixed order."""
    return json.dumps([f.rule_code, f.section_order, f.quote, f.start, f.end, f.category, str(f.severity),
                       f.description, f.suggestion, [[b.law, b.article] for b in f.basis]], ensure_ascii=False)


def score(gold_path: Path, half: str, details: bool, swap: bool = False, files: list[str] | None = None,
          dump: Path | None = None) -> None:
    gold = json.loads(gold_path.read_text(encoding="utf-8"))
    items = [c for c in gold["contracts"] if half == "all" or c.get("half") == half]
    if files:
        items = [c for c in items if any(name in c["file"] for name in files)]
    folder = gold_path.parent
    rules = starter_rules()
    by_code = {r.code: r for r in rules}
    corpus = Corpus(cited_laws(rules))
    defect_kinds: Counter[str] = Counter()
    totals = {"planted": 0, "loose": 0, "strict": 0, "lookalikes": 0, "lookalike_hits": 0, "other": 0,
              "other_flagged": 0, "other_both": 0, "findings": 0, "defects": 0, "contracts": 0,
              "quoted": 0, "quoted_of": 0}
    costs = []
    cpu_costs = []
    out = dump.open("w", encoding="utf-8") if dump else None
    for item in items:
        path = folder / item["file"]
        if not path.exists():
            path = folder / item.get("half", "") / item["file"]
        split = split_document(read_document(path.name, path.read_bytes()))
        sections = split.sections
        by_order = {s.order: s for s in sections}
        kind = contract_kind(item.get("contract_type") or "", split.contract_type)
        side = item.get("side") or ""
        if swap:
            side = swapped_side(side, (party.role for party in split.parties))
        t0, c0 = time.perf_counter(), time.process_time()
        findings = contract_findings(sections, kind, rules, side=side)
        costs.append(time.perf_counter() - t0)
        cpu_costs.append(time.process_time() - c0)
        facts = contract_facts(sections, side=side)
        if out:
            out.write(f"# {item['file']} {kind} {side}\n")
            out.writelines(_finding_line(f) + "\n" for f in findings)

        placed = []
        for f in findings:
            clause = None if f.section_order is None else clause_key(top_clause(sections, f.section_order))
            verified = bool(f.basis) and all(
                corpus.verified(b.law, b.article, by_code[f.rule_code].basis_keywords) for b in f.basis)
            placed.append((f, clause, verified))
        defects = [(f, d) for f in findings if (d := suggestion_defects(f, sections, facts))]
        totals["findings"] += len(findings)
        totals["defects"] += len(defects)
        for _f, kinds in defects:
            for kind in kinds:
                # the defect's class, without the words of the contract (party 甲方 not declared → party)
                defect_kinds[kind.split(" ")[0] if kind.startswith(("party", "amount", "figures")) else kind] += 1

        found_loose = found_strict = planted = 0
        misses = []
        for risk in item.get("risks", []):
            clause = gold_clause(risk.get("clause"))
            on_clause = [(f, ok) for f, c, ok in placed
                         if (same_clause(c, clause) or in_preamble(f, risk.get("clause"), by_order)) and ok]
            if (risk.get("for_side") == "other") != swap:
                totals["other"] += 1
                # flagged: a finding on the very words of this risk (another risk may share its clause)
                on_clause = [(f, ok) for f, ok in on_clause if f.section_order is not None and _overlaps(
                    by_order[f.section_order].text, f.quote, risk.get("quote", ""))]
                if on_clause:
                    # a risk of both parties (a rule that reads no side) is reported apart from a side-aware
                    # rule that took the other side's risk for ours
                    both = all(both_sides(by_code[f.rule_code], f.quote) for f, _ in on_clause)
                    totals["other_both" if both else "other_flagged"] += 1
                    if details:
                        label = "both sides' risk          " if both else "flagged for the wrong side"
                        print(f"    {label}  {risk.get('id')} @ {clause}: "
                              f"{', '.join(f.rule_code for f, _ in on_clause)}")
                continue
            planted += 1
            gold_articles = {(law_key(b.get("law", "")), article_no(b.get("article"))) for b in risk.get("basis", [])}
            strict = [f for f, _ in on_clause
                      if {(law_key(b.law), b.article) for b in f.basis} & gold_articles]
            found_loose += bool(on_clause)
            found_strict += bool(strict)
            # anchored: a strict finding quotes the planted words, so the Word comment sits on them
            if strict and risk.get("clause") and risk.get("quote"):
                totals["quoted_of"] += 1
                anchored = any(f.section_order is not None and _span_of(by_order[f.section_order].text, f.quote)
                               and _span_of(by_order[f.section_order].text, risk["quote"])
                               and _overlaps(by_order[f.section_order].text, f.quote, risk["quote"]) for f in strict)
                totals["quoted"] += anchored
                if not anchored and details:
                    print(f"    not anchored {risk.get('id')} @ {clause}: quoted "
                          f"{strict[0].quote[:40]!r}; planted {risk['quote'][:40]!r}")
            if not on_clause:
                misses.append(risk)
            elif not strict and details:
                cited = sorted({f"{law_key(b.law)}{b.article}" for f, _ in on_clause for b in f.basis})
                wanted = sorted(f"{law}{article}" for law, article in gold_articles)
                print(f"    not strict {risk.get('id')} @ {clause}: cited {', '.join(cited)}; gold {', '.join(wanted)}")
        look_hits = []
        for look in item.get("lookalikes", []):
            clause = gold_clause(look.get("clause"))
            totals["lookalikes"] += 1
            hits = []
            for f, c, _ in placed:
                if not same_clause(c, clause) or f.section_order is None:
                    continue
                section = by_order[f.section_order]
                want = _span_of(section.text, look.get("quote", ""))
                got = _span_of(section.text, f.quote)
                if want is None or got is None or (got[0] < want[1] and want[0] < got[1]):
                    hits.append(f)
            if hits:
                totals["lookalike_hits"] += 1
                look_hits.append((look, hits))
        totals["planted"] += planted
        totals["loose"] += found_loose
        totals["strict"] += found_strict
        totals["contracts"] += 1
        print(f"{item['file']:36} {item.get('half', ''):6} {kind:13} side {side or '—':6} sections {len(sections):3}  "
              f"found {found_strict}/{found_loose}/{planted} (strict/loose/planted)  "
              f"look-alikes hit {len(look_hits)}/{len(item.get('lookalikes', []))}  defects {len(defects)}")
        if details:
            for risk in misses:
                print(f"    missed {risk.get('id')} @ {risk.get('clause')}: {risk.get('kind')} — "
                      f"{(risk.get('quote') or '')[:60]}")
            for look, hits in look_hits:
                print(f"    look-alike @ {look.get('clause')}: {', '.join(f.rule_code for f in hits)} — "
                      f"{(look.get('quote') or '')[:60]}")
            for f, d in defects:
                print(f"    defect {f.rule_code}: {', '.join(d)} — {f.suggestion[:60]}")

    print()
    n = max(1, totals["planted"])
    print(f"{half}: {totals['contracts']} contracts, {totals['planted']} planted risks for our side")
    print(f"  found on the right clause with a verified basis: strict {totals['strict']}/{totals['planted']} = "
          f"{totals['strict'] / n:.1%}, loose {totals['loose']}/{totals['planted']} = {totals['loose'] / n:.1%}")
    print(f"  strict findings quoting the planted words (the comment's anchor): {totals['quoted']}/"
          f"{totals['quoted_of']}")
    print(f"  issues on lawful look-alikes: {totals['lookalike_hits']}/{totals['lookalikes']} look-alikes "
          f"({totals['lookalike_hits'] / max(1, totals['contracts']):.2f} per contract)")
    print(f"  the other side's risks flagged as ours: {totals['other_flagged']}/{totals['other']} by side-aware rules; "
          f"{totals['other_both']}/{totals['other']} are both sides' risks (rules that read no side: illegal, void "
          f"or unclear terms)")
    kinds = ", ".join(f"{k} {n}" for k, n in defect_kinds.most_common())
    print(f"  suggestion defects: {totals['defects']} of {totals['findings']} findings"
          + (f" ({kinds})" if kinds else ""))
    if costs:
        print(f"  cost: contract_findings p50 {percentile(costs, 50) * 1000:.1f} ms per contract "
              f"(max {max(costs) * 1000:.1f} ms); {len(rules)} rules")
        print(f"  CPU: contract_findings {sum(cpu_costs) / len(cpu_costs) * 1000:.1f} ms per contract on average "
              f"(p50 {percentile(cpu_costs, 50) * 1000:.1f} ms, {sum(cpu_costs):.2f} s for {len(cpu_costs)})")
    if out:
        out.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", default="tune", choices=("tune", "hidden", "all"))
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--details", action="store_true", help="list misses, look-alike hits and defects")
    parser.add_argument("--swap-side", action="store_true", help="review for the other party than the gold's side")
    parser.add_argument("--files", nargs="+", metavar="NAME",
                        help="only the contracts whose file name contains one of these (e.g. the newest ones)")
    parser.add_argument("--dump", type=Path, default=None,
                        help="write every finding of every contract here (tuning sets only)")
    args = parser.parse_args()
    if not args.gold.exists():
        sys.exit(f"no gold file at {args.gold}")
    score(args.gold, args.half, args.details, args.swap_side, args.files, args.dump)


if __name__ == "__main__":
    main()
