"""Drafting: render time per shipped template (p50/p95), LibreOffice conversion of every shipped
template, and the share of fields pre-filled from chat transcripts.

    .venv/bin/python bench/drafting.py [--repeat 30] [--split measure|tune|all] [--data PATH] [--no-convert]

Rendering and pre-fill need no database (the templates are read from drafting/templates_docx and
the schemas from drafting.catalog). Transcripts (``tests/data/drafting_transcripts.jsonl``): each
item has the user's messages, the matter's client (may be empty), the template and gold values by
field path (``plaintiffs[0].name``, ``principal``: amounts with two decimals, dates ISO). The state
memory is built as the chat builds it (``extract_entities`` per message, ``merge``). Scored:
recall (gold fields pre-filled with the gold value / gold fields) and precision (right / gold
fields pre-filled at all). The pre-fill was tuned on the ``tune`` half; report the ``measure``
half. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")

import django  # noqa: E402

django.setup()

from bench.stats import percentile  # noqa: E402
from drafting import convert, render  # noqa: E402
from drafting import schema as fs  # noqa: E402
from drafting.catalog import BY_SLUG, SHIPPED  # noqa: E402
from drafting.prefill import Known, prefill  # noqa: E402
from legal.text.entities import Entities, extract_entities, merge  # noqa: E402

TEMPLATES = ROOT / "drafting" / "templates_docx"
DEFAULT_DATA = ROOT / "tests" / "data" / "drafting_transcripts.jsonl"
_PATH = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def value_at(values: Any, path: str) -> Any:
    for name, index in _PATH.findall(path):
        if index:
            values = values[int(index)] if isinstance(values, list) and int(index) < len(values) else None
        else:
            values = values.get(name) if isinstance(values, dict) else None
        if values is None:
            return None
    return values


def bench_render(repeat: int) -> None:
    print(f"render time per template ({repeat} renders each, ms)")
    print(f"{'template':32} {'p50':>7} {'p95':>7}")
    for template in SHIPPED:
        data = (TEMPLATES / f"{template.slug}.docx").read_bytes()
        cleaned, _ = fs.validate(template.fields, template.sample)
        render.render(data, cleaned, template.fields)  # warm-up
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            render.render(data, cleaned, template.fields)
            times.append((time.perf_counter() - started) * 1000)
        print(f"{template.slug:32} {percentile(times, 50):7.1f} {percentile(times, 95):7.1f}")


def bench_convert() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for template in SHIPPED:
            cleaned, _ = fs.validate(template.fields, template.sample)
            path = Path(tmp) / f"{template.slug}.docx"
            path.write_bytes(render.render((TEMPLATES / path.name).read_bytes(), cleaned, template.fields))
            files.append(path)
        started = time.perf_counter()
        try:
            pdfs = convert.to_pdf(files, Path(tmp) / "pdf")
        except convert.ConversionError as exc:
            print(f"LibreOffice conversion: FAILED ({exc})")
            return
        ok = [path.stem for path, pdf in pdfs.items() if pdf is not None]
        failed = [path.stem for path, pdf in pdfs.items() if pdf is None]
        print(f"LibreOffice conversion: {len(ok)}/{len(files)} templates converted to PDF "
              f"in {time.perf_counter() - started:.1f} s" + (f"; failed: {', '.join(failed)}" if failed else ""))


def bench_prefill(path: Path, split: str) -> None:
    items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = [item for item in items if split == "all" or item.get("split") == split]
    right = filled = total = 0
    misses: list[str] = []
    for item in items:
        template = BY_SLUG[item["template"]]
        state = Entities()
        for message in item["messages"]:
            state = merge(state, extract_entities(message, today=date(2025, 3, 1)))
        result = prefill(template.fields, Known(state=state.to_dict(), messages=item["messages"],
                                                client=item.get("client", ""), today=date(2025, 3, 1)))
        for field_path, gold in item["gold"].items():
            total += 1
            got = value_at(result.values, field_path)
            if got not in (None, ""):
                filled += 1
            if got == gold:
                right += 1
            else:
                misses.append(f"  {item['id']} {field_path}: gold {gold!r}, pre-filled {got!r}")
    print(f"pre-fill from transcripts ({split}, {len(items)} transcripts, {total} gold fields): "
          f"recall {right / total:.3f} ({right}/{total}), precision {right / filled if filled else 0:.3f} "
          f"({right}/{filled})")
    if misses:
        print("misses:")
        print("\n".join(misses))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--split", choices=("measure", "tune", "all"), default="measure")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--no-convert", action="store_true")
    args = parser.parse_args()
    bench_render(args.repeat)
    if not args.no_convert:
        bench_convert()
    bench_prefill(args.data, args.split)


if __name__ == "__main__":
    main()
