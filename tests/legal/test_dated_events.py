"""Dates by their event: each date is labelled by the words around it, and a deadline runs only from a
date whose event is its rule's start event; otherwise the part asks for that date."""

from __future__ import annotations

from datetime import date

import pytest

from legal import events
from legal.cardfile import Answer
from legal.composer import _fill
from legal.facts import extract_facts

TODAY = date(2026, 11, 27)

#: (how a client writes it, the event, the day)
PHRASINGS = [
    ("我是2019年4月入职的", "hire", date(2019, 4, 1)),
    ("2021年7月1日进的公司，干到现在", "hire", date(2021, 7, 1)),
    ("我2022年3月进厂打工", "hire", date(2022, 3, 1)),
    ("2020.6.15开始上班的", "hire", date(2020, 6, 15)),
    ("公司2025年8月20日把我辞退了", "termination", date(2025, 8, 20)),
    ("2025年10月8号被开除", "termination", date(2025, 10, 8)),
    ("单位于2026年2月3日解除了劳动合同", "termination", date(2026, 2, 3)),
    ("2024年12月31日，领导说我不用来了", "termination", date(2024, 12, 31)),
    ("2026年1月5日我交了辞职信", "resign", date(2026, 1, 5)),
    ("2025年9月9日干活时从梯子上摔伤", "injury", date(2025, 9, 9)),
    ("2024年11月2日在车间被机器压伤了手", "injury", date(2024, 11, 2)),
    ("2024年10月3日干活切到手了", "injury", date(2024, 10, 3)),
    ("2026年9月1号城管把我的三轮车没收了", "decision", date(2026, 9, 1)),
    ("2026年10月10日开的股东会", "resolution", date(2026, 10, 10)),
    ("2025年5月1日晚上出了车祸", "accident", date(2025, 5, 1)),
    ("2023年8月8号过马路被车撞了", "accident", date(2023, 8, 8)),
    ("2026年11月20日拿到一审判决书", "judgment", date(2026, 11, 20)),
    ("2026年11月18日收到法院的裁定", "judgment", date(2026, 11, 18)),
    ("2026年10月10日收到仲裁裁决", "judgment", date(2026, 10, 10)),
    ("2026年9月1日收到了行政处罚决定书", "decision", date(2026, 9, 1)),
    ("2022年6月借给同事3万", "loan", date(2022, 6, 1)),
    ("他2023年1月10日找我借的钱", "loan", date(2023, 1, 10)),
    ("借条写着2024年6月30日前还清", "due", date(2024, 6, 30)),
    ("约定2025年3月1日还款", "due", date(2025, 3, 1)),
    ("2025年4月我发微信催他还钱", "demand", date(2025, 4, 1)),
    ("我们2015年10月1日结婚", "marriage", date(2015, 10, 1)),
    ("2018年5月20日领的证", "marriage", date(2018, 5, 20)),
    ("2024年3月签的购房合同", "contract", date(2024, 3, 1)),
    ("开发商2025年12月30日交房", "handover", date(2025, 12, 30)),
    ("2026年11月22日签收的快递", "delivery", date(2026, 11, 22)),
    ("我老公2026年11月3日被刑拘", "detention", date(2026, 11, 3)),
    ("股东会2026年10月15日作出决议", "resolution", date(2026, 10, 15)),
    ("我父亲2024年2月去世", "death", date(2024, 2, 1)),
    ("2026年5月才发现他转移了财产", "knew", date(2026, 5, 1)),
    ("2023年4月的事情了", "unknown", date(2023, 4, 1)),
    ("2025年6月他在电话里承认欠我钱", "acknowledge", date(2025, 6, 1)),
    ("2026年2月对方写了还款计划", "acknowledge", date(2026, 2, 1)),
    ("说好2025年10月31日前给钱", "due", date(2025, 10, 31)),
    ("2026年11月10日收到通知说要开听证", "notice", date(2026, 11, 10)),
    ("老公2026年11月20号晚上因为打架被刑事拘留了", "detention", date(2026, 11, 20)),
    ("我今天2026年11月27号交了辞职信", "resign", date(2026, 11, 27)),
]


@pytest.mark.parametrize(("said", "event", "day"), PHRASINGS)
def test_each_date_carries_the_event_its_words_name(said, event, day):
    dates = extract_facts(said, today=TODAY).dates
    assert [(d.day, d.event) for d in dates] == [(day, event)]


@pytest.mark.parametrize("said", [
    "2018年3月入职，2025年6月被辞退",
    "我2019年9月进的公司，2024年5月10日公司把我辞退了",
    "2020年1月入职，2023年3月1日被裁员，月薪8000",
])
def test_two_dates_of_one_story_each_keep_their_event(said):
    dates = extract_facts(said, today=TODAY).dates
    assert [d.event for d in dates] == ["hire", "termination"]
    assert dates[0].day < dates[1].day


@pytest.mark.parametrize("said", ["我2019年4月入职的", "2021年7月1日进的公司", "2020.6.15开始上班的",
                                  "我们2015年10月1日结婚", "2024年3月签的购房合同", "2022年6月借给同事3万",
                                  "2023年4月的事情了", "2023年5月签的借条"])
def test_a_date_of_no_period_is_never_a_start_date(said):
    assert extract_facts(said, today=TODAY).get("start_date") is None


@pytest.mark.parametrize("said", ["约定2026年3月1日还，从到期到今天的利息", "2026年3月1日到期，拖到今天也没还"])
def test_up_to_today_is_no_event(said):
    facts = extract_facts(said, today=TODAY)
    assert [d.event for d in facts.dates] == ["due"] and facts.get("due_date") == date(2026, 3, 1)


def test_a_hire_date_gives_tenure():
    facts = extract_facts("2019年4月入职，2025年4月被辞退", today=TODAY)
    assert facts.get("service_months") == 72
    assert facts.get("start_date") == date(2025, 4, 1)


def _deadline(rule: str, start: str, said: str):
    answer = Answer("by_when", "{deadline}。", deadline=rule, start=start)
    return _fill(answer, extract_facts(said, today=TODAY), TODAY)


#: (rule, the card's start event, a date of that event as a client writes it, the day the period ends)
MATCHING = [
    ("labor_arbitration", "解除劳动合同之日", "2025年8月20日公司把我辞退了", date(2026, 8, 20)),
    ("labor_arbitration", "劳动关系终止之日", "我2026年1月5日辞职了", date(2027, 1, 5)),
    ("civil_appeal_judgment", "判决书送达之日", "2026年11月20日收到判决书", date(2026, 12, 5)),
    ("work_injury_application", "事故伤害发生之日", "2025年12月9日上班时摔伤", date(2026, 12, 9)),
    ("civil_limitation", "知道或者应当知道权利受到损害以及义务人之日", "借条约定2024年6月30日还款，一直没还",
     date(2027, 6, 30)),
    ("civil_limitation", "知道或者应当知道受到损害以及赔偿义务人之日（伤残的多为定残之日）",
     "2025年5月1日出了车祸", date(2028, 5, 1)),
    ("consumer_return", "收到商品之日", "2026年11月22日签收的", date(2026, 11, 29)),
    ("admin_reconsideration", "知道或应当知道该行政行为之日", "2026年11月1日收到了罚款决定书", date(2026, 12, 31)),
    ("civil_limitation", "知道或者应当知道权利受到损害以及义务人之日",
     "约定2023年底还，一直没还，2025年6月他在电话里承认欠我钱", date(2028, 6, 1)),
    ("civil_limitation", "知道或者应当知道权利受到损害以及义务人之日",
     "担保的借款2024年5月10日到期，债主2026年10月才来找我这个担保人要钱", date(2027, 5, 10)),
]


@pytest.mark.parametrize(("rule", "start", "said", "ends"), MATCHING)
def test_a_deadline_runs_from_a_date_of_its_start_event(rule, start, said, ends):
    _text, _calc, found, ask = _deadline(rule, start, said)
    assert found is not None and found.ends == ends
    assert ask == ""


#: (rule, start event, a date of ANOTHER event, words the one question must carry)
MISMATCHED = [
    ("labor_arbitration", "解除劳动合同之日", "我2019年4月入职，公司要辞退我", "辞退"),
    ("civil_appeal_judgment", "判决书送达之日", "2024年3月签的合同，对方违约，法院判了我输", "判决书"),
    ("work_injury_application", "事故伤害发生之日", "我2020年5月进的厂，上个月在厂里受伤了", "受伤"),
    ("civil_limitation", "催告后的宽限期届满之日", "2022年6月借给同事3万，没约定什么时候还", "催告"),
    ("civil_limitation", "知道或者应当知道权利受到损害以及义务人之日", "三年前借给他5万，没写还款时间", "哪一天"),
    ("consumer_return", "收到商品之日", "我们2015年10月1日结婚，老公网购的东西想退", "收到货"),
    ("labor_award_suit", "收到仲裁裁决书之日", "2021年7月1日进的公司", "判决书"),
]


@pytest.mark.parametrize(("rule", "start", "said", "asked"), MISMATCHED)
def test_a_date_of_another_event_starts_nothing_and_the_part_asks_for_the_right_one(rule, start, said, asked):
    _text, _calc, found, ask = _deadline(rule, start, said)
    assert found is not None and found.ends is None
    assert asked in ask
    given = extract_facts(said, today=TODAY).dates
    if given:
        day = given[0].day
        assert f"{day.year}年{day.month}月{day.day}日" in ask  # the date given is named (in Chinese) as not the start


def test_the_start_event_table_covers_every_deadline_rule_with_a_period():
    from legal.rules import DEADLINES

    for name, rule in DEADLINES.items():
        if rule.computable:
            assert events.accepted(name), name
