"""Research on issue cards: a question's card-level sub-issues, one search each within its card's
provisions first, a failed part answered by the chat's offline answer for it, totals only of sums of money."""

from __future__ import annotations

import re

import pytest

from agents.aio import run_sync
from agents.events import ListCollector
from agents.llm import get_gateway
from agents.tools import RunContext
from legal.text.entities import extract_entities
from research.services.executor import CARD_REASON, ExecutionContext, execute
from research.services.issues import split_question, sub_issues
from research.services.planner import heuristic_plan
from research.tools import calculations_for
from tests.research.support import fake_registry

MULTI = "公司无故把我辞退了，我工作了3年，月薪8000元。1.能拿多少赔偿？2.去哪里申请仲裁？"
_STRAY_SUM = re.compile(r"\d\s*\+\s*\d+\s*=")


@pytest.mark.parametrize("question, narrative, parts", [
    ("结婚7年了，想离婚他不同意。第一，第一次起诉法院能判离吗？第二，孩子5岁了跟谁？",
     "结婚7年了，想离婚他不同意", ["第一次起诉法院能判离吗？", "孩子5岁了跟谁？"]),
    ("弟弟涉嫌诈骗被刑拘了，一是我们什么时候能请律师？二是律师能不能马上见到人？",
     "弟弟涉嫌诈骗被刑拘了", ["我们什么时候能请律师？", "律师能不能马上见到人？"]),
    ("我被车撞了，月薪7000。想问：1.误工费多少？2.住院伙食补助费能要吗？3.最晚什么时候要起诉？",
     "我被车撞了，月薪7000", ["误工费多少？", "住院伙食补助费能要吗？", "最晚什么时候要起诉？"]),
    ("（1）借条丢了还能要吗（2）利息怎么算", "", ["借条丢了还能要吗", "利息怎么算"]),
    ("父亲被车撞了去世 对方全责。想知道：一 死亡赔偿金多少 二 丧葬费多少", "父亲被车撞了去世 对方全责",
     ["死亡赔偿金多少", "丧葬费多少"]),
    ("保证期间两年 债主拖到现在才来找我。1 我还要承担担保责任吗 2 债主起诉借款人还有没有时间",
     "保证期间两年 债主拖到现在才来找我", ["我还要承担担保责任吗", "债主起诉借款人还有没有时间"]),
])
def test_numbered_asks_become_the_parts_and_the_rest_the_narrative(question, narrative, parts):
    assert split_question(question) == (narrative, parts)


def test_amounts_and_single_asks_are_not_split():
    assert split_question("借了1.5万给朋友 现在不还怎么办") == ("", ["借了1.5万给朋友 现在不还怎么办"])


def test_a_total_adds_only_sums_of_money_never_a_bare_number():
    question = "对方赔了600000，另外还有3000元精神抚慰金，一共多少？"
    assert not [c for c in calculations_for(question, extract_entities(question)) if c.tool == "calculate"]
    question = "医疗费2万元，误工费8000元，一共能要多少？"
    totals = [c for c in calculations_for(question, extract_entities(question)) if c.tool == "calculate"]
    assert [c.arguments["expression"] for c in totals] == ["20000+8000"]


@pytest.mark.django_db
def test_the_planner_gives_each_sub_issue_its_own_search_tagged_with_part_and_card(statutes):
    issues = sub_issues(MULTI)
    assert [i.part for i in issues] == ["能拿多少赔偿？", "去哪里申请仲裁？"]
    assert all(i.read_as.startswith("公司无故把我辞退了") for i in issues)
    steps = heuristic_plan(MULTI, issues=issues)
    searches = [s for s in steps if s["tool_type"] == "search_legal" and isinstance(s["input"], dict)]
    assert [s["input"]["part"] for s in searches] == [1, 2]
    for issue, step in zip(issues, searches, strict=True):
        assert issue.part in step["description"] and issue.part in step["input"]["query"]
        if issue.card is not None:
            assert step["input"]["card"] == issue.card.slug and issue.card.title in step["description"]
        else:
            assert "card" not in step["input"]
    assert any(i.card is not None for i in issues)


def _run(steps, registry, issues, *, tool_timeout=30.0):
    ctx = RunContext(user=None, emit=ListCollector(), trace_id="t-issues")
    run = ExecutionContext(question=MULTI, facts=extract_entities(MULTI), facts_text="公司无故把我辞退了",
                           ctx=ctx, toolbox=registry.toolbox("research_executor", ["*"]), gateway=get_gateway(),
                           tool_timeout=tool_timeout, issues={i.index: i for i in issues})
    run_sync(execute(steps, run))


def _card_step(issue):
    return {"id": f"s{issue.index}", "description": f"检索：{issue.part}", "tool_type": "search_legal",
            "input": {"query": issue.part, "part": issue.index, "card": issue.card.slug}, "depends_on": [],
            "status": "pending"}


@pytest.mark.django_db
def test_a_sub_issue_search_lists_its_cards_provisions_first(statutes):
    issue = next(i for i in sub_issues(MULTI) if i.card is not None)
    step = _card_step(issue)
    _run([step], fake_registry(), [issue])
    assert step["status"] == "done" and step["method"] == "tool"
    carded = [s for s in step["sources"] if str(s.get("reason", "")).startswith(CARD_REASON)]
    assert carded and step["sources"][:len(carded)] == carded
    wanted = [(p.law, p.article) for p in issue.card.controlling]
    assert [(s["law"], s["article_no"]) for s in carded] == [w for w in wanted if w in
                                                             {(s["law"], s["article_no"]) for s in carded}]


@pytest.mark.django_db
def test_a_failed_sub_issue_answers_with_the_chats_offline_answer_for_its_part(statutes):
    issue = next(i for i in sub_issues(MULTI) if i.card is not None)
    step = _card_step(issue)
    _run([step], fake_registry(search_delay=60), [issue], tool_timeout=0.3)
    assert "超时" in step["error"] and step["method"] == "fallback"
    assert step["status"] == "done" and step["result"] == issue.text and issue.text
    assert not _STRAY_SUM.search(step["result"])
    assert all(str(s.get("reason", "")).startswith(CARD_REASON) for s in step["sources"])
