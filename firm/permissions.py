"""Who may do client work, checked one way in every view that serves it (docs/decisions/roles-and-matters.md).

Staff and admins work on client matters; compliance officers only audit. Work itself (a session, a
contract, a research task, a draft, a case document) is read through the firm's scope
(``firm.selectors.visible_to`` / ``get_visible_or_404``), and a matter named in a request through
:func:`firm.selectors.matter_get_or_404`: what a user may not see is 404, its existence not leaked.

- :class:`ClientWork` is the DRF permission of every API view that serves client work. A view whose
  whole feature is client work names the refusal in ``client_work_denied`` and a compliance officer
  gets 403 with it before anything is read; a view without it lets the firm's scope decide.
- :func:`client_work_required` is the same check for the portal's pages.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from firm.roles import does_client_work


def client_work_required(user: AbstractBaseUser | AnonymousUser, message: str) -> None:
    """403 (Django's ``PermissionDenied`` with ``message``) unless ``user`` does client work."""
    if not does_client_work(user):
        raise DjangoPermissionDenied(message)


class ClientWork(BasePermission):
    """Signed in (401 otherwise); when the view sets ``client_work_denied``, doing client work (403
    with that message otherwise)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if not (request.user and request.user.is_authenticated):
            return False
        message = getattr(view, "client_work_denied", None)
        if message and not does_client_work(request.user):
            raise PermissionDenied(message)
        return True
