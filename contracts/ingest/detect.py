"""What a file really is, judged by its bytes and not by its name."""

from __future__ import annotations

import io
import zipfile

import filetype

from contracts.ingest.errors import UnreadableFile

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
SUPPORTED = ("docx", "pdf", "txt", "md")

_LABELS = {
    "docx": "Word 文档（.docx）", "pdf": "PDF", "txt": "文本文件", "md": "文本文件",
    "doc": "旧版 Word 文档（.doc）", "xlsx": "Excel 表格", "pptx": "PowerPoint 演示文稿",
    "zip": "ZIP 压缩包", "ole": "Office 复合文档", "encrypted": "加密的 Office 文档",
}


def type_label(kind: str) -> str:
    return _LABELS.get(kind, kind.upper())


def extension_of(filename: str) -> str:
    name = (filename or "").strip().lower()
    if "." not in name:
        return ""
    return name.rsplit(".", 1)[1]


def sniff(data: bytes) -> str:
    """``docx`` / ``pdf`` / ``text`` / ``doc`` / ``encrypted`` / ``xlsx`` / ``pptx`` / ``zip`` or another
    ``filetype`` extension (``png`` …); ``binary`` when nothing matches and it is not text."""
    head = data[:8]
    if head.startswith(OLE_MAGIC):
        return _ole_kind(data)
    pos = data[:1024].find(b"%PDF-")
    if pos == 0 or data.lstrip()[:5] == b"%PDF-" or (pos > 0 and not _looks_like_text(data[:pos])):
        return "pdf"
    if head.startswith(b"PK"):
        return _zip_kind(data)
    guess = filetype.guess(data[:8192])
    if guess is not None and guess.extension not in ("txt",):
        return guess.extension
    if _looks_like_text(data):
        return "text"
    return "binary"


def _ole_kind(data: bytes) -> str:
    """An OLE compound file is either an encrypted OOXML package or a legacy binary Office file."""
    sample = data[: 4 * 1024 * 1024]
    if "EncryptionInfo".encode("utf-16-le") in sample or "EncryptedPackage".encode("utf-16-le") in sample:
        return "encrypted"
    if "WordDocument".encode("utf-16-le") in sample:
        return "doc"
    return "ole"


def _zip_kind(data: bytes) -> str:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            names = set(zf.namelist())
    except (zipfile.BadZipFile, ValueError, OSError):
        return "corrupt_zip"
    if "word/document.xml" in names or any(n.startswith("word/") for n in names):
        return "docx"
    if any(n.startswith("xl/") for n in names):
        return "xlsx"
    if any(n.startswith("ppt/") for n in names):
        return "pptx"
    return "zip"


def _looks_like_text(data: bytes) -> bool:
    sample = data[:65536]
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    if b"\x00" in sample:
        return False
    control = sum(1 for b in sample if b < 9 or 13 < b < 32 and b != 27)
    return control <= max(2, len(sample) // 200)


def resolve_format(filename: str, data: bytes) -> str:
    """The format to read the file as (``docx``/``pdf``/``txt``/``md``), or :class:`UnreadableFile`.

    The content decides. When the name's extension names a different kind of file than the bytes
    are, the upload is refused with a message naming the real type (a renamed file is a mistake
    the user should see, not something to guess around). A name with no extension is read as
    whatever the content is."""
    if not data:
        raise UnreadableFile("文件为空，没有可读取的内容")
    ext = extension_of(filename)
    kind = sniff(data)
    if kind == "encrypted":
        raise UnreadableFile("文件已加密，无法读取：请在 Word 中取消密码保护后重新上传")
    if kind == "corrupt_zip":
        raise UnreadableFile("文件已损坏，无法读取（不是有效的 .docx 压缩包）")
    real = {"docx": "docx", "pdf": "pdf", "text": "txt"}.get(kind)
    if ext in ("txt", "md", "markdown", "text"):
        if real == "txt":
            return "md" if ext in ("md", "markdown") else "txt"
        raise UnreadableFile(f"文件内容与扩展名不符（实际为 {type_label(kind)}）")
    if ext in ("docx", "pdf"):
        if real == ext:
            return ext
        if kind == "doc" and ext == "docx":
            raise UnreadableFile("这是旧版 Word（.doc）文件，请在 Word 中另存为 .docx 后再上传")
        if kind in ("binary", "ole"):
            raise UnreadableFile(f"文件已损坏或不是有效的 .{ext} 文件")
        raise UnreadableFile(f"文件内容与扩展名不符（实际为 {type_label(kind)}）")
    if ext == "":
        if real:
            return real
    if kind == "doc":
        raise UnreadableFile("这是旧版 Word（.doc）文件，请在 Word 中另存为 .docx 后再上传")
    raise UnreadableFile("不支持的文件类型：请上传 .docx、.pdf、.txt 或 .md 文件")
