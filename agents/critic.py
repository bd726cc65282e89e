"""The critic: deterministic checks first, then the ``critic`` model at temperature 0.

A *check* is any callable taking the answer text and returning the failures it found (an empty
list when it passes), sync or async - the chat app supplies citation verification. A failing
check fails the round without asking the model. On failure the critic proposes a refined search
query and the caller's ``regenerate(query, feedback)`` produces a new answer; at most
``max_rounds`` (2) reviews. Every review emits a ``critic`` event.

Offline (no LLM, or the critic model unreachable) only the checks run; the feedback says so.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from pydantic import BaseModel, Field

from agents import events
from agents.llm import LLMError, LLMGateway, get_gateway
from agents.tools import RunContext

logger = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_MAX_ROUNDS",
    "Check",
    "CriticOutcome",
    "CriticRound",
    "CriticVerdict",
    "RefinedQuery",
    "critique",
    "refine_query",
    "review",
    "run_checks",
]

DEFAULT_MAX_ROUNDS: Final = 2

Check = Callable[[str], Iterable[str] | Awaitable[Iterable[str]]]
#: ``regenerate(refined_query, feedback)`` -> the new answer, or (new answer, new context).
Regenerate = Callable[[str, str], Awaitable[str | tuple[str, str]]]

CRITIC_PROMPT: Final = (
    "你是律师事务所的法律答案审查员。请依据用户问题和参考资料，审查待审查回答：是否回答了问题、"
    "结论是否有法律依据、引用的法条是否出自参考资料且没有编造、是否存在明显错误或遗漏。"
    "只输出一个 JSON 对象：{\"acceptable\": true 或 false, \"feedback\": \"具体、可操作的修改意见\"}。"
)
REFINE_PROMPT: Final = (
    "你负责为法律检索改写查询语句。根据用户问题和审查意见，写出一条更准确的检索语句"
    "（使用法律术语，包含相关法律名称或关键概念）。只输出一个 JSON 对象：{\"query\": \"检索语句\"}。"
)


class CriticVerdict(BaseModel):
    acceptable: bool
    feedback: str = Field(default="", description="具体的修改意见；可接受时可为空")


class RefinedQuery(BaseModel):
    query: str = Field(min_length=1)


@dataclass(frozen=True)
class CriticRound:
    """One review. ``source``: ``checks`` (a deterministic check failed, the model was not
    asked), ``llm`` (the critic model decided), ``offline`` (checks only, no model)."""

    round: int
    acceptable: bool
    feedback: str
    failures: tuple[str, ...]
    source: Literal["checks", "llm", "offline"]
    answer: str
    refined_query: str | None = None


@dataclass(frozen=True)
class CriticOutcome:
    answer: str
    acceptable: bool
    rounds: tuple[CriticRound, ...]

    @property
    def feedback(self) -> str:
        return self.rounds[-1].feedback if self.rounds else ""


async def run_checks(answer: str, checks: Sequence[Check]) -> list[str]:
    """All failures the checks report. A check that raises counts as a failure."""
    failures: list[str] = []
    for check in checks:
        name = getattr(check, "__name__", type(check).__name__)
        try:
            found = check(answer)
            if inspect.isawaitable(found):
                found = await found
            failures.extend(str(item) for item in (found or ()))
        except Exception as exc:
            logger.exception("critic check %s failed", name)
            failures.append(f"检查 {name} 执行出错：{type(exc).__name__}")
    return failures


def _offline(gateway: LLMGateway | None, offline: bool | None) -> tuple[LLMGateway | None, bool]:
    if offline:
        return gateway, True
    gateway = gateway or get_gateway()
    return gateway, gateway.offline


async def review(
    question: str,
    answer: str,
    *,
    ctx: RunContext,
    checks: Sequence[Check] = (),
    context: str = "",
    round: int = 1,
    gateway: LLMGateway | None = None,
    offline: bool | None = None,
) -> CriticRound:
    """One review of ``answer``: checks, then (if they pass and a model is available) the critic
    model at temperature 0. Emits one ``critic`` event."""
    failures = await run_checks(answer, checks)
    gateway, is_offline = _offline(gateway, offline)
    if failures:
        verdict = CriticRound(round, False, "；".join(failures), tuple(failures), "checks", answer)
    elif is_offline or gateway is None:
        verdict = CriticRound(round, True, "离线模式：确定性检查全部通过（未进行模型审查）。", (), "offline", answer)
    else:
        messages = [
            {"role": "system", "content": CRITIC_PROMPT},
            {
                "role": "user",
                "content": (
                    f"【用户问题】\n{question}\n\n【参考资料】\n{context or '（无）'}\n\n【待审查回答】\n{answer}"
                ),
            },
        ]
        try:
            judged = await gateway.structured("critic", messages, CriticVerdict, temperature=0.0)
        except LLMError as exc:
            logger.warning("critic model unavailable (%s); checks only", exc.message)
            verdict = CriticRound(
                round, True, f"审查模型不可用（{exc.code}），仅完成确定性检查且全部通过。", (), "offline", answer
            )
        else:
            feedback = judged.feedback.strip() or ("回答可接受。" if judged.acceptable else "回答不可接受。")
            verdict = CriticRound(round, judged.acceptable, feedback, (), "llm", answer)
    await ctx.send(
        events.critic(ctx.trace_id, round=verdict.round, acceptable=verdict.acceptable, feedback=verdict.feedback)
    )
    return verdict


async def refine_query(
    question: str,
    feedback: str,
    *,
    answer: str = "",
    gateway: LLMGateway | None = None,
    offline: bool | None = None,
) -> str:
    """A better search query for a new attempt. Offline (or if the model fails) it is the
    question itself - nothing is invented."""
    gateway, is_offline = _offline(gateway, offline)
    if is_offline or gateway is None:
        return question
    messages = [
        {"role": "system", "content": REFINE_PROMPT},
        {
            "role": "user",
            "content": f"【用户问题】\n{question}\n\n【上一版回答】\n{answer or '（略）'}\n\n【审查意见】\n{feedback}",
        },
    ]
    try:
        refined = await gateway.structured("critic", messages, RefinedQuery, temperature=0.0)
    except LLMError as exc:
        logger.warning("query refinement failed (%s); reusing the question", exc.message)
        return question
    return refined.query.strip() or question


async def critique(
    question: str,
    answer: str,
    *,
    ctx: RunContext,
    regenerate: Regenerate | None = None,
    checks: Sequence[Check] = (),
    context: str = "",
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    gateway: LLMGateway | None = None,
    offline: bool | None = None,
) -> CriticOutcome:
    """Review ``answer``; on failure refine the query, let ``regenerate`` write a new answer and
    review again, at most ``max_rounds`` reviews. Returns the last answer and whether it passed."""
    if max_rounds < 1:
        raise ValueError("max_rounds must be >= 1")
    rounds: list[CriticRound] = []
    current, current_context = answer, context
    for number in range(1, max_rounds + 1):
        verdict = await review(
            question,
            current,
            ctx=ctx,
            checks=checks,
            context=current_context,
            round=number,
            gateway=gateway,
            offline=offline,
        )
        if verdict.acceptable or regenerate is None or number == max_rounds:
            rounds.append(verdict)
            break
        query = await refine_query(question, verdict.feedback, answer=current, gateway=gateway, offline=offline)
        rounds.append(_with_query(verdict, query))
        produced: Any = await regenerate(query, verdict.feedback)
        if isinstance(produced, tuple):
            current, current_context = produced
        else:
            current = produced
    last = rounds[-1]
    return CriticOutcome(answer=last.answer, acceptable=last.acceptable, rounds=tuple(rounds))


def _with_query(verdict: CriticRound, query: str) -> CriticRound:
    return CriticRound(
        verdict.round, verdict.acceptable, verdict.feedback, verdict.failures, verdict.source, verdict.answer, query
    )
