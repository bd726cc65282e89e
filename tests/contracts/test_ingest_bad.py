"""Bad uploads: each is refused with a clear Chinese message (``UnreadableFile``) before anything
is extracted or parsed, and large documents stay within time and memory bounds."""

from __future__ import annotations

import io
import tracemalloc
import zipfile

import pytest

from contracts.ingest import MAX_UPLOAD_BYTES, UnreadableFile, read_document, split_document
from tests.contracts.ingest_support import DATA, long_contract

OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
DOCX = (DATA / "entrustment_contract_gf2025_1001.docx").read_bytes()
PDF = (DATA / "entrustment_contract_gf2025_1001.pdf").read_bytes()


def _refused(name: str, data: bytes) -> str:
    with pytest.raises(UnreadableFile) as info:
        read_document(name, data)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def _rezip(replace: dict[str, bytes], extra: dict[str, bytes] | None = None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(DOCX)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, replace.get(info.filename, src.read(info.filename)))
        for name, data in (extra or {}).items():
            dst.writestr(name, data)
    return out.getvalue()


def test_empty_file():
    assert "为空" in _refused("合同.docx", b"")
    assert "为空" in _refused("合同.txt", b"")


def test_blank_text_file_has_no_content():
    assert "没有可读取的文字" in _refused("合同.txt", "  \n\u3000\n\t\n".encode())


def test_corrupt_docx():
    assert "损坏" in _refused("合同.docx", DOCX[: len(DOCX) // 2])
    assert "损坏" in _refused("合同.docx", b"PK\x03\x04" + b"\x00" * 200)


def test_docx_without_a_main_document_part():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/styles.xml", "<styles/>")
    assert "损坏" in _refused("合同.docx", out.getvalue())


def test_encrypted_docx_is_an_ole_container():
    data = OLE + b"\x00" * 504 + "EncryptionInfo".encode("utf-16-le") + "EncryptedPackage".encode("utf-16-le")
    assert "加密" in _refused("合同.docx", data)


def test_legacy_doc_renamed_or_not():
    data = OLE + b"\x00" * 504 + "WordDocument".encode("utf-16-le")
    assert ".doc" in _refused("合同.docx", data)
    assert ".doc" in _refused("合同.doc", data)


def test_zip_bomb_refused_from_the_directory():
    bomb = _rezip({}, {"word/media/huge.bin": b"\x00" * (60 * 1024 * 1024)})
    assert len(bomb) < 1024 * 1024
    assert "压缩炸弹" in _refused("合同.docx", bomb)  # from the directory, nothing inflated: bench/uploads.py


def test_zip_with_too_many_members():
    many = _rezip({}, {f"word/media/p{i}.png": b"x" for i in range(2100)})
    assert "压缩炸弹" in _refused("合同.docx", many)


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"""


def test_xml_bomb_in_the_main_document():
    assert "XML" in _refused("合同.docx", _rezip({"word/document.xml": BILLION_LAUGHS}))  # bench/suite_timings.py


def test_external_entity_in_another_part():
    xxe = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><w:styles>&e;</w:styles>'
    assert "XML" in _refused("合同.docx", _rezip({"word/styles.xml": xxe}))


def test_extension_that_lies_names_the_real_type():
    assert "实际为 PDF" in _refused("合同.docx", PDF)
    assert "实际为 Word" in _refused("合同.pdf", DOCX)
    assert "实际为 Word" in _refused("合同.txt", DOCX)
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 100
    assert "实际为 PNG" in _refused("合同.txt", png)
    assert "不支持" in _refused("合同.png", png)


def test_no_extension_is_read_by_content():
    assert read_document("upload", DOCX).fmt == "docx"
    assert read_document("upload", PDF).fmt == "pdf"


def test_unsupported_extension():
    assert "不支持" in _refused("合同.rtf", b"{\\rtf1 hello}")


def test_too_large():
    assert "过大" in _refused("合同.txt", b"a" * (MAX_UPLOAD_BYTES + 1))


def test_corrupt_pdf():
    assert "损坏" in _refused("合同.pdf", b"%PDF-1.7\n" + b"\x00garbage" * 50)


def test_five_hundred_page_contract_is_read_and_split_within_bounds():
    # its time is measured by bench/contracts_split.py --pages 500, not asserted here (no wall clock in tests)
    data = long_contract(500)
    doc = read_document("长合同.docx", data)
    result = split_document(doc)
    assert len(doc.paragraphs) > 15_000
    clauses = [s for s in result.sections if s.kind == "clause"]
    assert len(clauses) == 1500
    assert clauses[-1].number == "第1500条"
    assert result.sections[-1].kind == "signature"
    tracemalloc.start()
    split_document(read_document("长合同.docx", data))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 200 * 1024 * 1024


def test_text_mentioning_a_pdf_header_is_still_text():
    doc = read_document("说明.txt", "第一条 附件以 %PDF-1.7 格式提交。\n第二条 其他。\n".encode())
    assert doc.fmt == "txt" and doc.paragraphs[0].text.startswith("第一条")
