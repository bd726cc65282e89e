"""Export benchmark on the dev contracts (tests/data/contracts).

    python bench/contracts_export.py [--issues 10 30 100] [--no-libreoffice]

For each dev .docx (annotated in place) and .txt (a generated .docx) and N issues (quotes spread
over the document, every other one with a rewrite): the export time, how many comments are
anchored exactly on their quote, the share of original paragraphs whose text survives (tracked
changes rejected), and whether LibreOffice converts the export to PDF (with its time). Then the
review report .docx for the largest N, also through LibreOffice.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from contracts.export import annotated_docx, report_docx  # noqa: E402
from contracts.export.libreoffice import LibreOfficeError, docx_to_pdf  # noqa: E402
from tests.contracts.export_support import (  # noqa: E402
    DOCX_FILES,
    TXT_FILES,
    comment_anchors,
    docx_paragraph_texts,
    make_issues,
    rejected_texts,
    sections_by_blocks,
    sections_by_lines,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--issues", type=int, nargs="+", default=[10, 30, 100])
    parser.add_argument("--no-libreoffice", action="store_true")
    args = parser.parse_args()

    cases = []
    for path in DOCX_FILES:
        original = path.read_bytes()
        texts = docx_paragraph_texts(original)
        cases.append((path.name, original, "docx", texts, sections_by_blocks(texts, size=2)))
    for path in TXT_FILES:
        sections = sections_by_lines(path.read_text(encoding="utf-8"), size=2)
        # the generated document: the title, then every line of every section
        texts = [path.name, *"\n".join(s.text for s in sections).split("\n")]
        cases.append((path.name, None, "txt", texts, sections))

    print(f"{'file':56} {'N':>4} {'export ms':>9} {'anchored':>9} {'kept':>7}  LibreOffice")
    kept_total = kept_ok = converted = conversions = 0
    times = []
    for name, original, fmt, texts, sections in cases:
        for count in args.issues:
            issues = make_issues(sections, count)
            started = time.perf_counter()
            out = annotated_docx(original=original, file_format=fmt, title=name, sections=sections, issues=issues)
            elapsed = (time.perf_counter() - started) * 1000
            times.append(elapsed)
            anchors = comment_anchors(out)
            anchored = sum(1 for issue in issues if issue.quote in anchors.values())
            after = rejected_texts(out)
            kept = sum(1 for a, b in zip(after, texts, strict=False) if a == b) if len(after) == len(texts) else 0
            kept_total += len(texts)
            kept_ok += kept
            lo = "skipped"
            if not args.no_libreoffice:
                conversions += 1
                started = time.perf_counter()
                try:
                    docx_to_pdf(out)
                    converted += 1
                    lo = f"ok {time.perf_counter() - started:4.1f} s"
                except LibreOfficeError as exc:
                    lo = f"FAILED {exc}"[:60]
            print(f"{name:56} {count:>4} {elapsed:>9.1f} {anchored:>4}/{len(issues):<4} "
                  f"{kept / max(len(texts), 1):>7.1%}  {lo}")

    biggest = max(args.issues)
    name, _, _, _, sections = cases[0]
    started = time.perf_counter()
    report = report_docx(title=name, contract_type_label="委托合同", sections=sections,
                         issues=make_issues(sections, biggest))
    report_ms = (time.perf_counter() - started) * 1000
    report_lo = "skipped"
    if not args.no_libreoffice:
        conversions += 1
        try:
            docx_to_pdf(report)
            converted += 1
            report_lo = "ok"
        except LibreOfficeError as exc:
            report_lo = f"FAILED {exc}"
    print(f"\nreport .docx with {biggest} issues: {report_ms:.1f} ms, LibreOffice {report_lo}")
    print(f"export time: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")
    print(f"paragraph text kept: {kept_ok}/{kept_total} ({kept_ok / max(kept_total, 1):.2%})")
    if conversions:
        print(f"LibreOffice converted: {converted}/{conversions}")


if __name__ == "__main__":
    main()
