"""A contract auto-review with ``manage_issues`` on every provider profile: the scripted server answers in
each provider's documented shapes (thinking, tool calls written into the text, whole or fragmented
calls), and the review still records the right issue, shows no thinking, and traces what happened."""

from __future__ import annotations

import pytest

from contracts.models import ReviewIssue
from contracts.services import review
from tests.contracts.review_support import make_contract
from tests.fakellm import Call, FakeLLM, Reply
from tests.provider_shapes import FLOW_PROVIDERS, use_provider
from tracing.models import Trace

pytestmark = pytest.mark.django_db

SMALL = """房屋租赁合同
第一条 租金
租金每月人民币伍仟元，按月支付。
第二条 押金
承租人应支付押金人民币叁万元。
"""
THINKING = "思考：押金六个月租金，太高了，内部备注不应外露。"
ADD = {"action": "add", "quote": "押金人民币叁万元", "category": "押金", "severity": "medium",
       "description": "押金为六个月租金，明显偏高。", "suggestion": "押金不超过两个月租金。"}


@pytest.mark.parametrize(("provider", "model"), FLOW_PROVIDERS)
def test_an_auto_review_records_the_issue_on_each_provider(statutes, staff_user, settings, provider, model):
    contract = make_contract(staff_user, text=SMALL, title="租赁")
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    events: list[dict] = []
    with FakeLLM(provider=provider) as fake:
        use_provider(settings, fake, provider, model)
        fake.script(Reply.text("前言无需审查。", reasoning=THINKING),
                    Reply.text("第一条租金约定明确，无问题。", reasoning=THINKING),
                    Reply.calls(Call("manage_issues", ADD), reasoning=THINKING, usage=(900, 60)),
                    Reply.text("押金偏高，已记录。", reasoning=THINKING))
        finished = review.review_run(run_id=run.pk, listener=events.append)
        assert fake.pending == 0 and fake.rejections == []
    assert finished.status == "done" and finished.progress == finished.total == 3
    issue = ReviewIssue.objects.get(contract=contract, rule_code="")  # the model's (the rest are the playbook's)
    assert (issue.section.number, issue.category, issue.severity, issue.author) == ("第二条", "押金", "medium", "agent")
    shown = "".join(e.get("delta", "") for e in events if e["type"] == "token")
    assert "押金偏高，已记录。" in shown and "思考" not in shown and "tool_call" not in shown
    assert "思考" not in f"{issue.description}{issue.suggestion}"
    traces = Trace.objects.filter(kind="contract_review")
    tool_calls = [t for trace in traces for t in trace.tool_calls.values_list("tool", flat=True)]
    assert tool_calls == ["manage_issues"]
    usage = [(c.tokens_in, c.tokens_out) for trace in traces for c in trace.llm_calls.all()]
    assert (900, 60) in usage and all(tokens_in for tokens_in, _ in usage)


def test_an_auto_review_with_a_model_that_cannot_call_tools_still_completes(statutes, staff_user, settings):
    contract = make_contract(staff_user, text=SMALL, title="租赁")
    run = review.review_start(actor=staff_user, contract=contract, mode="auto", queue=False)
    with FakeLLM(provider="deepseek") as fake:
        use_provider(settings, fake, "deepseek", "deepseek-reasoner")
        fake.script(*[Reply.text("本条未见明显风险。", reasoning=THINKING) for _ in range(3)])
        finished = review.review_run(run_id=run.pk)
        requests = [r.json for r in fake.chat_requests]
        assert fake.rejections == []
    assert finished.status == "done" and finished.progress == finished.total == 3
    assert requests and all("tools" not in body for body in requests)  # never offered what it cannot call
    assert not ReviewIssue.objects.filter(contract=contract, rule_code="").exists()  # the model added none
    assert ReviewIssue.objects.filter(contract=contract).exclude(rule_code="").exists()  # the checklist still ran
