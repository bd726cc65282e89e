"""The report typography now lives in :mod:`core.typography` (shared by every Word output)."""

from core.typography import (  # noqa: F401
    BODY_FONT,
    BODY_SIZE,
    HEADING_FONT,
    HEADING_SIZE,
    LATIN_FONT,
    SMALL_SIZE,
    TITLE_FONT,
    TITLE_SIZE,
    base_document,
    set_run_font,
)
