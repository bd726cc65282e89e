"""The executor: independent steps in parallel (capped), dependent ones after their inputs, a hanging
tool cut off by its timeout, a missing tool or bad input degraded to reasoning."""


import pytest

from agents.aio import run_sync
from agents.events import ListCollector
from agents.llm import get_gateway
from agents.tools import RunContext
from legal.text.entities import extract_entities
from research.services.executor import ExecutionContext, execute
from research.services.issues import sub_issue
from tests.research.support import fake_registry, step

pytestmark = [pytest.mark.django_db]

DELAY = 0.4


def _run(steps, registry, *, concurrency=4, tool_timeout=30.0, question="公司辞退我，怎么办？"):
    collector = ListCollector()
    ctx = RunContext(user=None, emit=collector, trace_id="t-research")
    run = ExecutionContext(question=question, facts=extract_entities(question), facts_text="公司辞退我",
                           ctx=ctx, toolbox=registry.toolbox("research_executor", ["*"]), gateway=get_gateway(),
                           concurrency=concurrency, tool_timeout=tool_timeout)
    run_sync(execute(steps, run))
    return collector


def _overlapping(calls) -> bool:
    """Every call was running at one moment: the last to start started before the first to end ended."""
    return max(start for _, start, _, _ in calls) < min(end for _, _, end, _ in calls)


def test_independent_steps_run_in_parallel_about_max_not_sum():
    steps, calls = [step(f"s{i}") for i in range(1, 5)], []
    _run(steps, fake_registry(search_delay=DELAY, calls=calls))
    assert all(s["status"] == "done" and s["method"] == "tool" and s["verified"] for s in steps)
    assert len(calls) == 4 and _overlapping(calls)  # (the wall time: bench/suite_timings.py)


def test_the_concurrency_cap_holds():
    steps, calls = [step(f"s{i}") for i in range(1, 5)], []
    _run(steps, fake_registry(search_delay=DELAY, calls=calls), concurrency=1)
    spans = sorted((start, end) for _, start, end, _ in calls)
    pairs = zip(spans, spans[1:], strict=False)
    assert len(spans) == 4 and all(later[0] >= earlier[1] for earlier, later in pairs)  # one at a time


def test_a_dependent_step_waits_for_its_inputs():
    calls = []
    steps = [step("s1", "lookup_article", value="《劳动合同法》第七十七条"), step("s2"),
             step("s3", "none", depends_on=("s1",))]
    steps[2]["description"] = "整理申请仲裁的程序"
    events = _run(steps, fake_registry(search_delay=DELAY, lookup_delay=DELAY, calls=calls))
    order = [(e["type"], e["step_id"]) for e in events if e["type"] in ("step_started", "step_finished")]
    assert order.index(("step_finished", "s1")) < order.index(("step_started", "s3"))
    assert order.index(("step_started", "s2")) < order.index(("step_finished", "s1"))  # s2 did not wait
    reasoning = steps[2]
    assert reasoning["method"] == "reasoning" and reasoning["status"] == "done"
    assert "申请仲裁" in reasoning["result"] and reasoning["sources"][0]["article_label"] == "第七十七条"


def test_a_hanging_tool_is_cut_off_by_its_timeout_and_the_step_degrades():
    steps, calls = [step("s1"), step("s2", "lookup_article", value="《劳动合同法》第四十七条")], []
    events = _run(steps, fake_registry(search_delay=60, calls=calls), tool_timeout=0.5)
    assert [call[0] for call in calls] == ["lookup_legal_article"]  # the hanging search was cut off, not awaited
    hung = steps[0]
    assert hung["method"] == "fallback" and "超时" in hung["error"]
    # not failed: the chat's offline answer for the question (its only part) stands in for the search
    own = sub_issue(1, "公司辞退我，怎么办？", "公司辞退我，怎么办？").text
    assert hung["status"] == "done" and own and hung["result"] == own
    assert hung["verification"]["fallback"] == "card" and "超时" in hung["verification"]["fallback_reason"]
    assert steps[1]["status"] == "done" and steps[1]["method"] == "tool"
    finished = [e for e in events.of_type("step_finished") if e["step_id"] == "s1"]
    assert finished and finished[0]["method"] == "fallback"


def test_a_missing_tool_and_bad_input_degrade_to_reasoning():
    steps = [step("s1", "search_web", value="最新政策"), step("s2", "calculate", value="帮我算一下"),
             step("s3", "lookup_article", value="没有条号")]
    _run(steps, fake_registry())
    assert [s["method"] for s in steps] == ["fallback", "fallback", "fallback"]
    assert "不可用" in steps[0]["error"] and "事实不足" in steps[1]["error"] and "没有可查询的法条" in steps[2]["error"]


def test_an_arithmetic_step_runs_the_safe_calculator():
    from agents.tools import registry as project_tools

    steps = [step("s1", "calculate", value="8000*3*2")]
    _run(steps, project_tools)
    assert steps[0]["method"] == "tool" and steps[0]["status"] == "done" and "48000" in steps[0]["result"]


def test_a_search_that_finds_nothing_gets_one_follow_up_query():
    calls = []
    steps = [step("s1", "search_cases", value="类似案例")]
    _run(steps, fake_registry(calls=calls))
    follow_up = steps[0]["verification"]["follow_up"]
    assert follow_up["ok"] is True and [c[0] for c in calls] == ["search_legal_knowledge"]
    assert "第四十七条" in steps[0]["result"]
    assert steps[0]["verified"] is False  # statutes found, but still no case: not what the step asked


def test_a_tool_of_its_own_timeout_is_cut_off_sooner(settings):
    settings.RESEARCH_TOOL_TIMEOUTS = {"search_legal_knowledge": 0.3}
    steps, calls = [step("s1")], []
    _run(steps, fake_registry(search_delay=60, calls=calls), tool_timeout=30)
    assert "超时（0.3 秒）" in steps[0]["error"] and calls == []  # cut off at its own 0.3 s, not the 30 s


def test_an_article_no_longer_in_the_corpus_keeps_the_text_its_tool_quoted():
    from research.services.executor import _article_sources

    output = {"content": "[1] 《中华人民共和国劳动合同法》第七十七条：劳动者合法权益受到侵害的，有权依法申请仲裁。\n"
                         "[2] 《中华人民共和国民法典》第一百八十八条（现行）：诉讼时效期间为三年。",
              "sources": [{"law": "中华人民共和国劳动合同法", "article_label": "第七十七条", "article_id": 99_999_001},
                          {"law": "中华人民共和国民法典", "article_label": "第一百八十八条", "article_id": 99_999_002}]}
    texts = [s["text"] for s in _article_sources(output)]
    assert texts == ["劳动者合法权益受到侵害的，有权依法申请仲裁。", "诉讼时效期间为三年。"]
