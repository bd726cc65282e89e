"""The HTTP shape of a Word download, shared by the API and the portal."""

from __future__ import annotations

from urllib.parse import quote

from django.http import HttpResponse

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def docx_response(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type=DOCX)
    response["Content-Disposition"] = f"attachment; filename=\"draft.docx\"; filename*=UTF-8''{quote(filename)}"
    return response
