"""Names and fixed texts of research that the services, tasks, consumers and pages share.

A leaf module: it imports nothing of research, so any of them may import it.
"""

from __future__ import annotations

from typing import Final

from core.realtime import EventLog
from legal.text.wording import DISCLAIMER

__all__ = ["CALCULATORS", "DISCLAIMER", "EXECUTOR_TOOLS", "MAX_QUESTION_CHARS", "MAX_STEPS", "MIN_QUESTION_CHARS",
           "NO_ANSWER_TEXT", "TASK_NAME",
           "TOOL_BY_TYPE", "TOOL_TYPES", "task_group", "task_log"]

#: The Celery task that runs one research task (``research.tasks.task_run``); services queue it by name.
TASK_NAME: Final = "research.task_run"
MIN_QUESTION_CHARS: Final = 2
MAX_QUESTION_CHARS: Final = 2000
#: A plan has at most this many steps (the planner's and the lawyer's edits alike).
MAX_STEPS: Final = 8
#: How often a lawyer may ask for a new plan before approving one.
MAX_REPLAN_ROUNDS: Final = 2
TOOL_TYPES: Final = ("search_legal", "lookup_article", "search_cases", "calculate", "search_web", "none")
TOOL_TYPE_LABELS: Final = {"search_legal": "法条检索", "lookup_article": "法条查询", "search_cases": "案例检索",
                           "calculate": "计算", "search_web": "网络检索", "none": "推理"}
NO_ANSWER_TEXT: Final = "无法生成答案"
INTERRUPTED_TEXT: Final = "处理该任务的后台进程意外中断；已完成的步骤已保存，可以继续执行。"
CANCELLED_TEXT: Final = "任务已取消。"


def task_group(task_id: int) -> str:
    """The Channels group a task's watchers join and its run publishes to."""
    return f"research.{task_id}"


def task_log(task_id: int) -> EventLog:
    """The Redis log of a task's events (replay when a page or socket connects mid-run)."""
    return EventLog(f"research.task.{task_id}")


#: The registered tool each tool type calls (calculate: one of CALCULATORS).
TOOL_BY_TYPE: Final = {
    "search_legal": "search_legal_knowledge",
    "lookup_article": "lookup_legal_article",
    "search_cases": "search_cases",
    "search_web": "web_search",
}
CALCULATORS: Final = ("calculate_severance", "calculate_double_wage", "calculate_litigation_fee",
                      "calculate_limitation_period", "calculate")
#: Every tool the research executor may call (its allowlist).
EXECUTOR_TOOLS: Final = (*TOOL_BY_TYPE.values(), *CALCULATORS)
