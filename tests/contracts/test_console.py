"""``manage.py review_contract``: upload, then the console's words from a script and from piped stdin."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from contracts.models import Contract, ContractMessage, ReviewIssue, ReviewRun
from tests.contracts.review_support import SALE_TEXT
from tests.support import ROOT

# The console runs the offline reviewer on the agents' loop (own connections): rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)

SCRIPT = """帮助
下一章
下一章
下一章
第三条的违约金问题改为高风险
自动审核
状态
导出
退出
审核当前章节
"""


def test_the_console_reviews_from_a_script(statutes, staff_user, tmp_path):
    path = tmp_path / "买卖合同.txt"
    path.write_text(SALE_TEXT, encoding="utf-8")
    script = tmp_path / "script.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    out = io.StringIO()
    call_command("review_contract", str(path), user=staff_user.username, script=str(script), stdout=out)
    text = out.getvalue()
    contract = Contract.objects.get(owner=staff_user)
    assert re.search(rf"已上传《设备买卖合同》（#{contract.pk}，[^，]+，8 节）", text)
    assert "当事人：甲方 北京云杉科技有限公司；乙方 上海海川贸易有限公司" in text
    assert "可用指令" in text
    # the agent's live events: its tool calls and the issues it raised
    assert "→ manage_issues get_current_section" in text and "→ manage_issues add" in text
    assert "＋ 问题 #" in text and "[高] 第二条 定金" in text
    assert "由中改为高" in text
    assert "自动审核" in text and "7/7" in text  # the progress bar reached the end
    assert "自动审核：完成，进度 7/7" in text
    assert "批注版 Word" in text and text.rstrip().endswith("再见。")
    assert ReviewRun.objects.get(contract=contract, mode="auto").status == "done"
    assert ReviewIssue.objects.filter(contract=contract, section__isnull=True).exists()  # missing clauses
    # the words went through the contract's chat, as the page's would (自动审核 ran here); nothing after 退出
    assert ContractMessage.objects.filter(contract=contract, role="user").count() == 7
    assert not ContractMessage.objects.filter(contract=contract, content="审核当前章节").exists()


def test_the_console_refuses_what_it_cannot_read(staff_user, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(CommandError):
        call_command("review_contract", str(empty), user=staff_user.username, script=str(empty))
    with pytest.raises(CommandError, match="找不到文件"):
        call_command("review_contract", str(tmp_path / "missing.docx"), user=staff_user.username)
    with pytest.raises(CommandError, match="没有用户"):
        call_command("review_contract", str(empty), user="nobody")
    assert not Contract.objects.exists()


@pytest.mark.slow
def test_the_console_reads_piped_stdin(staff_user, subprocess_env, tmp_path):
    path = tmp_path / "contract.txt"
    path.write_text(SALE_TEXT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "manage.py", "review_contract", str(path), "--user", staff_user.username],
        input="审核当前章节\n下一章\n状态\n退出\n", cwd=ROOT, env=subprocess_env, capture_output=True, text=True,
        timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    assert "已上传《设备买卖合同》" in done.stdout and "离线模式" in done.stdout and "当前章节：第一条" in done.stdout
