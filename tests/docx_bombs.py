"""Hostile .docx files built in the tests: a zip bomb, a part that lies about its size, billion laughs,
a document with too much text; and a long but honest contract."""

from __future__ import annotations

import io
import random
import struct
import zipfile
import zlib

import docx

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
BODY_START = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{W_NS}"><w:body>'
BODY_END = "</w:body></w:document>"
CLAUSE_WORDS = "甲方乙方应当按照本合同约定支付租金押金违约金并承担相应责任如有争议提交仲裁委员会解决"


SMALL_CONTRACT = ["房屋租赁合同", "甲方：某某公司", "第一条 租金 每月五千元。", "第二条 争议解决 提交仲裁。"]


def base_docx(paragraphs: list[str] | None = None) -> bytes:
    document = docx.Document()
    for text in paragraphs or SMALL_CONTRACT:
        document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def with_parts(replace: dict[str, bytes], base: bytes | None = None) -> bytes:
    """``base`` (a small real .docx) with some parts replaced, and the parts it lacks added."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(base or base_docx())) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        names = set(src.namelist())
        for info in src.infolist():
            dst.writestr(info.filename, replace.get(info.filename, src.read(info.filename)))
        for name, data in replace.items():
            if name not in names:
                dst.writestr(name, data)
    return out.getvalue()


def body_xml(size: int, *, seed: int = 7) -> bytes:
    """About ``size`` bytes of WordprocessingML: numbered clauses of shuffled contract words, so the
    part compresses like prose (roughly ten to one), not like a run of zeros."""
    rng = random.Random(seed)
    words = list(CLAUSE_WORDS)
    parts, total, n = [BODY_START], 0, 0
    while total < size:
        n += 1
        rng.shuffle(words)
        text = f"第{n}条 " + "".join(words) + "。"
        piece = f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>"
        parts.append(piece)
        total += len(piece.encode())
    parts.append(BODY_END)
    return "".join(parts).encode()


def zip_bomb(size: int) -> bytes:
    """A .docx whose ``word/document.xml`` inflates to about ``size`` bytes."""
    return with_parts({"word/document.xml": body_xml(size)})


def text_heavy(chars: int) -> bytes:
    """A well-formed .docx with at least ``chars`` characters of text."""
    return with_parts({"word/document.xml": body_xml(chars * 4 + 1000)})


def lying_part(declared_fraction: float = 0.1) -> bytes:
    """A .docx whose ``word/document.xml`` entry declares (in the central directory and the local header)
    only a fraction of its real size, with the CRC of that prefix: ``zipfile`` alone would hand back the
    truncated prefix without complaint."""
    real = body_xml(400_000)
    data = bytearray(with_parts({"word/document.xml": real}))
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        info = archive.getinfo("word/document.xml")
    declared = int(len(real) * declared_fraction)
    crc = zlib.crc32(real[:declared])
    # local header: CRC at 14, uncompressed size at 22
    struct.pack_into("<L", data, info.header_offset + 14, crc)
    struct.pack_into("<L", data, info.header_offset + 22, declared)
    # central directory entry: CRC at 16, uncompressed size at 24
    name = info.filename.encode()
    pos = data.find(b"PK\x01\x02")
    while pos != -1:
        name_len = struct.unpack_from("<H", data, pos + 28)[0]
        if bytes(data[pos + 46:pos + 46 + name_len]) == name:
            struct.pack_into("<L", data, pos + 16, crc)
            struct.pack_into("<L", data, pos + 24, declared)
            break
        pos = data.find(b"PK\x01\x02", pos + 4)
    return bytes(data)


BILLION_LAUGHS = (BODY_START.split("\n")[0] + """
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
""" + f'<w:document xmlns:w="{W_NS}"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>').encode()


def billion_laughs() -> bytes:
    return with_parts({"word/document.xml": BILLION_LAUGHS})


def long_contract(pages: int = 200) -> bytes:
    """An honest contract of about ``pages`` pages (30 numbered paragraphs of ~60 characters a page)."""
    rng = random.Random(pages)
    words = list(CLAUSE_WORDS)
    document = docx.Document()
    document.add_paragraph("房屋租赁合同")
    for n in range(1, pages * 30 + 1):
        rng.shuffle(words)
        document.add_paragraph(f"第{n}条 " + "".join(words)[:60] + "。")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()
