"""Splitting a contract along its own structure (no LLM).

Steps: (1) each paragraph's leading label (Word's automatic number or the text's); (2) preamble
blocks headed 使用说明/特别提示… are set aside, however they are numbered; (3) the end of the
introduction: the last party line or recital (甲方：…, 经协商一致…) that the body's first
clause (numbered 1) follows; (4) the body's top-level scheme: 第X条 when the document has it,
else the scheme of the body's first label (一、 or 1./1.1); (5) top-level clauses are accepted in
advancing order (gaps tolerated, backward jumps are sub-items or references); (6) 附件 starts the
annexes unless the main clause sequence continues after it; the signature block after the last
clause is its own section. A document with no numbering is split into paragraphs."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from contracts.ingest.labels import Label, heading_title, label_of, title_like
from contracts.ingest.parties import extract_parties, guess_contract_type
from contracts.ingest.patterns import (
    compact,
    is_contract_title,
    is_party_line,
    is_preamble_title,
    is_recital,
    is_signature_line,
    is_toc_line,
)
from contracts.types import ParsedDocument, SectionDraft, SourceParagraph, SplitResult

_HEADING_STYLE = re.compile(r"^(heading|标题)\s*(\d)$", re.IGNORECASE)


@dataclass
class _Boundary:
    start: int
    kind: str
    number: str = ""
    title: str = ""
    parent_start: int | None = None  # start index of the parent boundary (a chapter)


@dataclass
class _Sequence:
    clauses: list[tuple[int, str, str]] = field(default_factory=list)  # (index, number, title)
    chapters: list[tuple[int, str, str, str]] = field(default_factory=list)  # (index, kind, number, title)
    top_last: int = 0


class _Doc:
    def __init__(self, doc: ParsedDocument) -> None:
        self.paras: list[SourceParagraph] = doc.paragraphs
        self.n = len(self.paras)
        self.texts = [p.text for p in self.paras]
        parsed = [label_of(p.auto_number, p.text) for p in self.paras]
        self.labels: list[Label | None] = [lab for lab, _ in parsed]
        self.auto: list[bool] = [auto for _, auto in parsed]
        self.empty = [not t.strip(" \t\u3000\u00a0\ufeff") for t in self.texts]
        self.toc: set[int] = set()


def split_document(doc: ParsedDocument) -> SplitResult:
    """Sections of ``doc`` (see the module docstring), with the guessed contract type and parties."""
    d = _Doc(doc)
    if d.n == 0:
        return SplitResult(sections=[], fallback_paragraphs=True)
    masked, preamble_starts = _preamble_blocks(d)
    intro_end = _intro_end(d, masked)
    annex_candidates = [i for i in range(intro_end + 1, d.n)
                        if i not in masked and d.labels[i] is not None and d.labels[i].scheme == "annex"]
    scheme = _choose_scheme(d, masked, intro_end, annex_candidates)
    seq: _Sequence | None = None
    annex_start: int | None = None
    if scheme is not None:
        seq, annex_start = _sequence_with_annexes(d, masked, intro_end, scheme, annex_candidates)
        if not seq.clauses:
            seq = None
    if seq is None:
        sections = _fallback(d)
        fallback = True
    else:
        sections = _build(d, seq, annex_start, preamble_starts)
        fallback = False
    preamble_text = "\n".join(s.text for s in sections if s.kind == "preamble")
    head_text = preamble_text if preamble_text.strip() else "\n".join(d.texts[:40])
    parties = extract_parties(head_text.split("\n"))
    contract_type = guess_contract_type(head_text, parties, "\n".join(d.texts))
    return SplitResult(sections=sections, fallback_paragraphs=fallback, contract_type=contract_type,
                       parties=parties)


# --- preamble -------------------------------------------------------------------------------

def _preamble_blocks(d: _Doc) -> tuple[set[int], list[int]]:
    """Blocks headed 使用说明 / 特别提示 …: the title and its own numbered run, up to the contract
    title, a party line, another such title, a 第X条/章, or a restart of its numbering."""
    masked: set[int] = set()
    starts: list[int] = []
    # a table of contents repeats the clause headings (第一条 定义……3): never the body
    toc = {i for i in range(d.n) if not d.empty[i] and d.labels[i] is not None
           and is_toc_line(d.texts[i], d.paras[i].style)}
    if len(toc) >= 2:
        masked.update(toc)
        d.toc = toc
    for t in range(d.n // 2 + 1):
        if t in masked or d.labels[t] is not None or not is_preamble_title(d.texts[t]):
            continue
        run_scheme: str | None = None
        run_last = 0
        unlabeled = 0
        j = t + 1
        while j < d.n:
            if d.empty[j] or j in masked:
                j += 1
                continue
            text = d.texts[j]
            lab = d.labels[j]
            if is_preamble_title(text) or is_party_line(text):
                break
            if lab is not None and lab.scheme in ("article", "chapter", "section", "annex"):
                break
            if lab is None:
                unlabeled += 1
            if lab is not None and lab.scheme in ("cn", "dec") and lab.depth == 1:
                if run_scheme is None:
                    if unlabeled >= 2 and lab.number == 1:
                        break  # unnumbered notes, then a numbered body
                    run_scheme, run_last = lab.scheme, lab.number
                elif lab.scheme == run_scheme:
                    if lab.number <= run_last:
                        break
                    run_last = lab.number
                elif lab.number == 1:
                    break  # another scheme starting at 1: the body (鉴于 1. 2. … then 一、)
            elif lab is None and (is_contract_title(text) or (run_scheme and is_recital(text)
                                                                  and len(compact(text)) < 200)):
                break
            j += 1
        if j - t > 0.6 * d.n:
            continue  # a notes block does not swallow most of the document
        masked.update(range(t, j))
        starts.append(t)
    return masked, starts


def _intro_end(d: _Doc, masked: set[int]) -> int:
    """Index of the last party line / recital that the body's first clause follows, or -1.

    The first clause after it must be numbered 1 (1., 一、, 第一条, 第一章, 1.1) and its scheme
    must not restart later (a party-like or 协商一致 line inside a clause followed by a 1. 2.
    list is not the end of the introduction: those lists restart in the next clause)."""
    articles = sum(1 for i in range(d.n) if i not in masked and d.labels[i] is not None
                   and d.labels[i].scheme == "article")
    top = ("article", "chapter") if articles >= 2 else ("chapter", "cn", "dec")
    restart_after = _restart_table(d, masked, top)
    next_top: int | None = None  # scanning backwards: the nearest top label after i
    for i in range(d.n - 1, -1, -1):
        if i in masked or d.empty[i]:
            continue
        lab = d.labels[i]
        if lab is None and next_top is not None and (is_party_line(d.texts[i]) or is_recital(d.texts[i])):
            nl = d.labels[next_top]
            if nl is not None and all(x == 1 for x in nl.numbers) and not restart_after.get(next_top, False):
                return i
        if lab is not None and lab.scheme in top:
            next_top = i
    return -1


def _restart_table(d: _Doc, masked: set[int], top: tuple[str, ...]) -> dict[int, bool]:
    """For each top label: does its scheme's numbering go backwards anywhere after it (before
    the first 附件 line)?"""
    classes: dict[str, list[tuple[int, int]]] = {}
    for i in range(d.n):
        lab = d.labels[i]
        if i in masked or lab is None:
            continue
        if lab.scheme == "annex":
            break
        if lab.scheme not in top or lab.scheme == "chapter":
            continue
        classes.setdefault(lab.scheme, []).append((i, lab.numbers[0]))
    table: dict[int, bool] = {}
    for items in classes.values():
        restart_seen = False
        for k in range(len(items) - 1, -1, -1):
            table[items[k][0]] = restart_seen
            if k > 0 and items[k][1] <= items[k - 1][1]:
                restart_seen = True
    return table


def _choose_scheme(d: _Doc, masked: set[int], intro_end: int, annex_candidates: list[int]) -> str | None:
    """The body's top-level scheme, judged on the body before the annexes (an annexed agreement
    with its own 第一条… does not make a 一、-numbered contract an article one)."""
    counts = {"article": 0, "cn": 0, "dec": 0, "pcn": 0}
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    annexes = iter(annex_candidates)
    next_annex = next(annexes, d.n)
    end = d.n
    for i in range(intro_end + 1, d.n):
        if i == next_annex:
            if sum(counts.values()) >= 2:
                end = i
                break
            next_annex = next(annexes, d.n)
        if i in masked:
            continue
        lab = d.labels[i]
        if lab is None or lab.scheme not in counts:
            continue
        counts[lab.scheme] += 1
        first.setdefault(lab.scheme, i)
        last[lab.scheme] = i
    if counts["article"] >= 2 or (counts["article"] == 1 and counts["cn"] < 2 and counts["dec"] < 2):
        return "article"
    if counts["pcn"] >= 3 and counts["cn"] < 2 and _nested_under(d, masked, intro_end + 1, end, "dec", "pcn"):
        return "pcn"  # （一）定义 1. 2. （二）价款 1. 2. …: the 1. 2. are items of each （X） clause
    options = sorted((s for s in ("cn", "dec") if counts[s] >= 2), key=lambda s: first[s])
    if len(options) == 2:
        early, later = options
        # A short run that ends before the other scheme begins (释义 1. 2. 3. before 一、委托事项 … 十二、其他)
        # is a list ahead of the body, not its clauses: the longer run after it is the body.
        if last[early] < first[later] and counts[later] > counts[early]:
            return later
    if options:
        return options[0]
    if counts["pcn"] >= 3:
        return "pcn"  # （一）（二）… as the only numbering
    levels: dict[int, int] = {}
    for i in range(intro_end + 1, end):
        m = _HEADING_STYLE.match(d.paras[i].style or "")
        if m and i not in masked and not d.empty[i] and not is_contract_title(d.texts[i]):
            levels[int(m.group(2))] = levels.get(int(m.group(2)), 0) + 1
    usable = [level for level, count in levels.items() if count >= 2]
    if usable:
        return f"heading{min(usable)}"
    return None


def _nested_under(d: _Doc, masked: set[int], start: int, end: int, inner: str, outer: str) -> bool:
    """Is ``inner`` numbering a list inside each ``outer`` clause? It starts after the first ``outer``
    label, restarts at least twice, and restarts only where an ``outer`` label came since its last item."""
    previous: int | None = None
    outer_seen = outer_since = False
    restarts = 0
    for i in range(start, end):
        lab = d.labels[i]
        if i in masked or lab is None:
            continue
        if lab.scheme == outer:
            outer_seen = outer_since = True
        elif lab.scheme == inner:
            if not outer_seen:
                return False
            if previous is not None and lab.numbers[0] <= previous:
                if not outer_since:
                    return False
                restarts += 1
            previous, outer_since = lab.numbers[0], False
    return restarts >= 2


def _sequence_with_annexes(d: _Doc, masked: set[int], intro_end: int, scheme: str,
                           annex_candidates: list[int]) -> tuple[_Sequence, int | None]:
    """The clause sequence, and the first 附件 heading after which the main sequence does not go on
    (a 附件 line inside a clause — 附件一：报价单 listed under 合同附件 — is not the annexes)."""
    start = intro_end + 1
    for a in annex_candidates[:20]:
        seq = _sequence(d, masked, start, a, scheme)
        if not seq.clauses or seq.clauses[0][0] > a:
            continue
        if _continues(d, masked, a, scheme, seq):
            continue
        return seq, a
    return _sequence(d, masked, start, d.n, scheme), None


def _continues(d: _Doc, masked: set[int], a: int, scheme: str, seq: _Sequence) -> bool:
    """Does the main sequence go on after the 附件 line at ``a``? The first top-level label of the
    scheme after it decides: the next clause number → yes; anything else (an annex's own 第一条 or
    1.) → no."""
    if scheme.startswith("heading"):
        return False
    for i in range(a + 1, d.n):
        lab = d.labels[i]
        if i in masked or lab is None:
            continue
        if lab.scheme == "annex":
            return False
        if scheme == "article" and lab.scheme == "chapter":
            return bool(seq.chapters) and lab.number == _last_chapter_number(seq) + 1
        if lab.scheme == scheme and lab.depth == 1:
            return lab.number == seq.top_last + 1
    return False


def _last_chapter_number(seq: _Sequence) -> int:
    for _, kind, number, _ in reversed(seq.chapters):
        if kind == "chapter" and number.startswith("第"):
            lab, _ = label_of("", number)
            return lab.number if lab else 0
    return 0


def _sequence(d: _Doc, masked: set[int], start: int, end: int, scheme: str) -> _Sequence:
    seq = _Sequence()
    chapter_last = 0
    section_last = 0
    part_last = 0
    chapter_opened = False
    sub_last: int | None = None
    gap = 10 if scheme == "article" else 3
    for i in range(start, end):
        if i in masked or d.empty[i]:
            continue
        lab = d.labels[i]
        if scheme.startswith("heading"):
            m = _HEADING_STYLE.match(d.paras[i].style or "")
            if m and lab is None and m.group(2) == scheme[len("heading"):]:
                seq.clauses.append((i, "", d.texts[i].strip()[:200]))
            continue
        if lab is None:
            continue
        if lab.scheme == "chapter":
            if chapter_last < lab.number <= chapter_last + gap:
                chapter_last = lab.number
                section_last = 0
                seq.chapters.append((i, "chapter", lab.text, heading_title(lab.rest)))
                chapter_opened = True
            continue
        if lab.scheme == "section":
            if section_last < lab.number <= section_last + gap:
                section_last = lab.number
                seq.chapters.append((i, "section", lab.text, heading_title(lab.rest)))
            continue
        if scheme == "article" and lab.scheme == "cn" and part_last < lab.number and title_like(lab.rest):
            following = _next_label(d, masked, i, end)
            if following is not None and following.scheme == "article" and following.number > seq.top_last:
                # 一、合同期限 standing over 第一条, 第二条 …: a chapter-like heading
                part_last = lab.number
                seq.chapters.append((i, "chapter", lab.text, heading_title(lab.rest)))
            continue
        if lab.scheme != scheme:
            continue
        n = lab.number
        if scheme == "dec" and lab.depth >= 2:
            # 2.1 with no "2." heading before it: an implied clause 2.
            if lab.numbers[0] == seq.top_last + 1 and all(x == 1 for x in lab.numbers[1:]):
                seq.top_last = lab.numbers[0]
                sub_last = None
                seq.clauses.append((i, str(lab.numbers[0]), ""))
            continue
        if scheme == "article" and chapter_opened and n == 1 and seq.top_last > 0:
            seq.top_last = 0  # articles numbered afresh in each chapter
        chapter_opened = False
        if n <= seq.top_last:
            if n == 1 or (sub_last is not None and n == sub_last + 1):
                sub_last = n
            continue
        if n > seq.top_last + gap and seq.clauses:
            continue
        if seq.top_last == 0 and n > gap:
            continue
        if scheme != "article" and sub_last is not None and n == sub_last + 1:
            # 4. after a sub-list 1. 2. 3. inside clause 3: a clause only if it reads like a heading.
            if not (title_like(lab.rest) or d.auto[i] or _HEADING_STYLE.match(d.paras[i].style or "")):
                sub_last = n
                continue
        seq.top_last = n
        sub_last = None
        seq.clauses.append((i, lab.text, heading_title(lab.rest)))
    return seq


def _next_label(d: _Doc, masked: set[int], i: int, end: int) -> Label | None:
    for j in range(i + 1, end):
        if j in masked or d.empty[j]:
            continue
        return d.labels[j]
    return None


# --- building sections ------------------------------------------------------------------------

def _build(d: _Doc, seq: _Sequence, annex_start: int | None, preamble_starts: list[int]) -> list[SectionDraft]:
    bounds: list[_Boundary] = []
    chapter_start: int | None = None
    section_start: int | None = None
    events = [(i, "clause", num, title) for i, num, title in seq.clauses]
    events += [(i, kind, num, title) for i, kind, num, title in seq.chapters]
    events.sort(key=lambda e: e[0])
    body_end = annex_start if annex_start is not None else d.n
    events = [e for e in events if e[0] < body_end]
    body_start = events[0][0]
    for i, kind, num, title in events:
        if kind == "chapter":
            chapter_start, section_start = i, None
            bounds.append(_Boundary(i, "chapter", num, title))
        elif kind == "section":
            section_start = i
            bounds.append(_Boundary(i, "chapter", num, title, chapter_start))
        else:
            parent = section_start if section_start is not None else chapter_start
            bounds.append(_Boundary(i, "clause", num, title, parent))
    # preamble
    pre: list[_Boundary] = [] if 0 in preamble_starts else [_Boundary(0, "preamble")]
    for t in preamble_starts:
        if t < body_start:
            pre.append(_Boundary(t, "preamble", "", compact(d.texts[t]).strip("【】[]〔〕：:")))
    block_ends = _block_ends(d, preamble_starts, body_start)
    for e in block_ends:
        if 0 < e < body_start and all(b.start != e for b in pre):
            pre.append(_Boundary(e, "preamble"))
    pre.sort(key=lambda b: b.start)
    if body_start == 0:
        pre = []
    # signature block: first signature line after the last clause's heading
    last_clause = max(i for i, *_ in seq.clauses if i < body_end) if seq.clauses else body_start
    tail: list[_Boundary] = []
    for i in range(last_clause + 1, body_end):
        if not d.empty[i] and is_signature_line(d.texts[i]):
            tail.append(_Boundary(i, "signature", "", "签署"))
            break
    if annex_start is not None:
        for i in range(annex_start, d.n):
            lab = d.labels[i]
            if lab is not None and lab.scheme == "annex" and i not in {b.start for b in tail}:
                tail.append(_Boundary(i, "annex", lab.text, lab.rest or _next_title(d, i)))
    boundaries = pre + bounds + tail
    boundaries.sort(key=lambda b: b.start)
    sections: list[SectionDraft] = []
    order_of: dict[int, int] = {}
    for k, b in enumerate(boundaries):
        end = boundaries[k + 1].start - 1 if k + 1 < len(boundaries) else d.n - 1
        order = len(sections) + 1
        order_of[b.start] = order
        title = b.title
        if b.kind == "preamble" and not title:
            title = _preamble_title(d, b.start, end)
        sections.append(SectionDraft(
            order=order, kind=b.kind, number=b.number[:40], title=title[:200],
            text="\n".join(d.texts[b.start:end + 1]), para_start=d.paras[b.start].index,
            para_end=d.paras[end].index,
            parent=order_of.get(b.parent_start) if b.parent_start is not None else None,
            ocr=any(p.ocr for p in d.paras[b.start:end + 1])))
    return sections


def _block_ends(d: _Doc, starts: list[int], limit: int) -> list[int]:
    """First non-empty paragraph after each 使用说明-style block (where the contract proper begins)."""
    ends = []
    for t in starts:
        j = t + 1
        while j < limit and not (not d.empty[j] and (is_preamble_title(d.texts[j]) or is_party_line(d.texts[j])
                                                      or is_contract_title(d.texts[j])
                                                      or _is_block_stop(d, t, j))):
            j += 1
        if j < limit and not is_preamble_title(d.texts[j]):
            ends.append(j)
    return ends


def _is_block_stop(d: _Doc, t: int, j: int) -> bool:
    if j in d.toc:
        return False
    lab = d.labels[j]
    return lab is not None and lab.scheme in ("article", "chapter", "section", "annex")


def _preamble_title(d: _Doc, start: int, end: int) -> str:
    for i in range(start, end + 1):
        if not d.empty[i] and is_contract_title(d.texts[i]):
            return compact(d.texts[i])[:60]
    for i in range(start, end + 1):
        if not d.empty[i] and is_party_line(d.texts[i]):
            return "当事人"
    return "合同首部"


def _next_title(d: _Doc, i: int) -> str:
    for j in range(i + 1, min(d.n, i + 4)):
        if not d.empty[j]:
            text = d.texts[j].strip()
            return text if title_like(text) else ""
    return ""


def _fallback(d: _Doc) -> list[SectionDraft]:
    """No numbering: one section per paragraph (empty paragraphs join the one before)."""
    groups: list[list[int]] = []
    for i in range(d.n):
        if d.empty[i] and groups:
            groups[-1].append(i)
        elif d.empty[i]:
            groups.append([i])
        elif groups and all(d.empty[k] for k in groups[-1]):
            groups[-1].append(i)
        else:
            groups.append([i])
    sig_from = None
    for g, members in enumerate(groups):
        first = next((k for k in members if not d.empty[k]), members[0])
        if g >= len(groups) * 2 // 3 and is_signature_line(d.texts[first]):
            sig_from = g
            break
    sections: list[SectionDraft] = []
    for g, members in enumerate(groups):
        if sig_from is not None and g > sig_from:
            sections[-1].text += "\n" + "\n".join(d.texts[k] for k in members)
            sections[-1].para_end = d.paras[members[-1]].index
            sections[-1].ocr = sections[-1].ocr or any(d.paras[k].ocr for k in members)
            continue
        first = next((k for k in members if not d.empty[k]), members[0])
        text = d.texts[first].strip()
        kind = "signature" if g == sig_from else "clause"
        if g == 0 and (is_contract_title(text) or len(groups) > 1 and title_like(text) and len(text) <= 20):
            kind = "preamble"
        sections.append(SectionDraft(
            order=len(sections) + 1, kind=kind, number="",
            title=("签署" if kind == "signature" else heading_title(text) or text[:20]),
            text="\n".join(d.texts[k] for k in members), para_start=d.paras[members[0]].index,
            para_end=d.paras[members[-1]].index, ocr=any(d.paras[k].ocr for k in members)))
    return sections
