"""Build ``points.jsonl`` from a blind writer's clauses and the lawyer's checklist.

    python bench/data/clauses/build.py WRITER_OUT.jsonl > bench/data/clauses/points.jsonl

The writer read only each checklist point's risk, whose risk it is and its deciding articles, and wrote
``{"point", "type", "side", "risk1", "risk2", "safe"}`` a line; this adds the point's checklist section and its
deciding articles (full law names, from the abbreviations the checklist declares) from
``docs/decisions/contract-risk-checklist.md``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CHECKLIST = ROOT / "docs" / "decisions" / "contract-risk-checklist.md"
#: short names the checklist uses without declaring them, as the corpus names them
UNDECLARED = {
    "公司法规定（三）": "最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）",
    "公司法规定（四）": "最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（四）",
    "民诉法解释": "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释",
    "仲裁法解释": "最高人民法院关于适用《中华人民共和国仲裁法》若干问题的解释",
    "海上货运代理纠纷规定": "最高人民法院关于审理海上货运代理纠纷案件若干问题的规定",
}


def checklist() -> dict[str, tuple[str, list[dict]]]:
    text = CHECKLIST.read_text(encoding="utf-8").split("\n## Cross-cutting")[0]
    abbreviations = dict(re.findall(r"([^\s;=]+) = (最高人民法院[^;\n]+?)(?=;|\n|$)", text))
    abbreviations["民法典"] = "中华人民共和国民法典"
    abbreviations.update(UNDECLARED)
    points: dict[str, tuple[str, list[dict]]] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or len(cells) < 6 or cells[0] in ("#",) or cells[0].startswith("---"):
            continue
        deciding = []
        for segment in cells[3].split(";"):
            match = re.match(r"\s*(\S+)\s+(.+)", segment)
            if not match:
                continue
            name, numbers = match.groups()
            law = abbreviations.get(name) or (name if name.startswith("最高") or name.endswith(("条例", "规定"))
                                              or "解释" in name or "规定" in name else f"中华人民共和国{name}")
            for number in re.findall(r"\d+(?:之[一二三四五])?(?:\s*[–-]\s*\d+)?", numbers):
                if re.search(r"[–-]", number):
                    low, high = (int(x) for x in re.split(r"\s*[–-]\s*", number))
                    deciding += [{"law": law, "article": n} for n in range(low, high + 1)]
                else:
                    deciding.append({"law": law, "article": int(number) if number.isdigit() else number})
        points[cells[0]] = (section, deciding)
    return points


def main() -> int:
    points = checklist()
    for line in Path(sys.argv[1]).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        if item.get("point") not in points:
            print(f"unknown point {item.get('point')}", file=sys.stderr)
            continue
        section, deciding = points[item["point"]]
        print(json.dumps({"point": item["point"], "section": section, "type": item["type"], "side": item["side"],
                          "risk1": item["risk1"], "risk2": item["risk2"], "safe": item["safe"],
                          "deciding": deciding}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
