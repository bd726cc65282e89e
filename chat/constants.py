"""Names and fixed texts of chat that the turn, the services, the consumers and the streams share.

A leaf module: it imports nothing of chat, so any of them may import it.
"""

from __future__ import annotations

from typing import Final

from core.realtime import EventLog

#: The Celery task that runs one turn (``chat.tasks.turn_run``); services queue it by name.
TURN_TASK: Final = "chat.turn_run"
SUMMARY_TASK: Final = "chat.chat_summary_run"
#: The conversation window a turn gives the agents (most recent messages).
HISTORY_WINDOW: Final = 30
MAX_QUESTION_CHARS: Final = 30_000

IN_FLIGHT_TEXT: Final = "上一个问题仍在回答中，请稍候"
FAILURE_TEXT: Final = "抱歉，本次回答未能完成。建议咨询专业律师，或稍后重试。"
INTERRUPTED_TEXT: Final = "抱歉，处理本问题的后台进程意外中断，回答未能完成。您的问题已保存，请重新提问。"
NOT_QUEUED_TEXT: Final = "抱歉，后台服务暂时不可用，本问题未能开始回答。您的问题已保存，请稍后重新提问。"
ABANDONED_TEXT: Final = "抱歉，本问题长时间未得到处理（后台进程可能已退出），回答未能完成。请重新提问。"


def session_group(session_id: int) -> str:
    """The Channels group a session's watchers join and its turns publish to."""
    return f"chat.{session_id}"


def turn_log(turn_id: object) -> EventLog:
    """The Redis log of one turn's events (replay on reconnect, SSE)."""
    return EventLog(f"chat.turn.{turn_id}")


#: The intent whose answers hand over to 文书起草 and the link's text.
DRAFTING_INTENT: Final = "document_drafting"
DRAFTING_HANDOVER_TEXT: Final = "在“文书起草”中继续：按本次咨询预填文书"
