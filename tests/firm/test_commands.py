"""create_user and issue_token: the automation commands."""

from io import StringIO

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from rest_framework.authtoken.models import Token

from firm.roles import user_role

pytestmark = pytest.mark.django_db


def _run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_create_user_generates_and_prints_a_password():
    output = _run("create_user", "zhang.san", "--role", "staff", "--name", "张三")
    password = output.split("password: ")[1].strip()
    assert len(password) >= 12
    user = authenticate(username="zhang.san", password=password)
    assert user is not None
    assert user_role(user) == "staff"
    assert user.first_name == "张三"
    assert not user.is_staff and not user.is_superuser


def test_create_user_with_given_password_does_not_print_it():
    output = _run("create_user", "audit1", "--role", "compliance", "--password", "Given-Pass-123")
    assert "Given-Pass-123" not in output and "password:" not in output
    user = authenticate(username="audit1", password="Given-Pass-123")
    assert user_role(user) == "compliance"
    assert user.is_staff and not user.is_superuser  # may open the admin, holds no model rights


def test_create_admin_is_superuser():
    _run("create_user", "boss", "--role", "admin", "--password", "Given-Pass-123")
    assert get_user_model().objects.get(username="boss").is_superuser


def test_create_user_refuses_duplicates_and_unknown_roles():
    _run("create_user", "li.si", "--role", "staff")
    with pytest.raises(CommandError, match="已存在"):
        _run("create_user", "li.si", "--role", "staff")
    with pytest.raises(CommandError):
        _run("create_user", "wang.wu", "--role", "partner")
    assert not get_user_model().objects.filter(username="wang.wu").exists()


def test_issue_token_prints_a_working_token_and_keeps_it(staff_user, api_client):
    key = _run("issue_token", staff_user.username).strip()
    assert len(key) == 40
    assert _run("issue_token", staff_user.username).strip() == key
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api_client.get("/api/v1/me").json()["username"] == staff_user.username


def test_issue_token_rotate_replaces_the_old_one(staff_user):
    old = _run("issue_token", staff_user.username).strip()
    new = _run("issue_token", staff_user.username, "--rotate").strip()
    assert new != old
    assert not Token.objects.filter(key=old).exists()


def test_issue_token_unknown_user():
    with pytest.raises(CommandError, match="no such user: ghost"):
        _run("issue_token", "ghost")
