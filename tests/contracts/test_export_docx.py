"""The annotated contract: Word comments anchored on the quoted text, suggested rewrites as tracked
changes, every paragraph's text kept, and LibreOffice opens the file."""

from __future__ import annotations

import io
import re
from collections import Counter
from datetime import datetime
from pathlib import Path

import docx
import pytest
from docx.enum.text import WD_COLOR_INDEX
from docx.oxml.ns import qn
from docx.shared import RGBColor

from contracts.export import annotated_docx
from contracts.export.annotate import NOTE_QUOTE_MOVED
from contracts.export.common import SHANGHAI
from contracts.export.libreoffice import docx_to_pdf, pdf_text
from contracts.types import ExportIssue, ExportSection
from core.docx_walk import iter_paragraphs, paragraph_text
from drafting import convert
from tests.contracts.export_support import (
    DOCX_FILES,
    TXT_FILES,
    WORD_DATE,
    accepted_texts,
    comment_anchors,
    docx_paragraph_texts,
    make_issues,
    rejected_texts,
    revision_elements,
    sections_by_blocks,
    sections_by_lines,
)

NOW = datetime(2026, 11, 24, 10, 5, tzinfo=SHANGHAI)


def _issue(number: int, section: ExportSection, quote: str, *, start: int | None = None, suggestion: str = "",
           status: str = "open", severity: str = "high") -> ExportIssue:
    at = section.text.find(quote) if start is None else start
    return ExportIssue(id=number, section_order=section.order, section_number=section.number, quote=quote,
                       start=at, end=at + len(quote), category="违约责任", severity=severity,
                       description=f"〔问题{number}〕", suggestion=suggestion, status=status,
                       basis=["《中华人民共和国民法典》第五百八十五条 ✓", "《某某法》第九十九条 ✗"])


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _assert_rendered(data: bytes, issues: list[ExportIssue], *, pdf: bytes | None = None) -> None:
    """LibreOffice converts the file to PDF (``pdf``, when converted already), and the PDF shows each
    annotated place: the quote, or its rewrite where the rewrite is a tracked change (LibreOffice prints
    changes accepted)."""
    shown = _squash(pdf_text(docx_to_pdf(data) if pdf is None else pdf))
    for issue in issues:
        assert _in_pdf_text(_squash(issue.suggestion or issue.quote), shown), issue


def _in_pdf_text(target: str, shown: str) -> bool:
    """``target`` appears in text extracted from a PDF. pdfium sometimes orders the glyphs of a
    justified line out of sequence or drops a Latin digit set in a CJK font, so Chinese targets
    are compared on their Chinese characters, allowing neighbours to swap."""
    if target in shown:
        return True
    han = "".join(ch for ch in target if "\u4e00" <= ch <= "\u9fff")
    if len(han) < 2:
        return False
    text = "".join(ch for ch in shown if "\u4e00" <= ch <= "\u9fff")
    need = Counter(han)
    width = len(han) + 2
    return any(not need - Counter(text[i:i + width]) for i in range(max(len(text) - len(han) + 1, 1)))


def _comments(data: bytes) -> list:
    return list(docx.Document(io.BytesIO(data)).comments)


def _check_revisions(data: bytes) -> None:
    revisions = revision_elements(data)
    ids = [el.get(qn("w:id")) for el in revisions]
    assert len(ids) == len(set(ids)), "revision ids must be unique"
    for el in revisions:
        assert WORD_DATE.match(el.get(qn("w:date"))), el.get(qn("w:date"))
        assert el.get(qn("w:author")) == "LegalSite"
    settings = docx.Document(io.BytesIO(data)).settings.element
    assert settings.find(qn("w:trackRevisions")) is not None


def _export_dev_docx(path: Path) -> tuple[list[str], list[ExportIssue], bytes]:
    original = path.read_bytes()
    texts = docx_paragraph_texts(original)
    sections = sections_by_blocks(texts)
    issues = make_issues(sections, 12)
    out = annotated_docx(original=original, file_format="docx", title=path.stem, sections=sections, issues=issues,
                         now=NOW)
    return texts, issues, out


def _export_dev_txt(path: Path) -> tuple[str, list[ExportIssue], bytes]:
    text = path.read_text(encoding="utf-8")
    sections = sections_by_lines(text)
    sections[0].number = "前言"
    issues = make_issues(sections, 10)
    out = annotated_docx(original=None, file_format="txt", title="团队出境旅游合同", sections=sections,
                         issues=issues)
    return text, issues, out


@pytest.fixture(scope="module")
def dev_exports(tmp_path_factory) -> dict[Path, tuple[object, list[ExportIssue], bytes, bytes | None]]:
    """Every development contract exported once, and all of the files converted by one LibreOffice run
    (a start of LibreOffice is most of a conversion's cost): path → (its text, its issues, the .docx, the PDF
    or None). A file whose export raises maps to the exception, raised again by that file's test."""
    folder = tmp_path_factory.mktemp("dev-exports")
    exports: dict[Path, tuple] = {}
    files: dict[Path, Path] = {}
    for index, path in enumerate([*DOCX_FILES, *TXT_FILES]):
        try:
            text, issues, out = (_export_dev_docx if path.suffix == ".docx" else _export_dev_txt)(path)
        except Exception as exc:  # re-raised in the file's own test
            exports[path] = (exc, [], b"", None)
            continue
        files[path] = folder / f"{index}.docx"
        files[path].write_bytes(out)
        exports[path] = (text, issues, out, None)
    pdfs = convert.to_pdf(list(files.values()), folder / "pdf") if files else {}
    for path, docx_file in files.items():
        pdf = pdfs.get(docx_file)
        exports[path] = (*exports[path][:3], pdf.read_bytes() if pdf is not None else None)
    return exports


def _dev_export(dev_exports, path: Path) -> tuple[object, list[ExportIssue], bytes, bytes]:
    text, issues, out, pdf = dev_exports[path]
    if isinstance(text, Exception):
        raise text
    assert pdf is not None, f"LibreOffice made no PDF of the export of {path.name}"
    return text, issues, out, pdf


@pytest.mark.parametrize("path", DOCX_FILES, ids=lambda p: p.stem)
def test_every_dev_contract_round_trips_with_comments_and_tracked_changes(path, dev_exports):
    texts, issues, out, pdf = _dev_export(dev_exports, path)
    assert len(issues) == 12

    comments = _comments(out)
    assert len(comments) == len(issues)
    anchors = comment_anchors(out)
    by_text = {c.comment_id: c.text for c in comments}
    for issue in issues:
        cid = next(cid for cid, text in by_text.items() if f"〔问题{issue.id}〕" in text.split("\n")[0])
        assert anchors[cid] == issue.quote
    # every issue with a suggestion became one w:ins holding it
    insertions = [el for el in revision_elements(out) if el.tag == qn("w:ins")]
    assert sorted("".join(t.text for t in el.iter(qn("w:t"))) for el in insertions) == sorted(
        i.suggestion for i in issues if i.suggestion)
    _check_revisions(out)
    assert all(el.get(qn("w:date")) == "2026-11-24T10:05:00" for el in revision_elements(out))
    # every paragraph's text survives; accepting the changes gives the text with the rewrites
    assert rejected_texts(out) == texts
    accepted = "\n".join(accepted_texts(out))
    for issue in issues:
        if issue.suggestion:
            assert issue.suggestion in accepted
    # LibreOffice opens it and renders the annotated text (its PDF shows tracked changes accepted)
    _assert_rendered(out, issues, pdf=pdf)


def test_quote_across_runs_with_different_formatting_keeps_each_runs_formatting():
    document = docx.Document()
    paragraph = document.add_paragraph()
    bold = paragraph.add_run("甲方应当在收到货物后")
    bold.bold = True
    red = paragraph.add_run("十五日内")
    red.font.color.rgb = RGBColor(0xC0, 0, 0)
    red.italic = True
    plain = paragraph.add_run("支付全部货款，逾期按日千分之五支付违约金。")
    plain.font.highlight_color = WD_COLOR_INDEX.YELLOW
    buffer = io.BytesIO()
    document.save(buffer)
    original = buffer.getvalue()
    text = docx_paragraph_texts(original)[0]
    section = ExportSection(order=0, number="第一条", title="", text=text, para_start=0, para_end=0)
    quote = "收到货物后十五日内支付全部"
    issue = _issue(1, section, quote, suggestion="收到货物并验收合格后三十日内支付全部")

    out = annotated_docx(original=original, file_format="docx", title="买卖合同", sections=[section], issues=[issue])

    assert list(comment_anchors(out).values()) == [quote]
    p = next(iter_paragraphs(docx.Document(io.BytesIO(out)).element.body))[0]
    deleted = [(r, "".join(t.text for t in r.iter(qn("w:delText")))) for d in p.iter(qn("w:del")) for r in d]
    assert [t for _, t in deleted] == ["收到货物后", "十五日内", "支付全部"]
    assert deleted[0][0].find(qn("w:rPr")).find(qn("w:b")) is not None
    assert deleted[1][0].find(qn("w:rPr")).find(qn("w:i")) is not None
    assert deleted[1][0].find(qn("w:rPr")).find(qn("w:color")).get(qn("w:val")) == "C00000"
    assert deleted[2][0].find(qn("w:rPr")).find(qn("w:highlight")) is not None
    # the untouched parts keep their formatting too
    kept = [r for r in p.findall(qn("w:r")) if r.find(qn("w:t")) is not None]
    assert "".join(r.find(qn("w:t")).text for r in kept) == "甲方应当在货款，逾期按日千分之五支付违约金。"
    assert kept[0].find(qn("w:rPr")).find(qn("w:b")) is not None
    assert kept[1].find(qn("w:rPr")).find(qn("w:highlight")) is not None
    inserted = p.find(qn("w:ins")).find(qn("w:r"))
    assert inserted.find(qn("w:t")).text == issue.suggestion
    assert rejected_texts(out) == [text]
    assert accepted_texts(out) == [text.replace(quote, issue.suggestion)]
    _check_revisions(out)
    _assert_rendered(out, [issue])


def test_quote_spanning_two_paragraphs_is_anchored_over_both():
    original = dev_docx_entrustment()
    texts = docx_paragraph_texts(original)
    first = next(i for i, t in enumerate(texts) if len(t) > 20 and len(texts[i + 1]) > 10)
    section = ExportSection(order=0, number="", title="", text="\n".join(texts[first:first + 2]),
                            para_start=first, para_end=first + 1)
    start = len(texts[first]) - 6
    end = len(texts[first]) + 1 + 5
    issue = _issue(1, section, section.text[start:end], start=start, suggestion="改写后的两段文字")

    out = annotated_docx(original=original, file_format="docx", title="委托合同", sections=[section], issues=[issue])

    assert list(comment_anchors(out).values()) == [issue.quote]
    assert "\n" in issue.quote
    paragraphs = [p for p, _ in iter_paragraphs(docx.Document(io.BytesIO(out)).element.body)]
    assert paragraphs[first].find(qn("w:commentRangeStart")) is not None
    assert paragraphs[first + 1].find(qn("w:commentRangeEnd")) is not None
    assert paragraphs[first].find(qn("w:del")) is not None and paragraphs[first + 1].find(qn("w:del")) is not None
    assert paragraphs[first + 1].find(qn("w:ins")) is not None
    assert rejected_texts(out) == texts
    _check_revisions(out)


def test_a_quote_that_no_longer_matches_goes_on_the_sections_first_paragraph_and_says_so():
    original = dev_docx_entrustment()
    texts = docx_paragraph_texts(original)
    first = next(i for i, t in enumerate(texts) if len(t) > 20)
    section = ExportSection(order=0, number="", title="", text="\n".join(texts[first:first + 3]),
                            para_start=first, para_end=first + 2)
    gone = _issue(1, section, "本句已被律师改写不复存在", start=3, suggestion="不应写入修订")
    shifted_quote = texts[first + 1][2:8]
    shifted = _issue(2, section, shifted_quote, start=0)  # right text, stale offsets

    out = annotated_docx(original=original, file_format="docx", title="委托合同", sections=[section],
                         issues=[gone, shifted])

    comments = {c.text.split("\n")[1] if c.text.startswith("（") else c.text.split("\n")[0]: c for c in _comments(out)}
    anchors = comment_anchors(out)
    gone_comment = next(c for c in _comments(out) if "〔问题1〕" in c.text)
    assert gone_comment.text.startswith(NOTE_QUOTE_MOVED.format(quote=gone.quote))
    assert anchors[gone_comment.comment_id] == texts[first]
    shifted_comment = next(c for c in _comments(out) if "〔问题2〕" in c.text)
    assert anchors[shifted_comment.comment_id] == shifted_quote
    assert len(comments) == 2
    assert revision_elements(out) == []  # the stale rewrite is only in the comment
    assert "建议：不应写入修订" in gone_comment.text
    assert rejected_texts(out) == texts


def test_missing_clause_rejected_and_overlapping_issues():
    original = dev_docx_entrustment()
    texts = docx_paragraph_texts(original)
    first_text = next(t for t in texts if t.strip())
    at = next(i for i, t in enumerate(texts) if len(t) > 30)
    section = ExportSection(order=5, number="第五条", title="", text=texts[at], para_start=at, para_end=at)
    missing = ExportIssue(id=1, section_order=None, section_number="", quote="", start=0, end=0,
                          category="争议解决", severity="medium", description="合同未约定争议解决方式",
                          suggestion="因本合同引起的争议，提交甲方所在地人民法院诉讼解决。", status="confirmed",
                          basis=["《中华人民共和国民法典》第四百七十条 ✓"])
    rejected = _issue(2, section, texts[at][0:6], suggestion="被驳回的改写", status="rejected")
    outer = _issue(3, section, texts[at][2:20], suggestion="第一处改写")
    inner = _issue(4, section, texts[at][10:25], suggestion="重叠的改写")

    out = annotated_docx(original=original, file_format="docx", title="委托合同", sections=[section],
                         issues=[missing, rejected, outer, inner])

    comments = _comments(out)
    assert len(comments) == 3
    assert not any("〔问题2〕" in c.text for c in comments)
    anchors = comment_anchors(out)
    missing_comment = next(c for c in comments if "合同未约定争议解决方式" in c.text)
    assert missing_comment.text.startswith("【中风险·已确认】争议解决")
    assert "位置：合同未约定相关条款" in missing_comment.text
    assert anchors[missing_comment.comment_id] == first_text
    assert anchors[next(c for c in comments if "〔问题3〕" in c.text).comment_id] == outer.quote
    assert anchors[next(c for c in comments if "〔问题4〕" in c.text).comment_id] == inner.quote
    inserted = ["".join(t.text for t in el.iter(qn("w:t"))) for el in revision_elements(out) if el.tag == qn("w:ins")]
    assert inserted == ["第一处改写"]
    assert rejected_texts(out) == texts
    _check_revisions(out)
    docx_to_pdf(out)


def test_new_revision_ids_never_clash_with_existing_ones():
    original = dev_docx_entrustment()
    texts = docx_paragraph_texts(original)
    at = next(i for i, t in enumerate(texts) if len(t) > 30)
    section = ExportSection(order=0, number="", title="", text=texts[at], para_start=at, para_end=at)
    once = annotated_docx(original=original, file_format="docx", title="t", sections=[section],
                          issues=[_issue(1, section, texts[at][0:5], suggestion="甲")])
    twice = annotated_docx(original=once, file_format="docx", title="t", sections=[section],
                           issues=[_issue(2, section, texts[at][10:15], suggestion="乙")])
    assert len(revision_elements(twice)) == 4
    _check_revisions(twice)
    assert len(_comments(twice)) == 2


@pytest.mark.parametrize("path", TXT_FILES, ids=lambda p: p.stem)
def test_plain_text_contract_exports_a_generated_docx_with_the_same_annotations(path, dev_exports):
    text, issues, out, pdf = _dev_export(dev_exports, path)

    document = docx.Document(io.BytesIO(out))
    paragraphs = [paragraph_text(p) for p, _ in iter_paragraphs(document.element.body)]
    assert paragraphs[0] == "团队出境旅游合同"
    assert rejected_texts(out)[1:] == [("前言 " if i == 0 else "") + line for i, line in enumerate(text.split("\n"))]
    anchors = comment_anchors(out)
    comments = _comments(out)
    assert len(comments) == len(issues)
    for issue in issues:
        cid = next(c.comment_id for c in comments if f"〔问题{issue.id}〕" in c.text)
        assert anchors[cid] == issue.quote
    _check_revisions(out)
    _assert_rendered(out, issues, pdf=pdf)


def test_pdf_upload_text_with_control_characters_still_exports():
    section = ExportSection(order=0, number="第一条", title="租金", text="租金每月\x0c人民币伍仟元\n按月支付",
                            para_start=0, para_end=1)
    issue = _issue(1, section, "人民币伍仟元", suggestion="人民币陆仟元")
    out = annotated_docx(original=b"%PDF-1.7 ...", file_format="pdf", title="房屋租赁合同", sections=[section],
                         issues=[issue])
    assert list(comment_anchors(out).values()) == ["人民币伍仟元"]
    assert rejected_texts(out) == ["房屋租赁合同", "第一条 租金每月 人民币伍仟元", "按月支付"]


def dev_docx_entrustment() -> bytes:
    return next(p for p in DOCX_FILES if p.name.startswith("entrustment")).read_bytes()
