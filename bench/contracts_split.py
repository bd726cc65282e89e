"""Clause splitting: clause-boundary F1 on the dev contracts and the time to read and split a
200-page .docx.

    .venv/bin/python bench/contracts_split.py [--runs 5] [--pages 200] [--errors]

F1: for each contract in ``tests/data/contracts/gold.json`` the sections the splitter marks
``kind == "clause"`` are compared with the gold list of the document's own top-level clauses
(read from the documents, not from the splitter) by their number (第一条, 一、, 1. …). Overall F1
is micro-averaged over all clauses. Timing: a generated contract of ``--pages`` pages (about 30
paragraphs a page formatted the way Word writes them, 第N条 clauses numbered by Word's automatic
numbering with （k） items, a party block and a signature block), read
(:func:`contracts.ingest.read_document`) and split (:func:`contracts.ingest.split_document`);
p50/max over ``--runs`` runs after a warm-up. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
import django  # noqa: E402

django.setup()  # the document reader's upload guard reads its limits from the settings
import docx  # noqa: E402
from docx.oxml import parse_xml  # noqa: E402

from bench.stats import percentile  # noqa: E402
from contracts.ingest import read_document, split_document  # noqa: E402

DATA = ROOT / "tests" / "data" / "contracts"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def f1_scores(predicted: list[str], gold: list[str]) -> tuple[int, int, int]:
    """(true positives, predicted, gold) with multiset matching of clause numbers."""
    tp = sum((Counter(predicted) & Counter(gold)).values())
    return tp, len(predicted), len(gold)


def _prf(tp: int, npred: int, ngold: int) -> tuple[float, float, float]:
    p = tp / npred if npred else 0.0
    r = tp / ngold if ngold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


_RPR = ('<w:rPr><w:rFonts w:ascii="Times New Roman" w:eastAsia="仿宋_GB2312" w:hAnsi="Times New Roman"/>'
        '<w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr>')
_PPR = '<w:pPr><w:spacing w:line="560" w:lineRule="exact"/><w:ind w:firstLine="640"/><w:jc w:val="both"/></w:pPr>'
_HEADING_PPR = ('<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="77"/></w:numPr>'
                '<w:spacing w:line="560" w:lineRule="exact"/></w:pPr>')


def generated_contract(pages: int) -> bytes:
    """About 30 paragraphs a page, formatted the way Word writes them (paragraph properties, several
    runs with fonts and sizes); the clause headings carry Word automatic numbering (第%1条)."""

    def para(text: str, ppr: str = _PPR) -> str:
        third = max(1, len(text) // 3)
        runs = "".join(f'<w:r>{_RPR}<w:t xml:space="preserve">{escape(part)}</w:t></w:r>'
                       for part in (text[:third], text[third:2 * third], text[2 * third:]) if part)
        return f"<w:p>{ppr}{runs}</w:p>"

    parts = [para("长期技术服务合同"), para("甲方：甲公司"), para("乙方：乙公司"), para("双方经协商一致，订立本合同。")]
    number = 0
    for _ in range(pages):
        for _ in range(3):
            number += 1
            parts.append(para(f"服务事项{number}", _HEADING_PPR))
            for k in range(9):
                parts.append(para(f"（{k + 1}）乙方应当按照本合同第{max(1, number - 1)}条的约定提供服务，"
                                  "并保证服务质量符合约定标准和国家规定。"))
    parts.append(para("甲方（盖章）：          乙方（盖章）："))
    document = docx.Document()
    numbering = document.part.numbering_part.element
    numbering.append(parse_xml(
        f'<w:abstractNum xmlns:w="{W}" w:abstractNumId="77"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
        f'<w:numFmt w:val="chineseCounting"/><w:lvlText w:val="第%1条"/></w:lvl></w:abstractNum>'))
    numbering.append(parse_xml(f'<w:num xmlns:w="{W}" w:numId="77"><w:abstractNumId w:val="77"/></w:num>'))
    body = document.element.body
    sect = body[-1]
    for child in list(parse_xml(f'<w:body xmlns:w="{W}">{"".join(parts)}</w:body>')):
        sect.addprevious(child)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--errors", action="store_true", help="list missing and extra clause numbers")
    args = parser.parse_args()

    gold = {k: v for k, v in json.loads((DATA / "gold.json").read_text(encoding="utf-8")).items()
            if not k.startswith("_")}
    print("Clause-boundary F1 (kind == clause vs the document's own top-level clauses)")
    totals = [0, 0, 0]
    for name in sorted(gold):
        doc = read_document(name, (DATA / name).read_bytes())
        result = split_document(doc)
        predicted = [s.number for s in result.sections if s.kind == "clause"]
        tp, npred, ngold = f1_scores(predicted, gold[name]["clauses"])
        totals = [totals[0] + tp, totals[1] + npred, totals[2] + ngold]
        p, r, f = _prf(tp, npred, ngold)
        flag = " (fallback)" if result.fallback_paragraphs else ""
        print(f"  {name:<58} P {p:.3f}  R {r:.3f}  F1 {f:.3f}  ({npred} predicted / {ngold} gold){flag}")
        if args.errors:
            missing = Counter(gold[name]["clauses"]) - Counter(predicted)
            extra = Counter(predicted) - Counter(gold[name]["clauses"])
            if missing or extra:
                print(f"      missing {sorted(missing.elements())}  extra {sorted(extra.elements())}")
    p, r, f = _prf(*totals)
    print(f"  {'overall (micro)':<58} P {p:.3f}  R {r:.3f}  F1 {f:.3f}  ({totals[1]} / {totals[2]})")

    data = generated_contract(args.pages)
    read_times, split_times, total_times = [], [], []
    paragraphs = 0
    for run in range(args.runs + 1):
        started = time.perf_counter()
        doc = read_document("generated.docx", data)
        read_done = time.perf_counter()
        result = split_document(doc)
        done = time.perf_counter()
        paragraphs = len(doc.paragraphs)
        if run == 0:
            continue  # warm-up
        read_times.append((read_done - started) * 1000)
        split_times.append((done - read_done) * 1000)
        total_times.append((done - started) * 1000)
    clauses = sum(1 for s in result.sections if s.kind == "clause")
    last = [s.number for s in result.sections if s.kind == "clause"][-1:]
    print(f"\n{args.pages}-page .docx ({len(data) // 1024} KB, {paragraphs} paragraphs, {clauses} clauses), "
          f"last {last[0] if last else '-'}, {args.runs} runs after a warm-up:")
    for label, values in (("read", read_times), ("split", split_times), ("read + split", total_times)):
        print(f"  {label:<14} p50 {percentile(values, 50):8.1f} ms   max {max(values):8.1f} ms")


if __name__ == "__main__":
    main()
