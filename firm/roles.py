"""Roles are Django groups; this module is the one place that names them and their rights."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from firm.models import Role

#: The attribute a user object keeps its role in once read (as Django's ``_perm_cache``): a request's user
#: is read from the database at each request, and a request asks its role once per scope it builds.
ROLE_CACHE = "_firm_role_cache"


def user_role(user: AbstractBaseUser | AnonymousUser) -> str | None:
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Role.ADMIN
    cached = getattr(user, ROLE_CACHE, None)
    if cached is not None:
        return cached[0]
    names = {group.name for group in user.groups.all()}
    role = next((role.value for role in (Role.ADMIN, Role.COMPLIANCE, Role.STAFF) if role.value in names), None)
    setattr(user, ROLE_CACHE, (role,))
    return role


def role_forget(user: object) -> None:
    """Drops ``user``'s kept role: its groups changed (``firm.signals`` calls it on every change)."""
    if hasattr(user, ROLE_CACHE):
        delattr(user, ROLE_CACHE)


def is_admin(user: AbstractBaseUser | AnonymousUser) -> bool:
    return user_role(user) == Role.ADMIN


def is_compliance(user: AbstractBaseUser | AnonymousUser) -> bool:
    return user_role(user) == Role.COMPLIANCE


def does_client_work(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Staff and admins work on client matters; compliance officers only audit."""
    return user_role(user) in (Role.STAFF, Role.ADMIN)
