"""The chat hands a complex question to a research task: a link in the answer to 研究任务 with the
question filled in, when the intent plan runs the research specialist and the question asks several
things; a simple question gets none. The research page opens with the question in its form."""

from urllib.parse import parse_qs, urlparse

import pytest

from chat import services
from chat.turn import research_link

pytestmark = [pytest.mark.django_db]

COMPLEX = "公司无故辞退我，工作了3年，月薪8000，能拿多少赔偿？应该怎么申请仲裁？"


def _ask(user, text):
    session = services.session_create(actor=user)
    _, answer = services.turn_create(actor=user, session=session, content=text)
    return services.turn_run(answer_id=answer.pk)


def test_a_multi_part_question_gets_a_link_to_a_research_task(statutes, staff_user, client):
    message = _ask(staff_user, COMPLEX)
    assert "[转为研究任务](/research/?q=" in message.content
    link = message.content.split("](", 1)[1].split(")", 1)[0]
    assert parse_qs(urlparse(link).query)["q"] == [COMPLEX]
    client.force_login(staff_user)
    page = client.get(link).content.decode()
    assert "应该怎么申请仲裁？</textarea>" in page


def test_a_simple_question_gets_no_link(statutes, staff_user):
    message = _ask(staff_user, "醉驾会被判刑吗？")
    assert "研究任务" not in message.content


def test_a_non_legal_question_gets_no_link(statutes, staff_user):
    message = _ask(staff_user, "今天天气怎么样？明天呢？")
    assert "研究任务" not in message.content


def test_the_rule_needs_the_research_specialist_in_the_plan():
    class Plan:
        agents = ("document_drafting",)

    class Routing:
        legal = True
        plan = Plan()

    assert research_link(COMPLEX, Routing()) == ""
    Routing.plan.agents = ("legal_research", "legal_advisor")
    assert research_link(COMPLEX, Routing()).startswith("\n\n> ")
