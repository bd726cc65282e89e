"""First-run steps of the firm app (run by ``manage.py up``)."""

from __future__ import annotations

import secrets
from typing import TextIO

from django.conf import settings
from django.contrib.auth import get_user_model

from firm.models import Role
from firm.services import user_create

PASSWORD_FILE = "initial_admin_password"  # noqa: S105 - a file name, not a password


def initial_admin(stdout: TextIO) -> str:
    """Create the first administrator when there is none. Returns how to log in."""
    path = settings.DATA_DIR / PASSWORD_FILE
    if get_user_model().objects.filter(is_superuser=True).exists():
        if path.exists():
            return f"登录：用户名 admin，初始密码见 {path}（登录后请修改）"
        return "登录：使用已有账号；新增账号：python manage.py create_user 用户名 --role staff"
    password = secrets.token_urlsafe(12)
    user_create(username="admin", role=Role.ADMIN, password=password, display_name="管理员",
                actor_name="manage.py up")
    path.write_text(password + "\n")
    path.chmod(0o600)
    stdout.write(f"Created the first administrator 'admin'; its password is in {path}\n")
    return f"登录：用户名 admin，初始密码见 {path}（登录后请修改）"
