"""The period that controls (issue 20, docs/decisions/answers-the-controlling-period.md).

* each deadline rule is typed by its kind of period (诉讼时效, 除斥期间, 保证期间, procedural, none), and a right
  with a period of its own never takes the general three years (民法典 188) in its place;
* an interrupting act the client dates (a demand, an acknowledgement, a part paid, a new IOU, a suit) restarts
  a limitation period from the last such act (民法典 195) — never a guarantee period or a 除斥期间;
* a last day on a weekend leads as the nominal day, the statutory extension said beside it (民法典 203,
  民事诉讼法 85, 刑事诉讼法 105) with the advice not to wait for it;
* a client asked to pay a debt or a fee older than three years gets the limitation defence;
* a yes/no part gets no bare period it does not ask about.

Every question here is written for the test, in words no card carries."""

from __future__ import annotations

import re
from datetime import date

import pytest

from legal.cardfile import shipped_cards
from legal.composer import compose, deadline_lead, limitation_defence
from legal.events import start_of
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch
from legal.rules import (
    DEADLINES,
    GUARANTEE,
    LIMITATION,
    NO_LIMITATION,
    PERIOD_KINDS,
    PRECLUSIVE,
    PROCEDURAL,
    SPECIFIC_KINDS,
    START_EVENTS,
    deadline,
    period_kind,
)
from scripts.period_audit import findings

TODAY = date(2026, 11, 27)
CARDS = {card.slug: card for card in shipped_cards()}


def _part(slug: str, text: str):
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], facts=extract_facts(text, today=TODAY), today=TODAY).parts[0]


# -- the kinds -----------------------------------------------------------------------------------------------

def test_every_typed_rule_is_a_rule_with_a_start_event() -> None:
    assert set(PERIOD_KINDS) <= set(DEADLINES)
    # every period that runs has its start event in words (no limitation at all has none)
    assert [name for name in PERIOD_KINDS if name not in START_EVENTS and PERIOD_KINDS[name] != NO_LIMITATION] == []


@pytest.mark.parametrize(("name", "kind"), [
    ("civil_limitation", LIMITATION), ("guarantee_limitation", LIMITATION), ("labor_arbitration", LIMITATION),
    ("rescission_period", PRECLUSIVE), ("voidable_revocation", PRECLUSIVE), ("legacy_acceptance", PRECLUSIVE),
    ("preemption_reply", PRECLUSIVE), ("gift_revocation", PRECLUSIVE),
    ("guarantee_period", GUARANTEE), ("no_limitation", NO_LIMITATION),
    ("civil_appeal_judgment", PROCEDURAL), ("admin_litigation", PROCEDURAL), ("payment_order_objection", PROCEDURAL),
])
def test_kinds(name: str, kind: str) -> None:
    assert period_kind(name) == kind
    assert (kind in SPECIFIC_KINDS) == (kind in (PRECLUSIVE, GUARANTEE, NO_LIMITATION))


def test_the_legacy_runs_sixty_days_from_knowing_it() -> None:
    found = deadline("legacy_acceptance", start=date(2026, 11, 3), today=TODAY)
    assert found is not None and found.ends == date(2027, 1, 2)
    assert "民法典" in str(found.rule.basis) and "1124" in str(found.rule.basis.article) or \
        "一千一百二十四" in str(found.rule.basis)


# -- a specific period controls its right ----------------------------------------------------------------------

@pytest.mark.parametrize(("slug", "text", "rule"), [
    # a legacy to a friend, asked on the inheritance limitation card: the sixty days, not three years
    ("inheritance.limitation-period", "老战友临终立了遗嘱把一笔存款留给我，11月3号他儿子打电话通知了我，这个有没有期限",
     "legacy_acceptance"),
    ("inheritance.limitation-period", "邻居大爷的遗嘱写着把他那辆车给我，他家人11月10号告诉我的，要在什么时间内办",
     "legacy_acceptance"),
])
def test_a_right_with_its_own_period_takes_it_over_the_general_limitation(slug: str, text: str, rule: str) -> None:
    part = _part(slug, text)
    assert part.deadline is not None and part.deadline.rule.name == rule
    assert "三年" not in part.text.split("。")[0]


@pytest.mark.parametrize("text", [
    "买的二手房后来才知道里面出过命案，我打算去法院告，最晚什么时候之前",
    "卖家隐瞒房子死过人的事，我想起诉撤销合同，还有多长时间",
])
def test_a_revocation_keeps_its_fixed_period_when_the_client_says_he_will_sue(text: str) -> None:
    part = _part("housing.haunted-house", text)
    assert part.deadline is not None and period_kind(part.deadline.rule.name) == PRECLUSIVE
    assert "诉讼时效" not in part.text


@pytest.mark.parametrize(("slug", "text"), [
    # a fraud report against a friend who could not repay: no three-year line beside the answer
    ("criminal.loan-default-vs-fraud", "两年前向同学借了八万做生意赔了，他现在说要报警抓我诈骗，他能报成功吗"),
    ("criminal.loan-default-vs-fraud", "欠朋友的钱一时还不上，他扬言去派出所告我骗钱，这样会被立案吗"),
])
def test_a_yes_no_part_gets_no_bare_general_period(slug: str, text: str) -> None:
    part = _part(slug, text)
    assert "期限为三年" not in part.text


@pytest.mark.parametrize("text", [
    "在商场买的平板电脑，拿回家发现是二手翻新的，商家答应退钱，我还可以要三倍赔偿吗",
    "网上买的名牌包鉴定是假货，卖家同意退货，我还能让他赔钱吗",
])
def test_still_is_not_a_question_about_time(text: str) -> None:
    part = _part("consumer.fraud-treble-damages", text)
    assert "七日" not in part.text and "期限为" not in part.text


def test_the_shipped_cards_name_no_general_limitation_where_another_period_controls() -> None:
    assert findings(CARDS.values()) == []


# -- interruption restarts a limitation ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "restart", "label"), [
    ("说好2021年5月1日还钱，2023年8月2日我又上门催了他一回", date(2023, 8, 2), "demand"),
    ("借条写的2022年1月10日到期，2024年3月5日他还过两千", date(2024, 3, 5), "acknowledge"),
    ("欠款2021年6月30日到期，2023年9月1日他重新打了一张欠条", date(2023, 9, 1), "acknowledge"),
])
def test_the_last_interrupting_act_starts_the_limitation_anew(text: str, restart: date, label: str) -> None:
    facts = extract_facts(text, today=TODAY)
    begins = start_of(facts.dates, "civil_limitation", START_EVENTS["civil_limitation"], TODAY)
    assert begins is not None and begins.day == restart and begins.event == label
    found = deadline("civil_limitation", start=begins.day, start_label=begins.event, today=TODAY)
    assert found is not None and found.restarted_by == label
    assert "第一百九十五条" in found.text() and "中断" in found.text()


def test_a_guarantee_period_is_not_restarted_by_a_demand() -> None:
    facts = extract_facts("主债务2026年6月30日到期，2026年8月5日我催过借款人", today=TODAY)
    begins = start_of(facts.dates, "guarantee_period", START_EVENTS["guarantee_period"], TODAY)
    assert begins is not None and begins.day == date(2026, 6, 30)
    found = deadline("guarantee_period", start=begins.day, start_label=begins.event, today=TODAY)
    assert found is not None and not found.restarted_by and "第一百九十五条" not in found.text()


def test_a_run_limitation_says_once_that_an_act_would_have_restarted_it() -> None:
    found = deadline("civil_limitation", start=date(2022, 3, 1), today=TODAY)
    assert found is not None and found.passed
    assert found.text().count("第一百九十五条") == 1
    assert "第一百九十五条" in deadline_lead(found, TODAY)
    appeal = deadline("civil_appeal_judgment", start=date(2026, 10, 1), today=TODAY)
    assert appeal is not None and appeal.passed and "第一百九十五条" not in appeal.text()
    labour = deadline("labor_arbitration", start=date(2025, 3, 1), today=TODAY)  # its own law restarts it
    assert labour is not None and labour.passed and "第一百九十五条" not in labour.text()


# -- a weekend is never moved over silently --------------------------------------------------------------------

@pytest.mark.parametrize(("name", "start", "nominal", "moved", "article"), [
    ("consumer_return", date(2026, 11, 21), date(2026, 11, 28), date(2026, 11, 30), "民法典第二百零三条"),
    ("civil_appeal_judgment", date(2026, 11, 13), date(2026, 11, 28), date(2026, 11, 30), "民事诉讼法第八十五条"),
    ("criminal_appeal_judgment", date(2026, 11, 19), date(2026, 11, 29), date(2026, 11, 30), "刑事诉讼法第一百零五条"),
])
def test_a_weekend_last_day_leads_as_the_nominal_day_with_the_rule_beside_it(
        name: str, start: date, nominal: date, moved: date, article: str) -> None:
    found = deadline(name, start=start, today=TODAY)
    assert found is not None and found.ends == nominal and found.extended == moved
    said = f"{nominal.year}年{nominal.month}月{nominal.day}日"
    lead = deadline_lead(found, TODAY)
    assert lead.startswith(f"最晚 {said}")
    for text in (lead, found.text()):
        assert article in text and "稳妥" in text and f"{moved.year}年{moved.month}月{moved.day}日" in text
        assert f"{said}是周" in text
    assert found.days_left == (nominal - TODAY).days


# -- the limitation defence ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "said"), [
    ("小区物业把我告了，让我补交六年的物业费，这些年他们从没上门催过，我该怎么应对", "超过三年的部分"),
    ("表哥2018年借了我一万，说好2019年6月30日还，后来他一直没提过，现在突然起诉我要我还钱，我得还吗", "2022年6月30日"),
    ("房东现在找我要八年前欠的房租，中间从来没找过我，我还要给吗", "超过三年的部分"),
])
def test_an_old_claim_against_the_client_gets_the_defence(text: str, said: str) -> None:
    line = limitation_defence(text, extract_facts(text, today=TODAY), TODAY)
    assert line.startswith("诉讼时效抗辩") and said in line
    assert "第一百九十二条" in line and "一审" in line and "第一百九十三条" in line


@pytest.mark.parametrize("text", [
    "朋友借我的五万块五年了都不还，我能去法院告他吗",  # the client is the creditor
    "去年3月借的钱，说好今年1月还，现在对方起诉我要我还",  # not three years old
    "物业起诉我要我交物业费，说我欠了两年",  # two years: within the period
])
def test_no_defence_where_the_claim_is_not_an_old_one_against_the_client(text: str) -> None:
    assert limitation_defence(text, extract_facts(text, today=TODAY), TODAY) == ""


def test_an_undated_interruption_is_said_as_the_restart() -> None:
    text = "物业起诉我要交五年的物业费，他们说以前催过我几次"
    line = limitation_defence(text, extract_facts(text, today=TODAY), TODAY)
    assert "第一百九十五条" in line


def test_a_refused_divorce_states_the_year_of_separation() -> None:
    found = deadline("divorce_resuit", start=date(2026, 4, 10), today=TODAY)
    assert found is not None and found.passed
    assert "2027年4月10日" in found.text() and "一千零七十九" in found.text()
    assert re.match(r"这一期限已于 2026年10月10日 届满", deadline_lead(found, TODAY))


def test_a_demand_on_the_guarantor_does_not_restart_the_debtors_limitation() -> None:
    facts = extract_facts("这笔债2023年3月1日到期，债权人2025年9月10日找我这个保证人催款", today=TODAY)
    debt = start_of(facts.dates, "civil_limitation", START_EVENTS["civil_limitation"], TODAY)
    assert debt is not None and debt.day == date(2023, 3, 1)
    guarantee = start_of(facts.dates, "guarantee_limitation", START_EVENTS["guarantee_limitation"], TODAY)
    assert guarantee is not None and guarantee.day == date(2025, 9, 10)


@pytest.mark.parametrize(("text", "ends"), [
    ("去年把一辆车白送给了朋友，他后来到处造谣骂我，我想起诉要回来，有没有期限", None),
    ("给侄女转了二十万让她买房，后来她对我恶语相向，10月5号我才知道她在外面骂我，现在去告还来得及吗",
     date(2027, 10, 5)),
])
def test_a_revocation_card_without_a_rule_takes_its_rights_period_not_three_years(text: str, ends: date | None) -> None:
    # the card's by-when answer names no rule; its controlling provision (民法典 663) is a revocation right's
    part = _part("contract.gift-revocation", text)
    assert part.deadline is not None and part.deadline.rule.name == "gift_revocation"
    assert part.deadline.ends == ends and "三年" not in part.text
