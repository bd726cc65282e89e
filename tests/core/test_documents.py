"""The one document reader (core.documents): what a file is comes from its bytes, the size guard, a
.docx with its automatic numbering and tables, a PDF's text layer, OCR for a scanned page, and the
OCR engine pinned and installed."""

from __future__ import annotations

import io
import re
from importlib import metadata
from pathlib import Path

import docx
import pytest
from PIL import Image, ImageDraw, ImageFont

from core import documents
from tests.contracts.ingest_support import add_numbering, docx_bytes, numbered

FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
ROOT = Path(__file__).resolve().parents[2]


def scanned_pdf(lines: list[str]) -> bytes:
    """One A4 page at 200 dpi: an image of ``lines``, no text layer."""
    font = ImageFont.truetype(FONT, 40)
    image = Image.new("L", (1654, 2339), 255)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((150, 200 + 90 * row), line, font=font, fill=0)
    out = io.BytesIO()
    image.save(out, "PDF", resolution=200)
    return out.getvalue()


def contract_docx() -> bytes:
    document = docx.Document()
    document.add_heading("买卖合同", level=1)
    add_numbering(document, 5, [("chineseCounting", "第%1条")])
    numbered(document, "标的物为钢材。", 5)
    numbered(document, "价款为十万元。", 5)
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "出卖人"
    table.rows[0].cells[1].text = "甲公司"
    return docx_bytes(document)


def refused(name: str, data: bytes, **kwargs) -> documents.DocumentRefused:
    with pytest.raises(documents.DocumentRefused) as caught:
        documents.read(name, data, max_bytes=kwargs.pop("max_bytes", 10_000_000), **kwargs)
    return caught.value


def test_the_bytes_decide_what_a_file_is_not_its_name():
    data = contract_docx()
    assert "实际为 Word" in refused("合同.pdf", data).message
    assert "不是 Word 文档" in refused("合同.docx", "第一条 这是文本。".encode()).message
    assert refused("合同.exe", b"MZ\x90\x00").code == "type"
    assert documents.read("没有扩展名", data, max_bytes=10_000_000).fmt == "docx"
    assert documents.precheck("合同", "甲方：某公司".encode("gb18030"), max_bytes=1000) == "txt"


def test_the_size_guard_refuses_before_reading():
    assert refused("大.txt", "甲" .encode() * 400, max_bytes=1000).code == "size"
    with pytest.raises(documents.DocumentRefused, match="上限为 1000 字节"):
        documents.precheck("大.txt", b"a" * 1001, max_bytes=1000)


def test_a_docx_keeps_its_automatic_numbering_headings_and_table_rows():
    read = documents.read("合同.docx", contract_docx(), max_bytes=10_000_000)
    assert [p.auto_number for p in read.paragraphs if p.text.startswith(("标的物", "价款"))] == ["第一条", "第二条"]
    assert read.text().splitlines() == ["# 买卖合同", "第一条 标的物为钢材。", "第二条 价款为十万元。",
                                        "出卖人 | 甲公司"]


def test_a_docx_over_the_text_cap_is_refused_by_the_guard_before_python_docx_opens_it(monkeypatch):
    data, opened = contract_docx(), []
    monkeypatch.setattr(documents.docx, "Document", lambda *a, **k: opened.append(1))
    assert refused("合同.docx", data, text_chars=10).code == "text_chars"
    assert opened == []


def test_a_scanned_pdf_page_is_read_by_ocr():
    scan = scanned_pdf(["民事判决书", "本院认为，被告应当支付货款。"])
    read = documents.read("扫描件.pdf", scan, max_bytes=10_000_000)
    assert read.fmt == "pdf" and read.ocr_pages == 1 and all(p.ocr for p in read.paragraphs)
    assert "本院认为" in read.text() and "支付货款" in read.text()


def test_the_ocr_engine_is_pinned_and_installed():
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", (ROOT / "requirements.txt").read_text(), re.M))
    assert pins["rapidocr-onnxruntime"] == metadata.version("rapidocr-onnxruntime")
    assert documents.ocr_class() is not None


def test_one_pdf_library_is_pinned():
    requirements = (ROOT / "requirements.txt").read_text()
    assert "pypdfium2==" in requirements and not re.search(r"^pypdf==", requirements, re.M)
