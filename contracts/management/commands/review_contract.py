"""``manage.py review_contract PATH [--user U] [--matter M] [--script FILE]``: upload a contract and
review it in an interactive console.

The console prints the review agent's live events (tool calls, issues raised, its reasoning as it
streams) — the run's own stream, with the console as one more sink (``core.console.ConsoleSink``,
``contracts.events.CONSOLE_LINES``) — and accepts the chat's words (帮助 lists them): 审核当前章节,
下一章/上一章, 重新审核第五条, “第三条的违约金问题改为中风险”, 自动审核 (a progress bar), 状态, 导出, 重置,
审核合同 <路径>, 退出.
Lines come from the terminal, from piped stdin or from ``--script FILE``. The console runs the
agent in this process (no worker needed); everything it does goes through the same services as
the page, as the user ``--user``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError

from contracts.events import CONSOLE_LINES, console_progress
from contracts.ingest import UnreadableFile
from contracts.models import Contract, ReviewRun
from contracts.services import chat, review
from contracts.services.contracts import contract_split, contract_upload
from core.console import ConsoleSink
from firm.models import Matter
from firm.selectors import matter_get, matter_list

PROMPT = "合同审核> "


class Command(BaseCommand):
    help = "上传一份合同（.docx/.pdf/.txt/.md）并在交互式控制台中逐条或自动审核。"

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="合同文件路径")
        parser.add_argument("--user", help="以该用户身份审核（用户名；默认为第一位管理员）")
        parser.add_argument("--matter", help="归入的案件（编号或 id）")
        parser.add_argument("--title", default="", help="合同标题（默认取文件名）")
        parser.add_argument("--script", help="从文件逐行读取指令（不交互）")

    def handle(self, *args: Any, **options: Any) -> None:
        self.user = self._user(options.get("user"))
        self.matter = self._matter(options.get("matter"))
        self.printer = ConsoleSink(self.stdout, lines=CONSOLE_LINES, progress=console_progress)
        contract = self._upload(options["path"], options.get("title") or "")
        lines = self._lines(options.get("script"))
        self.stdout.write("输入“帮助”查看指令，“退出”结束。")
        for line in lines:
            text = line.strip()
            if not text:
                continue
            command = chat.command_parse(text)
            if command.name == "quit":
                self.stdout.write("再见。")
                break
            if command.name == "open":
                contract = self._upload(command.path, "") or contract
                continue
            if command.name == "auto":
                self._auto(contract)
                continue
            self._say(contract, text)

    # -- steps ------------------------------------------------------------------------------------
    def _user(self, username: str | None) -> Any:
        users = get_user_model().objects.filter(is_active=True)
        user = users.filter(username=username).first() if username else (
            users.filter(is_superuser=True).order_by("pk").first() or users.filter(groups__name="admin").first())
        if user is None:
            raise CommandError(f"没有用户 {username}" if username else "请用 --user 指定审核人（系统中没有管理员）")
        return user

    def _matter(self, value: str | None) -> Matter | None:
        if not value:
            return None
        try:
            if value.isdigit():
                return matter_get(user=self.user, matter_id=int(value))
            return matter_list(user=self.user).get(number=value)
        except Matter.DoesNotExist:
            raise CommandError(f"没有您可用的案件 {value}") from None

    def _upload(self, path: str, title: str) -> Contract | None:
        file = Path(path).expanduser()
        if not file.is_file():
            self.stderr.write(f"找不到文件：{path}")
            if not hasattr(self, "contract"):
                raise CommandError(f"找不到文件：{path}")
            return None
        try:
            uploaded = contract_upload(actor=self.user, file_name=file.name, data=file.read_bytes(),
                                       title=title, matter=self.matter, queue=False)
            contract = contract_split(contract_id=uploaded.pk) or uploaded
            if contract.status == Contract.Status.FAILED:
                raise UnreadableFile(contract.error)
        except (UnreadableFile, ValidationError, PermissionDenied) as exc:
            message = "；".join(getattr(exc, "messages", None) or [str(exc)])
            if not hasattr(self, "contract"):
                raise CommandError(message) from None
            self.stderr.write(message)
            return None
        self.contract = contract
        sections = contract.sections.count()
        parties = "；".join(f"{p.get('role')} {p.get('name')}" for p in contract.parties or []
                           if isinstance(p, dict))
        notes = ("，无编号按段落拆分" if contract.split_fallback else "") + (
            "，含 OCR 识别" if contract.ocr_used else "")
        self.stdout.write(f"已上传《{contract.title}》（#{contract.pk}，{contract.get_contract_type_display()}，"
                          f"{sections} 节{notes}）" + (f"\n当事人：{parties}" if parties else ""))
        return contract

    def _lines(self, script: str | None) -> Any:
        if script:
            yield from Path(script).read_text(encoding="utf-8").splitlines()
            return
        if not sys.stdin.isatty():
            yield from sys.stdin
            return
        while True:
            try:
                yield input(PROMPT)
            except EOFError:
                return

    def _say(self, contract: Contract, text: str) -> None:
        try:
            _, reply = chat.chat_post(actor=self.user, contract=contract, content=text, inline=True,
                                      listener=self.printer)
        except (ValidationError, PermissionDenied) as exc:
            self.printer.close()
            self.stderr.write("；".join(getattr(exc, "messages", None) or [str(exc)]))
            return
        streamed = self.printer.streamed
        self.printer.close()
        if reply is not None and not streamed:
            self.stdout.write(reply.content)

    def _auto(self, contract: Contract) -> None:
        try:
            run = review.review_start(actor=self.user, contract=contract, mode=ReviewRun.Mode.AUTO, queue=False)
        except review.ReviewInProgress as exc:
            self.stdout.write(exc.message)
            return
        except ValidationError as exc:
            self.stdout.write("；".join(exc.messages))
            return
        finished = review.review_run(run_id=run.pk, listener=self.printer)
        self.printer.close()
        if finished is None:
            self.stdout.write("该审核已由其他进程处理。")
            return
        self.stdout.write(chat.status_text(contract=contract))
