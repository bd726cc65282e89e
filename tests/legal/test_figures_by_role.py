"""Figures and deadlines from role-labelled facts, in the many ways clients write them.

Each input a calculator or deadline rule reads is found by the role the words around a number give it
(the other parent's income, the days in hospital, the months a child's support is unpaid, the
custody before the judgment …), whatever order the clauses come in. The phrasings here are written
from how people describe these matters, not from any measuring set. A part whose figure lacks an
input states the rule and asks for that one fact; a card's yes/no answer carries the figure or the
deadline its facts compute.
"""

from datetime import date
from decimal import Decimal

import pytest

from legal.cardfile import shipped_cards
from legal.composer import compose
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch
from legal.names import CALCULATOR_NAMES, DEADLINE_NAMES
from legal.rules import DEADLINES, FORMULAS, calculate, deadline

TODAY = date(2026, 11, 27)
CARDS = {card.slug: card for card in shipped_cards()}


def _facts(text: str) -> dict:
    return extract_facts(text, today=TODAY).values()


def _figure(name: str, text: str) -> Decimal | None:
    found = calculate(name, _facts(text))
    assert found.ok, (name, text, found.missing, found.error)
    return found.result.amount if found.result is not None else None


# -- each role, in several phrasings and orders ------------------------------------------------------------
ROLES = [
    # the other parent's income, never the client's
    ("孩子他爸月薪1.5万，抚养费该给多少", "payer_income", Decimal(15000)),
    ("对方工资一个月大概9000，孩子归我", "payer_income", Decimal(9000)),
    ("前夫现在月收入两万多，每月就给500", "payer_income", Decimal(20000)),
    # agreed support and the months unpaid
    ("前妻每月该给女儿1500抚养费，已经半年没给了", "support_amount", Decimal(1500)),
    ("抚养费每个月800，他拖了10个月", "arrears_months", Decimal(10)),
    ("判决每月给孩子1200的抚养费 他有7个月没给", "arrears_months", Decimal(7)),
    # heirs, estate, debts
    ("奶奶去世了，留下存款60万，继承人有我爸、我姑姑和我叔叔", "estate_value", Decimal(600000)),
    ("我爸去世欠了外债30万，遗产就一辆车值8万", "debt_amount", Decimal(300000)),
    ("我爸去世欠了外债30万，遗产就一辆车值8万", "estate_value", Decimal(80000)),
    ("妈妈过世了，留下一套房子值200万，继承人就是我爸、我和我哥", "heirs", 3),
    # nursing
    ("我妈住院护理了15天，请的护工一天180", "daily_care_rate", Decimal(180)),
    ("我妈住院护理了15天，请的护工一天180", "care_days", Decimal(15)),
    ("老公住院期间我请假陪护，我月薪6000，一共陪护了半个月", "caregiver_income", Decimal(6000)),
    # custody and sentence
    ("判了拘役4个月，之前在看守所关了50天", "custody_days", Decimal(50)),
    ("判了拘役4个月，之前在看守所关了50天", "sentence_kind", "拘役"),
    ("被判处有期徒刑一年半，判决前羁押了90天", "custody_days", Decimal(90)),
    # training and service period
    ("单位出了2万培训费，签了服务期3年，我干了1年就想走", "training_fee", Decimal(20000)),
    ("服务期协议写的4年，培训费用是4万", "service_years", Decimal(4)),
    # probation
    ("合同签了两年，试用期定了3个月，转正工资8000", "probation_months", Decimal(3)),
    ("合同签了两年，试用期定了3个月，转正工资8000", "regular_wage", Decimal(8000)),
    # rent and deposit
    ("月租2000，押二付一，提前退租的话违约赔一个月租金", "deposit_months", Decimal(2)),
    ("月租2000，押二付一，提前退租的话违约赔一个月租金", "penalty_months", Decimal(1)),
    ("房租每个月3500，房客拖了两个月房租没交，押金3500", "rent_arrears_months", Decimal(2)),
    ("房租每个月3500，房客拖了两个月房租没交，押金3500", "rent_deposit", Decimal(3500)),
    # prepaid services
    ("办了张季卡1200，用了1个月店就关门了", "units_total", Decimal(3)),
    ("报了个钢琴班交了6000，一共40节课，上了12节老师跑了", "units_used", Decimal(12)),
    # purchases
    ("超市里每盒25元的奶粉，买了6盒，回家发现过期了", "purchase_price", Decimal(150)),
    ("商场买的羽绒服 899 标签写鹅绒实际是鸭绒", "purchase_price", Decimal(899)),
    # leave, overtime, days by the clock
    ("每天都要加班三个钟头，月薪8700", "overtime_hours_workday", Decimal(3) * Decimal("21.75")),
    ("春节初一到初三让我值班，日工资250", "overtime_days_holiday", Decimal(3)),
    # interest
    ("借了朋友10万，月息1.5，借期6个月", "annual_rate", Decimal(18)),
    ("借了朋友10万，月息1.5，借期6个月", "loan_months", Decimal(6)),
    ("当初说借我20万，实际到账只有17万，扣了3万砍头息", "actually_received", Decimal(170000)),
    # procedure, company, policy
    ("本省去年就业人员年平均工资8万，想走小额诉讼", "annual_average_wage", Decimal(80000)),
    ("判决让他还我60万，过了45天还是没给", "judgment_amount", Decimal(600000)),
    ("判决让他还我60万，过了45天还是没给", "delay_days", Decimal(45)),
    ("公司今年税后利润是300万，注册资本2000万", "profit", Decimal(3000000)),
    ("失业保险交了6年，被公司裁了", "contribution_years", Decimal(6)),
    ("订婚时男方给了彩礼12万，没领证也没住一起", "betrothal_amount", Decimal(120000)),
    ("被城管罚了3000，一直没交", "fine_amount", Decimal(3000)),
]


@pytest.mark.parametrize(("said", "name", "value"), ROLES)
def test_each_number_takes_the_role_its_words_give_it(said, name, value):
    assert _facts(said).get(name) == value


def test_an_amount_is_not_a_year_nor_a_support_payment_a_wage():
    facts = _facts("离婚协议写他每月给1800抚养费 今年3月开始就没给过")
    assert facts.get("support_amount") == Decimal(1800)
    assert facts.get("arrears_months") == Decimal(TODAY.month - 3 + 1)  # 3月 to this month
    assert "monthly_wage" not in facts
    assert _facts("当地上年度职工月平均工资9000，我月薪3万")["monthly_wage"] == Decimal(30000)
    assert _facts("最近12个月平均工资12000，上个月工资15000")["monthly_wage"] == Decimal(12000)


@pytest.mark.parametrize("said", [
    "4月5号入职的，8月20号被辞退，月薪5000，没签合同",
    "月薪5000，没签合同，4月5号入职的，8月20号被辞退",
    "没签合同！月薪5000。8月20号被辞退，4月5号入职的",
])
def test_the_months_worked_count_the_last_day_in_any_order(said):
    facts = _facts(said)
    assert facts["service_months"] == 4  # 4月5日 to 8月20日: four whole months and some days
    assert facts["monthly_wage"] == Decimal(5000)


# -- the figures ---------------------------------------------------------------------------------------------
FIGURES = [
    ("child_support", "前妻每月该给女儿1500抚养费，已经半年没给了", Decimal(9000)),
    ("inheritance_share", "我爸去世了，存款90万是他和我妈婚后攒的，继承人就是我妈、我和我姐", Decimal(150000)),
    ("inheritance_share", "我爸走了 留下一套房 值240万 是爸妈结婚以后买的 爷爷奶奶都还在 我还有个妹妹",
     Decimal(240000)),
    ("estate_debt_limit", "我爸去世欠了外债30万，遗产就一辆车值8万", Decimal(80000)),
    ("nursing_fee", "我妈住院护理了15天，请的护工一天180", Decimal(2700)),
    ("sentence_credit", "判了管制八个月，之前被羁押了20天", Decimal(40)),
    ("training_penalty", "单位出了2万培训费，签了服务期4年，我干了1年就想走", Decimal(15000)),
    ("wage_deduction_cap", "月工资5000，弄坏了设备公司说直接扣工资，当地最低工资标准2300", Decimal(1000)),
    ("small_claims_limit", "本省去年就业人员年平均工资8万", Decimal(40000)),
    ("delayed_performance_interest", "判决让他还我60万，过了45天还是没给", Decimal("4725")),
    ("profit_distribution", "公司今年税后利润是300万", Decimal(2700000)),
    ("unemployment_benefit_period", "失业保险交了6年", Decimal(18)),
    ("maternity_leave", "顺产一个宝宝", Decimal(98)),
    ("maternity_leave", "剖宫产生了三胞胎", Decimal(143)),
    ("probation_excess", "合同签了一年，试用期定了3个月，转正工资6000，试用期已经干满了", Decimal(6000)),
    ("probation_excess", "签了半年的合同 试用期约定了3个月 转正后7000", Decimal(14000)),
    ("probation_wage_min", "合同约定工资9000，试用期只给6000", Decimal(7200)),
    ("prepaid_refund", "报了个钢琴班交了6000，一共40节课，上了12节老师跑了", Decimal(4200)),
    ("lease_settlement", "房租每个月3500，房客拖了两个月房租没交，押金3500", Decimal(3500)),
    ("damages_by_share", "医药费8000，误工费2000，对方承担60%责任", Decimal(6000)),
    ("compulsory_insurance", "对方无责，我医疗费花了5000", Decimal(1800)),
    ("dependant_support", "人均消费支出3万，留下一个12岁的儿子", Decimal(90000)),
    ("tenfold_damages", "超市里每盒25元的奶粉，买了6盒，回家发现过期了", Decimal(1500)),
    ("tenfold_damages", "小卖部买了一瓶过期饮料 才5块钱", Decimal(1000)),
    ("treble_damages", "商场买的羽绒服 899 标签写鹅绒实际是鸭绒", Decimal(2697)),
    ("interest_cap", "借了朋友10万，月息1.5，借期6个月", Decimal(6000)),
    ("betrothal_return", "订婚时男方给了彩礼12万，没领证也没住一起", Decimal(120000)),
    ("fine_surcharge_cap", "被城管罚了3000，一直没交", Decimal(3000)),
    ("actual_principal", "当初说借我20万，实际到账只有17万，扣了3万砍头息", Decimal(170000)),
]


@pytest.mark.parametrize(("name", "said", "figure"), FIGURES)
def test_each_calculator_computes_from_the_role_labelled_facts(name, said, figure):
    assert _figure(name, said) == figure


def test_the_share_of_a_child_support_is_twenty_to_thirty_percent_of_the_payers_income():
    found = calculate("child_support", _facts("孩子他爸月薪1.5万，抚养费该给多少"))
    assert found.ok and found.result.figures["low"] == Decimal(3000) and found.result.figures["high"] == Decimal(4500)
    two = calculate("child_support", _facts("孩子他爸月薪1.5万，两个孩子都跟我"))
    assert two.result.figures["high"] == Decimal(7500)  # two children: up to half


def test_a_deposit_and_a_penalty_are_one_or_the_other():
    found = calculate("deposit_return", _facts("交了定金1万，合同还约定违约金3万，对方违约了"))
    assert found.ok and "30,000 元" in found.result.steps[-1]


# -- deadlines from the event their start names ------------------------------------------------------------------
DEADLINE_CASES = [
    ("family_notice", "老公11月20号被刑事拘留", date(2026, 11, 21)),
    ("arrest_request", "11月20号被刑事拘留了", date(2026, 11, 23)),
    ("criminal_detention", "11月20号被刑事拘留了", date(2026, 11, 30)),
    ("non_prosecution_petition", "11月24号收到的不起诉决定书", date(2026, 12, 1)),
    ("victim_protest_request", "判决书是11月24号收到的", date(2026, 11, 29)),
    ("equity_preemption", "另一个股东11月10号书面通知我要转让股权", date(2026, 12, 10)),
    ("reduction_notice", "股东会11月20号作出减资决议", date(2026, 11, 30)),
    ("accident_review", "事故认定书11月25号收到的", date(2026, 11, 28)),
    ("payment_order_objection", "支付令我11月24号签收的", date(2026, 12, 9)),
    ("consumer_return", "快递11.25送到的", date(2026, 12, 2)),
    ("fine_payment", "罚款决定书11月3号收到的", date(2026, 11, 18)),
    ("birth_divorce_bar", "老婆2026年10月8号生了孩子", date(2027, 10, 8)),
    ("lease_max_term", "2020年1月1号签的租房合同", date(2039, 12, 31)),
    ("non_compete_term", "我2026年6月30号离职的", date(2028, 6, 30)),
]


@pytest.mark.parametrize(("rule", "said", "ends"), DEADLINE_CASES)
def test_a_deadline_runs_from_the_date_its_event_names(rule, said, ends):
    from legal import events

    facts = extract_facts(said, today=TODAY)
    begins = events.start_of(facts.dates, rule, "", TODAY)
    assert begins is not None, [d.to_dict() for d in facts.dates]
    assert deadline(rule, start=begins.day, today=TODAY).ends == ends


def test_a_probation_runs_to_its_statutory_length_from_hire():
    facts = extract_facts("8月1号入职，签了三年合同，试用期最长到哪天", today=TODAY)
    found = deadline("probation_max", start=date(2026, 8, 1), today=TODAY, contract_months=facts.get("contract_months"))
    assert found.ends == date(2027, 1, 31)  # six months, the first day counted


def test_every_named_rule_and_calculator_is_known_to_the_cards():
    assert set(DEADLINES) <= DEADLINE_NAMES
    assert {name for name in FORMULAS} <= CALCULATOR_NAMES
    for card in CARDS.values():
        for answer in card.answers.values():
            assert not answer.calculator or answer.calculator in CALCULATOR_NAMES, card.slug
            assert not answer.deadline or answer.deadline in DEADLINE_NAMES, card.slug


# -- conclusions: the rule and the one question; a yes/no answer with its figure ----------------------------------
def _part(slug: str, text: str) -> PartMatch:
    return PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)


def test_a_missing_input_states_the_rule_and_asks_the_one_fact():
    question = "公司把我辞退了，干了5年，能拿多少补偿？"
    composition = compose(question, [_part("labor.economic-compensation", question)], today=TODAY)
    (part,) = composition.parts
    assert "月工资 × N" in part.text and "月工资" in part.ask
    assert part.ask.endswith("？")


def test_a_missing_input_of_a_conclusion_without_a_placeholder_still_states_the_rule():
    question = "护理费怎么算，住院住了20天"
    composition = compose(question, [_part("traffic.nursing-fee", question)], today=TODAY)
    (part,) = composition.parts
    assert "护理天数" in part.text and "护理" in part.ask


def test_a_yes_no_answer_carries_the_figure_its_facts_compute():
    question = "公司拖了我三个月工资 我想走 干了4年 月薪6000 能要补偿吗"
    composition = compose(question, [_part("labor.economic-compensation", question)], today=TODAY)
    (part,) = composition.parts
    assert part.qtype == "yes_no" and "24,000 元" in part.text


def test_a_figure_the_part_names_answers_it_when_the_cards_own_cannot_compute():
    question = "装修合同总价20万 交了2万定金 装修公司跑路了 能要回多少"
    composition = compose(question, [_part("contract.deposit-penalty-amount", question)], today=TODAY)
    (part,) = composition.parts
    assert "40,000 元" in part.text


def test_a_days_figure_answers_a_how_long_part():
    question = "剖腹产生了双胞胎 产假一共多少天"
    composition = compose(question, [_part("labor.maternity-leave", question)], today=TODAY)
    (part,) = composition.parts
    assert "128 天" in part.text


@pytest.mark.parametrize(("said", "ends"), [
    ("2019年4月2号偷了工地一批电缆 值8000块", date(2024, 4, 2)),  # 数额较大: 三年以下 → 五年
    ("他2020年9月1号在网上骗了人家12万", date(2035, 9, 1)),  # 数额巨大: 十年 → 十五年
    ("2021年3月3号打架把人打成重伤", date(2036, 3, 3)),
    ("2019年6月1号把人打成轻伤，2022年8月8号又因为偷东西被抓", date(2027, 8, 8)),  # 又犯罪: from the later offence
])
def test_the_prosecution_limit_follows_the_maximum_penalty_and_restarts_on_a_new_offence(said, ends):
    from legal import events

    facts = extract_facts(said, today=TODAY)
    begins = events.start_of(facts.dates, "prosecution_limitation", "", TODAY)
    found = deadline("prosecution_limitation", start=begins.day, today=TODAY,
                     max_penalty_years=facts.get("max_penalty_years"))
    assert found.ends == ends


def test_a_debtors_acknowledgement_restarts_the_limitation_whatever_the_cards_start():
    from legal import events

    facts = extract_facts("借条写2022年5月1号还钱，一直没还，2024年3月10号他在微信里承认欠款说会还", today=TODAY)
    begins = events.start_of(facts.dates, "civil_limitation", "约定的还款期限届满之日", TODAY)
    assert begins.day == date(2024, 3, 10)


def test_the_part_names_its_own_procedure_before_the_rest_of_the_question():
    from legal.composer import deadline_for

    question = "收到征收决定书了。1.申请复议最晚哪天？2.要是直接去法院告呢？"
    assert deadline_for("1.申请复议最晚哪天？", "administrative", question) == "admin_reconsideration"
    assert deadline_for("2.要是直接去法院告呢？", "administrative", question) == "admin_litigation"


def test_intellectual_property_terms():
    assert _figure("patent_term", "我申请的外观设计专利能保护几年") == 15
    assert _figure("patent_term", "发明专利的保护期多久") == 20
    facts = extract_facts("这位画家2001年去世的，他的画还受著作权保护吗", today=TODAY)
    found = deadline("copyright_term", today=TODAY, death_year=facts.get("death_year"))
    assert found.ends == date(2051, 12, 31) and not found.passed
    from legal import events

    facts = extract_facts("商标2027年5月20日到期", today=TODAY)
    begins = events.start_of(facts.dates, "trademark_renewal", "", TODAY)
    found = deadline("trademark_renewal", start=begins.day, today=TODAY)
    assert found.ends == date(2027, 11, 20) and found.stages[0][1] == date(2026, 5, 20)


def test_small_prices_heirs_of_a_mother_and_lost_days_among_the_losses():
    assert _facts("辣条过期了，2块5一包买了4包")["purchase_price"] == Decimal(10)
    facts = _facts("我妈去世了，留下一套房值180万，是她婚前的房子，外公外婆都不在了，我爸还在，我还有个哥哥")
    assert facts["heirs"] == 3 and "joint_property" not in facts
    assert _figure("damages_by_share", "被狗咬了，打疫苗花了3200，请假5天，日工资400") == Decimal(5200)


def test_expired_goods_ask_how_much_and_an_expired_right_asks_by_when():
    from legal.qtypes import question_type

    assert question_type("辣条过期了，能赔多少") == "how_much"
    assert question_type("诉讼时效过期了还能起诉吗") == "by_when"


def test_a_yes_no_part_about_time_no_card_decides_is_answered_by_the_period_its_facts_compute():
    question = "2015年5月偷了邻居一辆摩托车 值6000块 现在还会被追究吗"
    undecided = PartMatch(question, [CardScore(CARDS["criminal.theft"], 0.3, 0.2, {})], False)
    (part,) = compose(question, [undecided], today=TODAY).parts
    assert part.decided and part.text.startswith("不会") and "2020年5月1日" in part.text
