"""A chat turn with tools and the critic on every provider profile: the scripted server answers in
each provider's documented shapes (thinking included), and the turn still answers right, streams
no thinking, never reads citations out of the thinking, and records model calls, tool calls and
usage as the provider reported them."""

import pytest

from agents.llm.profiles import PROFILES
from chat import services
from tests.fakellm import Call, FakeLLM, Reply
from tests.provider_shapes import FLOW_PROVIDERS, SHAPES, use_provider
from tracing.models import Trace

pytestmark = [pytest.mark.django_db]

QUESTION = "违法解除劳动合同的赔偿金标准是什么规定"
ANSWER = "依据《中华人民共和国劳动合同法》第八十七条，违法解除应支付二倍经济补偿作为赔偿金。"
#: Thinking that cites an article that does not exist: it must never reach the answer or its citations.
THINKING = "思考：也许是劳动合同法第九百九十九条？不对，应查第八十七条。"
USAGE = [(310, 21), (620, 48), (230, 12)]


@pytest.fixture
def session(staff_user):
    return services.session_create(actor=staff_user)


def _ask(session, text):
    _question, answer = services.turn_create(actor=session.owner, session=session, content=text)
    return services.turn_run(answer_id=answer.pk)


@pytest.mark.parametrize(("provider", "model"), FLOW_PROVIDERS)
def test_a_turn_with_tools_and_the_critic_on_each_provider(statutes, session, settings, provider, model):
    with FakeLLM(provider=provider) as fake:
        fake.script(
            Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"}), reasoning="先检索。",
                        usage=USAGE[0]),
            Reply.text(ANSWER, reasoning=THINKING, usage=USAGE[1], chunk_size=3),
            Reply.json({"acceptable": True, "feedback": "引用准确"}, reasoning="核对引用。", usage=USAGE[2]),
        )
        use_provider(settings, fake, provider, model)
        message = _ask(session, QUESTION)
        rejections = list(fake.rejections)
    assert message.content == ANSWER
    assert [(c["article"], c["valid"]) for c in message.citations] == [("第八十七条", True)]
    events = services.turn_log(message.turn_id).read()
    shown = "".join(e["delta"] for e in events if e["type"] == "token")
    assert shown == ANSWER and "思考" not in shown and "think" not in shown
    assert [e["acceptable"] for e in events if e["type"] == "critic"] == [True]
    trace = Trace.objects.get(trace_id=message.trace_id)
    calls = list(trace.llm_calls.order_by("id"))
    assert [(c.tokens_in, c.tokens_out) for c in calls] == USAGE
    assert [c.model for c in calls] == [model] * 3
    assert list(trace.tool_calls.values_list("tool", flat=True)) == ["search_legal_knowledge"]
    if SHAPES[provider].reasoning != "none":
        assert "第九百九十九条" in calls[1].response  # the thinking is kept in the trace, as the provider sent it
    assert rejections == []


def test_a_model_that_cannot_call_tools_gets_the_retrieval_done_for_it(statutes, session, settings):
    with FakeLLM(provider="deepseek") as fake:
        fake.script(
            Reply.text(ANSWER, reasoning=THINKING, usage=USAGE[1]),
            Reply.json({"acceptable": True, "feedback": "引用准确"}, reasoning="核对。", usage=USAGE[2]),
        )
        use_provider(settings, fake, "deepseek", "deepseek-reasoner")
        message = _ask(session, QUESTION)
        requests = [r.json for r in fake.chat_requests]
        rejections = list(fake.rejections)
    assert message.content == ANSWER and message.citations[0]["valid"]
    assert rejections == [] and all("tools" not in body and "response_format" not in body for body in requests)
    prompt = "\n".join(str(m.get("content")) for m in requests[0]["messages"])
    assert "系统已代为检索" in prompt and "第八十七条" in prompt  # the model composed from what was found
    trace = Trace.objects.get(trace_id=message.trace_id)
    assert list(trace.tool_calls.values_list("tool", flat=True)) == ["search_legal_knowledge"]
    assert [(c.tokens_in, c.tokens_out) for c in trace.llm_calls.order_by("id")] == USAGE[1:]


@pytest.mark.parametrize(("provider", "model"), FLOW_PROVIDERS)
def test_the_intent_model_answers_in_each_providers_json_mode(statutes, session, settings, provider, model, no_cards):
    drunk = "依据《中华人民共和国刑法》第一百三十三条之一，醉酒驾驶机动车构成危险驾驶罪。"
    with FakeLLM(provider=provider) as fake:
        fake.script(
            Reply.json({"domain": "criminal", "intent": "qa_retrieval", "confidence": 0.93, "reason": "醉驾入罪"},
                       reasoning="思考：这是刑事问题。"),
            Reply.text(drunk, reasoning="思考：查刑法。"),
            Reply.json({"acceptable": True, "feedback": "ok"}),
        )
        use_provider(settings, fake, provider, model)
        message = _ask(session, "昨晚喝多了开车被查了")  # layer 1 is not sure of this one
        first = fake.chat_requests[0].json
        rejections = list(fake.rejections)
    assert message.intent["layer"] == "llm" and message.intent["domain"] == "criminal"
    assert message.content == drunk and rejections == []
    expected = {"json_schema": "json_schema", "json_object": "json_object"}.get(
        PROFILES[provider].for_model(model).json)
    assert (first.get("response_format") or {}).get("type") == expected
