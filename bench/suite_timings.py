"""The speed targets the test suite used to assert with a stopwatch, measured here instead.

A test asserts behaviour (the call was refused, the calls overlapped, the timeout cut the call off); how
long it took depends on the machine and its load, so it is measured here, best of ``--repeat`` runs, and
printed beside the target the test used to hold it to. Other targets live in their own benches: the mean
intent latency per message in bench/intent.py, the cost of refusing an upload bomb in bench/uploads.py.

    .venv/bin/python bench/suite_timings.py [--repeat 5]

Prints numbers; asserts nothing. Needs no database.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import sys
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")

BILLION_LAUGHS = ("<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                  + "".join(f"<!ENTITY lol{i} \"{('&lol' + (str(i - 1) if i > 2 else '') + ';') * 10}\">"
                            for i in range(2, 10))
                  + "]><w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\">"
                  "<w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>").encode()


def _best(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def _expect_error(work: Callable[[], object]) -> Callable[[], None]:
    def run() -> None:
        try:
            work()
        except ValueError:
            return
        raise AssertionError("expected a refusal")

    return run


def _docx(replace: dict[str, bytes], extra: dict[str, bytes] | None = None) -> bytes:
    from tests.contracts.ingest_support import DATA

    source = (DATA / "entrustment_contract_gf2025_1001.docx").read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, replace.get(info.filename, src.read(info.filename)))
        for name, data in (extra or {}).items():
            dst.writestr(name, data)
    return out.getvalue()


def rows(repeat: int) -> list[tuple[str, float, float]]:
    """(what, seconds, the target the test used to assert)."""
    import django

    django.setup()
    from agents.aio import run_sync
    from contracts.ingest import read_document
    from knowledge.citations import extract_citations
    from knowledge.lawnames import LawNameIndex, corpus_law_names
    from knowledge.textsearch import get_tokenizer, query_tokens
    from legal.text.arith import evaluate
    from legal.text.intent_rules import classify
    from tests.knowledge.test_textsearch import ARTICLE_82, ARTICLE_87

    pasted = "甲方：某某有限公司，乙方：张某。合同约定乙方每月工资8000元。" * 500
    index = LawNameIndex(corpus_law_names())
    cited = "根据《民法典》第577条，违约方应承担责任；依照劳动合同法第四十七条支付补偿。" * 800
    get_tokenizer()
    zip_bomb = _docx({}, {"word/media/huge.bin": b"\x00" * (60 * 1024 * 1024)})
    xml_bomb = _docx({"word/document.xml": BILLION_LAUGHS})

    def ten_naps() -> None:
        async def nap() -> None:
            await asyncio.sleep(0.3)

        threads = [threading.Thread(target=lambda: run_sync(nap())) for _ in range(10)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    return [
        ("intent rules, a 15,000-character paste", _best(lambda: classify(pasted), repeat), 0.05),
        *((f"arithmetic refuses {e}", _best(_expect_error(lambda e=e: evaluate(e)), repeat), 0.1)
          for e in ("9 ** 9 ** 9", "2 ** 1000", "10 ** 31", "(10 ** 20) * (10 ** 20)", "1e400")),
        ("citations in 1,600 mentions", _best(lambda: extract_citations(cited, index), repeat), 2.0),
        ("tokens of 30,000 characters", _best(lambda: query_tokens((ARTICLE_82 + ARTICLE_87) * 300), repeat), 3.0),
        ("a zip bomb refused", _best(_expect_error(lambda: read_document("合同.docx", zip_bomb)), repeat), 2.0),
        ("an XML bomb refused", _best(_expect_error(lambda: read_document("合同.docx", xml_bomb)), repeat), 2.0),
        ("ten 0.3 s naps from ten threads on the shared loop", _best(ten_naps, repeat), 2.0),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'what':<52} {'best (s)':>10} {'target (s)':>11}")
    for what, seconds, target in rows(args.repeat):
        print(f"{what:<52} {seconds:>10.4f} {target:>11.2f}{'' if seconds < target else '  over'}")


if __name__ == "__main__":
    main()
