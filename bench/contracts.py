"""Every contract-review target in one run: each part is its own script, run here in turn.

    .venv/bin/python bench/contracts.py [--only split,playbook,review,export]

- ``split``    — clause-boundary F1 on the dev contracts; read + split of a 200-page .docx
                 (``bench/contracts_split.py``);
- ``playbook`` — the offline playbook on contracts with planted risks, tuning and measuring halves:
                 share found on the right clause with a verified basis, false positives per contract,
                 per-section cost (``bench/contracts_playbook.py``);
- ``review``   — an offline auto-review of a 50-section contract (total and per section) and a review
                 turn's overhead beside a zero-latency fake LLM (``bench/contracts_review.py``);
- ``export``   — export time, comments anchored on their quote, paragraph text kept, LibreOffice
                 conversion of every export (``bench/contracts_export.py``).

Prints what each script prints; asserts nothing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = {
    "split": "contracts_split.py",
    "playbook": "contracts_playbook.py",
    "review": "contracts_review.py",
    "export": "contracts_export.py",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default=",".join(PARTS), help="comma-separated parts")
    args = parser.parse_args()
    failed = 0
    for part in args.only.split(","):
        script = PARTS[part.strip()]
        print(f"\n######## {part}: bench/{script}", flush=True)
        started = time.perf_counter()
        code = subprocess.call([sys.executable, str(ROOT / "bench" / script)], cwd=ROOT)
        print(f"######## {part}: exit {code}, {time.perf_counter() - started:.1f} s", flush=True)
        failed += code != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
