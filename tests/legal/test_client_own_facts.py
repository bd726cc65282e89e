"""The client's own figures read in the forms clients give them, so a calculator runs on them instead of
asking again: a month's pay told in its parts (basic wage plus commission, bonus, allowances), tenure told
by the year or the dated contract it started from, and the day a dismissal notice came as the dismissal's
day (the start of the labour arbitration year).

Each row is a wording written here (none is a graded question's) and the fact a calculator reads.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from legal.facts import extract_facts, typed_dates
from legal.normalise import normalise

TODAY = date(2026, 11, 27)

WAGE_IN_PARTS = [
    ("基本工资4500加绩效平均每月3000，被公司辞退了", 7500),
    ("底薪3000+提成大概每月5000，老板让我走人", 8000),
    ("底薪2800，提成每个月四五千，干了三年被裁", 7300),
    ("我基本工资3500，另有全勤奖200和餐补300，在公司干了2年", 4000),
    ("底薪五千加奖金两千，公司要解除合同", 7000),
    ("固定工资6000元外加岗位津贴800元，单位裁员", 6800),
    # the whole month said as one average, or as a total with the parts in it: not added again
    ("基本工资4000加提成平均每月1万，被辞退", 10000),
    ("底薪3000，算上提成一个月差不多7000，被辞退", 7000),
    ("底薪4000，加起来一个月到手9000，被辞退", 9000),
]


@pytest.mark.parametrize(("text", "wage"), WAGE_IN_PARTS)
def test_a_wage_told_in_parts_is_their_sum(text: str, wage: int) -> None:
    assert extract_facts(text, today=TODAY).get("monthly_wage") == Decimal(wage)


TENURE_FROM_A_START = [
    ("我是20年入职的，月薪5000，现在公司要裁我", 72),
    ("我18年进的厂，现在老板不要我了", 96),
    ("从2018年起就在这个超市上班，一个月3500", 96),
    ("2020年开始在这家公司上班，被辞退了", 72),
    ("2022年8月1号签的合同一直干到现在，月薪1.5万", 51),
    ("2021年签的劳动合同，干到现在，公司要解除", 60),
]


@pytest.mark.parametrize(("text", "months"), TENURE_FROM_A_START)
def test_tenure_runs_from_the_start_the_client_names(text: str, months: int) -> None:
    assert extract_facts(text, today=TODAY).get("service_months") == months


@pytest.mark.parametrize("text", [
    "我2019年买的房子，月供5000，现在想卖",  # a year of something else: no tenure
    "2024年借给他5万，到现在没还",
])
def test_a_year_of_another_event_is_no_tenure(text: str) -> None:
    assert extract_facts(text, today=TODAY).get("service_months") is None


@pytest.mark.parametrize("text", [
    "被公司辞退了，收到解除通知是11月3号，我想申请劳动仲裁",
    "11月3号单位给我发了辞退通知，仲裁最晚哪天",
    "上个月5号收到公司的解除劳动合同通知书，还能仲裁吗",
])
def test_the_day_a_dismissal_notice_came_is_the_dismissal(text: str) -> None:
    events = [d.event for d in typed_dates(normalise(text, TODAY), TODAY)]
    assert events and events[0] == "termination"


SIDES_TOLD = [
    # the employer telling his trade or a hire, not saying 我是老板
    ("我们是开饭店的 雇了两个服务员 没签合同 要赔双倍工资吗", "employer"),
    ("我家是做服装开店的，新招的店员干了一周就走了，工资要给吗", "employer"),
    ("我是开厂的，请了个小工，他干活受伤了我要赔吗", "employer"),
    # the lender naming the debtor by his role
    ("欠钱的人一直拖着不还，我能起诉吗", "lender"),
    ("欠款人跑了，找不到人，我借出去的三万怎么办", "lender"),
    ("借钱的人说要我把利息免了，不然不还钱", "lender"),
    ("我是借款人，还不上了怎么办，欠了五万", "borrower"),
    # a relative who did the harm is the accused's family; one harmed is the victim's
    ("我儿子在学校把同学打成轻伤，要坐牢吗", "offender"),
    ("我哥在酒吧跟人起冲突 把人家打伤了 现在被拘留了", "offender"),
    ("我表弟偷了别人的电动车被抓了，会判刑吗", "offender"),
    ("我弟被人打骨折了，对方会判多久", "victim"),
    # a worker's words, still a worker
    ("我在公司干了三年被辞退，能拿多少", "employee"),
]


@pytest.mark.parametrize(("text", "side"), SIDES_TOLD)
def test_the_side_the_client_tells(text: str, side: str) -> None:
    assert extract_facts(text, today=TODAY).get("side") == side


def test_a_shareholders_company_is_no_employment() -> None:
    assert extract_facts("我在公司的股份想转给外人，其他股东不同意", today=TODAY).get("side") != "employee"


LOAN_TIME = [
    # the term the borrower was given, and from the loan's day its due date
    ("2024年6月借给同事2万，说好一年后还，到现在没还", {"loan_months": 12, "due_date": date(2025, 6, 1)}),
    ("前年3月借给老乡5万，讲好三个月内还清，一直拖着", {"loan_months": 3, "due_date": date(2024, 6, 1)}),
    ("2025年2月10日借给他8000元，约定半年还，他不还", {"loan_months": 6, "due_date": date(2025, 8, 10)}),
    # the time gone by with nothing paid
    ("借给同学五万块，年利率20%，都两年了还没还", {"loan_months": 24}),
    ("借出去3万，月息2分，一年半了他一分钱都没给", {"loan_months": 18, "repaid": 0, "interest_paid": 0}),
    ("我借给他10万，约定年息15%，到现在分文未还", {"repaid": 0, "interest_paid": 0}),
]


@pytest.mark.parametrize(("text", "expected"), LOAN_TIME)
def test_a_loans_term_and_what_was_paid(text: str, expected: dict) -> None:
    facts = extract_facts(text, today=TODAY)
    for name, value in expected.items():
        got = facts.get(name)
        assert got == (value if isinstance(value, date) else Decimal(value)), name


def test_a_term_without_a_loan_day_gives_no_due_date() -> None:
    facts = extract_facts("借给他5万，说好半年还，现在不还了", today=TODAY)
    assert facts.get("loan_months") == 6 and facts.get("due_date") is None


OUTSTANDING = [
    ("货款总共28万，对方付了10万之后剩下的一直拖着不给", 280000, 180000),
    ("工程款一共50万，甲方只付了30万，余款拖了半年", 500000, 200000),
    ("合同金额是12万，客户先付了4万，尾款到期没给", 120000, 80000),
    ("装修款共计9万，业主给了6万，还差的一直不结", 90000, 30000),
]


@pytest.mark.parametrize(("text", "price", "unpaid"), OUTSTANDING)
def test_the_part_left_unpaid_is_the_total_less_the_paid(text: str, price: int, unpaid: int) -> None:
    facts = extract_facts(text, today=TODAY)
    assert facts.get("contract_price") == Decimal(price)
    assert facts.get("unpaid_amount") == Decimal(unpaid)


def test_a_paid_sum_with_no_rest_owed_is_no_unpaid_part() -> None:
    facts = extract_facts("货款一共20万，对方付了20万，但货有质量问题", today=TODAY)
    assert facts.get("unpaid_amount") is None


def test_a_daily_penalty_runs_on_the_unpaid_part_over_the_months_told() -> None:
    from legal.rules import calculate

    facts = extract_facts("材料款一共40万，对方只付了25万，剩下的拖了三个月，合同写逾期每天万分之五", today=TODAY)
    assert 89 <= facts.get("delay_days") <= 92  # three months, by the month or by the calendar
    found = calculate("daily_penalty", facts.values())
    assert found.result is not None
    assert found.result.amount == Decimal(150000) * Decimal("0.0005") * facts.get("delay_days")


PAYING_PARENT = [
    ("离婚了孩子判给前夫，我工资8000，他起诉要我付抚养费，要付多少", 8000),
    ("孩子跟着他妈，我一个月挣一万，抚养费该给多少", 10000),
    ("我每月到手6000，前妻找我要抚养费，我要给多少", 6000),
]


@pytest.mark.parametrize(("text", "income"), PAYING_PARENT)
def test_the_paying_parents_own_income(text: str, income: int) -> None:
    assert extract_facts(text, today=TODAY).get("payer_income") == Decimal(income)


def test_the_receiving_parents_income_is_not_the_payers() -> None:
    facts = extract_facts("孩子跟我，我每个月挣六千，前夫该给多少抚养费", today=TODAY)
    assert facts.get("payer_income") is None


def test_a_case_denying_the_figure_drops_the_calculator() -> None:
    from legal.cardfile import Answer
    from legal.composer import by_facts
    from legal.conditions import parse_cases

    cases = parse_cases([{"when": [{"fact": "no_training_agreement", "op": "==", "value": 1}], "calculator": "",
                          "conclusion": "不用赔。"}], "t")
    answer = Answer("how_much", "按比例赔。", calculator="training_penalty", inputs=("training_fee",), cases=cases)
    chosen = by_facts(answer, extract_facts("那只是入职时的岗前培训，要我赔三千培训费", today=TODAY))
    assert chosen.conclusion.startswith("不用赔。结合您说的") and chosen.calculator == "" and chosen.inputs == ()
    kept = by_facts(answer, extract_facts("公司出钱送我去德国培训，签了三年服务期", today=TODAY))
    assert kept.calculator == "training_penalty"


@pytest.mark.parametrize(("text", "months"), [
    ("在一家餐厅当厨师，从2017年干到现在，工资每月9千", 108),
    ("我们这个厂我是2015年做到现在的，一个月六千", 132),
])
def test_a_year_worked_on_to_this_day(text: str, months: int) -> None:
    assert extract_facts(text, today=TODAY).get("service_months") == months


@pytest.mark.parametrize(("text", "months"), [
    # a month of the calendar is no count of months: the unsigned time runs from the hire (capped at a year)
    ("员工2023年5月入职，月薪1万，没签合同，今年4月才补签", 12),
    ("我去年9月进的公司，没签劳动合同，3月份才让我签", 6),  # signed late: hire to signing
    ("入职后一直没签合同，已经8个月了", 8),
    ("没签劳动合同三个多月，月薪5000", 3),
])
def test_unsigned_months_are_a_count_not_a_calendar_month(text: str, months: int) -> None:
    assert extract_facts(text, today=TODAY).get("unsigned_months") == months


@pytest.mark.parametrize(("text", "name", "value"), [
    # 一分 after an amount is "not a cent", not the amount's last digit
    ("彩礼给了二十万一分不退，能要回来吗", "betrothal_amount", 200000),
    ("借给他六万一分没还", "principal", 60000),
    ("彩礼十八万一千，分手了要退吗", "betrothal_amount", 181000),
])
def test_not_a_cent_is_no_digit_of_the_amount(text: str, name: str, value: int) -> None:
    assert extract_facts(text, today=TODAY).get(name) == Decimal(value)


@pytest.mark.parametrize(("element", "text"), [
    # an element the client's words already meet is not asked again: its fact is one the reader gives
    ("消费的是未成年的孩子本人", "我女儿12岁，偷偷拿我手机充了三千块游戏币"),
    ("所判刑种、刑期和判决前实际羁押的天数", "我哥判了一年半，之前在看守所关了五个月，还要关多久"),
    ("给付系以结婚为目的、依习俗给付的彩礼", "订婚时给了女方彩礼八万八，后来没结成婚"),
])
def test_an_element_told_is_read_not_asked(element: str, text: str) -> None:
    from legal.cardfile import shipped_cards

    found = [e for card in shipped_cards() for e in card.elements if e.text == element]
    assert found and all(e.fact for e in found)
    facts = extract_facts(text, today=TODAY)
    assert all(e.fact in facts for e in found)


@pytest.mark.parametrize(("text", "heirs"), [
    ("婆婆去世了，留下二十万存款，没有遗嘱，婆婆就俩儿子，我老公是老大", 2),
    ("老爷子去世留下一套房，他有两个儿子一个女儿，老伴还在世，没有遗嘱，怎么分遗产", 4),
    ("我爸走了，留了三十万，他有三个女儿，没立遗嘱", 3),
])
def test_the_heirs_counted_by_son_and_daughter(text: str, heirs: int) -> None:
    assert extract_facts(text, today=TODAY).get("heirs") == heirs


@pytest.mark.parametrize(("text", "mine"), [
    ("我持股30%，公司今年净利润200万，股东会决议分红，我能分多少", 540000),
    ("我占股三成，去年税后利润100万，全部拿来分", 270000),
    # by paid-in: mine over all the paid-in named (20 of 70)
    ("章程说按实缴分红，我认缴50万实缴20万，另一股东认缴50万实缴50万，利润70万，我分多少", 180000),
])
def test_a_dividend_is_the_clients_share_of_what_may_be_distributed(text: str, mine: int) -> None:
    from legal.rules import calculate

    found = calculate("profit_distribution", extract_facts(text, today=TODAY).values())
    assert found.result is not None and found.result.amount == Decimal(mine)


def test_a_dividend_question_names_the_dividend_not_the_unpaid_capital() -> None:
    from legal.composer import calculator_for

    assert calculator_for("我认缴50万实缴20万，另一股东实缴50万，今年利润70万全部分配，我能分多少", "company") \
        == "profit_distribution"
    assert calculator_for("我认缴了30万但只实缴了10万，债权人要我补多少", "company") == "unpaid_capital"


@pytest.mark.parametrize(("text", "months"), [
    ("我老婆被判了两年零三个月，之前在看守所关了150天，还要坐多久", 27),
    ("儿子判处有期徒刑三年又六个月，羁押了半年", 42),
    ("判了一年半，关了四个月了", 18),
])
def test_a_sentence_in_years_and_months(text: str, months: int) -> None:
    assert extract_facts(text, today=TODAY).get("sentence_months") == months


@pytest.mark.parametrize(("text", "hours"), [
    ("入职三年，月薪1万，上个月加班了36个小时都是工作日晚上，加班费多少", 36),
    ("上个月一共加了20小时班，月薪6000，公司不给加班费", 20),
])
def test_overtime_told_as_the_months_hours(text: str, hours: int) -> None:
    assert extract_facts(text, today=TODAY).get("overtime_hours_workday") == Decimal(hours)


def test_weekend_hours_are_not_weekday_overtime() -> None:
    assert extract_facts("周末加班了16个小时，月薪6000", today=TODAY).get("overtime_hours_workday") is None


@pytest.mark.parametrize("text", [
    "我是股东，10月30号给公司寄了书面请求要查会计账簿，公司不理，最晚哪天必须答复",
    "11月2号我书面要求查账，到现在没回音，公司能拖到什么时候",
])
def test_a_books_request_starts_the_companys_fifteen_days(text: str) -> None:
    from legal.events import accepted

    facts = extract_facts(text, today=TODAY)
    starts = [d for d in facts.dates if d.event in accepted("books_inspection_reply")]
    assert starts, [(d.day, d.event) for d in facts.dates]


def test_the_inspection_card_answers_by_when_with_the_reply_period() -> None:
    from legal.cardfile import shipped_cards
    from legal.rules import DEADLINES

    card = next(c for c in shipped_cards() if c.slug == "company.shareholder-inspection")
    assert card.answers["by_when"].deadline == "books_inspection_reply"
    assert DEADLINES["books_inspection_reply"].days == 15


def test_a_no_fault_drivers_figure_on_the_pedestrian_card() -> None:
    from legal.cardfile import shipped_cards
    from legal.rules import calculate

    answer = next(c for c in shipped_cards() if c.slug == "traffic.pedestrian-jaywalking").answers["how_much"]
    assert answer.calculator == "damages_by_share" and "不超过10%" in answer.conclusion  # the cap said, loss or not
    said = "我开车正常走，有个人翻栏杆横穿马路被我撞了，交警认定我无责，保险赔完还差八万，我最多赔多少"
    found = calculate("damages_by_share", extract_facts(said, today=TODAY).values())
    assert found.result is not None and found.result.amount == Decimal(8000)
