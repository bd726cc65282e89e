"""API-wide pieces: the exception handler that turns domain errors into clear 4xx answers, and a
database that cannot be reached (restarting, failing over) into a 503 the client may retry."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

#: Seconds a client is asked to wait before retrying while the database is away.
DATABASE_RETRY_AFTER = 5


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, (OperationalError, InterfaceError)):
        response = Response({"error": "unavailable", "detail": "数据库暂时不可用，请稍后重试"},
                            status=status.HTTP_503_SERVICE_UNAVAILABLE)
        response["Retry-After"] = str(DATABASE_RETRY_AFTER)
        return response
    if isinstance(exc, DjangoValidationError):
        detail: Any = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        return Response(detail, status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)
