from datetime import date
from decimal import Decimal

import pytest

from legal.text.entities import STATE_LIMIT, Amount, Entities, extract_entities, merge

TODAY = date(2025, 6, 15)


def amounts(text: str) -> list[tuple[Decimal, str]]:
    return [(a.value, a.kind) for a in extract_entities(text, today=TODAY).amounts]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("对方欠我3万元", 30_000),
        ("押金八千块", 8_000),
        ("一共2万4", 24_000),
        ("月薪1.2万", 12_000),
        ("工资一万二", 12_000),
        ("种植要1万8", 18_000),
        ("借了15万", 150_000),
        ("2万4千", 24_000),
        ("3万5000", 35_000),
        ("十万", 100_000),
        ("三万五千元", 35_000),
        ("两千块钱", 2_000),
        ("¥5,000", 5_000),
        ("房款200万", 2_000_000),
        ("花899买的", 899),
        ("3980买的冰箱", 3_980),
        ("标的1000万", 10_000_000),
    ],
)
def test_amounts_are_normalised_to_yuan(text, value):
    assert [v for v, _ in amounts(text)] == [Decimal(value)]


@pytest.mark.parametrize(
    "text",
    [
        "每日按千分之五",
        "年利率12%",
        "血液酒精含量120mg/100ml",
        "宅基地上的房子120平",
        "孩子3岁了",
        "第一千零七十九条",
        "十级伤残",
    ],
)
def test_numbers_that_are_not_money_are_not_amounts(text):
    assert amounts(text) == []


def test_wage_kinds():
    assert amounts("月薪8000") == [(Decimal(8000), "monthly_wage")]
    assert amounts("误工5天日薪400") == [(Decimal(400), "daily_wage")]
    assert amounts("年薪60万") == [(Decimal(600_000), "annual_salary")]
    assert amounts("借给表哥8万") == [(Decimal(80_000), "amount")]
    # A total or arrears of wages is not the monthly wage.
    assert amounts("公司拖欠我三个月工资一共2万4") == [(Decimal(24_000), "amount")]
    assert amounts("拖欠工资3万") == [(Decimal(30_000), "amount")]


def test_a_number_after_wan_that_belongs_to_the_next_word_is_not_part_of_the_amount():
    entities = extract_entities("贷100万30年", today=TODAY)
    assert [a.value for a in entities.amounts] == [Decimal(1_000_000)]
    assert [d.months for d in entities.durations] == [Decimal(360)]


@pytest.mark.parametrize(
    ("text", "months", "kind"),
    [
        ("入职10个月一直没签合同", 10, "service"),
        ("在公司干了6年半", 78, "service"),
        ("我干了3年", 36, "service"),
        ("借期三年", 36, "period"),
        ("判了1年6个月", 18, "period"),
        ("一年半", 18, "period"),
        ("逾期半年了", 6, "period"),
    ],
)
def test_durations_in_months(text, months, kind):
    durations = extract_entities(text, today=TODAY).durations
    assert [(d.months, d.kind) for d in durations] == [(Decimal(months), kind)]


def test_durations_in_days_and_approximate_ones():
    entities = extract_entities("住院20天，误工两周，拖了两年多", today=TODAY)
    assert [(d.days, d.months, d.approximate) for d in entities.durations] == [
        (20, None, False),
        (14, None, False),
        (None, Decimal(24), True),
    ]


def test_years_are_dates_not_durations():
    entities = extract_entities("2023年1月借出去10万，约定年利率12%，借期一年", today=TODAY)
    assert [d.iso for d in entities.dates] == ["2023-01"]
    assert [d.months for d in entities.durations] == [Decimal(12)]


@pytest.mark.parametrize(
    ("text", "iso", "relative"),
    [
        ("2024年3月5日", "2024-03-05", False),
        ("二〇二四年三月五日", "2024-03-05", False),
        ("2024-03-05", "2024-03-05", False),
        ("2019年", "2019", False),
        ("3月5号", "--03-05", False),
        ("去年5月", "2024-05", True),
        ("前年", "2023", True),
        ("上个月", "2025-05", True),
        ("昨天", "2025-06-14", True),
        ("两年前", "2023", True),
        ("3个月前", "2025-03", True),
    ],
)
def test_dates_absolute_and_relative(text, iso, relative):
    dates = extract_entities(text, today=TODAY).dates
    assert [(d.iso, d.relative) for d in dates] == [(iso, relative)]


def test_relative_month_crosses_the_year():
    dates = extract_entities("上个月", today=date(2025, 1, 10)).dates
    assert dates[0].iso == "2024-12"


def test_full_dates_convert_to_date_objects():
    (mention,) = extract_entities("2024年2月30日", today=TODAY).dates
    assert mention.as_date() is None  # no such day
    (mention,) = extract_entities("2024年2月29日", today=TODAY).dates
    assert mention.as_date() == date(2024, 2, 29)


@pytest.mark.parametrize(
    ("text", "persons"),
    [
        ("原告李某，被告王某某", ["李某", "王某某"]),
        ("王先生和张女士", ["王先生", "张女士"]),
        ("我老公出轨了", ["我老公"]),
        ("邻居老周家的狗把我咬了", ["邻居", "老周"]),
        ("借给表哥8万", ["表哥"]),
        ("向某公司索赔", []),  # 向某公司 is a company, not a person called 向某
    ],
)
def test_persons(text, persons):
    assert extract_entities(text, today=TODAY).persons == persons


@pytest.mark.parametrize(
    ("text", "organizations"),
    [
        ("被告是某财产保险公司", ["某财产保险公司"]),
        ("告某区市场监督管理局罚款决定违法", ["某区市场监督管理局"]),
        ("在万达商场地面湿滑摔伤了", ["万达商场"]),
        ("招商银行扣了我的钱", ["招商银行"]),
        ("某市第一人民医院", ["某市第一人民医院"]),
        ("去哪个法院起诉", []),
        ("对区政府的征收决定不服", ["区政府"]),
        ("公司把我辞退了", []),  # no name, just 公司
        ("我在东莞厂里上班", []),
    ],
)
def test_organizations(text, organizations):
    assert extract_entities(text, today=TODAY).organizations == organizations


def test_locations_provinces_cities_districts_and_abroad():
    entities = extract_entities("公司注册在深圳南山，我在东莞上班，房子在南京鼓楼区，老公在加拿大温哥华", today=TODAY)
    assert entities.locations == ["深圳", "南山", "东莞", "南京", "鼓楼区", "加拿大", "温哥华"]
    assert extract_entities("江苏省苏州市", today=TODAY).locations == ["江苏省", "苏州市"]


def test_the_e2e_message():
    entities = extract_entities("公司把我辞退了，没给补偿，我干了3年，月薪8000，能拿多少？", today=TODAY)
    assert entities.monthly_wage() == Decimal(8000)
    assert entities.service_months() == Decimal(36)


def test_empty_and_huge_text():
    assert extract_entities("", today=TODAY).is_empty()
    big = extract_entities("借了3万元。" * 20_000, today=TODAY)  # only the first 5,000 characters are read
    assert 0 < len(big.amounts) <= 5_000 // 6 + 1


def test_dict_round_trip():
    entities = extract_entities("2024年3月张某借我3万元，入职10个月，在杭州", today=TODAY)
    data = entities.to_dict()
    assert data["amounts"] == [{"text": "3万元", "value": 30000, "kind": "amount"}]
    assert Entities.from_dict(data) == entities
    assert Entities.from_dict(None) == Entities()


def test_merge_unions_and_keeps_the_newest_last():
    turn1 = extract_entities("我干了3年，月薪8000，在杭州", today=TODAY)
    turn2 = extract_entities("说错了，月薪是9000，在杭州上班", today=TODAY)
    state = merge(merge(None, turn1), turn2)
    assert state.monthly_wage() == Decimal(9000)
    assert state.service_months() == Decimal(36)
    assert state.locations == ["杭州"]  # not duplicated
    assert [a.value for a in state.amounts] == [Decimal(8000), Decimal(9000)]


def test_merge_moves_a_repeated_fact_to_the_end_and_does_not_mutate():
    first = Entities(
        amounts=[Amount("8000", Decimal(8000), "monthly_wage"), Amount("9000", Decimal(9000), "monthly_wage")]
    )
    again = Entities(amounts=[Amount("8000", Decimal(8000), "monthly_wage")])
    merged = merge(first, again)
    assert merged.monthly_wage() == Decimal(8000)
    assert first.monthly_wage() == Decimal(9000)


def test_merge_keeps_only_the_most_recent_items():
    state = Entities()
    for i in range(STATE_LIMIT + 10):
        state = merge(state, Entities(persons=[f"person{i}"]))
    assert len(state.persons) == STATE_LIMIT
    assert state.persons[-1] == f"person{STATE_LIMIT + 9}"


@pytest.mark.parametrize("text", ["我周六周日都要加班，公司不给加班费", "周一到周五上班，星期六星期天也要来",
                                  "每个礼拜六加班"])
def test_days_of_the_week_are_not_periods(text):
    assert extract_entities(text).durations == []


@pytest.mark.parametrize(("text", "days"), [("产假休了三周", 21), ("休了14周产假", 98), ("工作了两个星期", 14)])
def test_weeks_are_still_periods(text, days):
    assert [d.days for d in extract_entities(text).durations] == [days]


@pytest.mark.parametrize("run", ["1" * 4000, "１" * 4000, "一" * 4000, "0" * 30])
def test_a_run_of_numerals_no_one_writes_is_no_entity(run):
    """A pasted hash or a key held down is no amount, date or duration (the patterns would otherwise try
    every start and length in it: 5,000 digits took a second per reader); what surrounds it is still read."""
    found = extract_entities(f"月薪8000，{run}，2025年3月1日入职，干了三年", today=date(2026, 11, 27))
    assert [a.value for a in found.amounts] == [8000]
    assert [(d.year, d.month, d.day) for d in found.dates] == [(2025, 3, 1)]
    assert [d.months for d in found.durations] == [36]
    assert extract_entities(run).amounts == extract_entities(run).dates == []


def test_numbers_people_write_are_not_a_run():
    found = extract_entities("借款12,000,000元，银行卡6222021234567890123")
    assert [a.value for a in found.amounts] == [12_000_000]
