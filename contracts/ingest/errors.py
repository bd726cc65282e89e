"""The one error the reading stage raises, and the upload size it allows. The other limits (PDF
pages, OCR pages and time, paragraphs) are the document reader's (``core.documents``)."""

from __future__ import annotations

#: Largest upload accepted (bytes).
MAX_UPLOAD_BYTES = 20 * 1024 * 1024


class UnreadableFile(ValueError):
    """The file cannot be read as a contract; ``str(error)`` is a Chinese message for the user."""

    def __init__(self, message_zh: str) -> None:
        super().__init__(message_zh)
        self.message = message_zh
