"""The one error the reading stage raises, and the limits it enforces."""

from __future__ import annotations

#: Largest upload accepted (bytes).
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
#: .docx package limits (parts, sizes, ratio, text) are the shared ``UPLOAD_*`` settings of
#: ``core.uploads`` (docs/decisions/upload-limits.md).
#: PDF limits: pages read, and pages that may go through OCR.
MAX_PDF_PAGES = 1000
MAX_OCR_PAGES = 40
#: Seconds of OCR one upload may use (about 3–7 s a page on two cores).
OCR_TIME_BUDGET = 300
#: Paragraphs kept from any document (a 500-page contract has ~15,000).
MAX_PARAGRAPHS = 100_000


class UnreadableFile(ValueError):
    """The file cannot be read as a contract; ``str(error)`` is a Chinese message for the user."""

    def __init__(self, message_zh: str) -> None:
        super().__init__(message_zh)
        self.message = message_zh
