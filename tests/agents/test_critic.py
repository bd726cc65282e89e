"""The critic: deterministic checks first, the critic model at temperature 0 through structured
output, a refined query and at most two rounds; the offline variant runs only the checks."""

from __future__ import annotations

import asyncio
from typing import Any

from agents.critic import critique, review
from agents.events import ListCollector
from agents.llm import LLMGateway
from agents.tools import RunContext
from tests.fakellm import FakeLLM, Reply

QUESTION = "分居两年能离婚吗？"
GOOD = "根据《民法典》第一千零七十九条，因感情不和分居满二年，调解无效的，应当准予离婚。"
BAD = "根据《民法典》第九千九百九十九条，可以离婚。"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def citation_check(answer: str) -> list[str]:
    """Stands in for chat's citation verification: 第九千九百九十九条 does not exist."""
    return ["《民法典》第九千九百九十九条 不存在"] if "九千九百九十九" in answer else []


async def async_length_check(answer: str) -> list[str]:
    await asyncio.sleep(0)
    return [] if len(answer) > 5 else ["回答过短"]


def test_an_acceptable_answer_passes_in_one_round_with_the_critic_model_at_temperature_0(
    fake: FakeLLM, gateway: LLMGateway, ctx: RunContext, collector: ListCollector
) -> None:
    fake.script(Reply.json({"acceptable": True, "feedback": "引用准确，结论明确。"}))

    outcome = run(
        critique(QUESTION, GOOD, ctx=ctx, checks=[citation_check, async_length_check], context="第一千零七十九条……",
                 gateway=gateway)
    )

    assert outcome.acceptable and outcome.answer == GOOD
    assert [(r.round, r.source, r.acceptable) for r in outcome.rounds] == [(1, "llm", True)]
    (request,) = fake.chat_requests
    assert request.json["temperature"] == 0
    assert request.json["response_format"]["type"] == "json_schema"
    assert set(request.json["response_format"]["json_schema"]["schema"]["properties"]) == {"acceptable", "feedback"}
    assert GOOD in request.json["messages"][-1]["content"]
    (event,) = collector.of_type("critic")
    assert (event["round"], event["acceptable"], event["feedback"]) == (1, True, "引用准确，结论明确。")


def test_a_failing_deterministic_check_fails_the_round_without_asking_the_model_then_refines(
    fake: FakeLLM, gateway: LLMGateway, ctx: RunContext, collector: ListCollector
) -> None:
    regenerated: list[tuple[str, str]] = []

    async def regenerate(query: str, feedback: str) -> tuple[str, str]:
        regenerated.append((query, feedback))
        return GOOD, "第一千零七十九条……"

    fake.script(
        Reply.json({"query": "民法典 离婚 分居满二年 调解无效"}),  # refined query
        Reply.json({"acceptable": True, "feedback": "已修正。"}),  # round 2 review
    )

    outcome = run(critique(QUESTION, BAD, ctx=ctx, checks=[citation_check], regenerate=regenerate, gateway=gateway))

    first, second = outcome.rounds
    assert (first.source, first.acceptable) == ("checks", False)
    assert first.failures == ("《民法典》第九千九百九十九条 不存在",)
    assert first.refined_query == "民法典 离婚 分居满二年 调解无效"
    assert regenerated == [("民法典 离婚 分居满二年 调解无效", "《民法典》第九千九百九十九条 不存在")]
    assert (second.source, second.acceptable) == ("llm", True)
    assert outcome.acceptable and outcome.answer == GOOD
    requests = fake.chat_requests
    assert len(requests) == 2  # no model review of the answer the check rejected
    assert BAD in requests[0].json["messages"][-1]["content"]  # the refinement saw the rejected answer
    assert requests[0].json["temperature"] == 0
    assert "第一千零七十九条……" in requests[1].json["messages"][-1]["content"]
    assert [(e["round"], e["acceptable"]) for e in collector.of_type("critic")] == [(1, False), (2, True)]


def test_the_critic_stops_after_two_rounds_and_reports_the_last_answer_as_not_acceptable(
    fake: FakeLLM, gateway: LLMGateway, ctx: RunContext
) -> None:
    calls: list[str] = []

    async def regenerate(query: str, feedback: str) -> str:
        calls.append(query)
        return "第二版回答，仍然缺少依据。"

    fake.script(
        Reply.json({"acceptable": False, "feedback": "缺少法律依据。"}),
        Reply.json({"query": "离婚 法定情形"}),
        Reply.json({"acceptable": False, "feedback": "仍缺少法律依据。"}),
    )

    outcome = run(critique(QUESTION, "可以离婚。", ctx=ctx, regenerate=regenerate, gateway=gateway))

    assert calls == ["离婚 法定情形"]
    assert len(outcome.rounds) == 2
    assert not outcome.acceptable
    assert outcome.answer == "第二版回答，仍然缺少依据。"
    assert outcome.feedback == "仍缺少法律依据。"
    assert fake.pending == 0


def test_offline_the_critic_runs_only_the_deterministic_checks(
    offline_gateway: LLMGateway, ctx: RunContext, collector: ListCollector
) -> None:
    regenerated: list[str] = []

    async def regenerate(query: str, feedback: str) -> str:
        regenerated.append(query)
        return GOOD

    outcome = run(
        critique(QUESTION, BAD, ctx=ctx, checks=[citation_check], regenerate=regenerate, gateway=offline_gateway)
    )

    assert regenerated == [QUESTION]  # no model to refine the query: the question itself
    assert [(r.source, r.acceptable) for r in outcome.rounds] == [("checks", False), ("offline", True)]
    assert "离线模式" in outcome.rounds[-1].feedback
    assert outcome.acceptable
    assert len(collector.of_type("critic")) == 2


def test_a_check_that_raises_fails_the_round(offline_gateway: LLMGateway, ctx: RunContext) -> None:
    def broken(answer: str) -> list[str]:
        raise RuntimeError("citation index unavailable")

    verdict = run(review(QUESTION, GOOD, ctx=ctx, checks=[broken], gateway=offline_gateway))

    assert not verdict.acceptable
    assert "broken" in verdict.feedback


def test_an_unreachable_critic_model_falls_back_to_the_checks(
    fake: FakeLLM, gateway: LLMGateway, ctx: RunContext
) -> None:
    fake.script(Reply.error(503), Reply.error(503))

    verdict = run(review(QUESTION, GOOD, ctx=ctx, checks=[citation_check], gateway=gateway))

    assert verdict.acceptable and verdict.source == "offline"
    assert "llm_unavailable" in verdict.feedback
