"""``manage.py mcp_server --user NAME``: the knowledge tools as an MCP server over stdio."""

from __future__ import annotations

import asyncio

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from integrations.mcp_server import serve_stdio


class Command(BaseCommand):
    help = "以 MCP（stdio）提供法条检索等工具；每次调用以 --user 指定的用户身份运行并记入审计"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--user", required=True, help="调用以该用户身份运行（用户名）")

    def handle(self, *args, user: str, **options) -> None:
        account = get_user_model().objects.filter(username=user, is_active=True).first()
        if account is None:
            raise CommandError(f"没有启用的用户 {user!r}")
        asyncio.run(serve_stdio(account))
