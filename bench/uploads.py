"""Uploads bounded by the work they cause: time and peak RSS of refusing the reported zip bomb (an
~8 MB .docx whose ``word/document.xml`` inflates to ~100 MB) and of reading an honest 200-page
contract through the shared reader guard (``core.uploads``).

    .venv/bin/python bench/uploads.py [--bomb-mb 100] [--pages 200] [--unguarded]

Every measurement runs in a fresh child process; the table shows its RSS before the work and its
peak RSS during it (Linux ``VmHWM``, reset just before the work). Rows:

- ``request check``: what the upload request runs (``check_directory``: the central directory only);
- ``worker guard``: ``guard_docx`` with the default limits (the bomb is refused from the directory);
- ``worker guard, part cap lifted``: the same bomb with ``UPLOAD_MAX_PART_BYTES`` raised to 1 GB, so
  the streamed body parse runs until the text cap stops it (what a bomb just under the part cap costs);
- ``200-page contract``: the guard alone, and the whole read + split of ``contracts.ingest`` (guard,
  then python-docx) that the worker runs;
- ``--unguarded``: python-docx opening the bomb without the guard (what the web process did before;
  minutes and gigabytes — off by default).

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
CHARS = "甲乙丙丁方应当按照本合同约定支付租金押金违约金并承担相应责任如有争议提交仲裁委员会解决"
FIXED = "本合同自双方签字盖章之日起生效，一式两份，双方各执一份，具有同等法律效力。"


def bomb_bytes(xml_mb: int) -> bytes:
    """A real .docx whose body is ``xml_mb`` MB of clauses that compress about twelve to one (like
    prose, not a run of zeros): the reported file was 8 MB inflating to ~100 MB."""
    import docx

    document = docx.Document()
    document.add_paragraph("占位")
    base = io.BytesIO()
    document.save(base)
    rng = random.Random(1)
    pieces = [f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W_NS}"><w:body>']
    size, n, target = 0, 0, xml_mb * 1024 * 1024
    while size < target:
        n += 1
        piece = (f"<w:p><w:r><w:t>第{n}条 " + "".join(rng.choice(CHARS) for _ in range(8)) + FIXED
                 + "</w:t></w:r></w:p>")
        pieces.append(piece)
        size += len(piece.encode())
    pieces.append("</w:body></w:document>")
    body = "".join(pieces).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(base.getvalue())) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, body if info.filename == "word/document.xml" else src.read(info.filename))
    return out.getvalue()


def _status_mb(field: str) -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def _reset_peak() -> None:
    """Linux: the peak RSS (VmHWM) starts again from the current RSS."""
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")


def child(kind: str, path: str) -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
    import django

    if kind == "part_cap_lifted":
        os.environ["UPLOAD_MAX_PART_BYTES"] = str(1024 * 1024 * 1024)
        os.environ["UPLOAD_MAX_TOTAL_BYTES"] = str(2 * 1024 * 1024 * 1024)
    django.setup()
    import docx

    from contracts.ingest import read_document, split_document
    from core import uploads

    data = Path(path).read_bytes()
    before = _status_mb("VmRSS")
    _reset_peak()
    started = time.perf_counter()
    outcome = "read"
    try:
        if kind == "request":
            uploads.check_directory(data)
        elif kind in ("guard", "part_cap_lifted"):
            result = uploads.guard_docx(data)
            outcome = f"read ({len(result.text):,} chars)"
        elif kind == "read_split":
            split = split_document(read_document("contract.docx", data))
            outcome = f"split ({len(split.sections)} sections)"
        elif kind == "unguarded":
            document = docx.Document(io.BytesIO(data))
            outcome = f"opened ({len(document.paragraphs):,} paragraphs)"
    except (uploads.UploadRefused, ValueError) as refused:
        outcome = f"refused: {getattr(refused, 'code', type(refused).__name__)}"
    elapsed = time.perf_counter() - started
    peak = _status_mb("VmHWM")
    return {"seconds": elapsed, "rss_before_mb": before, "peak_rss_mb": peak, "outcome": outcome}


def measure(kind: str, path: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--child", kind, str(path)], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bomb-mb", type=int, default=100, help="inflated size of the bomb's document.xml")
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--unguarded", action="store_true", help="also open the bomb with python-docx alone")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*args.child)))
        return
    from bench.contracts_split import generated_contract

    with tempfile.TemporaryDirectory() as tmp:
        bomb, contract = Path(tmp) / "bomb.docx", Path(tmp) / "contract.docx"
        bomb.write_bytes(bomb_bytes(args.bomb_mb))
        contract.write_bytes(generated_contract(args.pages))
        with zipfile.ZipFile(bomb) as archive:
            inflated = archive.getinfo("word/document.xml").file_size
        print(f"bomb: {bomb.stat().st_size / 1e6:.1f} MB file, document.xml {inflated / 1e6:.1f} MB inflated; "
              f"contract: {args.pages} pages, {contract.stat().st_size / 1e6:.2f} MB")
        rows = [("bomb", "request check", "request", bomb), ("bomb", "worker guard", "guard", bomb),
                ("bomb", "worker guard, part cap lifted", "part_cap_lifted", bomb),
                (f"{args.pages}-page contract", "request check", "request", contract),
                (f"{args.pages}-page contract", "worker guard", "guard", contract),
                (f"{args.pages}-page contract", "guard + python-docx + split", "read_split", contract)]
        if args.unguarded:
            rows.append(("bomb", "python-docx without the guard", "unguarded", bomb))
        print(f"{'file':<20} {'stage':<32} {'seconds':>8} {'RSS before':>11} {'peak RSS':>9}  outcome")
        for name, stage, kind, path in rows:
            m = measure(kind, path)
            print(f"{name:<20} {stage:<32} {m['seconds']:>8.3f} {m['rss_before_mb']:>9.0f}MB {m['peak_rss_mb']:>7.0f}MB"
                  f"  {m['outcome']}")


if __name__ == "__main__":
    main()
