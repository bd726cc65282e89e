"""Conclusions whose answer turns on a fact the question states, chosen by typed predicates.

A card's answer may carry ``cases`` (legal/conditions.py): the first whose predicates hold over the
question's facts replaces the default conclusion and names the fact and the threshold. The
phrasings are written from how people describe these matters; the expected answer is computed
here from the law's own limits (劳动合同法 19 and 24, 民间借贷规定 25, 民法典 586 and 705, 公司法 47,
合同编通则解释 65, 社会保险法 16), never copied from the engine.
"""

from datetime import date
from decimal import Decimal

import pytest

from bench.answers import polarity
from legal.cardfile import CardFileError, card_to_dict, parse_card, shipped_cards
from legal.composer import compose
from legal.conditions import THRESHOLDS, Case, Predicate, choose, fill, parse_cases
from legal.matcher import CardScore, PartMatch
from legal.rules import lpr_on

TODAY = date(2026, 11, 27)
CARDS = {card.slug: card for card in shipped_cards()}


def _conclusion(slug: str, text: str) -> str:
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0].text


def _probation_limit(contract_months: int) -> int:
    return 0 if contract_months < 3 else 1 if contract_months < 12 else 2 if contract_months < 36 else 6


# -- probation against the contract term -------------------------------------------------------------------
PROBATION = [
    "签的{c}年合同 试用期{p}个月 这个合法不",
    "劳动合同签了{c}年，公司约定试用期{p}个月，合法吗",
    "公司跟我签了{c}年的劳动合同，试用期定了{p}个月，这样有效吗",
    "试用期{p}个月，合同期限{c}年，公司这么约定违法吗",
]


@pytest.mark.parametrize("template", PROBATION)
@pytest.mark.parametrize("years", [1, 2, 3, 5])
@pytest.mark.parametrize("months", [1, 2, 3, 6])
def test_probation_term_decides_validity(template: str, years: int, months: int) -> None:
    text = template.format(c=years, p=months)
    conclusion = _conclusion("labor.probation-period-length", text)
    limit = _probation_limit(years * 12)
    assert polarity(conclusion) == ("negative" if months > limit else "positive"), conclusion
    assert f"约定试用期{months}个月" in conclusion and f"上限{limit}个月" in conclusion


# -- an interest rate against four times the LPR at the loan date ------------------------------------------
@pytest.mark.parametrize("text", [
    "2024年3月借给朋友10万，借条写年利率{r}%，这个利息合法吗",
    "去年借了20万给别人 借条写年息{r}% 这个利息法院认不认",
    "2025年6月1日借款5万元，约定年化{r}%，利息有效吗",
])
@pytest.mark.parametrize("annual", [6, 10, 14, 24, 36])
def test_interest_rate_against_four_times_lpr(text: str, annual: int) -> None:
    question = text.format(r=annual)
    conclusion = _conclusion("debt.interest-rate-cap", question)
    loan_day = date(2024, 3, 1) if "2024年3月" in question else date(2025, 6, 1) if "2025年6月" in question else None
    cap = lpr_on(loan_day) * 4 if loan_day else None
    if cap is not None:
        assert polarity(conclusion) == ("negative" if annual > cap else "positive"), conclusion
        assert f"{cap.normalize():f}%" in conclusion
    else:  # no date given: the LPR of today; 24 % and 36 % are above every cap since 2020
        assert annual < 24 or polarity(conclusion) == "negative"
    assert f"约定年利率{annual}%" in conclusion


def test_monthly_interest_in_fen_is_read_as_a_yearly_rate() -> None:
    conclusion = _conclusion("debt.interest-rate-cap", "借条上写的月息2分，借的时候是2023年5月，这个利息合法吗")
    assert polarity(conclusion) == "negative" and "约定年利率24%" in conclusion


# -- agreed terms the law caps, and years of contributions -------------------------------------------------
@pytest.mark.parametrize("years,over", [(1, False), (2, False), (3, True), (5, True)])
@pytest.mark.parametrize("template", ["竞业限制约定{y}年 合法么", "离职时签了{y}年的竞业限制协议，有效吗"])
def test_non_compete_term(template: str, years: int, over: bool) -> None:
    conclusion = _conclusion("labor.non-compete-validity", template.format(y=years))
    if over:
        assert polarity(conclusion) == "negative" and f"{years * 12}个月" in conclusion
    else:  # within two years: the card's general answer stands
        assert "超过法定最长二年" not in conclusion


@pytest.mark.parametrize("years", [5, 19, 20, 21, 30])
@pytest.mark.parametrize("template", ["签了个{y}年的租赁合同 这个期限有效吗",
                                      "和房东约定租期{y}年，这个合同期限合法吗"])
def test_lease_term_against_twenty_years(template: str, years: int) -> None:
    conclusion = _conclusion("housing.lease-term-limit", template.format(y=years))
    assert polarity(conclusion) == ("negative" if years > 20 else "positive"), conclusion
    assert f"约定租期{years}年" in conclusion


@pytest.mark.parametrize("years,ok", [(12, False), (14, False), (15, True), (20, True)])
def test_pension_contribution_years(years: int, ok: bool) -> None:
    conclusion = _conclusion("policy.pension-eligibility", f"我今年58岁 社保只交了{years}年 到退休年龄能领养老金吗")
    assert polarity(conclusion) == ("positive" if ok else "negative"), conclusion
    assert f"累计缴费{years}年" in conclusion


def test_capital_contribution_term() -> None:
    over = _conclusion("company.subscribed-capital-acceleration", "新开一个有限公司 注册资本认缴 出资期限写30年可以吗")
    assert polarity(over) == "negative" and "30年" in over


@pytest.mark.parametrize("penalty,loss", [(50, 10), (20, 10), (13, 10), (12, 10), (5, 4)])
def test_penalty_against_the_loss(penalty: int, loss: int) -> None:
    text = f"我违约了，违约金约定了{penalty}万，对方实际损失{loss}万，能要求少赔吗"
    conclusion = _conclusion("contract.penalty-too-high", text)
    over = Decimal(penalty) > Decimal(loss) * Decimal("1.3")
    assert polarity(conclusion) == ("positive" if over else "negative"), conclusion
    assert f"{loss * 13000}元" in conclusion


def test_deposit_over_a_fifth_of_the_price() -> None:
    text = "房款总价100万，我交了30万定金，对方违约了能双倍要回来吗"
    conclusion = _conclusion("contract.deposit-penalty-amount", text)
    assert polarity(conclusion) == "negative" and "200000元" in conclusion


def test_without_the_fact_the_default_conclusion_stands() -> None:
    card = CARDS["labor.probation-period-length"]
    assert _conclusion(card.slug, "试用期约定得太长了合法吗") == card.answers["valid"].conclusion


# -- the schema: validated on load, round-tripped, predicates typed ----------------------------------------
def _card(cases: object) -> dict:
    data = card_to_dict(CARDS["labor.probation-period-length"])
    data["answers"]["valid"]["cases"] = cases
    return data


@pytest.mark.parametrize("cases,field", [
    ("不合法", "must be a list"),
    ([{"conclusion": "不合法。"}], "when must be a non-empty list"),
    ([{"when": [{"fact": "probation_months", "op": "~", "value": 1}], "conclusion": "x"}], "op must be one of"),
    ([{"when": [{"fact": "probation_months", "op": ">"}], "conclusion": "x"}], "exactly one of value or rule"),
    ([{"when": [{"fact": "probation_months", "op": ">", "rule": "nope"}], "conclusion": "x"}], "rule must be one of"),
    ([{"when": [{"fact": "probation_months", "op": ">", "value": "2"}], "conclusion": "x"}], "value must be a number"),
    ([{"when": [{"fact": "probation_months", "op": "known"}]}], "conclusion is missing"),
])
def test_bad_cases_stop_the_load_naming_the_field(cases: object, field: str) -> None:
    with pytest.raises(CardFileError) as error:
        parse_card(_card(cases), path="labor.toml")
    assert "labor.probation-period-length" in str(error.value) and "answers.valid.cases" in str(error.value)
    assert field in str(error.value)


def test_unknown_fact_is_a_warning_and_cases_round_trip() -> None:
    card = parse_card(_card([{"when": [{"fact": "shoe_size", "op": ">", "value": 40}], "conclusion": "不合法。"}]))
    assert any("unknown fact 'shoe_size'" in w for w in card.warnings)
    again = parse_card(card_to_dict(CARDS["labor.probation-period-length"]))
    assert again.answers["valid"].cases == CARDS["labor.probation-period-length"].answers["valid"].cases


def test_predicates_compare_with_values_and_computed_thresholds() -> None:
    facts = {"probation_months": Decimal(3), "contract_months": 24, "loss_amount": Decimal(100)}
    assert Predicate("probation_months", ">", rule="probation_limit").holds(facts)
    assert not Predicate("probation_months", "<=", rule="probation_limit").holds(facts)
    assert Predicate("loss_amount", "known").holds(facts) and Predicate("penalty_amount", "unknown").holds(facts)
    assert not Predicate("penalty_amount", ">", rule="penalty_cap").holds(facts)  # an unknown fact never holds
    assert THRESHOLDS["penalty_cap"](facts) == Decimal(130)
    cases = parse_cases([{"when": [{"fact": "probation_months", "op": ">=", "value": 4}], "conclusion": "a"},
                         {"when": [{"fact": "probation_months", "op": "==", "value": 3}], "conclusion": "b"}], "x")
    chosen = choose(cases, facts)
    assert isinstance(chosen, Case) and chosen.conclusion == "b"
    assert fill("约定{probation_months}个月，上限{probation_limit}个月，{unknown_fact}", facts) == \
        "约定3个月，上限2个月，{unknown_fact}"


# -- a basis a statutory rule supplies is cited however sure the card is -----------------------------------
def test_a_rule_computed_basis_is_not_withheld_but_a_card_chosen_one_is() -> None:
    from legal.composer import CITE_CONFIDENCE

    unsure = CITE_CONFIDENCE - 0.1
    card = CARDS["labor.unlawful-dismissal"]
    when = "2026年3月15号被公司辞退的，去仲裁最晚什么时候？"
    part = compose(when, [PartMatch(when, [CardScore(card, 0.5, unsure, {"bigrams": 0.0})], True)],
                   today=TODAY).parts[0]
    assert part.deadline is not None and part.deadline.ends == date(2027, 3, 15)
    assert [(p.law, p.article) for p in part.basis] == [("中华人民共和国劳动争议调解仲裁法", 27)]
    valid = "公司把我辞退了，合法吗？"
    part = compose(valid, [PartMatch(valid, [CardScore(card, 0.5, unsure, {"bigrams": 0.0})], True)],
                   today=TODAY).parts[0]
    assert part.basis == [] and part.withheld


# -- situational facts a conclusion turns on ---------------------------------------------------------------
@pytest.mark.parametrize("slug,text,word", [
    ("policy.unemployment-benefit", "我是主动辞职的 能领失业金吗", "不能"),
    ("policy.unemployment-benefit", "因为个人原因离职，失业保险交了三年，可以领失业金不", "不能"),
    ("labor.non-compete-validity", "签了竞业限制，离职半年了公司一直没给补偿，我去同行上班会违约吗", "不会"),
    ("labor.non-compete-validity", "竞业协议约定每月给我补偿，结果一分钱都没给过，我还要遵守吗", "不会"),
    ("labor.contract-expiry-non-renewal", "合同到期了，公司按原来的条件续签，员工自己不愿意续签，要给补偿吗", "不需要"),
    ("labor.contract-expiry-non-renewal", "单位提高工资待遇要和她续签 她拒绝了 离职时还要付经济补偿吗", "不需要"),
    ("consumer.seven-day-return", "在网上定做了一套窗帘，收到后不喜欢，能七天无理由退吗", "不能"),
    ("consumer.seven-day-return", "买了个刻字的保温杯，想七天无理由退货可以吗", "不能"),
])
def test_a_stated_situation_turns_the_answer(slug: str, text: str, word: str) -> None:
    conclusion = _conclusion(slug, text)
    assert conclusion.startswith(word) and conclusion != CARDS[slug].answers["yes_no"].conclusion


@pytest.mark.parametrize("slug,text", [
    ("policy.unemployment-benefit", "被公司裁员了，失业保险交了三年，能领失业金吗"),
    ("consumer.seven-day-return", "网上买的耳机拆封试了一下不喜欢，能七天无理由退吗"),
])
def test_without_the_situation_the_common_case_stands(slug: str, text: str) -> None:
    assert _conclusion(slug, text).startswith(CARDS[slug].answers["yes_no"].conclusion[:20])


def test_cases_answer_their_own_question_type_only() -> None:
    # a yes/no part answered by the validity answer keeps its default words: "能要回来吗" is not "is it valid"
    text = "我是借款人 借条上写的是年利率36% 我已经还了两年利息 多还的能要回来吗"
    card = CARDS["debt.interest-rate-cap"]
    assert "yes_no" not in card.answers and card.answers["valid"].cases
    assert _conclusion(card.slug, text).startswith(card.answers["valid"].conclusion[:20])
