"""Thin receivers of Django's login signals: they hand the facts to firm.services."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.dispatch import receiver

from core.proxies import client_address
from firm.services import login_failure_record, login_success_record


@receiver(user_login_failed, dispatch_uid="firm.login_failed")
def on_login_failed(sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any) -> None:
    address = client_address(request.META) if request is not None else ""
    login_failure_record(username=str(credentials.get("username") or ""), address=address)


@receiver(user_logged_in, dispatch_uid="firm.logged_in")
def on_logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    login_success_record(username=user.get_username())
