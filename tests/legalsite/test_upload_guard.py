"""The shared .docx reader guard (``core.uploads``): the zip directory check, the bounded and
counting inflate, the streamed body with its text cap, entity declarations refused."""

from __future__ import annotations

import io
import zipfile

import pytest

from core import uploads
from tests import docx_bombs

MB = 1024 * 1024


@pytest.fixture
def inflated(monkeypatch) -> dict[str, int]:
    """Bytes the guard inflated, per part (it reads every part through ``uploads.iter_part``)."""
    seen: dict[str, int] = {}
    real = uploads.iter_part

    def counting(data, info, lim, deadline):
        for chunk in real(data, info, lim, deadline):
            seen[info.filename] = seen.get(info.filename, 0) + len(chunk)
            yield chunk

    monkeypatch.setattr(uploads, "iter_part", counting)
    return seen


def _refused(data: bytes, **kwargs) -> uploads.UploadRefused:
    with pytest.raises(uploads.UploadRefused) as info:
        uploads.guard_docx(data, **kwargs)
    return info.value


def test_an_honest_document_is_read_in_full(inflated):
    data = docx_bombs.base_docx(["房屋租赁合同", "第一条 租金\t每月五千元。"])
    result = uploads.guard_docx(data)
    assert result.text.split("\n") == ["房屋租赁合同", "第一条 租金\t每月五千元。"]
    assert result.paragraphs == 2
    assert "word/document.xml" in result.parts_read and "word/styles.xml" in result.parts_read
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert inflated["word/document.xml"] == archive.getinfo("word/document.xml").file_size


def test_a_two_hundred_page_contract_passes_the_default_limits():
    result = uploads.guard_docx(docx_bombs.long_contract(200))
    assert result.paragraphs == 200 * 30 + 1 and len(result.text) > 300_000


def test_a_zip_bomb_is_refused_from_the_directory_before_anything_is_inflated(settings, inflated):
    settings.UPLOAD_MAX_PART_BYTES = 1 * MB
    bomb = docx_bombs.zip_bomb(3 * MB)
    refused = _refused(bomb)
    assert refused.code == "part_size" and "压缩炸弹" in refused.message and "word/document.xml" in refused.message
    assert inflated == {}  # judged on the central directory alone
    with pytest.raises(uploads.UploadRefused):
        uploads.check_directory(bomb)  # the cheap check the upload request runs says the same


def test_total_ratio_and_part_count_limits(settings):
    settings.UPLOAD_MAX_TOTAL_BYTES = 2 * MB
    many = docx_bombs.with_parts({f"word/media/p{i}.bin": bytes(600 * 1024) for i in range(4)})
    assert _refused(many).code in ("total_size", "ratio")
    settings.UPLOAD_MAX_TOTAL_BYTES = 100 * MB
    zeros = docx_bombs.with_parts({"word/media/zeros.bin": bytes(5 * MB)})
    assert _refused(zeros).code == "ratio"
    settings.UPLOAD_MAX_PARTS = 20
    crowded = docx_bombs.with_parts({f"word/media/{i}.png": b"x" for i in range(30)})
    assert _refused(crowded).code == "parts"


def test_too_much_text_stops_the_parse_early(settings, inflated):
    settings.UPLOAD_MAX_TEXT_CHARS = 50_000
    data = docx_bombs.text_heavy(400_000)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        size = archive.getinfo("word/document.xml").file_size
    refused = _refused(data)
    assert refused.code == "text_chars" and "50,000" in refused.message
    # it stopped shortly after the cap, far from the end of the part
    assert inflated["word/document.xml"] < size / 4
    # a use with its own cap passes it
    assert _refused(data, text_chars=10_000).message.count("10,000") == 1


def test_a_part_that_lies_about_its_size_is_refused(inflated):
    data = docx_bombs.lying_part(0.1)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo("word/document.xml")
        truncated = archive.read("word/document.xml")  # zipfile alone hands back the prefix, no error
    assert len(truncated) == info.file_size
    refused = _refused(data)
    assert refused.code == "size_mismatch" and "实际大小与声明不符" in refused.message
    assert inflated.get("word/document.xml", 0) <= info.file_size  # never read past what was declared


def test_billion_laughs_and_external_entities_are_refused(inflated):
    refused = _refused(docx_bombs.billion_laughs())
    assert refused.code == "entities" and "XML" in refused.message
    xxe = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><w:styles>&e;</w:styles>'
    refused = _refused(docx_bombs.with_parts({"word/styles.xml": xxe}))
    assert refused.code == "entities" and "word/styles.xml" in refused.message


def test_too_many_elements_and_the_time_budget(settings):
    settings.UPLOAD_MAX_XML_ELEMENTS = 5_000
    assert _refused(docx_bombs.text_heavy(100_000)).code == "xml_elements"
    settings.UPLOAD_MAX_XML_ELEMENTS = 3_000_000
    settings.UPLOAD_MAX_SECONDS = 0.0
    assert _refused(docx_bombs.zip_bomb(2 * MB)).code == "too_slow"


def test_corrupt_and_encrypted_packages():
    assert _refused(b"PK\x03\x04" + bytes(200)).code == "corrupt"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("word/other.xml", "<x/>")
    assert _refused(out.getvalue()).code == "not_docx"
    broken = docx_bombs.with_parts({"word/document.xml": b"<w:document><w:body><w:p>"})
    assert _refused(broken).code == "xml"
