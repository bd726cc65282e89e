"""Thin receivers of Django's login signals: they hand the facts to firm.services."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.db.models.signals import m2m_changed
from django.dispatch import receiver

from core.proxies import client_address
from firm.roles import role_forget
from firm.services import login_failure_record, login_success_record


@receiver(user_login_failed, dispatch_uid="firm.login_failed")
def on_login_failed(sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any) -> None:
    address = client_address(request.META) if request is not None else ""
    login_failure_record(username=str(credentials.get("username") or ""), address=address)


@receiver(user_logged_in, dispatch_uid="firm.logged_in")
def on_logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    login_success_record(username=user.get_username())


@receiver(m2m_changed, sender=get_user_model().groups.through, dispatch_uid="firm.groups_changed")
def on_groups_changed(sender: Any, instance: Any, action: str, **kwargs: Any) -> None:
    """A user's groups are its role: the role a user object kept is forgotten when they change (from the
    user's side; from a group's side the user objects are not at hand, and a request reads its user anew)."""
    if action.startswith("post_"):
        role_forget(instance)
