"""LibreOffice headless conversion of .docx to PDF (tests and ``bench/drafting.py`` check that a
court's office suite opens every shipped template), and the first page of a PDF as PNG."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pypdfium2


class ConversionError(RuntimeError):
    pass


def soffice() -> str:
    """The LibreOffice binary; ConversionError when it is not installed
    (``scripts/ensure-libreoffice.sh`` installs it)."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if not found:
        raise ConversionError("LibreOffice (soffice) is not installed: run scripts/ensure-libreoffice.sh")
    return found


def to_pdf(files: Sequence[Path], outdir: Path, *, timeout: float = 300) -> dict[Path, Path | None]:
    """Convert ``files`` in one LibreOffice run (its own throw-away profile, so parallel runs do
    not collide); maps each input to its PDF, or None when LibreOffice produced none."""
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        completed = subprocess.run(
            [soffice(), f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
             "--convert-to", "pdf", "--outdir", str(outdir), *map(str, files)],
            capture_output=True, timeout=timeout, check=False)
    results: dict[Path, Path | None] = {}
    for file in files:
        pdf = outdir / (file.stem + ".pdf")
        results[file] = pdf if pdf.exists() and pdf.stat().st_size > 0 else None
    if completed.returncode != 0 and not any(results.values()):
        raise ConversionError(completed.stderr.decode(errors="replace")[-2000:])
    return results


def first_page_png(pdf: Path, png: Path, *, scale: float = 1.0) -> tuple[int, int]:
    """Render page one of ``pdf`` to ``png``; returns (pages, width in px)."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        page = document[0]
        image = page.render(scale=scale).to_pil()
        image.save(png)
        return len(document), image.width
    finally:
        document.close()
