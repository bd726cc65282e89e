"""Names and fixed texts of contract review that the services, tools, consumers, tasks and the
console share.

A leaf module: it imports nothing of contracts, so any layer may import it.
"""

from __future__ import annotations

from typing import Final

from core.realtime import EventLog

#: The Celery task that runs (or resumes) one auto-review (``contracts.tasks.review_run``).
REVIEW_TASK: Final = "contracts.review_run"
#: The Celery task that answers one chat message with the review agent (``contracts.tasks.chat_reply``).
CHAT_TASK: Final = "contracts.chat_reply"
#: The Celery task that reads and splits an uploaded contract (``contracts.tasks.contract_split``).
SPLIT_TASK: Final = "contracts.split"
#: A contract ``splitting`` for longer than this lost its worker: it is claimed and read again.
SPLIT_STALE_SECONDS: Final = 600
#: Seconds a split task may run before Celery stops it (prefork pool); the reader guard has its
#: own budget (``UPLOAD_MAX_SECONDS``) that holds in every pool.
SPLIT_SOFT_TIME_LIMIT: Final = 420
#: A contract still ``uploaded`` this long after its last change had its task lost: it is queued again.
SPLIT_REQUEUE_SECONDS: Final = 120
#: Contract statuses before (or instead of) a split: the page shows them and follows the split live.
SPLIT_STATES: Final = ("uploaded", "splitting", "failed")
SPLIT_TIMEOUT_TEXT: Final = "文档处理超时，已停止读取（文档过大或结构异常），请拆分或精简后重新上传"
SPLIT_INTERNAL_TEXT: Final = "读取文件时发生内部错误，请稍后重新上传"
#: The review agent's name in the agent registry (``contracts.specialists``).
REVIEW_AGENT: Final = "contract_review"
REVIEW_AGENT_LABEL: Final = "合同审核智能体"

#: How often a run renews its heartbeat while the agent works on one section (a heartbeat older
#: than ``settings.REVIEW_STALE_SECONDS`` means the run's worker died).
HEARTBEAT_SECONDS: Final = 30
#: Kinds of section a review walks (chapter headings and the signature block are not reviewed).
REVIEWED_KINDS: Final = ("preamble", "clause", "annex")
#: Upper bound of the issue snapshot the agent's prompt carries (characters).
SNAPSHOT_PROMPT_CHARS: Final = 6000
MAX_MESSAGE_CHARS: Final = 4000

IN_PROGRESS_TEXT: Final = "该合同正在自动审核中（进度 {done}/{total}），请等待完成或先取消"
INTERRUPTED_TEXT: Final = "审核进程意外中断，已完成的章节已保存，可重新发起自动审核从中断处继续"
NO_SECTIONS_TEXT: Final = "该合同尚未拆分出可审核的章节"

#: Delimiters of the contract text in the agent's messages: what is between them is data.
TEXT_BEGIN: Final = "<<<合同原文开始>>>"
TEXT_END: Final = "<<<合同原文结束>>>"


def contract_group(contract_id: int) -> str:
    """The Channels group a contract's watchers join and its reviews publish to."""
    return f"contract.{contract_id}"


def review_log(run_id: int) -> EventLog:
    """The Redis log of one review run's events (replayed to a contract page that reconnects)."""
    return EventLog(f"contracts.review.{run_id}")
