"""Who may see what. Every read of client work goes through ``visible_to`` / ``get_visible_or_404``
(the rule ``work_visible_q`` applied along the model's declared paths, docs/decisions/ethical-walls.md).

- staff: what they own, and the work of matters whose team they are on (ethical walls are
  matters they are not on);
- admin: everything, except the work of a *privileged* matter whose team they are not on;
- compliance: no client work at all (they read the audit trail, not the files).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Model, Q, QuerySet
from django.http import Http404

from firm.models import Matter
from firm.roles import Role, user_role
from firm.walls import ClientWork, declaration_for

UserLike = AbstractBaseUser | AnonymousUser
M = TypeVar("M", bound=Model)


def _team_q(user: UserLike, prefix: str = "") -> Q:
    return Q(**{f"{prefix}owner": user}) | Q(**{f"{prefix}memberships__user": user})


def team_matter_ids(*, user: UserLike) -> QuerySet[Matter]:
    """Matters the user owns or is a member of (a subquery, safe from join duplicates)."""
    return Matter.objects.filter(_team_q(user)).values("pk")


def work_visible_q(*, user: UserLike, owner_field: str = "owner", matter_field: str = "matter") -> Q:
    """A filter for work objects (sessions, contracts, tasks, drafts) the user may read."""
    role = user_role(user)
    nothing = Q(pk__in=[])
    if role is None or role == Role.COMPLIANCE:
        return nothing
    own = Q(**{owner_field: user})
    on_team = Q(**{f"{matter_field}__in": team_matter_ids(user=user)})
    if role == Role.ADMIN:
        open_to_admin = Q(**{f"{matter_field}__isnull": True}) | Q(**{f"{matter_field}__privileged": False})
        return own | on_team | open_to_admin
    return own | on_team


def work_scope_q(*, user: UserLike, matter_id: int | None, owner_field: str = "owner",
                 matter_field: str = "matter") -> Q:
    """What an agent working for ``user`` on one piece of work may read (docs/decisions/tool-scope.md):
    in a matter's work, that matter's objects the user may see plus the user's own unfiled ones;
    in unfiled work (``matter_id`` None), the user's own unfiled objects only. Never another
    matter's objects, even when the user may open them elsewhere."""
    own_unfiled = Q(**{owner_field: user, f"{matter_field}__isnull": True})
    within = own_unfiled if matter_id is None else Q(**{matter_field: matter_id}) | own_unfiled
    return work_visible_q(user=user, owner_field=owner_field, matter_field=matter_field) & within


# --- the one scope of client work (docs/decisions/ethical-walls.md) -------------------------------
def _declared(model: type[M]) -> ClientWork:
    declaration = declaration_for(model)
    if declaration is None:
        raise TypeError(f"{model._meta.label} is not declared client work (firm.walls.client_work)")
    return declaration


def visible_q(model: type[Model], *, user: UserLike) -> Q:
    """The filter of ``model``'s objects ``user`` may read, through the model's declared paths."""
    declaration = _declared(model)
    return work_visible_q(user=user, owner_field=declaration.owner, matter_field=declaration.matter)


def visible_to(model_or_queryset: type[M] | QuerySet[M], *, user: UserLike) -> QuerySet[M]:
    """Every object of a client-work model (or of a queryset of one) that ``user`` may read: the one
    scope the portal, the API, websockets, tools, MCP, ``/v1``, exports and the admin read through."""
    queryset = (model_or_queryset if isinstance(model_or_queryset, QuerySet)
                else model_or_queryset._default_manager.all())
    return queryset.filter(visible_q(queryset.model, user=user))


def get_visible_or_404(model_or_queryset: type[M] | QuerySet[M], *, user: UserLike, pk: Any) -> M:
    """One object ``user`` may read; 404 when it does not exist *or* is behind a wall (its existence
    is not leaked)."""
    try:
        return visible_to(model_or_queryset, user=user).get(pk=pk)
    except (ObjectDoesNotExist, ValueError, TypeError):
        raise Http404("不存在或无权查看") from None


def scope_to_work(model_or_queryset: type[M] | QuerySet[M], *, user: UserLike, matter_id: int | None) -> QuerySet[M]:
    """What an agent working for ``user`` within one piece of work may read of ``model``
    (docs/decisions/tool-scope.md): :func:`work_scope_q` through the model's declared paths."""
    queryset = (model_or_queryset if isinstance(model_or_queryset, QuerySet)
                else model_or_queryset._default_manager.all())
    declaration = _declared(queryset.model)
    return queryset.filter(work_scope_q(user=user, matter_id=matter_id, owner_field=declaration.owner,
                                        matter_field=declaration.matter))


def matter_list(*, user: UserLike, search: str = "", status: str = "") -> QuerySet[Matter]:
    role = user_role(user)
    if role == Role.ADMIN:
        queryset = Matter.objects.all()
    elif role == Role.STAFF:
        queryset = Matter.objects.filter(pk__in=team_matter_ids(user=user))
    else:
        return Matter.objects.none()
    if search:
        queryset = queryset.filter(
            Q(number__icontains=search) | Q(title__icontains=search) | Q(client__icontains=search)
        )
    if status:
        queryset = queryset.filter(status=status)
    return queryset.select_related("owner").prefetch_related("memberships__user")


def matter_get(*, user: UserLike, matter_id: int) -> Matter:
    """Raises ``Matter.DoesNotExist`` when the matter does not exist *or* is not visible."""
    return matter_list(user=user).get(pk=matter_id)


def matter_get_or_404(*, user: UserLike, matter_id: int | str | None) -> Matter | None:
    """The matter to file work under, through the firm's scope: ``None`` for unfiled work (``None``
    or a blank form value); 404 when it does not exist, is not visible to ``user`` or is not a
    number. The one lookup of a matter named in a request (pages and APIs)."""
    if matter_id is None or (isinstance(matter_id, str) and not matter_id.strip()):
        return None
    try:
        return matter_get(user=user, matter_id=int(matter_id))
    except (Matter.DoesNotExist, ValueError, TypeError):
        raise Http404("案件不存在或无权查看") from None


def matter_is_member(*, user: UserLike, matter: Matter) -> bool:
    return matter.owner_id == user.pk or matter.memberships.filter(user=user).exists()


def matter_is_lead(*, user: UserLike, matter: Matter) -> bool:
    """The matter's owner (主办律师) or a member with the team role lead (主办)."""
    return matter.owner_id == user.pk or matter.memberships.filter(user=user, team_role="lead").exists()


def matter_can_manage(*, user: UserLike, matter: Matter) -> bool:
    """Owner, team leads and admins may change a matter and its team."""
    if user_role(user) == Role.ADMIN:
        return True
    return matter_is_lead(user=user, matter=matter)


# --- login protection (docs/decisions/login-protection.md) -----------------------------------------
def login_failure_key(kind: str, value: str) -> str:
    return f"login-failures:{kind}:{value.strip().lower()[:150]}"


def login_locked(*, username: str, address: str) -> bool:
    """True while the account or the address has failed too often within LOGIN_LOCKOUT_SECONDS."""
    counts = cache.get_many([login_failure_key("user", username), login_failure_key("addr", address)])
    return (counts.get(login_failure_key("user", username), 0) >= settings.LOGIN_LOCKOUT_FAILURES
            or bool(address) and counts.get(login_failure_key("addr", address), 0)
            >= settings.LOGIN_LOCKOUT_ADDRESS_FAILURES)
