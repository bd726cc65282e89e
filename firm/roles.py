"""Roles are Django groups; this module is the one place that names them and their rights."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from firm.models import Role


def user_role(user: AbstractBaseUser | AnonymousUser) -> str | None:
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Role.ADMIN
    names = {group.name for group in user.groups.all()}
    for role in (Role.ADMIN, Role.COMPLIANCE, Role.STAFF):
        if role.value in names:
            return role.value
    return None


def is_admin(user: AbstractBaseUser | AnonymousUser) -> bool:
    return user_role(user) == Role.ADMIN


def is_compliance(user: AbstractBaseUser | AnonymousUser) -> bool:
    return user_role(user) == Role.COMPLIANCE


def does_client_work(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Staff and admins work on client matters; compliance officers only audit."""
    return user_role(user) in (Role.STAFF, Role.ADMIN)
