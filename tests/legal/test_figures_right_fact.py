"""The right figure from the right fact (issue 20, seventh round): each class of wrong figure the tuning sets showed,
in wordings written here (three registers a class), with look-alikes where no figure or date must follow.

(e) tense — a day still to come the client supposes (要是…收到) starts a period only when no day that happened does;
(b) start event — a reconsideration already decided makes a suit's period the fifteen days from its decision;
(a) role/multiple — weekday overtime by the day (the verb split around the hours) is hours × working days, a care
    period in whole months is the caregiver's monthly income × months;
(d) cap — a monthly wage above three times every city's average is capped (twelve years at most) though the client
    names no average.
"""

from datetime import date
from decimal import Decimal

import pytest

from legal import calculators as calc
from legal import events
from legal.facts import extract_facts
from legal.rules import calculate, deadline, refine_calculator, refine_rule

TODAY = date(2026, 11, 27)


def _facts(text: str):
    return extract_facts(text, today=TODAY)


# -- (e) tense: a supposed day ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, day", [
    ("拆迁决定我9月1号就知道了，要是先申请复议，复议决定12月1号收到，不服的话起诉期限到哪天", date(2026, 12, 1)),
    ("如果12月10日收到复议决定书 那我最晚哪天去法院", date(2026, 12, 10)),
    ("本人拟申请复议。假设复议决定于12月20日送达，不服的，起诉期限截至何日？", date(2026, 12, 20)),
])
def test_a_supposed_day_is_this_year_and_marked(text: str, day: date) -> None:
    dates = _facts(text).dates
    supposed = [d for d in dates if d.supposed]
    assert [d.day for d in supposed] == [day]
    found = events.start_of(dates, "admin_litigation_after_reconsideration", "收到复议决定书之日", TODAY)
    assert found is not None and found.day == day
    result = deadline("admin_litigation_after_reconsideration", start=found.day, today=TODAY)
    assert result is not None and result.supposed and not result.passed
    assert "假设" in result.text()


@pytest.mark.parametrize("text", [
    "复议决定书11月20号收到的 不服 最晚哪天起诉",   # happened: no supposition
    "11月20日收到复议决定，要是不服，起诉最晚哪天",  # the supposition follows the date
    "今年3月1号收到的复议决定 如果现在起诉还来得及吗",
])
def test_a_day_that_happened_is_not_supposed(text: str) -> None:
    dates = _facts(text).dates
    assert dates and not any(d.supposed for d in dates)
    found = events.start_of(dates, "admin_litigation_after_reconsideration", "收到复议决定书之日", TODAY)
    assert found is not None and found.day <= TODAY
    result = deadline("admin_litigation_after_reconsideration", start=found.day, today=TODAY)
    assert result is not None and not result.supposed


def test_a_day_that_happened_wins_over_a_supposed_one() -> None:
    text = "9月1号收到拆除决定 直接去法院告最晚什么时候 要是先复议 复议决定12月1号收到呢"
    dates = _facts(text).dates
    found = events.start_of(dates, "admin_litigation", "知道或者应当知道作出行政行为之日", TODAY)
    assert found is not None and found.day == date(2026, 9, 1)


# -- (b) the start event: a reconsideration already decided -----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "对交警的罚款申请了复议 复议维持了 决定书前天收到的 还想去法院告 最晚哪天",
    "城管罚了我 我申请了复议 复议结果出来了还是驳回 11月20号收到的 现在去法院起诉还来得及吗",
    "本公司不服市场监管局的处罚决定申请复议，复议机关已经维持原决定，拟提起行政诉讼，期限如何计算？",
])
def test_a_decided_reconsideration_gives_fifteen_days(text: str) -> None:
    facts = _facts(text).values()
    assert facts.get("reconsidered")
    for rule in ("admin_reconsideration", "admin_litigation"):
        assert refine_rule(rule, facts) == "admin_litigation_after_reconsideration"


@pytest.mark.parametrize("text", [
    "收到罚款决定 想申请复议 最晚哪天",                      # no reconsideration yet
    "要是先复议 复议决定下来了不服 还能起诉吗 期限多久",       # supposed
    "城管拆了我的棚子 不想复议 直接去法院告 最晚什么时候",
])
def test_no_decided_reconsideration_keeps_the_rule(text: str) -> None:
    facts = _facts(text).values()
    assert not facts.get("reconsidered")
    assert refine_rule("admin_reconsideration", facts) == "admin_reconsideration"


# -- (a) the role and the multiple: overtime by the day, care by the month -----------------------------------------

@pytest.mark.parametrize("text, hours", [
    ("月薪八千七 平时上班每天都要加俩小时班 一个月算22天 加班费应该给多少", Decimal(44)),
    ("工资6000 每天晚上还得多上一个钟头的班 加班费怎么算", Decimal("21.75")),
    ("本人月工资5000元，工作日天天加3小时，每月上22天，加班费应为多少？", Decimal(66)),
])
def test_daily_overtime_hours_times_the_days(text: str, hours: Decimal) -> None:
    facts = _facts(text).values()
    assert facts["overtime_hours_workday"] == hours


def test_overtime_figure_is_hours_times_days() -> None:
    facts = _facts("月薪八千七 平时上班每天都要加俩小时班 一个月算22天 加班费应该给多少").values()
    result = calculate("overtime_pay", facts).result
    assert result is not None and result.amount == Decimal(3300)


@pytest.mark.parametrize("text, months, fee", [
    ("被车撞了 我老婆请假照顾了我一个月 她月薪5000 护理费能要多少", Decimal(1), Decimal(5000)),
    ("我妈住院 我请假陪护了两个月 我月薪7000 护理费怎么算", Decimal(2), Decimal(14000)),
    ("受害人住院期间由其丈夫护理3个月，其丈夫月收入6000元，护理费应赔多少？", Decimal(3), Decimal(18000)),
])
def test_care_in_months_is_monthly_income_times_months(text: str, months: Decimal, fee: Decimal) -> None:
    facts = _facts(text).values()
    assert facts.get("care_months") == months
    result = calculate("nursing_fee", facts).result
    assert result is not None and result.amount == fee


def test_care_in_days_keeps_the_daily_income() -> None:
    facts = _facts("我老婆请假照顾了我20天 她月薪4350 护理费能要多少").values()
    assert facts.get("care_months") is None
    result = calculate("nursing_fee", facts).result
    assert result is not None and result.amount == Decimal(4000)  # 4350 ÷ 21.75 × 20


# -- (d) the cap: a wage above every city's three times ----------------------------------------------------------------

@pytest.mark.parametrize("wage, months", [(50000, 180), (80000, 240), (45000, 150)])
def test_a_wage_above_every_cap_is_capped_at_twelve_years(wage: int, months: int) -> None:
    result = calc.economic_compensation(monthly_wage=wage, service_months=months)
    assert result.amount is None and result.figures["capped"]
    assert result.figures["n_months"] == min(Decimal(12), calc.compensation_months(months))
    assert "× 3 ×" in result.steps[-1] and "12" in result.steps[-1]
    damages = calc.unlawful_termination_damages(monthly_wage=wage, service_months=months)
    assert damages.amount is None and "× 2" in damages.steps[-1]


@pytest.mark.parametrize("wage, months, amount", [(30000, 180, 450000), (9000, 75, 58500), (20000, 36, 60000)])
def test_a_wage_under_every_cap_is_not_capped_without_the_average(wage: int, months: int, amount: int) -> None:
    result = calc.economic_compensation(monthly_wage=wage, service_months=months)
    assert result.amount == Decimal(amount) and not result.figures["capped"]


def test_the_given_average_still_decides() -> None:
    result = calc.economic_compensation(monthly_wage=50000, service_months=180, local_average_monthly_wage=10000)
    assert result.amount == Decimal(360000)  # 30,000 × 12


# -- (b) the period served, and the day after the due day ----------------------------------------------------------

@pytest.mark.parametrize("text, served, amount", [
    ("签了两年的合同 试用期写的是六个月 转正7000 我已经干了四个月试用期了 能要回多少", Decimal(4), Decimal(14000)),
    ("签了两年合同 约定试用期6个月 试用期已经过了5个月 转正工资8000 能赔多少", Decimal(5), Decimal(24000)),
    ("本人与公司签订一年期劳动合同，试用期约定三个月，现试用期已满三个月，转正工资6000元，可主张多少赔偿金？",
     Decimal(3), Decimal(6000)),
])
def test_probation_damages_count_the_months_served_beyond_the_legal_term(text: str, served: Decimal,
                                                                          amount: Decimal) -> None:
    facts = _facts(text).values()
    assert facts.get("probation_served") == served
    assert refine_calculator("probation_wage_min", facts) == "probation_excess"
    result = calculate("probation_excess", facts).result
    assert result is not None and result.amount == amount


@pytest.mark.parametrize("text", [
    "签了三年合同 试用期三个月 已经干了两个月试用期 试用期工资多少合法",  # within the legal term
    "试用期工资5000 转正7000 合法吗",                                      # no term said
    "签了两年合同 试用期写的是六个月 转正7000 试用期工资怎么算",            # nothing served said
])
def test_no_probation_damages_without_a_served_excess(text: str) -> None:
    assert refine_calculator("probation_wage_min", _facts(text).values()) == "probation_wage_min"


@pytest.mark.parametrize("due, first", [(date(2026, 5, 28), "2026年5月29日"), (date(2026, 2, 28), "2026年3月1日"),
                                        (date(2025, 12, 31), "2026年1月1日")])
def test_overdue_interest_names_the_day_after_the_due_day(due: date, first: str) -> None:
    from legal.rules import overdue_interest

    result = overdue_interest(principal=Decimal(50000), due_date=due, today=TODAY)
    assert f"自 {first} 起算" in result.steps[-1]


# -- one consistency check over the composed figure ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "经济补偿 = 9,000元 × 6.5 = 58,500元",
    "加班费：50 元/小时 × 150% × 2 × 22 = 3,300 元",
    "逾期利息 = 50,000 元 × 3.00% × 183 ÷ 365 = 752.05 元；合计 18,000 元 + 5,000 元 = 23,000 元",
    "逾期付款损失 = 100,000 元 × 3.00% ×（1.3～1.5）× 365 ÷ 365 = 3,900 元 至 4,500 元",  # a range: not one step
    "自 2026-05-29 起算，期限为 2026-06-12",
])
def test_steps_that_add_up_pass(text: str) -> None:
    from legal.figurecheck import arithmetic

    assert arithmetic([text]) == []


@pytest.mark.parametrize("text", [
    "双倍返还 = 20,000 元 × 2 = 50,000 元",
    "误工费 = 300 元 × 30 天 = 6,000 元",
    "合计 1.5万元 + 5,000 元 = 25,000 元",
])
def test_a_step_that_does_not_add_up_is_found(text: str) -> None:
    from legal.figurecheck import ARITHMETIC, arithmetic

    assert [f.kind for f in arithmetic([text])] == [ARITHMETIC]


# -- (a) the heir asked about: the surviving parent's total ----------------------------------------------------------

@pytest.mark.parametrize("text, total", [
    ("我爸上个月走了，没留遗嘱。房子是我爸妈婚后买的，值300万。我妈还在，我有个弟弟，奶奶也在。我妈能分到多少？",
     Decimal(1875000)),
    ("父亲去年去世 留下婚后买的房子一套值200万 母亲 我和妹妹 爷爷奶奶都不在了 我妈一共能拿多少", Decimal(1333333.33)),
    ("母亲上月病故，父母婚后共同存款100万元，继承人就是我父亲、我和我哥。我父亲能继承多少？", Decimal(666666.67)),
])
def test_the_surviving_parents_total_is_her_half_and_her_share(text: str, total: Decimal) -> None:
    facts = _facts(text).values()
    assert facts.get("spouse_heir_asked")
    result = calculate("inheritance_share", facts).result
    assert result is not None and abs(result.figures["survivor_total"] - total) < 1


@pytest.mark.parametrize("text", [
    "我妈走了 婚后存款100万 我爸还在 我和我哥 我能分多少",        # the client asks his own share
    "我爸去世了 留了一套婚后的房子值300万 我奶奶能分多少",          # a parent of the deceased, not the spouse
    "我妈能分到多少 我外婆去世了 留下存款50万",                    # the mother is a child of the deceased
])
def test_no_spouse_total_when_another_heir_is_asked(text: str) -> None:
    assert _facts(text).values().get("spouse_heir_asked") is None


# -- (c) the calculator the asking clause names, not one the story mentions --------------------------------------------

@pytest.mark.parametrize("text, domain, first", [
    ("被人打伤 请了三个月的假 单位扣了我工资 我月薪9k 误工费能要多少", "labor", "lost_earnings"),
    ("干了5年 月薪8000 被辞退了 一直没签合同 经济补偿多少", "labor", "economic_compensation"),
    ("本人入职后公司未签劳动合同，现已被辞退，月薪六千。请问经济补偿应为多少？", "labor", "economic_compensation"),
])
def test_the_asked_figure_comes_first(text: str, domain: str, first: str) -> None:
    from legal.composer import calculators_for

    assert calculators_for(text, domain)[0] == first


@pytest.mark.parametrize("text, first", [
    ("公司扣了我三千工资 说我迟到 这样合法吗 最多能扣多少", "wage_deduction_cap"),
    ("没签合同干了8个月 月薪6000 二倍工资能要多少", "double_wage"),
    ("没签合同 被辞退了 能要多少钱", "double_wage"),  # the ask names no figure: the story's order stands
])
def test_the_story_order_stands_when_the_ask_names_no_other(text: str, first: str) -> None:
    from legal.composer import calculators_for

    assert calculators_for(text, "labor")[0] == first


# -- (c) the rule of the stage the case is at: custody after an arrest -------------------------------------------------

@pytest.mark.parametrize("text, ends", [
    ("弟弟11月5号被检察院批捕了 逮捕以后在侦查阶段最长能关到哪天 正常情况", date(2027, 1, 5)),
    ("犯罪嫌疑人于2026年11月1日经检察院批准逮捕，侦查羁押期限至何日届满？", date(2027, 1, 1)),
    ("我老公10月20号刑拘的 10月30号已经被批准逮捕 现在最长还能关多久", date(2026, 12, 30)),
])
def test_after_an_arrest_the_investigation_custody_runs(text: str, ends: date) -> None:
    parsed = _facts(text)
    rule = refine_rule("criminal_detention", parsed.values())
    assert rule == "investigation_custody"
    start = events.start_of(parsed.dates, rule, "逮捕之日", TODAY)
    found = deadline(rule, start=start.day if start else None, today=TODAY)
    assert found is not None and found.ends == ends


@pytest.mark.parametrize("text", [
    "我哥11月3号被刑拘 11月10号报捕了 检察院还没批捕 最长关多久",
    "老公拘留了 要是批捕了能关多久",
    "公安提请逮捕了 检察院不批捕的话要放人吗",
])
def test_no_arrest_yet_keeps_the_detention_rules(text: str) -> None:
    facts = _facts(text).values()
    assert not facts.get("arrested")
    assert refine_rule("criminal_detention", facts) != "investigation_custody"
