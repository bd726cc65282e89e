"""Offline answers answer: a direct 结论 first, the basis, the facts against the requirements, the
calculations the facts allow, next steps and risks — through a whole chat turn; and the LLM path's
instructions ask for the same sections."""

import re

import pytest

from chat import offline, services
from chat.models import Message
from chat.offline import sections
from chat.specialists import ANSWER_SECTIONS
from legal.text import domains
from tests.fakellm import Call, FakeLLM, Reply

LOAN = "朋友借了我5万块钱一直不还，已经过去两年了，现在还能起诉吗？"

# Excerpts of 民法典 articles, as the search returns them (text, chapter).
LIMITATION_192 = {"law": "中华人民共和国民法典", "article_label": "第一百九十二条", "chapter": "第九章 诉讼时效",
                  "text": "诉讼时效期间届满的，义务人可以提出不履行义务的抗辩。诉讼时效期间届满后，义务人同意履行的，"
                          "不得以诉讼时效期间届满为由抗辩；义务人已经自愿履行的，不得请求返还。"}
LOAN_675 = {"law": "中华人民共和国民法典", "article_label": "第六百七十五条", "chapter": "第十二章 借款合同",
            "text": "借款人应当按照约定的期限返还借款。对借款期限没有约定或者约定不明确，依据本法第五百一十条的规定"
                    "仍不能确定的，借款人可以随时返还；贷款人可以催告借款人在合理期限内返还。"}
GUARANTEE_694 = {"law": "中华人民共和国民法典", "article_label": "第六百九十四条", "chapter": "第十三章 保证合同",
                 "text": "一般保证的债权人在保证期间届满前对债务人提起诉讼或者申请仲裁的，从保证人拒绝承担保证责任的"
                         "权利消灭之日起，开始计算保证债务的诉讼时效。连带责任保证的债权人在保证期间届满前请求保证人"
                         "承担保证责任的，从债权人请求保证人承担保证责任之日起，开始计算保证债务的诉讼时效。"}
LEASE_722 = {"law": "中华人民共和国民法典", "article_label": "第七百二十二条", "chapter": "第十四章 租赁合同",
             "text": "承租人无正当理由未支付或者迟延支付租金的，出租人可以请求承租人在合理期限内支付；"
                     "承租人逾期不支付的，出租人可以解除合同。"}
FINANCE_LEASE_760 = {"law": "中华人民共和国民法典", "article_label": "第七百六十条", "chapter": "第十五章 融资租赁合同",
                     "text": "融资租赁合同无效，当事人就该情形下租赁物的归属有约定的，按照其约定；"
                             "没有约定或者约定不明确的，租赁物应当返还出租人。"}


@pytest.fixture(autouse=True)
def _retrieval_only(no_cards):
    """These tests cover the answer composed from retrieval alone (what a question no issue card
    decides gets); answers built from cards are tested in tests/legal."""


@pytest.fixture
def session(staff_user):
    return services.session_create(actor=staff_user)


def _ask(session, text):
    _, answer = services.turn_create(actor=session.owner, session=session, content=text)
    return services.turn_run(answer_id=answer.pk)


def _section(content: str, heading: str) -> str:
    """The text under ``### heading`` up to the next heading."""
    match = re.search(rf"^### {heading}\n(.*?)(?=^### |\Z)", content, flags=re.S | re.M)
    return match.group(1).strip() if match else ""


def _headings(content: str) -> list[str]:
    return re.findall(r"^### (\S+)", content, flags=re.M)


@pytest.mark.django_db
def test_the_loan_question_opens_with_a_conclusion_that_it_can_be_sued_within_three_years(statutes, session):
    message = _ask(session, LOAN)

    assert message.status == Message.Status.COMPLETE
    assert "离线模式" in message.content
    assert _headings(message.content)[0] == "结论"
    conclusion = _section(message.content, "结论")
    assert conclusion.startswith("**可以起诉")
    assert "《中华人民共和国民法典》第一百八十八条" in conclusion and "三年" in conclusion
    basis = _section(message.content, "法律依据")
    assert basis.startswith("1. 《中华人民共和国民法典》第一百八十八条")
    assert "适用理由" in basis
    assert "第六百九十四条" not in message.content  # a guarantee article is no basis for a loan
    cited = {(c["law"], c["article"]): c["valid"] for c in message.citations}
    assert cited[("中华人民共和国民法典", "第一百八十八条")] is True
    assert all(cited.values())


@pytest.mark.django_db
def test_a_deadline_question_runs_the_limitation_calculator_whatever_its_intent(statutes, session):
    message = _ask(session, LOAN)

    assert message.intent["intent"] != "calculation"
    calls = [e["tool"] for e in services.turn_log(message.turn_id).read() if e["type"] == "tool_call"]
    assert "calculate_limitation_period" in calls
    calculation = _section(message.content, "计算")
    assert "诉讼时效" in calculation and "按您所述已过去两年推算" in calculation
    expires = re.search(r"三年期间届满日 (\d{4}年\d{1,2}月\d{1,2}日)", calculation).group(1)
    assert expires in _section(message.content, "结论") and expires in _section(message.content, "下一步")


@pytest.mark.django_db
def test_every_section_is_there_in_order_and_an_empty_case_search_adds_no_text(statutes, session):
    message = _ask(session, LOAN)  # case_analysis: the firm's case library is searched, and is empty

    calls = [e["tool"] for e in services.turn_log(message.turn_id).read() if e["type"] == "tool_call"]
    assert "search_cases" in calls
    assert _headings(message.content) == list(ANSWER_SECTIONS)
    assert "案例库" not in message.content and "类案" not in message.content
    assert message.content.count("离线模式") <= 2  # the label line and the closing note, nothing of an empty agent


@pytest.mark.django_db
def test_sop_steps_cite_only_articles_about_them(statutes, session):
    message = _ask(session, LOAN)

    situation = _section(message.content, "结合您的情况")
    step = next(line for line in situation.splitlines() if "**债权债务成立**" in line)
    assert "《" not in step.split("：", 1)[0]  # no article is about how a debt comes into being here
    for line in situation.splitlines():
        assert "第六百九十四条" not in line


def test_an_sop_step_gets_an_article_only_when_the_article_is_about_it():
    steps = {step.name: step for step in domains.domain_sop("debt").steps}
    hits = [LIMITATION_192, LOAN_675, GUARANTEE_694]

    assert sections._relevant(steps["债权债务成立"], hits) == []
    assert LIMITATION_192 in sections._relevant(steps["时效与执行"], hits)
    assert LOAN_675 in sections._relevant(steps["履行与违约"], hits)
    assert LIMITATION_192 not in sections._relevant(steps["履行与违约"], hits)


def test_articles_about_something_else_are_left_out():
    loan = offline.relevant_hits([LIMITATION_192, LOAN_675, GUARANTEE_694], LOAN)
    assert GUARANTEE_694 not in loan and LIMITATION_192 in loan and LOAN_675 in loan

    lease = offline.relevant_hits([FINANCE_LEASE_760, LEASE_722], "房东不退押金怎么办")
    assert lease == [LEASE_722]
    lease_703 = {"law": "中华人民共和国民法典", "article_label": "第七百零三条", "chapter": "第十四章 租赁合同",
                 "text": "租赁合同是出租人将租赁物交付承租人使用、收益，承租人支付租金的合同。"}
    assert offline.relevant_hits([FINANCE_LEASE_760, lease_703, LEASE_722], "房东不退押金怎么办")[0] == lease_703

    unrelated = {"law": "中华人民共和国增值税法", "article_label": "第五条", "chapter": "",
                 "text": "有下列情形之一的，视同应税交易，应当依照本法规定缴纳增值税。"}
    assert unrelated not in offline.relevant_hits([LOAN_675, unrelated], LOAN)


@pytest.mark.parametrize(("question", "kind"), [
    ("公司不给交社保合法吗", "legality"),
    ("欠条过期了还能要回来吗", "can"),
    ("工作5年被裁员，赔偿金怎么算", "amount"),
    ("酒后开车撞了人会怎么样", "consequence"),
    ("邻居装修把我家墙弄裂了怎么办", "action"),
    ("民法典第一千零七十九条", "general"),
])
def test_the_kind_of_question_decides_how_the_conclusion_is_put(question, kind):
    assert offline.question_kind(question) == kind


def test_a_conclusion_quotes_the_rule_only_when_it_speaks_of_what_was_asked():
    divorce = {"law": "中华人民共和国民法典", "article_label": "第一千零九十一条", "chapter": "第四章 离婚",
               "text": "有下列情形之一，导致离婚的，无过错方有权请求损害赔偿：\n（一）重婚；\n（二）与他人同居；\n"
                       "（三）实施家庭暴力；\n（四）虐待、遗弃家庭成员；\n（五）有其他重大过错。"}
    question = "老公家暴，离婚时我能要求他赔偿吗"
    key, statement = offline.key_article([divorce], question)
    text = offline.conclusion(offline.question_kind(question), key, statement, [], [divorce], question)
    assert text.startswith("**一般可以") and "实施家庭暴力" in text and "第一千零九十一条" in text

    question = "房东不退押金怎么办"
    key, statement = offline.key_article([LEASE_722], question)
    text = offline.conclusion(offline.question_kind(question), key, statement, [], [LEASE_722], question)
    assert "没有直接规定" in text and "“" not in text  # the closest article is named, not stretched into a rule


@pytest.mark.django_db
def test_the_llm_path_asks_the_specialists_for_the_same_sections(statutes, session, settings):
    answer_text = "### 结论\n\n依据《中华人民共和国劳动合同法》第八十七条，违法解除应支付二倍经济补偿作为赔偿金。"
    with FakeLLM() as fake:
        fake.script(
            Reply.calls(Call("search_legal_knowledge", {"query": "违法解除劳动合同 赔偿金"})),
            Reply.text(answer_text),
            Reply.json({"acceptable": True, "feedback": "ok"}),
        )
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        settings.LLM_TIMEOUT = 10
        message = _ask(session, "违法解除劳动合同的赔偿金标准是什么规定")
        system = fake.chat_requests[0].json["messages"][0]
    assert message.content == answer_text and message.intent["offline"] is False
    assert system["role"] == "system"
    positions = [system["content"].find(f"### {heading}") for heading in ANSWER_SECTIONS]
    assert -1 not in positions and positions == sorted(positions)
    assert "直接回答" in system["content"]


@pytest.mark.django_db
@pytest.mark.parametrize("question", [
    "朋友借了我５万块钱一直不还，已经过去２年了，现在還能起訴嗎？",  # full-width digits, traditional characters
    "他向我借钱说下个月就还。" * 2480 + "到现在已经过去两年了，还能起诉吗？",  # near the 30,000-character limit
])
def test_odd_input_still_gets_the_limitation_answer(statutes, session, question):
    message = _ask(session, question)

    assert message.status == Message.Status.COMPLETE
    conclusion = _section(message.content, "结论")
    assert conclusion.startswith("**可以起诉") and "第一百八十八条" in conclusion
    assert "诉讼时效" in _section(message.content, "计算")


def test_only_words_the_user_wrote_are_echoed_back():
    from chat.offline.sections import _requirements

    key = {"text": "机动车发生交通事故造成人身伤亡的，由保险公司在机动车第三者责任强制保险责任限额范围内予以赔偿。"}
    lines = _requirements(key, {"通事", "交通事故", "保险"}, "出了交通事故对方保险公司不赔怎么办")
    assert lines and not any("通事”" in line for line in lines)
    assert any("交通事故" in line for line in lines)
