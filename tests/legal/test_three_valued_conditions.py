"""A part the client's facts decide is answered, not hedged (docs/decisions/answers-apply-the-case.md, "Three-valued").

Conditions are predicates evaluated three-valued (met / unmet / unknown) and the decision is taken as soon as the
told facts decide it: an unmet necessary condition decides no, a met case decides, an exception still open on an
untold fact is named in one line beside the decision — and an untold fact is never guessed (the hedge stays). One
class per section, each in wordings written here (three registers: plain, colloquial, long), none a tuning question.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from legal import conditions
from legal.composer import condition_applied, negated_word
from tests.legal.answering import conclusion_of
from tests.legal.answering import facts_of as _facts


# -- the evaluation: three values, decided as soon as the told facts decide ------------------------------------
def _pred(fact: str, op: str, value: object) -> conditions.Predicate:
    return conditions.parse_predicate({"fact": fact, "op": op, "value": value}, "test")


def test_a_predicate_is_met_unmet_or_unknown() -> None:
    over = _pred("age", ">=", 18)
    assert over.state({"age": 20}) is True
    assert over.state({"age": 9}) is False
    assert over.state({}) is None  # untold: never guessed either way
    word = _pred("side", "==", "borrower")
    assert word.state({"side": "borrower"}) is True and word.state({"side": "lender"}) is False
    assert word.state({}) is None and word.state({"side": Decimal(3)}) is None


def test_one_unmet_element_rules_a_case_out_whatever_else_is_untold() -> None:
    case = conditions.Case((_pred("a", "==", 1), _pred("b", "==", 1)), "可以。")
    assert case.state({"a": 0}) is False  # b untold, yet the case is out
    assert case.state({"a": 1}) is None and case.untold({"a": 1}) == ("b",)
    assert case.state({"a": 1, "b": 1}) is True


def test_settle_names_the_one_untold_fact_the_open_cases_turn_on() -> None:
    yes = conditions.Case((_pred("a", "==", 1), _pred("b", "==", 1)), "可以。")
    no = conditions.Case((_pred("a", "==", 0),), "不可以。")
    assert conditions.settle((yes, no), {"a": 0}).case is no
    open_ = conditions.settle((yes, no), {"a": 1})
    assert open_.case is None and open_.deciding == "b" and open_.open == (yes,)
    # two different untold facts: no single one to name (the default answer asks as it did)
    assert conditions.settle((yes, no), {}).deciding == ""


def test_a_later_case_met_stands_with_the_earlier_open_one_named() -> None:
    exception = conditions.Case((_pred("x", "==", 1),), "可以。", exception="例外")
    rule = conditions.Case((_pred("y", "==", 1),), "不能。")
    settled = conditions.settle((exception, rule), {"y": 1})
    assert settled.case is rule and settled.open == (exception,) and settled.deciding == "x"
    assert conditions.settle((exception, rule), {"x": 1, "y": 1}).case is exception
    assert conditions.settle((exception, rule), {"x": 0, "y": 1}).open == ()


# -- class (c): an unmet necessary condition decides no, not 不一定 ------------------------------------------------
@pytest.mark.parametrize(("text", "question", "lead"), [
    ("可以（还没交付、过户的）。赠与财产的权利转移之前可以撤销。", "房子早就过户给侄子了，我还能反悔吗", "不可以："),
    ("能（还没登记的）。未登记的可以撤回。", "上个月已经登记了，还能撤回吗", "不能："),
    ("需要（还没签收的）。签收前须另行通知。", "货我已经签收了，对方还要再通知我吗", "不需要："),
])
def test_an_unmet_necessary_condition_decides_the_opposite(text: str, question: str, lead: str) -> None:
    out = condition_applied(text, question)
    assert out.startswith(lead) and "不符合这一前提" in out and "不一定" not in out


def test_a_condition_the_client_does_not_speak_of_is_left_as_it_is() -> None:
    text = "可以（还没交付、过户的）。赠与财产的权利转移之前可以撤销。"
    assert condition_applied(text, "我答应把房子送给侄子，现在后悔了") == text  # untold: calibrated, unchanged
    assert condition_applied(text, "房子还没过户，能反悔吗") == text  # told and met: the conditioned yes stands


def test_the_opposite_word() -> None:
    assert [negated_word(w) for w in ("可以", "不能", "有效", "需要", "要", "属于")] == \
        ["不可以", "能", "无效", "不需要", "不用", "不属于"]
    assert negated_word("视为") == "不一定"  # no known opposite: never a guessed one


# -- class (a): the deciding fact told in passing is read (yes, no, and untold or mixed left unknown) ----------
@pytest.mark.parametrize(("question", "name", "value"), [
    ("房子过户给女儿以后，她一分钱生活费都不给我，还不让我进门", "donee_wronged", True),
    ("去年把铺面赠与儿子，上个月他喝了酒动手打了我", "donee_wronged", True),
    ("我把存款都送给了外孙，他现在虐待我，我能要回来吗", "donee_wronged", True),
    ("房子给了儿子，他一直很孝顺，我就是想收回来自己住", "donee_wronged", False),
    ("丈夫借了五万块钱说是用来装修我们现在住的房子", "family_use", True),
    ("老婆借的那三万是给孩子交学费的，借条我没签", "family_use", True),
    ("他借的钱全拿去炒股亏光了，我一分没见到", "family_use", False),
    ("网店已经关门了，我找不到卖家，平台说让我自己找商家", "seller_unreachable", True),
    ("拼多多上那家店跑路了，联系不上店家", "seller_unreachable", True),
    ("商家已经回复了说给我退款，但是一直拖着，平台管不管", "seller_unreachable", False),
    ("品牌方告我卖假货，可我那批货都是从厂家代理商进的，有正规发票", "lawful_source", True),
    ("卖了几双仿冒的鞋子被商标权人起诉，我有进货单", "lawful_source", True),
    ("店里卖的山寨包被告了，进货时没有发票，价格也特别低", "lawful_source", False),
    ("过了时效以后，他又在我拟的还款协议上签了字", "debtor_acknowledged", True),
    ("借的钱三年多没要，前几天他写了一份还款承诺", "debtor_acknowledged", True),
    ("地铁上从一个乘客包里摸了个钱包，就两百块", "special_theft", True),
    ("在公交上从别人兜里掏走了手机，会被判吗", "special_theft", True),
])
def test_deciding_facts_are_read_in_many_wordings(question: str, name: str, value: bool) -> None:
    assert _facts(question).get(name) is value, question


@pytest.mark.parametrize(("question", "name"), [
    ("我把房子过户给儿子了，现在后悔了能要回来吗", "donee_wronged"),  # nothing said of his conduct
    ("老公背着我借了十万，债主让我还", "family_use"),  # nothing said of where the money went
    ("借的钱一部分交了孩子学费，一部分拿去炒币了，我要还吗", "family_use"),  # both told: not guessed
    ("网购的吹风机坏了，平台客服踢皮球", "seller_unreachable"),
    ("我被商标权人起诉了，要赔多少", "lawful_source"),
    ("我摸了摸口袋，发现钥匙丢了，能报警吗", "special_theft"),  # one's own pocket: no theft
])
def test_an_untold_or_mixed_fact_stays_unknown(question: str, name: str) -> None:
    assert _facts(question).get(name) is None, question


# -- class (b): a prose condition the readers read, typed on its card: the told fact decides -------------------
@pytest.mark.parametrize(("slug", "question", "lead", "cites"), [
    ("contract.gift-revocation", "房子过户给儿子三年了，上个月他把我推倒在地还骂我，我能把房子要回来吗",
     "可以", "第六百六十三条"),
    ("contract.gift-revocation", "去年把车过户给女儿了，现在想要回来，能反悔吗", "不能", "第六百五十八条"),
    ("family.joint-debt", "前夫借了八万块钱，说是用来给家里买家电，借条我没签，债主找我要，我要还吗",
     "要还", "第一千零六十四条"),
    ("consumer.platform-liability", "在网上店铺买的电暖器漏电，店铺已经关了联系不上商家，能找平台赔吗",
     "可以找平台", "第四十四条"),
    ("ip.seller-legal-source-defense", "我开的小卖部被告卖假冒饮料，货是从正规批发市场进的，有发票，要赔钱吗",
     "不用赔", "第六十四条"),
    ("ip.seller-legal-source-defense", "我卖的假牌子衣服被起诉了，没有发票也没有进货单，要赔吗", "要赔", "第六十四条"),
])
def test_the_told_fact_decides_and_the_first_sentence_applies_it(slug: str, question: str, lead: str,
                                                                  cites: str) -> None:
    text = conclusion_of(slug, question)
    assert text.lstrip("*").startswith(lead), text
    assert cites in text and "不一定" not in text.split("。")[0]


def test_the_untold_exception_is_named_in_one_line_beside_the_decision() -> None:
    # delivered and nothing said of the donee's conduct: "can't revoke at will", and the fact that would turn it named
    text = conclusion_of("contract.gift-revocation", "去年已经把一套公寓过户给了侄子，现在后悔了，能要回来吗")
    assert text.startswith("不能") and "严重侵害" in text


@pytest.mark.parametrize(("slug", "question"), [
    ("contract.gift-revocation", "答应把房子送给儿子，现在想反悔，可以吗"),  # delivery untold
    ("family.joint-debt", "老公以他个人名义借了二十万，债主找上门，我要不要还"),  # use and signature untold
])
def test_a_truly_untold_fact_keeps_the_conditional_answer(slug: str, question: str) -> None:
    text = conclusion_of(slug, question)
    first = text.split("。")[0]
    assert "（" in first or "？" in text, text  # the condition, or the one question, stays: nothing decided on a guess


# -- an exception still open before the case the told facts chose: named in one line, the decision stands ----------
_LAW = "中华人民共和国劳动合同法"


def _expiry_card():
    from legal.cardfile import parse_card

    return parse_card({
        "slug": "labor.test-expiry-open", "title": "合同到期终止", "domain": "labor", "summary": "到期终止。",
        "phrasings": ["合同到期不续", "到期终止要补偿吗", "合同满了公司不要我", "期满不续签", "到期了让我走",
                      "合同到头了"],
        "terms": ["到期"], "question_types": ["yes_no"],
        "provisions": [{"law": _LAW, "article": 44, "role": "controlling", "decides": "期满终止",
                        "keywords": ["期满"]}],
        "answers": {"yes_no": {"conclusion": "可以终止（没有法定顺延情形的）。合同期满的，劳动合同终止。",
                               "cases": [{"when": [{"fact": "age", "op": ">=", "value": 50}],
                                          "conclusion": "可以终止。合同期满的，劳动合同终止。"}]}},
        "exceptions": [{"text": "孕期的合同顺延", "when": [{"fact": "maternity_period", "op": "==", "value": 1}],
                        "basis": [{"law": _LAW, "article": 45}], "yes_no": "不能终止：合同顺延至哺乳期满。",
                        "ask": "若您在孕期、产期或哺乳期，合同顺延至哺乳期满（劳动合同法第四十五条）"}],
    })


def _answer(question: str) -> str:
    from legal.composer import compose
    from legal.matcher import CardScore, PartMatch
    from tests.legal.answering import TODAY

    match = PartMatch(question, [CardScore(_expiry_card(), 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(question, [match], today=TODAY).parts[0].text


@pytest.mark.parametrize(("question", "asked"), [
    ("我今年52岁，劳动合同月底到期，公司能不续吗", True),  # the exception's fact untold: named after the decision
    ("本人五十五岁了，合同期满单位说不再续签，可以吗", True),
    ("我52岁，没怀孕，合同月底到期，公司能不续吗", False),  # told against it: the decision alone
])
def test_an_exception_open_before_the_chosen_case_is_named_once(question: str, asked: bool) -> None:
    text = _answer(question)
    assert text.startswith("可以终止"), text
    assert ("若您在孕期" in text) is asked, text
    assert "不一定" not in text
