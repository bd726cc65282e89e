"""LibreOffice headless as an independent reader of the .docx files we write: convert to PDF
(``soffice --headless --convert-to pdf``) with a private profile per call, so parallel calls and a
user's own LibreOffice never share (or lock) a profile."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pypdfium2

DEFAULT_TIMEOUT = 120.0


class LibreOfficeError(RuntimeError):
    """soffice is missing, failed, timed out or wrote no PDF."""


def soffice_path() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def docx_to_pdf(data: bytes, *, timeout: float = DEFAULT_TIMEOUT) -> bytes:
    """The PDF LibreOffice makes of ``data`` (a .docx). Raises :class:`LibreOfficeError`."""
    binary = soffice_path()
    if binary is None:
        raise LibreOfficeError("soffice not found: run scripts/ensure-libreoffice.sh (make test does)")
    with tempfile.TemporaryDirectory(prefix="legalsite-lo-") as work:
        root = Path(work)
        source = root / "document.docx"
        source.write_bytes(data)
        profile = root / "profile"
        command = [binary, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                   "--nolockcheck", "--convert-to", "pdf", "--outdir", str(root / "out"), str(source)]
        try:
            result = subprocess.run(command, capture_output=True, timeout=timeout, check=False,
                                    env=_environment(root))
        except subprocess.TimeoutExpired as exc:
            raise LibreOfficeError(f"soffice timed out after {timeout:.0f} s") from exc
        pdf = root / "out" / "document.pdf"
        if result.returncode != 0 or not pdf.exists() or pdf.stat().st_size == 0:
            detail = (result.stderr or result.stdout).decode("utf-8", "replace").strip()[-500:]
            raise LibreOfficeError(f"soffice could not convert the file (exit {result.returncode}): {detail}")
        return pdf.read_bytes()


def pdf_text(pdf: bytes) -> str:
    """All text of a PDF (pypdfium2), pages joined by newlines."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        parts = []
        for page in document:
            textpage = page.get_textpage()
            parts.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return "\n".join(parts)
    finally:
        document.close()


def _environment(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["HOME"] = str(root)  # soffice writes caches under $HOME
    env.setdefault("LANG", "C.UTF-8")
    return env
