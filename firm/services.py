"""Writes for people, tokens and matters.

Every change is recorded as an audit event inside its own transaction
(``tracing.services.audit_event_record``, docs/decisions/audit-events.md); a change that can take
access away tells the websockets concerned to re-check it (``core.realtime.access_changed``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AbstractUser, AnonymousUser, Group
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from core.audit import audit_event_record
from core.realtime import access_changed, matter_access_group, user_access_group, user_notify
from firm.models import Matter, MatterMember, Role
from firm.roles import does_client_work, is_admin, user_role
from firm.selectors import login_failure_key, login_locked, matter_can_manage, matter_is_lead, matter_is_member
from firm.walls import declaration_for

#: Matter fields ``matter_update`` may change.
MATTER_FIELDS = ("number", "title", "client", "description", "privileged", "status", "owner")

ActorLike = AbstractBaseUser | AnonymousUser | None


def _user_ref(user: AbstractBaseUser | None) -> str | None:
    return user.get_username() if user is not None else None


logger = logging.getLogger("firm.services")


# --- people ----------------------------------------------------------------------------------
def user_create(
    *, username: str, role: str, password: str | None = None, email: str = "", display_name: str = "",
    actor: ActorLike = None, actor_name: str = "",
) -> tuple[AbstractUser, str]:
    """Create a user in one role. Returns the user and the (possibly generated) password.
    ``actor`` is the admin who did it; ``actor_name`` names a shell command instead."""
    if role not in Role.values:
        raise ValidationError(f"未知角色 {role!r}，可选：{', '.join(Role.values)}")
    user_model = get_user_model()
    if user_model.objects.filter(username=username).exists():
        raise ValidationError(f"用户 {username!r} 已存在")
    password = password or secrets.token_urlsafe(12)
    with transaction.atomic():
        user = user_model.objects.create_user(
            username=username, email=email, password=password, first_name=display_name
        )
        _role_apply(user, role)
        audit_event_record(
            actor=actor, actor_name=actor_name, event_type="user.created", obj=user,
            new={"username": username, "role": role, "email": email, "display_name": display_name},
        )
    return user, password


def _role_apply(user: AbstractUser, role: str) -> None:
    user.groups.set([Group.objects.get_or_create(name=role)[0]])
    user.is_superuser = role == Role.ADMIN
    user.is_staff = role in (Role.ADMIN, Role.COMPLIANCE)  # both use the Django admin
    user.save(update_fields=["is_superuser", "is_staff"])


def user_role_set(*, user: AbstractUser, role: str, actor: ActorLike = None, actor_name: str = "") -> AbstractUser:
    """Put the user in ``role`` (and only that role). A change is an audit event and makes the
    user's open websockets re-check their access."""
    if role not in Role.values:
        raise ValidationError(f"未知角色 {role!r}")
    if actor is not None and getattr(actor, "is_authenticated", False) and not is_admin(actor):
        raise PermissionDenied("只有管理员可以调整用户角色")
    with transaction.atomic():
        before = user_role(user)
        _role_apply(user, role)
        if before != role:
            audit_event_record(actor=actor, actor_name=actor_name, event_type="user.role_changed", obj=user,
                               old={"role": before}, new={"role": role})
            access_changed(user_access_group(user.pk))
    return user


def user_active_set(*, actor: AbstractBaseUser, user: AbstractUser, active: bool) -> AbstractUser:
    """Activate or deactivate a user (an admin's act). A deactivated user's websockets close."""
    if not is_admin(actor):
        raise PermissionDenied("只有管理员可以停用或启用用户")
    if user.is_active == active:
        return user
    with transaction.atomic():
        user.is_active = active
        user.save(update_fields=["is_active"])
        audit_event_record(actor=actor, event_type="user.activated" if active else "user.deactivated", obj=user,
                           old={"is_active": not active}, new={"is_active": active})
        access_changed(user_access_group(user.pk))
    return user


#: Profile fields ``user_update`` may change besides the role and the active flag.
PROFILE_FIELDS = ("username", "first_name", "last_name", "email")


def user_update(
    *, actor: AbstractBaseUser, user: AbstractUser, role: str | None = None, is_active: bool | None = None,
    **profile: Any,
) -> AbstractUser:
    """An admin's change to a user: profile fields (one ``user.changed`` event), then the role and
    the active flag through their own services (their own events)."""
    if not is_admin(actor):
        raise PermissionDenied("只有管理员可以修改用户")
    unknown = set(profile) - set(PROFILE_FIELDS)
    if unknown:
        raise ValidationError(f"不能修改的字段：{', '.join(sorted(unknown))}")
    with transaction.atomic():
        stored = get_user_model().objects.select_for_update().get(pk=user.pk)
        changed = {name: value for name, value in profile.items() if getattr(stored, name) != value}
        if changed:
            for name, value in changed.items():
                setattr(user, name, value)
            user.save(update_fields=list(changed))
            audit_event_record(actor=actor, event_type="user.changed", obj=user,
                               old={name: getattr(stored, name) for name in changed}, new=changed)
        if role is not None:
            user_role_set(actor=actor, user=user, role=role)
        if is_active is not None:
            user.is_active = stored.is_active  # the service compares with what is stored
            user_active_set(actor=actor, user=user, active=is_active)
    return user


def token_issue(*, user: AbstractUser, rotate: bool = False) -> Token:
    """Return the user's API token, replacing it when expired or when ``rotate`` is set."""
    with transaction.atomic():
        token = Token.objects.filter(user=user).first()
        if token and (rotate or token_is_expired(token)):
            token.delete()
            token = None
        if token is None:
            token = Token.objects.create(user=user)
    return token


def token_is_expired(token: Token) -> bool:
    return token.created < timezone.now() - timedelta(days=settings.API_TOKEN_TTL_DAYS)


# --- matters ---------------------------------------------------------------------------------
def _matter_fields(matter: Matter) -> dict[str, Any]:
    return {
        "number": matter.number, "title": matter.title, "client": matter.client, "description": matter.description,
        "privileged": matter.privileged, "status": matter.status, "owner": _user_ref(matter.owner),
    }


def matter_create(
    *,
    actor: AbstractUser,
    number: str,
    title: str,
    client: str,
    description: str = "",
    privileged: bool = False,
    members: Iterable[AbstractUser] = (),
    owner: AbstractUser | None = None,
) -> Matter:
    """Create a matter led by ``owner`` (default: the actor), with the owner as 主办 and ``members``
    as 协办."""
    owner = owner or actor
    if not does_client_work(actor):
        raise PermissionDenied("合规人员不能创建案件")
    if owner.pk != actor.pk and not is_admin(actor):
        raise PermissionDenied("只有管理员可以为他人创建案件")
    if not does_client_work(owner):
        raise ValidationError({"owner": "合规人员不能担任主办律师"})
    if Matter.objects.filter(number=number).exists():
        raise ValidationError({"number": f"案件编号 {number} 已存在"})
    with transaction.atomic():
        matter = Matter.objects.create(
            number=number, title=title, client=client, description=description,
            privileged=privileged, owner=owner,
        )
        team = [MatterMember.objects.create(matter=matter, user=owner, team_role=MatterMember.TeamRole.LEAD)]
        for member in members:
            if member.pk != owner.pk:
                if not does_client_work(member):
                    raise ValidationError({"members": "合规人员不能加入案件团队"})
                team.append(MatterMember.objects.create(matter=matter, user=member))
        audit_event_record(
            actor=actor, event_type="matter.created", obj=matter,
            new={**_matter_fields(matter),
                 "members": [{"username": m.user.get_username(), "team_role": m.team_role} for m in team]},
        )
    return matter


def matter_update(*, actor: AbstractUser, matter: Matter, **changes: Any) -> Matter:
    """Change a matter's fields (``MATTER_FIELDS``): its owner, leads and admins may. The changed
    fields are one audit event; a change of the privileged flag or of the owner makes the
    websockets of the matter's work re-check their access."""
    unknown = set(changes) - set(MATTER_FIELDS)
    if unknown:
        raise ValidationError(f"不能修改的字段：{', '.join(sorted(unknown))}")
    if not matter_can_manage(user=actor, matter=matter):
        raise PermissionDenied("只有主办律师或管理员可以修改案件")
    if "status" in changes and changes["status"] not in Matter.Status.values:
        raise ValidationError({"status": f"未知状态 {changes['status']!r}"})
    if "owner" in changes and not does_client_work(changes["owner"]):
        raise ValidationError({"owner": "合规人员不能担任主办律师"})
    if "number" in changes and Matter.objects.filter(number=changes["number"]).exclude(pk=matter.pk).exists():
        raise ValidationError({"number": f"案件编号 {changes['number']} 已存在"})
    with transaction.atomic():
        before = _matter_fields(Matter.objects.select_for_update().select_related("owner").get(pk=matter.pk))
        for name, value in changes.items():
            setattr(matter, name, value)
        after = _matter_fields(matter)
        changed = [name for name in MATTER_FIELDS if before[name] != after[name]]
        if not changed:
            return matter
        matter.save()
        if "owner" in changed:
            MatterMember.objects.update_or_create(
                matter=matter, user=matter.owner, defaults={"team_role": MatterMember.TeamRole.LEAD}
            )
        audit_event_record(actor=actor, event_type="matter.changed", obj=matter,
                           old={name: before[name] for name in changed}, new={name: after[name] for name in changed})
        if "privileged" in changed and before["privileged"] and not after["privileged"]:
            _privilege_lifted(actor=actor, matter=matter)
        if {"privileged", "owner"} & set(changed):
            access_changed(matter_access_group(matter.pk))
    return matter


def _privilege_lifted(*, actor: AbstractUser, matter: Matter) -> None:
    """Lifting the privileged flag opens the matter's work to every admin: its own audit event,
    naming who lifted it, and a notice to each lead (the owner and the team's 主办) other than
    the actor, on their notifications socket once committed (docs/decisions/roles-and-matters.md)."""
    leads = {matter.owner_id: matter.owner}
    leads.update({m.user_id: m.user for m in matter.memberships.select_related("user")
                  .filter(team_role=MatterMember.TeamRole.LEAD)})
    told = sorted((user for pk, user in leads.items() if pk != actor.pk), key=lambda u: u.pk)
    audit_event_record(actor=actor, event_type="matter.privilege_lifted", obj=matter,
                       old={"privileged": True}, new={"privileged": False},
                       detail={"by_admin": is_admin(actor), "leads_notified": [u.get_username() for u in told]})
    notice = {"type": "matter.privilege_lifted", "matter": matter.pk, "number": matter.number,
              "actor": actor.get_username(),
              "text": f"案件 {matter.number} 的保密标记已被 {actor.get_username()} 取消，"
                      "管理员现可查看该案件的工作成果"}

    def send() -> None:
        for user in told:
            try:
                user_notify(user.pk, notice)
            except Exception:  # a lost notice is not a lost record: the event above stays
                logger.exception("could not notify %s that matter %s lost its privilege", user.pk, matter.pk)

    transaction.on_commit(send)


def matter_member_add(
    *, actor: AbstractUser, matter: Matter, user: AbstractUser, team_role: str = MatterMember.TeamRole.MEMBER
) -> MatterMember:
    """Put ``user`` on the matter's team in ``team_role`` (or change their team role). Adding
    oneself - an admin joining a privileged matter - is recorded as such."""
    if not matter_can_manage(user=actor, matter=matter):
        raise PermissionDenied("只有主办律师或管理员可以调整团队")
    if not does_client_work(user):
        raise ValidationError("合规人员不能加入案件团队")
    if team_role not in MatterMember.TeamRole.values:
        raise ValidationError({"team_role": f"未知团队角色 {team_role!r}"})
    with transaction.atomic():
        existing = MatterMember.objects.select_for_update().filter(matter=matter, user=user).first()
        if existing is not None and existing.team_role == team_role:
            return existing
        detail = {"self": True} if user.pk == actor.pk else None
        if existing is None:
            membership = MatterMember.objects.create(matter=matter, user=user, team_role=team_role)
            audit_event_record(actor=actor, event_type="matter.member_added", obj=matter, detail=detail,
                               new={"username": user.get_username(), "team_role": team_role})
        else:
            old_role = existing.team_role
            existing.team_role = team_role
            existing.save(update_fields=["team_role"])
            membership = existing
            audit_event_record(actor=actor, event_type="matter.member_role_changed", obj=matter, detail=detail,
                               old={"username": user.get_username(), "team_role": old_role},
                               new={"username": user.get_username(), "team_role": team_role})
            access_changed(matter_access_group(matter.pk))  # a lead who is no longer one may no longer move work
    return membership


def matter_member_remove(*, actor: AbstractUser, matter: Matter, user: AbstractUser) -> None:
    """Take ``user`` off the matter's team; their open websockets on the matter's work close."""
    if not matter_can_manage(user=actor, matter=matter):
        raise PermissionDenied("只有主办律师或管理员可以调整团队")
    if user.pk == matter.owner_id:
        raise ValidationError("不能移除主办律师")
    with transaction.atomic():
        membership = MatterMember.objects.select_for_update().filter(matter=matter, user=user).first()
        if membership is None:
            return
        membership.delete()
        audit_event_record(actor=actor, event_type="matter.member_removed", obj=matter,
                           old={"username": user.get_username(), "team_role": membership.team_role})
        access_changed(matter_access_group(matter.pk))


# --- work that belongs to a matter -----------------------------------------------------------
def work_move_check(
    *, actor: AbstractUser, work_owner: AbstractBaseUser, current_matter: Matter | None, target_matter: Matter | None
) -> None:
    """May ``actor`` move a work object (session, contract, research task, draft) owned by
    ``work_owner`` from ``current_matter`` to ``target_matter`` (None: no matter)? Raises
    ``PermissionDenied`` when not:

    - only the work's owner, the current matter's lead or an admin may move it;
    - work leaves a privileged matter only by its lead's or an admin's hand (else the owner
      could carry privileged work across the wall);
    - the target must be a matter the work's owner is on, and, unless the actor is an admin, one
      the actor is on too.
    """
    current_id = current_matter.pk if current_matter is not None else None
    target_id = target_matter.pk if target_matter is not None else None
    if current_id == target_id:
        return
    admin = is_admin(actor)
    lead = current_matter is not None and matter_is_lead(user=actor, matter=current_matter)
    if not (admin or lead or work_owner.pk == actor.pk):
        raise PermissionDenied("只有工作的所有人、所属案件的主办律师或管理员可以变更其所属案件")
    if current_matter is not None and current_matter.privileged and not (admin or lead):
        raise PermissionDenied("保密事项的工作只能由该案件的主办律师或管理员移出")
    if target_matter is not None:
        if not matter_is_member(user=work_owner, matter=target_matter):
            raise PermissionDenied("只能归入工作所有人所在团队的案件")
        if not admin and not matter_is_member(user=actor, matter=target_matter):
            raise PermissionDenied("您不在该案件团队中，不能将工作归入该案件")


def work_derive_check(*, actor: AbstractUser, source: Any, target_matter: Matter | None) -> None:
    """May ``actor`` create work in ``target_matter`` (None: unfiled) from ``source``, a client-work
    object of another piece of work (a chat session a draft is pre-filled from, a chat a research
    task starts from)? Its content moves with it, so it is the move rule
    (:func:`work_move_check`) with the source's owner and matter. Raises ``PermissionDenied``."""
    declaration = declaration_for(source)
    if declaration is None:
        raise TypeError(f"{type(source).__name__} is not declared client work")
    owner = source
    for part in declaration.owner.split("__"):
        owner = getattr(owner, part)
    work_move_check(actor=actor, work_owner=owner, current_matter=declaration.matter_of(source),
                    target_matter=target_matter)


# --- login protection (docs/decisions/login-protection.md) -----------------------------------------
def _count_failure(key: str) -> int:
    timeout = settings.LOGIN_LOCKOUT_SECONDS
    if cache.add(key, 1, timeout=timeout):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=timeout)
        return 1


def login_failure_record(*, username: str, address: str) -> bool:
    """Count a failed login for the account and the address; returns whether either is now locked.

    While not locked each failure is an audit event ``user.login_failed``; the failure that locks
    writes ``user.locked_out``; attempts while locked are only counted (an attacker's flood cannot
    grow the audit chain)."""
    username = (username or "")[:150]
    already = login_locked(username=username, address=address)
    user_failures = _count_failure(login_failure_key("user", username)) if username else 0
    address_failures = _count_failure(login_failure_key("addr", address)) if address else 0
    if already:
        return True
    locked = login_locked(username=username, address=address)
    user = get_user_model().objects.filter(username=username).first() if username else None
    detail = {"username": username, "address": address, "account_failures": user_failures,
              "address_failures": address_failures}
    with transaction.atomic():
        audit_event_record(actor=None, actor_name=address or "unknown", event_type="user.login_failed",
                           object_type="auth.user", object_id=user.pk if user else username or "-", detail=detail)
        if locked:
            audit_event_record(actor=None, actor_name=address or "unknown", event_type="user.locked_out",
                               object_type="auth.user", object_id=user.pk if user else username or "-",
                               detail={**detail, "seconds": settings.LOGIN_LOCKOUT_SECONDS})
    return locked


def login_success_record(*, username: str) -> None:
    """A successful login clears the account's failure count (not the address's)."""
    cache.delete(login_failure_key("user", username))
