"""PDF uploads: a text PDF made by LibreOffice from a .docx (running header, page-number footer),
and a scanned PDF (an image of the text, no text layer) that goes through OCR."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from docx.oxml import parse_xml
from PIL import Image, ImageDraw, ImageFont

from contracts.ingest import UnreadableFile, read_document, split_document
from core import documents
from tests.contracts.ingest_support import W, check_invariants, clause_numbers, docx_bytes, new_document

FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
SCAN_LINES = [
    "借款合同",
    "出借人（甲方）：北京示例科技有限公司",
    "借款人（乙方）：张三",
    "第一条 借款金额",
    "甲方向乙方出借人民币壹拾万元整。",
    "第二条 借款期限",
    "借款期限为十二个月，自实际放款之日起算。",
    "第三条 利息",
    "年利率为百分之十二，按月支付。",
]


def _scanned_pdf(lines: list[str], pages: int = 1) -> bytes:
    font = ImageFont.truetype(FONT, 40)
    images = []
    for _ in range(pages):
        image = Image.new("L", (1654, 2339), 255)  # A4 at 200 dpi
        draw = ImageDraw.Draw(image)
        y = 200
        for line in lines:
            draw.text((150, y), line, font=font, fill=0)
            y += 90
        images.append(image)
    out = io.BytesIO()
    images[0].save(out, "PDF", resolution=200, save_all=True, append_images=images[1:])
    return out.getvalue()


def test_scanned_pdf_goes_through_ocr_and_sections_are_marked():
    doc = read_document("扫描件.pdf", _scanned_pdf(SCAN_LINES))
    assert doc.fmt == "pdf" and doc.ocr_used is True
    assert doc.warnings == ["1 页为扫描件，文字由 OCR 识别，请核对原文"]
    assert all(p.ocr for p in doc.paragraphs)
    texts = [p.text for p in doc.paragraphs]
    assert "甲方向乙方出借人民币壹拾万元整。" in texts
    result = split_document(doc)
    check_invariants(result, doc.paragraphs)
    assert clause_numbers(result) == ["第一条", "第二条", "第三条"]
    assert all(s.ocr for s in result.sections)
    assert [s.title for s in result.sections if s.kind == "clause"] == ["借款金额", "借款期限", "利息"]
    assert result.contract_type == "loan"
    assert result.parties[0].name == "北京示例科技有限公司"


def test_blank_scan_gives_a_clear_message():
    with pytest.raises(UnreadableFile, match="扫描件无法识别文字"):
        read_document("空白扫描.pdf", _scanned_pdf([]))


def test_scan_without_an_ocr_engine_gives_a_clear_message(monkeypatch):
    monkeypatch.setattr(documents, "RapidOCR", None)
    monkeypatch.setattr(documents, "_engine", None)
    with pytest.raises(UnreadableFile, match="扫描件无法识别文字"):
        read_document("扫描件.pdf", _scanned_pdf(SCAN_LINES[:3]))


def _paged_contract() -> bytes:
    d = new_document()
    section = d.sections[0]
    section.header.paragraphs[0].text = "示例律师事务所 合同审查稿"
    footer = section.footer.paragraphs[0]
    footer._p.append(parse_xml(
        f'<w:fldSimple xmlns:w="{W}" w:instr="PAGE"><w:r><w:t>1</w:t></w:r></w:fldSimple>'))
    d.add_paragraph("设备买卖合同")
    d.add_paragraph("出卖人（甲方）：甲设备有限公司")
    d.add_paragraph("买受人（乙方）：乙制造有限公司")
    d.add_paragraph("甲乙双方经协商一致，订立本合同。")
    long_text = "出卖人应当按照约定的时间、地点和方式交付标的物，并保证标的物的质量符合国家标准和行业标准，" * 3
    for n in ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"):
        d.add_paragraph(f"第{n}条 约定事项{n}")
        for _ in range(3):
            d.add_paragraph(long_text + "否则应当承担违约责任。")
    d.add_paragraph("甲方（盖章）：                乙方（盖章）：")
    return docx_bytes(d)


def _soffice_pdf(tmp_path, source, export: str = "pdf") -> bytes:
    soffice = shutil.which("soffice")
    assert soffice, "LibreOffice (soffice) is required: scripts/ensure-libreoffice.sh installs it"
    subprocess.run([soffice, f"-env:UserInstallation=file://{tmp_path}/profile", "--headless", "--convert-to", export,
                    "--outdir", str(tmp_path), str(source)], check=True, capture_output=True, timeout=180)
    return source.with_suffix(".pdf").read_bytes()


def test_password_protected_pdf_gives_a_clear_message(tmp_path):
    source = tmp_path / "locked.txt"
    source.write_text("借款合同\n第一条 借款金额\n第二条 利息\n", encoding="utf-8")
    export = ('pdf:writer_pdf_Export:{"EncryptFile":{"type":"boolean","value":"true"},'
              '"DocumentOpenPassword":{"type":"string","value":"secret"}}')
    with pytest.raises(UnreadableFile, match="PDF 已加密"):
        read_document("locked.pdf", _soffice_pdf(tmp_path, source, export))


def test_text_pdf_drops_running_header_and_page_numbers_and_joins_wrapped_lines(tmp_path):
    source = tmp_path / "paged.docx"
    source.write_bytes(_paged_contract())
    pdf = _soffice_pdf(tmp_path, source)
    doc = read_document("paged.pdf", pdf)
    texts = [p.text for p in doc.paragraphs]
    assert not any("合同审查稿" in t for t in texts)
    assert not any(t.strip().isdigit() for t in texts)
    # each long paragraph wrapped over several lines comes back as one paragraph
    assert sum(1 for t in texts if t.endswith("否则应当承担违约责任。") and t.startswith("出卖人应当")) == 36
    result = split_document(doc)
    check_invariants(result, doc.paragraphs)
    assert len(clause_numbers(result)) == 12
    assert clause_numbers(result)[-1] == "第十二条"
    assert result.sections[-1].kind == "signature"
    assert result.contract_type == "sale"


def test_scanned_pages_beyond_the_ocr_cap_are_refused(monkeypatch):
    monkeypatch.setattr(documents, "MAX_OCR_PAGES", 2)
    seen = []
    monkeypatch.setattr(documents, "ocr_lines", lambda image: seen.append(image.size) or [])
    with pytest.raises(UnreadableFile, match="扫描页过多"):
        read_document("扫描件.pdf", _scanned_pdf(["第一条"], pages=3))
    assert len(seen) == 2  # the third page is refused, not read


@pytest.mark.parametrize("setting, options", [
    ("1", {"intra_op_num_threads": 1, "inter_op_num_threads": 1}),
    ("2", {"intra_op_num_threads": 2, "inter_op_num_threads": 2}),
    ("", {}), ("0", {}), ("many", {}),
])
def test_the_ocr_engine_takes_its_thread_count_from_the_environment(monkeypatch, setting, options):
    made = []
    monkeypatch.setattr(documents, "RapidOCR", lambda **kwargs: made.append(kwargs) or object())
    monkeypatch.setattr(documents, "_engine", None)
    monkeypatch.setenv("LEGALSITE_OCR_THREADS", setting)
    documents._ocr_engine()
    documents._ocr_engine()
    assert made == [options]  # once per process, with the options
