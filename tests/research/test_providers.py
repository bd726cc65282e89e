"""A research task (plan -> execute -> synthesise) on every provider profile: the planner's JSON in the
profile's JSON mode, thinking kept out of the plan and the answer (and out of its citations), the
trace recording every model call with the provider's usage."""

import pytest

from research.models import ResearchTask
from tests.fakellm import FakeLLM, Reply
from tests.provider_shapes import FLOW_PROVIDERS, use_provider
from tracing.models import Trace

pytestmark = [pytest.mark.django_db]

QUESTION = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？"
PLAN = {"steps": [
    {"id": "a", "description": "检索违法解除赔偿金规定", "tool_type": "search_legal", "input": "违法解除 赔偿金"},
    {"id": "c", "description": "计算赔偿金", "tool_type": "calculate", "input": "8000*3*2", "depends_on": ["a"]},
]}
ANSWER = ("### 结论\n可以主张赔偿金 48000 元。\n### 法律依据\n"
          "依据《中华人民共和国劳动合同法》第八十七条，违法解除应支付二倍赔偿金。")
THINKING = "思考：会不会是劳动合同法第九百九十九条？"


@pytest.mark.parametrize(("provider", "model"), FLOW_PROVIDERS)
def test_a_research_task_completes_on_each_provider(statutes, api_client, staff_user, settings, provider, model):
    api_client.force_authenticate(staff_user)
    with FakeLLM(provider=provider) as fake:
        use_provider(settings, fake, provider, model)
        fake.script(Reply.json(PLAN, reasoning=THINKING, usage=(400, 90)),
                    Reply.text(ANSWER, reasoning=THINKING, usage=(1200, 150), chunk_size=4))
        body = api_client.post("/api/v1/predict", {"question": QUESTION}, format="json").json()
        assert fake.pending == 0 and fake.rejections == []
    assert body["plan"]["source"] == "llm" and [s["id"] for s in body["plan"]["steps"]] == ["a", "c"]
    assert body["answer"].startswith("### 结论") and "思考" not in body["answer"]
    assert "48000" in body["answer"]
    assert {c["article"] for c in body["citations"]} == {"第八十七条"}
    trace = Trace.objects.get(trace_id=body["trace_id"])
    assert sorted((c.tokens_in, c.tokens_out) for c in trace.llm_calls.all()) == [(400, 90), (1200, 150)]
    assert ResearchTask.objects.get(trace_id=body["trace_id"]).status == "done"
