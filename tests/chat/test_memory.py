"""Semantic memory: every message of a turn is embedded, and a later question of the session gets
the most similar earlier messages in its agents' context."""

import pytest

from chat import memory, services, turn
from chat.models import Message
from tests.fakellm import FakeLLM, Reply

pytestmark = [pytest.mark.django_db]

LLM_KEY = "sk-test-0123456789"


@pytest.fixture
def session(staff_user):
    return services.session_create(actor=staff_user)


def _ask(session, text):
    question, answer = services.turn_create(actor=session.owner, session=session, content=text)
    return Message.objects.get(pk=question.pk), services.turn_run(answer_id=answer.pk)


def _embedded(*messages):
    return [Message.objects.filter(pk=m.pk, embedding__isnull=False).exists() for m in messages]


def test_the_first_question_and_its_answer_are_both_embedded(statutes, session):
    question, answer = _ask(session, "醉驾会被判刑吗")
    assert answer.status == Message.Status.COMPLETE
    assert _embedded(question, answer) == [True, True]


def test_a_failed_turn_still_embeds_the_question(statutes, session, monkeypatch):
    async def broken(**kwargs):
        raise RuntimeError("specialists crashed")

    monkeypatch.setattr(turn, "answer_turn", broken)
    question, answer = _ask(session, "醉驾会被判刑吗")
    assert answer.status == Message.Status.ERROR
    assert _embedded(question) == [True]


def test_recall_returns_the_most_similar_earlier_messages_of_the_session_only(statutes, session, staff_user):
    topics = ["醉驾会被判刑吗", "离婚时孩子两岁抚养权归谁", "公司拖欠工资怎么办", "房屋租赁合同押金不退",
              "交通事故对方全责如何索赔", "醉酒驾驶机动车的刑事责任"]
    earlier = [Message.objects.create(session=session, role=Message.Role.USER, content=text) for text in topics]
    other = services.session_create(actor=staff_user)
    stranger = Message.objects.create(session=other, role=Message.Role.USER, content="醉驾被查要坐几年牢")
    memory.remember(*earlier, stranger)
    current = Message.objects.create(session=session, role=Message.Role.USER, content="醉驾要坐牢吗")

    recalled = memory.remember_and_recall(message=current, session=session)

    assert len(recalled) == memory.RECALL
    assert recalled[0] in ("问：醉驾会被判刑吗", "问：醉酒驾驶机动车的刑事责任")
    assert "问：醉驾要坐牢吗" not in recalled  # not the question itself
    assert "问：醉驾被查要坐几年牢" not in recalled  # the closest message, but of another session
    assert _embedded(current) == [True]


def test_a_later_question_sees_the_earlier_turn_in_its_context(statutes, session, settings):
    _ask(session, "醉驾会被判刑吗")
    with FakeLLM() as fake:
        fake.script(
            Reply.text("依据《中华人民共和国刑法》第一百三十三条之一，醉酒驾驶机动车构成危险驾驶罪。"),
            Reply.json({"acceptable": True, "feedback": "ok"}),
        )
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = LLM_KEY
        _, answer = _ask(session, "醉酒驾驶机动车要承担什么刑事责任")
        system = fake.chat_requests[0].json["messages"][0]["content"]
    assert answer.status == Message.Status.COMPLETE
    assert "相关的历史对话" in system and "醉驾会被判刑吗" in system
