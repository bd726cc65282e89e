"""The rule applied to the client's facts: quantities with units, the categorical facts that decide, and the
thresholds a card declares on them (docs/decisions/answers-apply-the-case.md, stop 3).

Every wording below is written here, not taken from the tuning questions: the readers must carry to the ways
clients say a blood alcohol reading, a sentence, a leave, an armed attack, a cut tag or a commute; and the
conclusion must be the case the facts meet — on either side of each threshold — or, with the deciding fact
unknown, the default that names it."""

from datetime import date
from decimal import Decimal

import pytest

from bench.answers import polarity
from legal import conditions
from tests.legal.answering import CARDS, TODAY
from tests.legal.answering import conclusion_of as _conclusion
from tests.legal.answering import facts_of as _facts


# -- quantities with units ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "value"), [
    ("酒驾被拦下，医院抽血查出来酒精含量是96毫克", Decimal(96)),
    ("喝了半斤白酒开车，血液酒精含量152.3mg/100ml，会不会坐牢", Decimal("152.3")),
    ("老公醉驾，血检结果一百六十多毫克每百毫升", Decimal(160)),
    ("开车前喝了一罐啤酒，交警吹气测出来是35", Decimal(35)),
    ("抽血化验结果为88，算醉驾吗", Decimal(88)),
])
def test_blood_alcohol_is_read_in_mg_per_100ml(question: str, value: Decimal) -> None:
    assert Decimal(str(_facts(question)["blood_alcohol"])) == value


@pytest.mark.parametrize("question", [
    "呼气检测0.42mg/L，喝酒开车会怎样",   # a breath reading per litre is another measure
    "喝了酒开车被查了，会怎么处理",       # no figure told
    "借了他3000块钱一直没还",             # no alcohol at all
])
def test_no_blood_alcohol_is_read_where_none_is_told(question: str) -> None:
    assert "blood_alcohol" not in _facts(question)


@pytest.mark.parametrize(("question", "fact", "value"), [
    ("我弟一审被判了有期徒刑四年，还有机会缓刑吗", "sentence_months", 48),
    ("判了一年零六个月，能不能缓刑", "sentence_months", 18),
    ("今年病假一共请了三个月，单位说年假作废", "sick_leave_months", Decimal(3)),
    ("请了20天病假", "sick_leave_months", Decimal("0.67")),
    ("今年请过30天事假，工资没扣", "personal_leave_days", 30),
    ("外公1960年就过世了，他的画现在能随便印吗", "years_since_death", 66),
    ("外公1960年就过世了，他的画现在能随便印吗", "protection_end_year", 2010),
    ("老局长受贿收了人家八十万", "amount_involved", Decimal(800000)),
])
def test_sentences_leaves_years_and_sums_are_read(question: str, fact: str, value: object) -> None:
    got = _facts(question)[fact]
    assert (Decimal(str(got)) if isinstance(value, Decimal) else got) == value


def test_days_since_the_event_count_from_its_date_to_today() -> None:
    facts = _facts("2025年10月8日在车间被机器夹伤了手，现在还能申请工伤吗")
    assert facts["days_since_start"] == (TODAY - date(2025, 10, 8)).days


# -- categorical facts -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "fact", "value"), [
    ("半夜小偷翻进院子，手里拿着一把菜刀冲我过来，我用铁锹把他拍晕了，算正当防卫吗", "violent_attack", True),
    ("两个混混持刀抢我的包，我反抗的时候把其中一个打成重伤", "violent_attack", True),
    ("前夫拿着斧头来砸门要砍我，我拿椅子砸伤了他，我要负责吗", "violent_attack", True),
    ("同事跟我吵架推搡，我还手把他打伤了，算防卫吗", "violent_attack", False),
    ("对方空手扑过来打我，我一脚把他踹倒摔成骨折", "violent_attack", False),
    ("裤子吊牌被我剪掉了，还能七天无理由退吗", "goods_intact", False),
    ("衣服洗过一次发现缩水，想七天无理由退", "goods_intact", False),
    ("鞋子穿出去走了一圈，想申请7天无理由退货", "goods_intact", False),
    ("包装都没拆，全新的，想七天无理由退", "goods_intact", True),
    ("就试了一下大小，吊牌都在，能退吗", "goods_intact", True),
    ("骑车上班的路上被一辆出租车刮倒了，算工伤吗", "commute", True),
    ("下班开车回家被追尾受伤", "commute", True),
    ("放假出去玩的时候摔伤了，公司要管吗", "commute", False),
])
def test_a_categorical_fact_is_read_as_clients_say_it(question: str, fact: str, value: bool) -> None:
    assert _facts(question)[fact] is value


@pytest.mark.parametrize(("question", "fact"), [
    ("我拿刀把闯进来的小偷捅伤了，算防卫吗", "violent_attack"),   # the client's own knife, not the attacker's
    ("网上买的外套想七天无理由退，商家不让", "goods_intact"),       # neither intact nor not told
    ("在车间干活被机器砸伤了，算工伤吗", "commute"),                 # hurt at work, no journey told
])
def test_a_categorical_fact_not_told_stays_unknown(question: str, fact: str) -> None:
    assert fact not in _facts(question)


# -- the cases the facts meet, on either side of each threshold ---------------------------------------------------
@pytest.mark.parametrize(("slug", "question", "lead", "polar"), [
    ("criminal.drunk-driving", "朋友喝了酒开车，抽血结果79毫克，会判刑吗", "不会被追究刑事责任", "negative"),
    ("criminal.drunk-driving", "朋友喝了酒开车，抽血结果80毫克，会判刑吗", "构成醉驾，但很可能不被判刑", "positive"),
    ("criminal.drunk-driving", "朋友喝了酒开车，抽血结果149毫克，会判刑吗", "构成醉驾，但很可能不被判刑", "positive"),
    ("criminal.drunk-driving", "朋友喝了酒开车，抽血结果150毫克，会判刑吗", "会被追究刑事责任", "positive"),
    ("criminal.probation", "一审判了有期徒刑三年，能判缓刑吗", "可以争取", "positive"),
    ("criminal.probation", "一审判了有期徒刑三年零两个月，能判缓刑吗", "不能", "negative"),
    ("ip.protection-term", "外公1976年去世，他写的小说现在出版还要家属同意吗", "需要", "positive"),
    ("ip.protection-term", "外公1975年去世，他写的小说现在出版还要家属同意吗", "不需要", "negative"),
    ("criminal.self-defense", "有人拿着匕首抢劫我，我夺刀的时候把他刺成重伤，我会坐牢吗", "不会", "negative"),
    ("consumer.seven-day-return", "网购的毛衣把吊牌剪了，还能七天无理由退货吗", "不能无理由退货", "negative"),
    ("consumer.seven-day-return", "网购的毛衣吊牌还在，只是试了一下，能七天无理由退货吗", "可以", "positive"),
    ("labor.annual-leave-disqualification", "工作快8年了，今年请了两个半月病假，今年还有年假吗", "没有", "negative"),
    ("labor.annual-leave-disqualification", "工作12年了，今年请了两个半月病假，今年还有年假吗", "不能取消", "negative"),
    ("labor.annual-leave-disqualification", "今年只请了一个月病假，单位说年假没了，能这样吗", "不能取消", "negative"),
])
def test_the_case_the_facts_meet_is_the_conclusion(slug: str, question: str, lead: str, polar: str | None) -> None:
    text = _conclusion(slug, question)
    assert text.startswith(lead), text
    if polar:
        assert polarity(text) == polar


def test_a_commute_accident_is_decided_by_who_was_responsible() -> None:
    slug = "labor.work-injury-recognition"
    other = _conclusion(slug, "下班骑车回家的路上被汽车撞了，交警认定对方负主要责任，这算不算工伤")
    own = _conclusion(slug, "下班骑车回家的路上撞上了护栏，交警认定我负全部责任，这算不算工伤")
    unknown = _conclusion(slug, "下班骑车回家的路上和汽车相撞，这算不算工伤")
    assert other.startswith("属于工伤") and "第十四条第（六）项" in other
    assert own.startswith("不属于工伤")
    assert unknown.startswith("要看交警认定的事故责任")   # the one fact that decides, not the list of situations


def test_an_armed_attack_makes_the_defence_special() -> None:
    text = _conclusion("criminal.self-defense", "歹徒举着砍刀追着我砍，我抢过刀反砍了他几刀，算正当防卫吗")
    assert text.startswith("属于正当防卫") and "第二十条第三款" in text
    plain = _conclusion("criminal.self-defense", "同事跟我吵架推搡，我还手把他打成轻伤，算正当防卫吗")
    assert plain.startswith("要看反击是否明显超过必要限度")


def test_a_duty_crime_sum_picks_its_band() -> None:
    slug = "criminal.embezzlement-public"
    assert _conclusion(slug, "在街道办管账，贪污了十五万，会判多少年").startswith("3年以下有期徒刑")
    assert _conclusion(slug, "在街道办管账，贪污了二十万，会判多少年").startswith("3年以上10年以下")
    assert _conclusion(slug, "在街道办管账，贪污了两万，会判多少年").startswith("一般不构成贪污罪")


def test_without_the_deciding_quantity_the_default_names_it() -> None:
    text = _conclusion("criminal.drunk-driving", "喝了酒开车被查，算醉驾吗")
    assert text.startswith("要看抽血结果")


def test_the_thresholds_are_declared_on_the_card() -> None:
    answer = CARDS["criminal.drunk-driving"].answers["yes_no"]
    bounds = {(p.fact, p.op, int(p.value)) for case in answer.cases for p in case.when}
    assert {("blood_alcohol", ">=", 80), ("blood_alcohol", "<", 150), ("blood_alcohol", ">=", 150)} <= bounds


# -- a time limit told by the year, a loan without an IOU, a share of another fact ----------------------------
@pytest.mark.parametrize(("question", "years"), [
    ("2016年在工地偷过一台发电机，值两万块，现在还会被追究吗", 10),
    ("2019年那会儿骗了朋友十万块，一直没人报案，现在还会抓我吗", 7),
])
def test_the_years_since_an_offence_told_by_its_year(question: str, years: int) -> None:
    assert _facts(question)["years_since_offence"] == years


@pytest.mark.parametrize(("question", "lead"), [
    ("2016年在工地偷过一台发电机，值两万块，现在还会被追究吗", "不会（一般情形）"),      # 3 years at most: 5-year limit
    ("2023年在超市偷过两千块钱的东西，现在还会被追究吗", "会（仍在追诉期限内）"),
    ("2010年骗了朋友一百万，一直没人报案，现在还会被追诉吗", "会（仍在追诉期限内）"),  # life at most: 20 years
])
def test_the_prosecution_limit_is_applied_to_the_year_and_the_penalty(question: str, lead: str) -> None:
    assert _conclusion("criminal.prosecution-time-limit", question).startswith(lead)


@pytest.mark.parametrize(("question", "value"), [
    ("没写借条，但微信里他承认过是借我的钱，能起诉吗", True),
    ("转账的时候备注写的借款，没打借条", True),
    ("没打欠条，手上只有转账截图，别的证据都没有", False),
])
def test_whether_more_than_the_transfer_shows_a_loan(question: str, value: bool) -> None:
    assert _facts(question)["loan_evidence"] is value


def test_a_loan_shown_only_by_the_transfer_is_told_its_risk() -> None:
    text = _conclusion("debt.no-iou-transfer-records", "没打欠条，手上只有转账截图，别的证据都没有，能要回来吗")
    assert text.startswith("可以起诉，但只凭转账记录有败诉风险") and "第十六条" in text


@pytest.mark.parametrize(("question", "lead"), [
    ("弟弟判了六年，现在坐了两年牢，能不能假释", "还不能假释"),
    ("弟弟判了六年，现在已经服刑四年了，能不能假释", "可以争取假释"),
])
def test_parole_is_decided_by_half_the_sentence(question: str, lead: str) -> None:
    assert _conclusion("criminal.commutation-parole", question).startswith(lead)


def test_a_share_of_another_fact_is_declared_on_the_card() -> None:
    predicate = conditions.parse_predicate({"fact": "served_months", "op": ">=", "of": "sentence_months",
                                            "times": 0.5}, "t")
    assert predicate.holds({"served_months": 30, "sentence_months": 60})
    assert not predicate.holds({"served_months": 29, "sentence_months": 60})
    assert not predicate.holds({"served_months": 30})     # the other fact unknown decides nothing
    assert predicate.to_dict() == {"fact": "served_months", "op": ">=", "of": "sentence_months", "times": 0.5}
    for wrong in ({"fact": "a", "op": "<", "of": "b", "value": 1}, {"fact": "a", "op": "<", "value": 1, "times": 2},
                  {"fact": "a", "op": "<", "of": "b", "times": 0}, {"fact": "a", "op": "known", "of": "b"}):
        with pytest.raises(conditions.ConditionError):
            conditions.parse_predicate(wrong, "t")


@pytest.mark.parametrize(("slug", "question", "lead"), [
    ("housing.renovation-damage-neighbor", "物业查了说是公共下水管堵了往我家渗水，楼上要赔我吗", "楼上不用赔"),
    ("housing.renovation-damage-neighbor", "楼上厨房水管爆了，把我家吊顶泡坏了，他要赔吗", "需要赔"),
    ("family.grandparent-grandchild-support", "女儿女婿出车祸都没了，外孙的生活费外公外婆要出吗", "需要"),
    ("family.grandparent-grandchild-support", "孩子爸妈都有工作有收入，爷爷奶奶必须给孩子出学费吗", "不需要"),
    ("family.grandparent-grandchild-support", "爷爷奶奶有义务给孙子出抚养费吗", "要看孩子的父母"),
])
def test_the_party_the_facts_make_liable_is_the_conclusion(slug: str, question: str, lead: str) -> None:
    assert _conclusion(slug, question).startswith(lead)
