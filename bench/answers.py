"""Answers bench: conclusions right, controlling provisions cited, figures and deadlines, multi-part
coverage and latency per domain, and the card matcher's calibration — through the chat's real
service path offline (``chat.turn.answer_turn``, as the chat API runs it).

    LEGALSITE_DATA_DIR=/tmp/kdev .venv/bin/python bench/answers.py [--data bench/data/blind/answers.jsonl]
                                  [--limit N] [--cards DIR] [--dump FILE] [--today YYYY-MM-DD|clock]

The data (one JSON object a line): {"id", "question", "domain", "style", "parts": [{"text", "qtype",
"controlling": [{"law", "article"}], "also_ok": [...], "polarity", "figure", "deadline", "conclusion"}]}.
The default is ``bench/data/blind/answers.jsonl``: written blind and reported as the measure once, it
has since served for tuning as well, so the newer blind set ``bench/data/blind2/answers.jsonl``
(``--data``) is the measure;
``tests/data/tuning_answers.jsonl`` is the small tuning set. ``--cards DIR`` uses the card files of DIR
as they are, instead of the shipped files overlaid by the card table's approved versions (a database
seeded before the files changed keeps its older copies until ``migrate`` seeds the new ones).

Per gold part, against the answer's ``conclusions`` (the part at the same index):
* conclusion right — the polarity of its first sentence matches the gold's (when the gold has one),
  and when a figure is gold, a number in it is within 1 % of the figure (a range "a-b" — a sentence of 3 to
  10 years — needs both its ends);
* controlling cited — one of its citations is a gold controlling provision;
* irrelevant as controlling — one of its citations is neither controlling nor also_ok;
* figure/deadline right — for parts with a gold figure or deadline: a figure as above (a share below one,
  0.125, also as 12.5 %, 1/8 or 八分之一); a deadline
  is judged on its period and its dates, not on verbatim text — the conclusion must state the gold's
  period (the first "N日/天/个月/年/个工作日/小时" of the gold, Arabic or Chinese numerals alike), every
  date the gold names (2026年12月10日 and 2026-12-10 alike) and, when the gold says 已届满, that the
  period has run (已…届满); a conclusion carrying the gold text verbatim is also right;
* coverage — the answer has one conclusion per gold part;
* all five — right, controlling cited, nothing irrelevant as controlling, figure/deadline right
  where the part has one, and covered.
A conclusion the engine marks undecided (``"decided": false``: it says what it could not decide)
is covered but not right: an abstention does not answer the question.
Reads the database the settings point at; writes nothing to it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections import defaultdict
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import django  # noqa: E402

django.setup()
from agents.aio import run_sync  # noqa: E402
from agents.tools import RunContext  # noqa: E402
from bench.grounding import MemoryRecorder, nobody  # noqa: E402  (sets Django up)
from bench.stats import percentile  # noqa: E402
from chat.turn import answer_turn  # noqa: E402
from knowledge.numerals import int_to_cn  # noqa: E402
from legal import cardfile, selectors  # noqa: E402
from legal.retrieval import agreement_keys  # noqa: E402

DEFAULT_DATA = ROOT / "bench/data/blind/answers.jsonl"
#: The day the measuring sets' deadlines are written against (bench/data/blind/README.md): "今天" and
#: "昨天" in a question, and whether a period has run, are read on this day whatever the hour of the
#: run (after 16:00 UTC the clock in China is already on the next day).
DATA_TODAY = "2026-11-27"
#: The modules that read today's date from the clock.
CLOCK_MODULES = ("legal.calculators", "legal.composer", "legal.conditions", "legal.facts", "legal.rules",
                 "legal.text.entities", "chat.presenters", "chat.offline.calculators")


def pin_today(day: str) -> None:
    """Every clock read of the answer path returns noon of ``day`` (China time)."""
    import datetime as dt
    import importlib

    fixed = dt.date.fromisoformat(day)

    class PinnedDateTime(dt.datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            moment = cls(fixed.year, fixed.month, fixed.day, 12, 0, tzinfo=dt.timezone(dt.timedelta(hours=8)))
            return moment.astimezone(tz) if tz is not None else moment.replace(tzinfo=None)

    for name in CLOCK_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        if getattr(module, "datetime", None) is dt.datetime:
            module.datetime = PinnedDateTime  # type: ignore[attr-defined]
BINS = (0.0, 0.3, 0.5, 0.7, 0.85, 0.95, 1.0001)
NEGATIVE = ("不可以", "不能", "不合法", "违法", "无效", "不需要", "不属于", "不构成", "无权", "不会", "不应", "不用",
            "不予", "不得", "没有", "不必", "不是", "否", "不行", "不算", "不受")
POSITIVE = ("可以", "能", "合法", "有效", "需要", "属于", "构成", "有权", "会", "应当", "应该", "要", "是", "算", "受")
_NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(万)?")


def figure_right(gold: Any, text: str) -> bool:
    """A number of ``text`` within 1 % of the gold figure; a gold range ("2400-3600") needs both its ends. A gold
    share below one (0.125) is also met by its percentage (12.5%), a fraction (1/8, 八分之一) or 成 (一成 = 0.1)."""
    said = numbers(text)

    def met(end: Decimal) -> bool:
        values = said + (shares(text) if 0 < end < 1 else [])
        return any(abs(n - end) <= abs(end) * Decimal("0.01") for n in values)

    return all(met(end) for end in figure_bounds(gold))


_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%|百分之([一二三四五六七八九十百\d.]+)")
_FRACTION = re.compile(r"(?<![\d./-])(\d+)\s*/\s*(\d+)(?![\d./-])"
                       r"|([一二三四五六七八九十两]+)分之([一二三四五六七八九十两]+)")
_TENTHS = re.compile(r"([一二三四五六七八九两])成")


def shares(text: str) -> list[Decimal]:
    """The shares ``text`` states as percentages, fractions or 成, as numbers below one."""
    from legal.numerals import cn_number

    found: list[Decimal] = []
    for m in _PERCENT.finditer(text):
        value = Decimal(m.group(1)) if m.group(1) else cn_number(m.group(2))
        if value is not None:
            found.append(value / 100)
    for m in _FRACTION.finditer(text):
        below, above = (m.group(2), m.group(1)) if m.group(1) else (m.group(3), m.group(4))
        low, high = cn_number(below), cn_number(above)
        if low and high is not None:
            found.append(high / low)
    for m in _TENTHS.finditer(text):
        value = cn_number(m.group(1))
        if value is not None:
            found.append(value / 10)
    return found


#: A first sentence that answers by the conditions instead of the facts (bench's "hedged" count).
_HEDGED = re.compile(r"无法可靠判断|无法判断|取决于|需结合|不一定|视情况|分情况|要看|具体情况")


def _first_sentence(text: str) -> str:
    return re.split(r"[。！!\n]", text.replace("*", "").strip(), maxsplit=1)[0]


def polarity(text: str) -> str | None:
    first = re.split(r"[。；！!\n]", text.replace("*", "").strip(), maxsplit=1)[0][:12]
    if any(first.startswith(w) for w in NEGATIVE):
        return "negative"
    if any(first.startswith(w) for w in POSITIVE):
        return "positive"
    return None


def numbers(text: str) -> list[Decimal]:
    found = []
    for m in _NUMBER.finditer(text):
        try:
            value = Decimal(m.group(1).replace(",", ""))
        except InvalidOperation:
            continue
        found.append(value * (10000 if m.group(2) else 1))
    return found


_PERIOD = re.compile(r"([一二三四五六七八九十百两\d]+)\s*(个工作日|个小时|小时|个月|日|天|月|年|周)")
_DAY = re.compile(r"((?:19|20)\d{2})\s*(?:年|-|/|\.)\s*(\d{1,2})\s*(?:月|-|/|\.)\s*(\d{1,2})")


def _periods(text: str) -> set[str]:
    out = set()
    for number, unit in _PERIOD.findall(text):
        unit = {"天": "日", "个月": "月", "个小时": "小时"}.get(unit, unit)
        out.add(f"{int_to_cn(int(number)) if number.isdigit() else number.replace('两', '二')}{unit}")
    return out


def _days(text: str) -> set[tuple[int, int, int]]:
    return {(int(y), int(m), int(d)) for y, m, d in _DAY.findall(text)}


def deadline_right(gold: str, text: str) -> bool:
    """The gold deadline's period, dates and (when it says so) that it has run, in ``text``."""
    if re.sub(r"\s", "", gold) in re.sub(r"\s", "", text):
        return True
    first = _PERIOD.search(gold)
    if first is None:  # a bare date: the same day, however either writes it (2026-12-27, 2026年12月27日)
        return bool(_days(gold)) and _days(gold) <= _days(text)
    if not _periods(first.group(0)) <= _periods(text):
        return False
    if not _days(gold) <= _days(text):
        return False
    return "已届满" not in gold or bool(re.search(r"已[^。；，]{0,30}届满|已经届满|已过", text))


def _key(law: str, article: Any) -> tuple[str, str]:
    label = article if isinstance(article, str) and article.startswith("第") else f"第{int_to_cn(int(article))}条"
    return law.removeprefix("中华人民共和国"), label


def run(question: str) -> tuple[Any, float]:
    recorder = MemoryRecorder()

    async def emit(event: Mapping[str, Any]) -> None:
        recorder(event)

    ctx = RunContext(user=nobody(), trace_id="bench", emit=emit)
    started = time.perf_counter()
    outcome, _routing, _state = run_sync(answer_turn(question=question, history=[], session_state={}, summary="",
                                                     recalled=[], ctx=ctx, recorder=recorder))
    return outcome, (time.perf_counter() - started) * 1000


def figure_bounds(figure: Any) -> list[Decimal]:
    """The gold figure's values: one number, or both ends of a range written ``a-b``."""
    text = str(figure).strip()
    ends = re.fullmatch(r"(-?[\d.]+)\s*[-–~至]\s*([\d.]+)", text)
    return [Decimal(ends.group(1)), Decimal(ends.group(2))] if ends else [Decimal(text)]


def grade(item: Mapping[str, Any], outcome: Any) -> list[dict[str, Any]]:
    conclusions = outcome.conclusions or []
    rows = []
    for index, part in enumerate(item["parts"]):
        got = conclusions[index] if index < len(conclusions) else None
        text = got["text"] if got else ""
        cited = {_key(c["law"], c["article"]) for c in (got or {}).get("citations", [])}
        controlling = {_key(g["law"], g["article"]) for g in part.get("controlling", [])}
        allowed = controlling | {_key(g["law"], g["article"]) for g in part.get("also_ok", [])}
        right = got is not None and got.get("decided", True) is not False
        if part.get("polarity"):
            right = right and polarity(text) == part["polarity"]
        figure_ok = None
        if part.get("figure") is not None:
            figure_ok = figure_right(part["figure"], text)
            right = right and figure_ok
        if part.get("deadline"):
            deadline_ok = deadline_right(str(part["deadline"]), text)
            figure_ok = deadline_ok if figure_ok is None else figure_ok and deadline_ok
        said = polarity(text)
        # a hedge where the gold decides (无法可靠判断, 取决于, 不一定 … without the gold's yes or no): the part
        # answered by its conditions, not by the client's facts; a wrong polarity: the opposite yes or no
        decides = bool(part.get("polarity")) or part.get("figure") is not None
        hedged = got is not None and decides and (got.get("decided", True) is False or bool(
            _HEDGED.search(_first_sentence(text)))) and not (part.get("polarity") and said == part["polarity"])
        row = {"domain": item.get("domain", "?"), "right": right, "hedged": hedged,
               "wrong_polarity": bool(part.get("polarity") and said and said != part["polarity"]),
               "cited": bool(cited & controlling),
               "irrelevant": bool(cited - allowed), "figure_ok": figure_ok, "covered": got is not None,
               "controlling": controlling}
        row["all5"] = (row["right"] and row["cited"] and not row["irrelevant"] and figure_ok is not False
                       and row["covered"])
        rows.append(row)
    return rows


def calibration_row(item: Mapping[str, Any]) -> list[tuple[float, bool]]:
    # matched as the chat matches: with the statutes a plain search finds (the agreement signal)
    parts, _ids = selectors.card_match(question=item["question"], retrieved=agreement_keys(item["question"]))
    out = []
    for index, gold in enumerate(item["parts"]):
        match = parts[index] if index < len(parts) else (parts[-1] if parts else None)
        if match is None or match.best is None:
            continue
        controlling = {_key(g["law"], g["article"]) for g in gold.get("controlling", [])}
        allowed = controlling | {_key(g["law"], g["article"]) for g in gold.get("also_ok", [])}
        top = {_key(p.law, p.article) for p in match.best.card.controlling}
        out.append((match.best.confidence, bool(top & allowed)))
    return out


def share(values: list[bool]) -> str:
    return f"{sum(values) / len(values):6.1%}" if values else "     —"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--cards", type=Path, default=None, help="a directory of card files to use instead")
    parser.add_argument("--dump", type=Path, default=None, help="write each answer's conclusions here (JSONL)")
    parser.add_argument("--today", default=DATA_TODAY, help="the day deadlines are read on (YYYY-MM-DD; 'clock' "
                        "for the machine's clock)")
    args = parser.parse_args()
    if args.today != "clock":
        pin_today(args.today)
    if args.cards is not None:
        # the files as they are: neither the shipped files nor the table's approved versions (a
        # database seeded before the files changed would otherwise overlay its older copies)
        cards = tuple(cardfile.load_cards(sorted(args.cards.glob("*.toml"))))
        cardfile.shipped_cards = lambda: cards  # type: ignore[assignment]
        overlay = selectors._overlay
        selectors._overlay = lambda: (list(cards), overlay()[1])  # type: ignore[assignment]
        selectors.cards_changed()
    items = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = items[: args.limit] if args.limit else items
    by_domain: dict[str, list[dict[str, Any]]] = defaultdict(list)
    latencies: dict[str, list[float]] = defaultdict(list)
    calibration: list[tuple[float, bool]] = []
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    run(items[0]["question"]) if items else None  # warm-up (model load), not timed
    from datetime import date

    from legal.figurecheck import findings as unworked_findings
    audit_day = None if args.today == "clock" else date.fromisoformat(args.today)
    unworked = 0  # answers stating a period or a cap whose base the facts give, without its date or figure
    for item in items:
        outcome, ms = run(item["question"])
        rows = grade(item, outcome)
        by_domain[item.get("domain", "?")] += rows
        latencies[item.get("domain", "?")].append(ms)
        calibration += calibration_row(item)
        unworked += bool(unworked_findings(item["question"], [c["text"] for c in outcome.conclusions or []],
                                           audit_day))
        if dump:
            dump.write(json.dumps({"id": item.get("id"), "conclusions": outcome.conclusions, "cards": outcome.cards,
                                   "ms": round(ms), "question": item["question"],
                                   "answer": outcome.content}, ensure_ascii=False) + "\n")
    cards_per_domain: dict[str, int] = defaultdict(int)
    for card in selectors.active_cards()[0]:
        cards_per_domain[card.domain] += 1
    print(f"{len(items)} questions, {sum(len(r) for r in by_domain.values())} parts ({args.data})")
    head = f"{'domain':<22}{'parts':>6}{'right':>8}{'cited':>8}{'irrel.':>8}{'fig/dl':>8}{'cover':>8}" \
           f"{'all5':>8}{'p50 ms':>9}{'p95 ms':>9}{'cards':>7}"
    print(head)
    everything: list[dict[str, Any]] = []
    for domain in sorted(by_domain):
        rows = by_domain[domain]
        everything += rows
        figures = [r["figure_ok"] for r in rows if r["figure_ok"] is not None]
        print(f"{domain:<22}{len(rows):>6}{share([r['right'] for r in rows]):>8}{share([r['cited'] for r in rows]):>8}"
              f"{share([r['irrelevant'] for r in rows]):>8}{share(figures):>8}{share([r['covered'] for r in rows]):>8}"
              f"{share([r['all5'] for r in rows]):>8}"
              f"{percentile(latencies[domain], 50):>9.0f}{percentile(latencies[domain], 95):>9.0f}"
              f"{cards_per_domain.get(domain, 0):>7}")
    figures = [r["figure_ok"] for r in everything if r["figure_ok"] is not None]
    every_ms = [ms for values in latencies.values() for ms in values]
    if everything:
        print(f"{'ALL':<22}{len(everything):>6}{share([r['right'] for r in everything]):>8}"
              f"{share([r['cited'] for r in everything]):>8}{share([r['irrelevant'] for r in everything]):>8}"
              f"{share(figures):>8}{share([r['covered'] for r in everything]):>8}"
              f"{share([r['all5'] for r in everything]):>8}"
              f"{percentile(every_ms, 50):>9.0f}{percentile(every_ms, 95):>9.0f}{sum(cards_per_domain.values()):>7}")
    if everything:
        print(f"hedged parts (a hedge or an abstention where the gold decides): "
              f"{sum(r['hedged'] for r in everything)} of {len(everything)}; wrong polarity: "
              f"{sum(r['wrong_polarity'] for r in everything)}")
    print(f"figures audit (legal/figurecheck.py): {unworked} of {len(items)} answers state a period or a cap whose "
          "base the facts give without its date or figure")
    print("\nmatcher calibration (top card's confidence vs. its controlling provisions being gold)")
    print(f"{'bin':<14}{'parts':>7}{'accuracy':>10}")
    for low, high in zip(BINS, BINS[1:], strict=False):
        inside = [ok for conf, ok in calibration if low <= conf < high]
        print(f"[{low:.2f}, {min(high, 1):.2f}){'':<2}{len(inside):>7}{share(inside):>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
