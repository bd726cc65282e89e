"""Conclusions that answer the question asked: each part cites only the provision(s) that decide its
question type (the calculator's or deadline rule's basis, else the provision that speaks of it), the
card's other provisions stay apart; a part no card decides says so and cites nothing; figures and
deadlines are reached from role-labelled facts; enumerated questions are split at their numbers."""

from datetime import date
from decimal import Decimal

import pytest

from legal.cardfile import Answer, CardFileError, card_to_dict, parse_card
from legal.composer import compose, deadline_for, deciding, question_type
from legal.facts import extract_facts
from legal.matcher import split_parts
from legal.rules import basis_numbers, calculate, deadline

TODAY = date(2026, 11, 27)


def _compose(matcher, question):
    return compose(question, matcher.match(question), today=TODAY)


def test_a_figure_cites_the_calculators_basis_and_the_rest_is_related(matcher):
    composition = _compose(matcher, "末位淘汰被辞退，我干了7年3个月，月薪15000，合法吗？能赔多少？")
    valid, how_much = composition.conclusions()
    assert how_much["citations"] == [{"law": "中华人民共和国劳动合同法", "article": "第八十七条", "valid": True},
                                     {"law": "中华人民共和国劳动合同法", "article": "第四十七条", "valid": True}]
    assert {"law": "中华人民共和国劳动合同法", "article": "第四十八条"} in how_much["related"]
    assert len(valid["citations"]) == 1 and valid["decided"] is True
    assert "### 相关规定" in composition.markdown



@pytest.mark.parametrize(("calculator", "inputs", "cited", "related"), [
    ("deposit_return", {"deposit_amount": 5000, "contract_price": 100000},
     ("中华人民共和国民法典", 587), ("中华人民共和国民法典", 586)),
    ("no_interest", {"no_rate_agreed": True},
     ("最高人民法院关于审理民间借贷案件适用法律若干问题的规定", 24), ("中华人民共和国民法典", 680)),
])
def test_a_figure_cites_the_provision_that_decides_it_not_every_one_its_calculator_lists(
        fixture_card_list, calculator, inputs, cited, related):
    card = next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal")
    answer = Answer("how_much", "{result}。", calculator=calculator)
    calculation = calculate(calculator, inputs)
    assert related in basis_numbers(calculation.result.legal_basis)
    back = deciding(card, answer, "how_much", calculation)
    assert [(p.law, p.article) for p in back] == [cited]

def test_a_deadline_cites_the_rules_basis_and_computes_the_last_day(matcher):
    composition = _compose(matcher, "2026年3月15号被公司违法辞退的，去仲裁最晚什么时候？")
    part = composition.conclusions()[-1]
    assert "2027年3月15日" in part["text"] and "一年" in part["text"]
    assert part["citations"] == [{"law": "中华人民共和国劳动争议调解仲裁法", "article": "第二十七条", "valid": True}]


def test_an_undecided_part_says_what_is_missing_and_cites_nothing(matcher):
    composition = _compose(matcher, "我想离婚，孩子的抚养权归谁")
    (part,) = composition.conclusions()
    assert part["decided"] is False and part["citations"] == [] and part["related"] == []
    assert part["text"].startswith("无法") and "请律师核对" in part["text"]


def test_a_by_when_part_no_card_decides_is_decided_by_the_rule_its_words_name(matcher):
    composition = _compose(matcher, "刑事判决书2026年11月24号拿到的，想上诉，最晚哪天？")
    (part,) = composition.conclusions()
    assert part["decided"] is True and "十日" in part["text"] and "2026年12月4日" in part["text"]
    assert part["citations"][0]["law"] == "中华人民共和国刑事诉讼法"


def test_an_answer_basis_overrides_the_derived_one(fixture_card_list):
    data = card_to_dict(next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal"))
    data["answers"]["valid"]["basis"] = [{"law": "中华人民共和国劳动合同法", "article": 48}]
    card = parse_card(data, path="labor.toml")
    assert card.answers["valid"].basis == (("中华人民共和国劳动合同法", 48),)
    data["answers"]["valid"]["basis"] = [{"law": "中华人民共和国劳动合同法", "article": "四十八"}]
    with pytest.raises(CardFileError, match="answers.valid.basis"):
        parse_card(data, path="labor.toml")
    data["answers"]["valid"]["basis"] = [{"law": "x", "article": n} for n in (1, 2, 3, 4)]
    with pytest.raises(CardFileError, match="more than 3"):
        parse_card(data, path="labor.toml")


def test_a_basis_of_several_provisions_cites_the_one_that_speaks_of_the_part(fixture_card_list):
    data = card_to_dict(next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal"))
    data["answers"]["valid"]["basis"] = [{"law": "中华人民共和国劳动合同法", "article": 87},
                                         {"law": "中华人民共和国劳动合同法", "article": 48}]
    card = parse_card(data, path="labor.toml")
    answer = card.answers["valid"]
    back = deciding(card, answer, "valid", asked="公司违法辞退我，我不要钱，能要求继续履行、回去上班吗")
    assert [(p.law, p.article) for p in back] == [("中华人民共和国劳动合同法", 48)]
    money = deciding(card, answer, "valid", asked="违法辞退能拿二倍赔偿金吗")
    assert [(p.law, p.article) for p in money] == [("中华人民共和国劳动合同法", 87)]
    # nothing in the part speaks of either: the first named decides
    plain = deciding(card, answer, "valid", asked="这样合法吗")
    assert [(p.law, p.article) for p in plain] == [("中华人民共和国劳动合同法", 87)]


def test_a_word_the_other_provisions_share_does_not_decide_between_them(fixture_card_list):
    data = card_to_dict(next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal"))
    data["provisions"] = [
        {"law": "中华人民共和国民法典", "article": 1134, "role": "controlling",
         "decides": "自书遗嘱由遗嘱人亲笔书写，签名，注明年、月、日", "keywords": ["亲笔书写"]},
        {"law": "中华人民共和国民法典", "article": 1136, "role": "controlling",
         "decides": "打印遗嘱应有两个以上见证人在场见证，遗嘱人和见证人在每一页签名并注明年月日",
         "keywords": ["打印遗嘱"]},
    ]
    data["answers"]["valid"]["basis"] = [{"law": "中华人民共和国民法典", "article": n} for n in (1134, 1136)]
    card = parse_card(data, path="inheritance.toml")
    # 遗嘱、签名 and 年月日 belong to both forms of will; 打印 to one of them alone
    back = deciding(card, card.answers["valid"], "valid", asked="打印的遗嘱签名了，写了年月日，有效吗")
    assert [(p.law, p.article) for p in back] == [("中华人民共和国民法典", 1136)]


@pytest.mark.parametrize(("kind", "article"), [("管制", 41), ("拘役", 44), ("有期徒刑", 47)])
def test_a_figure_cites_the_provision_among_the_answers_that_computed_it(fixture_card_list, kind, article):
    card = next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal")
    answer = Answer("how_much", "{result}。", calculator="sentence_credit",
                    basis=tuple(("中华人民共和国刑法", n) for n in (47, 44, 41)))
    calculation = calculate("sentence_credit", {"sentence_days": 365, "custody_days": 30, "sentence_kind": kind})
    back = deciding(card, answer, "how_much", calculation, asked="判了一年，之前羁押了30天，能抵多少")
    assert [(p.law, p.article) for p in back] == [("中华人民共和国刑法", article)]


def test_a_period_the_facts_refine_cites_the_refined_rule(fixture_card_list):
    card = next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal")
    answer = Answer("by_when", "{deadline}。", deadline="labor_award_suit",
                    basis=(("中华人民共和国劳动争议调解仲裁法", 50),))
    refined = deadline("award_revocation", today=TODAY)
    back = deciding(card, answer, "by_when", None, refined)
    assert [(p.law, p.article) for p in back] == [("中华人民共和国劳动争议调解仲裁法", 49)]
    # the card's own rule: its basis stands
    own = deciding(card, answer, "by_when", None, deadline("labor_award_suit", today=TODAY))
    assert [(p.law, p.article) for p in own] == [("中华人民共和国劳动争议调解仲裁法", 50)]


@pytest.mark.parametrize(("question", "count"), [
    ("月薪12000，干了6年半，公司违法把我辞退了。想问一下：一、能赔多少钱？二、去仲裁最晚什么时候？"
     "三、仲裁要交钱吗？", 3),
    ("离婚协议写了每个月给孩子2000抚养费 他8个月没给了。1.现在能找他要多少 2.是不是过了时间就要不回来了", 2),
    ("父亲62岁被撞去世。想知道：一 死亡赔偿金多少 二 丧葬费多少", 2),
    ("债主2026年10月才来找我要钱。1 我还要承担担保责任吗 2 债主起诉借款人还有没有时间", 2),
    ("借了1.5万给朋友，三年前借的，现在还能要回来吗", 1),
])
def test_enumerated_questions_split_at_their_numbers(question, count):
    assert len(split_parts(question)[1]) == count


@pytest.mark.parametrize(("text", "qtype"), [
    ("最晚哪天起诉", "by_when"), ("多少天内要申请", "by_when"), ("判几年", "how_much"), ("能赔多少", "how_much"),
    ("现在还能去告吗", "by_when"), ("合法吗", "valid"),
    # 过期 of goods describes them; 过期了 of a right asks by when; 怎么赔 asks how much
    ("买到过期的牛奶能要赔偿吗", "yes_no"), ("商标过期了还能续吗", "by_when"), ("我能要求怎么赔", "how_much"),
    # a period named in a validity question does not make it a by-when one; a by-when cue of its own does
    ("租了三十年 这个期限有效吗", "valid"), ("约定两年 合法么", "valid"), ("这份协议有效不", "valid"),
    ("合同还有效吗 过了多久了", "by_when"),
    # whether another's act is allowed asks validity; whether the client may do something asks yes/no
    ("房东把门锁换了 这样可以吗", "valid"), ("单位只发一半工资 对吗", "valid"), ("一直不通知 这正常吗", "valid"),
    ("我能不交吗", "yes_no"),
    # whether a clause, an agreement or a contract holds
    ("门票背面写着概不负责 这条有用吗", "valid"), ("没盖公章 合同成立吗", "valid"), ("这种协议有法律效力吗", "valid"),
])
def test_question_types(text, qtype):
    assert question_type(text) == qtype


def test_the_procedure_named_picks_the_deadline_rule():
    assert deadline_for("最晚哪天起诉", "administrative", "2026年11月20号收到复议决定 维持原处罚") == \
        "admin_litigation_after_reconsideration"
    assert deadline_for("不想复议 直接去法院告最晚什么时候", "administrative") == "admin_litigation"
    assert deadline_for("不服裁定 上诉期限", "criminal") == "criminal_appeal_ruling"
    assert deadline_for("今天天气怎么样", "labor") == ""
    # 告诉/告知 tells, it does not sue: the hearing notice names no lawsuit
    assert deadline_for("告诉我们可以听证 多少天内要申请", "administrative") == ""
    assert deadline_for("多少天内要去法院告", "administrative") == "admin_litigation"



def test_lost_time_adds_up_and_whole_months_are_paid_by_the_month():
    facts = extract_facts("住院15天，出院后医生说再休息2个月，我每个月工资7000", today=TODAY)
    assert facts.get("lost_days") == Decimal(75) and facts.get("lost_months") == Decimal(2)
    result = calculate("lost_earnings", facts.values()).result
    assert result is not None and Decimal(17400) < result.amount < Decimal(17500)


def test_overtime_holidays_leave_and_rates_are_read_by_role():
    assert extract_facts("每个礼拜六都要加班 月薪5000", today=TODAY).get("overtime_days_restday") == 4
    assert extract_facts("国庆1号到3号公司让我上班加班，月工资8700", today=TODAY).get("overtime_days_holiday") == 3
    facts = extract_facts("工作满6年了，今年一天年假都没休，月工资4350", today=TODAY)
    assert facts.get("untaken_leave_days") == 5
    assert calculate("annual_leave_pay", facts.values()).result.amount == Decimal(2000)
    facts = extract_facts("合同价100万 约定逾期交货违约金每天千分之五 结果晚交了60天", today=TODAY)
    assert "daily_income" not in facts and facts.get("daily_penalty_rate") == Decimal("0.005")
    assert calculate("daily_penalty", facts.values()).result.amount == Decimal(300000)


def test_a_stated_lpr_sets_the_cap_and_a_lender_names_the_principal():
    facts = extract_facts("2024年7月我借给生意伙伴30万，约定年利率18%，当时一年期LPR是3.35%", today=TODAY)
    assert facts.get("principal") == Decimal(300000)
    assert calculate("interest_cap", facts.values()).result.amount == Decimal(40200)


def test_a_date_without_a_year_is_read_in_context():
    assert extract_facts("网上买的鞋11月22号签收的", today=TODAY).get("start_date") == date(2026, 11, 22)
    assert extract_facts("12月20号签收的", today=TODAY).get("start_date") == date(2025, 12, 20)
    facts = extract_facts("判决是2024年6月1日生效的 判决让对方6月15日前还钱", today=TODAY)
    assert facts.get("due_date") == date(2024, 6, 15)


def test_disability_and_funeral_calculators():
    facts = extract_facts("评了八级伤残 我42岁 当地城镇居民人均可支配收入6万 职工月平均工资8000", today=TODAY)
    assert calculate("disability_compensation", facts.values()).result.amount == Decimal(360000)
    assert calculate("funeral_expenses", facts.values()).result.amount == Decimal(48000)


def test_a_figure_the_facts_refine_cites_the_refined_calculator(fixture_card_list):
    card = next(c for c in fixture_card_list if c.slug == "labor.unlawful-dismissal")
    answer = Answer("how_much", "{result}。", calculator="inheritance_share",
                    basis=(("中华人民共和国民法典", 1130), ("中华人民共和国民法典", 1153)))
    facts = {"estate_value": 900000, "heirs": 3, "representation": True, "representatives": 2}
    from legal.rules import refine_calculator

    refined = calculate(refine_calculator("inheritance_share", facts), facts)
    back = deciding(card, answer, "how_much", refined, asked="外公去世了，我妈先走了，我和我哥能分多少")
    assert [(p.law, p.article) for p in back] == [("中华人民共和国民法典", 1128)]
    # the card's own calculator: a provision of its basis stands
    own = deciding(card, answer, "how_much", calculate("inheritance_share", facts), asked="能分多少")
    assert [(p.law, p.article) for p in own] == [("中华人民共和国民法典", 1130)]
