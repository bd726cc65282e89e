"""Writes for people, tokens and matters."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser, Group
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from firm.models import Matter, MatterMember, Role
from firm.roles import does_client_work
from firm.selectors import matter_can_manage

logger = logging.getLogger("legalsite.audit")


def user_create(
    *, username: str, role: str, password: str | None = None, email: str = "", display_name: str = ""
) -> tuple[AbstractUser, str]:
    """Create a user in one role. Returns the user and the (possibly generated) password."""
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
        user_role_set(user=user, role=role)
    logger.info("user.created username=%s role=%s", username, role)
    return user, password


def user_role_set(*, user: AbstractUser, role: str) -> AbstractUser:
    if role not in Role.values:
        raise ValidationError(f"未知角色 {role!r}")
    with transaction.atomic():
        user.groups.set([Group.objects.get_or_create(name=role)[0]])
        user.is_superuser = role == Role.ADMIN
        user.is_staff = role in (Role.ADMIN, Role.COMPLIANCE)  # both use the Django admin
        user.save(update_fields=["is_superuser", "is_staff"])
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


def matter_create(
    *,
    actor: AbstractUser,
    number: str,
    title: str,
    client: str,
    description: str = "",
    privileged: bool = False,
    members: Iterable[AbstractUser] = (),
) -> Matter:
    if not does_client_work(actor):
        raise PermissionDenied("合规人员不能创建案件")
    if Matter.objects.filter(number=number).exists():
        raise ValidationError({"number": f"案件编号 {number} 已存在"})
    with transaction.atomic():
        matter = Matter.objects.create(
            number=number, title=title, client=client, description=description,
            privileged=privileged, owner=actor,
        )
        MatterMember.objects.create(matter=matter, user=actor, team_role=MatterMember.TeamRole.LEAD)
        for member in members:
            if member.pk != actor.pk:
                MatterMember.objects.create(matter=matter, user=member)
    logger.info("matter.created number=%s by=%s privileged=%s", number, actor.username, privileged)
    return matter


def matter_member_add(
    *, actor: AbstractUser, matter: Matter, user: AbstractUser, team_role: str = MatterMember.TeamRole.MEMBER
) -> MatterMember:
    if not matter_can_manage(user=actor, matter=matter):
        raise PermissionDenied("只有主办律师或管理员可以调整团队")
    if not does_client_work(user):
        raise ValidationError("合规人员不能加入案件团队")
    membership, _ = MatterMember.objects.update_or_create(
        matter=matter, user=user, defaults={"team_role": team_role}
    )
    logger.info("matter.member_added number=%s user=%s by=%s", matter.number, user.username, actor.username)
    return membership


def matter_member_remove(*, actor: AbstractUser, matter: Matter, user: AbstractUser) -> None:
    if not matter_can_manage(user=actor, matter=matter):
        raise PermissionDenied("只有主办律师或管理员可以调整团队")
    if user.pk == matter.owner_id:
        raise ValidationError("不能移除主办律师")
    MatterMember.objects.filter(matter=matter, user=user).delete()
    logger.info("matter.member_removed number=%s user=%s by=%s", matter.number, user.username, actor.username)
