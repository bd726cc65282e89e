"""Case-library helpers: an upload through the real service, then what the worker does with it."""

from __future__ import annotations

import time
from typing import Any

from knowledge.models import CaseDocument
from knowledge.services import case_extract, case_upload


def extract_now(document_id: int) -> CaseDocument | None:
    """Run the worker's extraction here (``knowledge.tasks.case_extract``); when a live worker of
    another test took it first, wait for it to settle."""
    document = case_extract(document_id=document_id)
    deadline = time.monotonic() + 60
    while document is not None and document.status == CaseDocument.Status.PENDING and time.monotonic() < deadline:
        time.sleep(0.1)
        document = CaseDocument.objects.defer("original").filter(pk=document_id).first()
    return document


def upload_case(*, actor: Any, file: Any, **fields: Any) -> CaseDocument:
    """``case_upload`` then the extraction: the document as search sees it (``ready`` or ``failed``)."""
    return extract_now(case_upload(actor=actor, file=file, **fields).pk)
