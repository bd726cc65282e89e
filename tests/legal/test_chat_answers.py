"""A chat turn offline answers from the cards: 结论 first with the figure computed from the client's
own facts, one line per part, and the conclusions and cards on the saved message and the API."""

import pytest

from chat import services
from legal.models import IssueCard
from legal.services import cards_seed

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(staff_user, fixture_cards, statutes):
    IssueCard.objects.all().delete()
    cards_seed()
    return services.session_create(actor=staff_user)


def _ask(session, text):
    _, answer = services.turn_create(actor=session.owner, session=session, content=text)
    return services.turn_run(answer_id=answer.pk)


def test_dismissal_answer_computes_two_n_from_the_clients_own_wage(session):
    answer = _ask(session, "末位淘汰被辞退，我干了7年3个月，月薪15000，当地平均工资6000，"
                           "合法吗？能赔多少？去哪里申请？")
    assert answer.content.index("### 结论") < answer.content.index("### 法律依据")
    # the how-much part leads with the figure its facts compute (docs/decisions/answers-read-as-a-note.md)
    assert [c["text"][:3] for c in answer.conclusions] == ["不合法", "按您所", "向劳动"]
    assert answer.conclusions[1]["text"].startswith("按您所述，") and "225,000 元" in answer.conclusions[1]["text"][:40]
    assert answer.conclusions[1]["citations"][0] == {"law": "中华人民共和国劳动合同法", "article": "第八十七条",
                                                     "valid": True}
    assert answer.cards[0]["slug"] == "labor.unlawful-dismissal"
    assert answer.cards[0]["id"] == IssueCard.objects.get(slug="labor.unlawful-dismissal").pk
    assert "规定了“" not in answer.content and "……" not in answer.content


def test_a_missing_fact_is_one_precise_question(session):
    answer = _ask(session, "交通事故对方全责，我误工了两个月，能赔多少误工费？")
    assert "还需要您告诉我：您受伤前每天（或每月）的收入是多少？" in answer.content
    assert answer.conclusions[0]["citations"]


def test_api_message_carries_conclusions_and_cards(session, api_client):
    api_client.force_authenticate(session.owner)
    answer = _ask(session, "公司不给交住房公积金怎么办")
    data = api_client.get(f"/api/v1/chat/sessions/{session.pk}/messages").json()
    messages = data["results"] if isinstance(data, dict) else data
    message = next(m for m in messages if m["id"] == answer.pk)
    assert message["cards"][0]["slug"] == "policy.housing-fund-arrears"
    assert message["conclusions"][0]["text"].startswith("先查询公积金缴存记录")


def test_a_question_no_card_decides_abstains_and_presents_nothing_as_controlling(session):
    answer = _ask(session, "我想离婚，孩子的抚养权归谁")
    (conclusion,) = answer.conclusions
    assert conclusion["decided"] is False and conclusion["citations"] == []
    assert conclusion["text"].startswith("无法") and "请律师核对" in conclusion["text"]
    assert "### 法律依据" not in answer.content and "直接相关" not in answer.content


def test_parts_cite_only_what_decides_them(session):
    answer = _ask(session, "末位淘汰被辞退，我干了7年3个月，月薪15000，能赔多少？")
    (conclusion,) = answer.conclusions
    assert [c["article"] for c in conclusion["citations"]] == ["第八十七条", "第四十七条"]
    assert {"law": "中华人民共和国劳动合同法", "article": "第四十八条"} in conclusion["related"]
    assert "### 相关规定" in answer.content
