"""A whole chat turn in-process: offline answer from statutes, events, audit trail, and the LLM path
through the scripted OpenAI-compatible server."""

import pytest
from django.core.management import call_command

from chat import services, turn
from chat.constants import FAILURE_TEXT
from chat.models import Message
from tests.fakellm import Call, FakeLLM, Reply
from tracing.models import Trace

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def session(staff_user):
    return services.session_create(actor=staff_user)


def _ask(session, text):
    question, answer = services.turn_create(actor=session.owner, session=session, content=text)
    return services.turn_run(answer_id=answer.pk)


def test_offline_answer_quotes_statutes_with_valid_citations(statutes, session, no_cards):
    message = _ask(session, "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？")

    assert message.status == Message.Status.COMPLETE
    assert "离线模式" in message.content
    assert "《中华人民共和国劳动合同法》第" in message.content
    assert message.citations and all(c["valid"] for c in message.citations)
    assert any(c["article"] == "第八十七条" or c["article"] == "第四十七条" for c in message.citations)
    assert "48000" in message.content.replace(",", "")  # 3 years × 8000 × 2 (违法解除赔偿金)
    assert message.intent["domain"] == "labor" and message.intent["layer"] == "rule"
    assert message.sources and message.sources[0]["law"].startswith("中华人民共和国")
    assert "不构成正式法律意见" in message.disclaimer
    session.refresh_from_db()
    assert any(a["value"] in (8000, "8000") for a in session.state["amounts"])


def test_turn_events_are_logged_in_order_and_match_the_audit_trail(statutes, session):
    message = _ask(session, "离婚时孩子两岁，抚养权一般判给谁？")
    events = services.turn_log(message.turn_id).read()
    types = [e["type"] for e in events]
    assert types[0] == "status" and "intent" in types and "routing" in types
    assert types.index("intent") < types.index("routing") < types.index("tool_call") < types.index("final")
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert events[-1] == events[-1] | {"type": "status", "phase": "done"}
    final = next(e for e in events if e["type"] == "final")
    assert final["message_id"] == message.pk and final["citations"] == message.citations

    trace = Trace.objects.get(trace_id=message.trace_id)
    assert trace.kind == "chat"
    assert trace.routing_decisions.get().domain == "marriage_family"
    tool_calls = [e for e in events if e["type"] == "tool_call"]
    assert trace.tool_calls.count() == len(tool_calls)
    call_command("verify_audit")


def test_non_legal_question_gets_the_general_agent(statutes, session):
    message = _ask(session, "帮我写一首关于春天的诗")
    assert message.intent["domain"] == "non_legal"
    assert "法律" in message.content and message.citations == []
    assert message.disclaimer == ""


def test_a_completed_turn_is_not_run_twice(statutes, session):
    message = _ask(session, "醉驾会被判刑吗")
    again = services.turn_run(answer_id=message.pk)
    assert again.content == message.content
    assert Trace.objects.filter(trace_id=message.trace_id).count() == 1
    assert Trace.objects.count() == 1


def test_a_turn_interrupted_by_a_dead_worker_is_marked_failed_and_can_be_asked_again(statutes, session):
    question, answer = services.turn_create(actor=session.owner, session=session, content="醉驾会被判刑吗")
    Message.objects.filter(pk=answer.pk).update(status=Message.Status.RUNNING)  # the worker died here
    message = services.turn_run(answer_id=answer.pk)  # the task is delivered again (acks_late)
    assert message.status == Message.Status.ERROR and "请重新提问" in message.content
    events = services.turn_log(message.turn_id).read()
    assert [e["type"] for e in events] == ["error", "status"] and events[-1]["phase"] == "done"
    assert Message.objects.filter(role="user", content="醉驾会被判刑吗").exists()  # the question is kept
    retry = _ask(session, "醉驾会被判刑吗")
    assert retry.status == Message.Status.COMPLETE


def test_a_turn_whose_task_never_came_back_does_not_block_the_session(statutes, session, settings):
    from datetime import timedelta

    from django.utils import timezone

    question, answer = services.turn_create(actor=session.owner, session=session, content="醉驾会被判刑吗")
    Message.objects.filter(pk=answer.pk).update(
        status=Message.Status.RUNNING,
        created_at=timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 120))
    retry = _ask(session, "醉驾会被判刑吗")
    assert retry.status == Message.Status.COMPLETE
    assert Message.objects.get(pk=answer.pk).status == Message.Status.ERROR


def test_llm_path_streams_tokens_uses_tools_and_passes_the_critic(statutes, session, settings, no_cards):
    answer_text = "依据《中华人民共和国劳动合同法》第八十七条，违法解除应支付二倍经济补偿作为赔偿金。"
    with FakeLLM() as fake:
        fake.script(
            Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"})),
            Reply.text(answer_text),
            Reply.json({"acceptable": True, "feedback": "引用准确"}),
        )
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        settings.LLM_TIMEOUT = 10
        message = _ask(session, "违法解除劳动合同的赔偿金标准是什么规定")
        models = [r.json["model"] for r in fake.chat_requests]
    assert message.content == answer_text
    assert message.citations == [message.citations[0]] and message.citations[0]["valid"] is True
    assert message.intent["offline"] is False
    events = services.turn_log(message.turn_id).read()
    assert "".join(e["delta"] for e in events if e["type"] == "token") == answer_text
    assert [e["acceptable"] for e in events if e["type"] == "critic"] == [True]
    assert len(models) == 3
    trace = Trace.objects.get(trace_id=message.trace_id)
    assert trace.llm_calls.count() == 3
    assert "sk-test-0123456789" not in str(list(trace.llm_calls.values("request", "response")))


def test_invalid_citation_fails_the_critic_and_the_answer_is_rewritten(statutes, session, settings):
    bad = "依据《中华人民共和国劳动合同法》第九百九十九条，公司应当赔偿。"
    good = "依据《中华人民共和国劳动合同法》第四十七条，经济补偿按工作年限计算。"
    with FakeLLM() as fake:
        fake.script(
            Reply.text(bad),                       # research answers with an invented article
            Reply.json({"query": "劳动合同法 经济补偿 规定"}),  # the critic refines the query
            Reply.text(good),                      # research again
            Reply.json({"acceptable": True, "feedback": "ok"}),
        )
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        message = _ask(session, "经济补偿金的法律规定是什么")
    events = services.turn_log(message.turn_id).read()
    critic = [e for e in events if e["type"] == "critic"]
    assert critic[0]["acceptable"] is False and "第九百九十九条" in critic[0]["feedback"]
    assert message.content == good
    assert all(c["valid"] for c in message.citations)


def test_llm_unreachable_falls_back_to_the_offline_answer(statutes, session, settings):
    from tests.fakellm import unused_base_url

    settings.LLM_BASE_URL = unused_base_url()
    settings.LLM_API_KEY = "sk-test-0123456789"
    settings.LLM_TIMEOUT = 2
    message = _ask(session, "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？")
    assert message.status == Message.Status.COMPLETE
    assert "离线模式" in message.content
    codes = [e["code"] for e in services.turn_log(message.turn_id).read() if e["type"] == "error"]
    assert "llm_unavailable" in codes


def test_undecided_rules_hand_over_to_the_intent_model(statutes, session, settings, no_cards):
    with FakeLLM() as fake:
        fake.script(
            Reply.json({"domain": "criminal", "intent": "qa_retrieval", "confidence": 0.93, "reason": "醉驾入罪"}),
            Reply.text("依据《中华人民共和国刑法》第一百三十三条之一，醉酒驾驶机动车构成危险驾驶罪。"),
            Reply.json({"acceptable": True, "feedback": "ok"}),
        )
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        message = _ask(session, "昨晚喝多了开车被查了")  # layer 1 is not sure of this one
        first = fake.chat_requests[0].json
    assert message.intent["layer"] == "llm" and message.intent["domain"] == "criminal"
    assert first["response_format"]["type"] in ("json_schema", "json_object")
    assert message.citations[0]["article"] == "第一百三十三条之一" and message.citations[0]["valid"]
    trace = Trace.objects.get(trace_id=message.trace_id)
    decision = trace.routing_decisions.get()
    assert (decision.layer, decision.domain) == ("llm", "criminal")


def test_garbage_from_the_intent_model_falls_back_to_the_rules(statutes, session, settings, no_cards):
    with FakeLLM() as fake:
        fake.script(
            Reply.text("这不是 JSON"),          # the intent model ignores the schema
            Reply.text("{\"domain\": 42"),      # and its repair attempt is broken too
            Reply.calls(Call("search_legal_knowledge", '{"query": ')),  # malformed tool arguments
            Reply.text("依据《中华人民共和国刑法》第一百三十三条之一，醉驾构成危险驾驶罪。"),
            Reply.json({"acceptable": True, "feedback": "ok"}),
        )
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        message = _ask(session, "昨晚喝多了开车被查了")
        tool_messages = [m for m in fake.chat_requests[3].json["messages"] if m.get("role") == "tool"]
    assert message.status == Message.Status.COMPLETE
    assert message.intent["layer"] == "rule" and "意图模型不可用" in message.intent["route"]["reason"]
    assert message.intent["route"]["domain"] == "general"  # the route fell back, the estimate stays
    assert tool_messages and "参数" in tool_messages[0]["content"]  # the model was told, nothing raised
    assert message.citations[0]["valid"]


def test_single_agent_mode_uses_one_agent_with_every_tool(statutes, session, settings, no_cards):
    settings.ENABLE_MULTI_AGENT = False
    message = _ask(session, "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？")
    events = services.turn_log(message.turn_id).read()
    assert next(e for e in events if e["type"] == "routing")["agents"] == ["legal_assistant"]
    assert {e["agent"] for e in events if e["type"] == "tool_call"} == {"legal_assistant"}
    assert "48000" in message.content.replace(",", "") and all(c["valid"] for c in message.citations)


def test_a_follow_up_is_read_with_the_facts_stated_before_it():
    from chat.turn import follow_up_context

    history = [{"role": "user", "content": "我在公司干了3年，月薪8000元。上周被辞退了，这合法吗？"},
               {"role": "assistant", "content": "请问公司给了什么理由？"}]
    read = follow_up_context("没给补偿，能要多少钱？", history)
    assert read == "我在公司干了3年，月薪8000元。上周被辞退了。没给补偿，能要多少钱？"
    assert follow_up_context("能要多少钱？", []) == "能要多少钱？"
    assert follow_up_context("能要多少钱？", [{"role": "assistant", "content": "您好"}]) == "能要多少钱？"


def test_a_turn_whose_run_cannot_start_ends_failed_with_an_error_event_and_the_session_takes_a_new_question(
        statutes, session, monkeypatch):
    def cannot_start(self, *args):
        raise RuntimeError("the trace store is away")

    question, answer = services.turn_create(actor=session.owner, session=session, content="醉驾会被判刑吗")
    with monkeypatch.context() as patched:
        patched.setattr(turn.TurnRun, "__init__", cannot_start)
        message = services.turn_run(answer_id=answer.pk)  # what the worker task calls
    assert message.status == Message.Status.ERROR and message.content == FAILURE_TEXT
    events = services.turn_log(message.turn_id).read()
    assert [e["type"] for e in events] == ["error", "status"] and events[-1]["phase"] == "done"
    retry = _ask(session, "醉驾会被判刑吗")  # refused while a turn is in flight
    assert retry.status == Message.Status.COMPLETE


def test_the_sweep_fails_a_turn_whose_worker_is_gone_and_says_so(statutes, session, settings):
    from datetime import timedelta

    from django.utils import timezone

    from legalsite.sweep import interrupted_work_resume

    question, answer = services.turn_create(actor=session.owner, session=session, content="醉驾会被判刑吗")
    Message.objects.filter(pk=answer.pk).update(
        status=Message.Status.RUNNING,
        heartbeat_at=timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 120))
    fresh_session = services.session_create(actor=session.owner)
    _q, fresh = services.turn_create(actor=session.owner, session=fresh_session, content="醉驾会被判刑吗")

    assert interrupted_work_resume()["chat_turns"] == 1

    assert Message.objects.get(pk=answer.pk).status == Message.Status.ERROR
    assert Message.objects.get(pk=fresh.pk).status == Message.Status.PENDING  # a fresh turn is left alone
    assert [e["type"] for e in services.turn_log(answer.turn_id).read()] == ["error", "status"]
