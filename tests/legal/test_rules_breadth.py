"""Figure and deadline rules clients ask for beyond the first set: wages owed and what 劳动合同法 85
adds, interest with a penalty and fees capped together at four times the LPR (民间借贷规定 29), an
employer's thirty days to set a final labour award aside (劳动争议调解仲裁法 49), a shareholders'
meeting notice counted back from the meeting (公司法 64), and every date of an answer in Chinese."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

import pytest

from legal.events import label
from legal.facts import extract_facts
from legal.rules import calculate, deadline, refine_rule

TODAY = date(2026, 11, 27)


def _facts(text: str) -> dict:
    return extract_facts(text, today=TODAY).values()


def test_wages_owed_by_month_and_the_extra_compensation_range():
    result = calculate("wage_arrears", _facts("公司拖欠了我三个月工资，月薪7000，能要回多少？")).result
    assert result is not None and result.amount == Decimal(21000)
    assert result.figures["extra_low"] == Decimal(10500) and result.figures["extra_high"] == Decimal(21000)
    assert ("中华人民共和国劳动合同法", "第八十五条") in {(b.law, b.article) for b in result.legal_basis}


@pytest.mark.parametrize(("said", "owed"), [("老板一共欠我两万四的工资", 24000), ("欠了我工资1.5w，一直不给", 15000),
                                             ("工资一共拖欠了18000，月薪6000", 18000)])
def test_wages_owed_as_one_sum(said, owed):
    calculation = calculate("wage_arrears", _facts(said))
    assert calculation.ok and calculation.result.amount == Decimal(owed)


def test_wages_owed_asks_for_what_is_missing():
    assert calculate("wage_arrears", _facts("公司拖欠工资，怎么办")).missing == ["monthly_wage", "wage_arrears_months"]


@pytest.mark.parametrize(("said", "rate"), [
    ("每天按千分之一付违约金", Decimal("36.5")), ("违约金每月2%", Decimal(24)), ("另收服务费年化10%", Decimal(10)),
    ("逾期按日万分之五的罚息", Decimal("18.25"))])
def test_a_penalty_or_fee_beside_the_interest_as_a_yearly_rate(said, rate):
    assert _facts(f"借款20万，年息8%，{said}").get("extra_annual_rate") == rate


def test_interest_penalty_and_fees_are_capped_together_at_four_times_the_lpr():
    facts = _facts("2025年1月借款20万，借条约定年息8%，逾期每天按千分之一付违约金。现在他逾期刚好半年，一共最多多少？")
    result = calculate("lending_cost_cap", facts).result
    assert result is not None and result.figures["total_rate"] == Decimal("44.50")
    cap = result.figures["cap_rate"]
    assert result.amount == (Decimal(200000) * cap / 100 * 6 / 12).quantize(Decimal("0.01"))
    assert any("第二十九条" == b.article for b in result.legal_basis)


def test_within_the_cap_the_agreed_rates_stand():
    result = calculate("lending_cost_cap", _facts("借款10万，年利率3%，违约金每年1%，借期一年")).result
    assert result is not None and result.figures["allowed"] == Decimal(4) and result.amount == Decimal(4000)


def test_an_employer_facing_a_final_award_has_thirty_days_to_set_it_aside():
    facts = _facts("我是公司老板，仲裁委裁决我们付加班费，裁决书上写着是终局裁决，11月20号收到的")
    assert facts.get("final_award") is True and facts.get("side") == "employer"
    rule = refine_rule("labor_award_suit", facts)
    assert rule == "award_revocation"
    found = deadline(rule, start=date(2026, 11, 20), today=TODAY)
    assert found.ends == date(2026, 12, 20) and "2026年12月20日" in found.text()


def test_a_worker_facing_the_same_award_keeps_fifteen_days():
    facts = _facts("仲裁裁决是终局裁决，公司让我付钱我不服，11月20号收到的")
    assert refine_rule("labor_award_suit", facts) == "labor_award_suit"


def test_a_shareholders_meeting_notice_is_counted_back_from_the_meeting():
    facts = extract_facts("大股东今天才在群里说12月10号开临时股东会要改章程，最晚应该哪天通知？", today=TODAY)
    meeting = next(d for d in facts.dates if d.event == "resolution")
    assert meeting.day == date(2026, 12, 10)  # a meeting to come is this year's, not last year's
    found = deadline("shareholder_meeting_notice", start=meeting.day, today=TODAY)
    assert found.ends == date(2026, 11, 25) and found.passed
    assert "2026年11月25日" in found.text() and "十五日" in found.text()


def test_a_meeting_far_enough_ahead_leaves_days_to_notify():
    found = deadline("shareholder_meeting_notice", start=date(2027, 1, 20), today=TODAY)
    assert found.ends == date(2027, 1, 5) and not found.passed and found.days_left == 39


@pytest.mark.parametrize("rule", ["civil_limitation", "labor_arbitration", "criminal_detention", "divorce_cooling_off",
                                  "admin_litigation", "award_revocation", "shareholder_meeting_notice"])
def test_deadline_dates_are_written_in_chinese(rule):
    text = deadline(rule, start=date(2026, 11, 20), today=TODAY).text()
    assert not re.search(r"\d{4}-\d{2}-\d{2}", text)
    assert re.search(r"\d{4}年\d{1,2}月\d{1,2}日", text)


@pytest.mark.parametrize(("before", "after", "event"), [
    ("城管的限期拆除决定", "送到我家的", "decision"), ("劳动仲裁裁决", "收到的", "judgment"),
    ("一审判决", "送达的", "judgment"), ("公司的辞退通知书", "收到的", "notice")])
def test_a_document_received_on_a_date_marks_its_event(before, after, event):
    assert label(before, after) == event


# -- housing: the deposit, the rent owed against it, a developer's late handover ----------------------------------
def test_a_deposit_is_returned_whole():
    result = calculate("deposit_refund", _facts("房东不退押金，押金3000，我住满了合同期，能要回多少？")).result
    assert result is not None and result.amount == Decimal(3000)


def test_a_deposit_kept_back_is_what_is_owed_back():
    facts = _facts("退租时房东扣了我2000押金说是清洁费，押金一共3500，能要回多少")
    assert facts.get("rent_deposit") == Decimal(3500) and facts.get("deposit_kept") == Decimal(2000)
    assert calculate("deposit_refund", facts).result.amount == Decimal(2000)


def test_rent_owed_is_set_against_the_deposit_and_a_month_in_a_lease_is_the_rent():
    facts = _facts("租客拖欠3个月房租，每月4000，押金一个月，扣完押金还欠我多少？")
    assert facts.get("monthly_rent") == Decimal(4000) and facts.get("monthly_wage") is None
    assert calculate("lease_settlement", facts).result.amount == Decimal(8000)


def test_the_delay_runs_from_the_agreed_day_when_the_client_does_not_count_it():
    facts = _facts("开发商合同约定2025年12月31日交房，到现在还没交，逾期每天按已付房款万分之一付违约金，"
                   "我付了房款200万")
    assert facts.get("delay_days") == Decimal(331)
    assert calculate("daily_penalty", facts).result.amount == Decimal(66200)


def test_a_date_already_past_with_the_performance_made_counts_no_delay():
    assert _facts("开发商合同约定2025年12月31日交房，已经按时交了").get("delay_days") is None


def test_last_years_leave_not_taken_is_the_whole_years_entitlement():
    facts = _facts("我去年一天年假都没休，今年1月就离职了，月薪9000，工作8年了，年假工资能要多少")
    assert facts.get("untaken_leave_days") == Decimal(5)  # not this January's share of this year


def test_a_fixed_daily_penalty_counts_by_the_days_late():
    facts = _facts("签了个装修合同总价12万，违约金按每天500，对方晚了20天完工，我能要多少违约金")
    assert facts.get("daily_penalty_amount") == Decimal(500) and facts.get("delay_days") == Decimal(20)
    assert calculate("daily_penalty", facts).result.amount == Decimal(10000)


def test_a_deposit_above_a_fifth_of_the_house_price_is_capped():
    facts = _facts("签了购房合同，交了定金30万，房价100万，卖家违约，能拿回多少")
    assert facts.get("contract_price") == Decimal(1000000)
    assert calculate("deposit_return", facts).result.amount == Decimal(500000)  # 20万 × 2 + 10万 back


def test_the_prosecutors_decision_on_an_arrest_request_and_the_prosecution_review_are_told_apart():
    from legal.composer import deadline_for

    assert deadline_for("老公11月18日被刑拘，律师说报捕了，检察院最迟哪天要给结果", "criminal") == "criminal_detention"
    review = "案子11月2号移送到检察院审查起诉了 检察院要多长时间决定起不起诉"
    assert deadline_for(review, "criminal") == "prosecution_review"
    assert deadline_for("我哥被刑事拘留，也没说逮捕，最长能关多久", "criminal") != "investigation_custody"


# -- more rules and readings ------------------------------------------------------------------------------------
def test_a_last_day_on_a_weekend_moves_to_the_monday():
    found = deadline("labor_arbitration", start=date(2025, 12, 5), today=TODAY)
    assert found.ends == date(2026, 12, 5) and found.extended == date(2026, 12, 7)  # 5 December 2026 is a Saturday
    # the extension is stated with its rule; the days left count to the nominal day (issue 20)
    assert "2026年12月7日" in found.text() and "2026年12月5日" in found.text() and found.days_left == 8


def test_custody_runs_to_its_last_day_whatever_the_weekday():
    found = deadline("criminal_detention", start=date(2026, 11, 18), today=TODAY)
    assert found.ends == date(2026, 11, 28) and found.extended is None  # a Saturday: custody is not extended


def test_a_criminal_judgment_is_appealed_in_ten_days_whatever_card_answered():
    facts = _facts("今天刚收到一审判决书 判了两年 想上诉 最晚哪天要交")
    assert refine_rule("civil_appeal_judgment", facts) == "criminal_appeal_judgment"
    assert refine_rule("civil_appeal_judgment", _facts("民事一审判决书今天收到，想上诉")) == "civil_appeal_judgment"


def test_dividends_are_paid_within_six_months_of_the_resolution():
    found = deadline("dividend_payment", start=date(2026, 4, 30), today=TODAY)
    assert found.ends == date(2026, 10, 30) and found.passed


@pytest.mark.parametrize(("said", "name", "value"), [
    ("采购合同总价20万 约定每晚一天交货按总价千分之一算违约金 对方晚了25天", "daily_penalty_rate", Decimal("0.001")),
    ("月薪到手6500；住院期间我老婆陪护了60天，当地护工一天200", "daily_income", None),
    ("公司出了3w送我去培训 签了3年服务期 我才干满1年想走", "training_fee", Decimal(30000)),
    ("公司出了3w送我去培训 签了3年服务期 我才干满1年想走", "service_years", Decimal(3)),
    ("月薪8700 上周末两天都在加班 公司说没法调休", "overtime_days_restday", Decimal(2)),
    ("工作了12年了 今年年假一天都没让休 我日工资400", "untaken_leave_days", Decimal(10)),
    ("借给亲戚5w 说好半年还 现在都过期一年了 LPR按3%", "lpr_rate", Decimal(3)),
    ("超市买的牛奶回家一看过期了 68块钱 能要十倍赔偿吗", "purchase_price", Decimal(68)),
    ("给孩子报的英语培训一年2.4w 一次性交的 才上了3个月机构就关门了", "units_total", Decimal(12)),
])
def test_more_facts_however_written(said, name, value):
    assert _facts(said).get(name) == value


def test_a_due_date_inferred_from_how_long_it_is_overdue(monkeypatch):
    from datetime import datetime

    from legal import rules

    class Today(datetime):  # the interest runs to the question's day, not the machine's
        @classmethod
        def now(cls, tz=None):
            return datetime(TODAY.year, TODAY.month, TODAY.day, 12, tzinfo=tz)

    monkeypatch.setattr(rules, "datetime", Today)
    facts = _facts("借给亲戚5w 没说利息 说好半年还 现在都过期一年了 这一年逾期能要多少（LPR按3%）")
    assert facts.get("due_date") == date(2025, 11, 27)
    assert calculate("overdue_interest", {**facts}).result.amount == Decimal(1500)


def test_spoiled_goods_ask_what_the_rest_of_the_part_asks():
    from legal.qtypes import question_type

    assert question_type("超市买的牛奶回家一看过期了 68块钱 能要十倍赔偿吗") == "yes_no"
    assert question_type("借条过期了吗") == "by_when"


@pytest.mark.parametrize(("before", "after", "event"), [
    ("市场监管局要罚我小店5万块 告知书说我可以申请听证 ", "收到的 最晚啥时候提", "notice"),
    ("区政府给我家下了房屋征收补偿决定，", "（11月20号）送到我手上的", "decision")])
def test_an_aside_or_a_notice_of_hearing_keeps_the_document_received(before, after, event):
    assert label(before, after) == event


def test_debts_owed_both_ways_are_set_off():
    facts = _facts("他欠我2w，我之前也欠他1.5w，都到期了。抵完他还该给我多少")
    assert facts.get("principal") == Decimal(20000) and facts.get("own_debt") == Decimal(15000)
    assert calculate("set_off", facts).result.amount == Decimal(5000)


def test_a_known_defect_that_hurt_allows_twice_the_loss():
    facts = _facts("高压锅爆了把我脸烫伤了 厂家早知道有问题还在卖 我医药费误工费这些损失一共5w 惩罚性赔偿最多能要多少")
    assert facts.get("loss_amount") == Decimal(50000)  # not the 一 of 一共
    assert calculate("defect_punitive", facts).result.amount == Decimal(100000)


def test_a_driver_without_fault_bears_a_tenth():
    facts = _facts("我开车正常行驶 一个人闯红灯突然冲出来被我撞了 交警认定对方全责 扣掉交强险还有10w损失 我还得赔多少")
    assert facts.get("liable_share") == Decimal("0.1") and facts.get("total_loss") == Decimal(100000)
    result = calculate("damages_by_share", facts).result
    assert result.amount == Decimal(10000) and result.steps[-1].startswith("您")


@pytest.mark.parametrize(("said", "name", "value"), [
    ("商场买的金项链 柜台说是足金 8800 拿去检测说是镀金的 能赔多少", "purchase_price", Decimal(8800)),
    ("在饭馆吃饭吃坏了肚子 住院花了2000 查出来是菜不新鲜 那顿饭150", "medical_expenses", Decimal(2000)),
    ("签了个供货合同，我给了对方1w定金，合同另外约定违约方赔3w违约金", "penalty_amount", Decimal(30000)),
    ("我在上海，借给广州一个朋友10w，他一直不还", "principal", Decimal(100000)),
])
def test_amounts_by_their_role_in_more_stories(said, name, value):
    assert _facts(said).get(name) == value


def test_the_larger_of_the_deposit_and_the_penalty_is_the_better_choice():
    facts = _facts("签了个供货合同，我给了对方1w定金，合同另外约定违约方赔3w违约金，现在对方不供货了。怎么选最划算")
    result = calculate("deposit_return", facts).result  # 民法典 588: one or the other, the larger
    # the penalty chosen, the deposit comes back as a payment made: 30,000 + 10,000 against 2 × 10,000
    assert result.amount == Decimal(40000) and "30,000" in result.steps[-1] and "20,000" in result.steps[-1]


def test_what_was_paid_comes_back_when_the_contract_is_revoked():
    facts = _facts("去年5月被忽悠签了加盟合同，交了8万加盟费，数据全是编的。撤销了加盟费能退多少")
    assert calculate("restitution", facts).result.amount == Decimal(80000)


def test_the_evidence_period_and_an_untold_time_to_sue():
    assert "不少于十五日" in deadline("evidence_period").text()
    facts = _facts("去年12月10号拿到的处罚决定书 上面没写可以复议起诉的事 我现在去法院告还来得及吗")
    assert refine_rule("admin_reconsideration", facts) == "admin_litigation_unnotified"
    found = deadline("admin_litigation_unnotified", start=date(2025, 12, 10), today=TODAY)
    assert found.ends == date(2026, 12, 10) and not found.passed
    told = _facts("12月10号拿到的处罚决定书，想申请复议")
    assert refine_rule("admin_reconsideration", told) == "admin_reconsideration"


def test_an_acquittal_starts_the_state_compensation_period():
    dates = extract_facts("我被错误关押了100天，今年5月22号终审判我无罪。最晚什么时候申请", today=TODAY).dates
    assert [(d.day, d.event) for d in dates] == [(date(2026, 5, 22), "judgment")]
