"""The matcher: lay phrasings matched through embeddings and wording, homonyms sent to their sense,
multi-part questions split, and no decision below the threshold."""

import pytest

from legal.matcher import split_parts


def _best(matcher, question):
    parts = matcher.match(question)
    return [(p.best.card.slug if p.decided else None) for p in parts]


@pytest.mark.parametrize(("question", "slug"), [
    ("老板突然把我辞退了，一分钱都不给，合法吗", "labor.unlawful-dismissal"),
    ("借给同学的钱过了好几年了，现在还能告他吗", "debt.loan-limitation"),
    ("公司不给我交住房公积金，我该怎么办", "policy.housing-fund-arrears"),
    ("盈余公积金能不能转增注册资本", "company.capital-reserve"),
    ("报案后派出所不予立案，可以申请复议吗", "criminal.no-case-reconsideration"),
    ("对罚款决定不服，行政复议的期限是多久", "administrative.reconsideration-deadline"),
])
def test_lay_questions_and_homonyms_reach_their_card(matcher, question, slug):
    assert _best(matcher, question) == [slug]


def test_an_unrelated_question_is_not_decided(matcher):
    assert _best(matcher, "我想离婚，孩子的抚养权归谁") == [None]


def test_a_multi_part_question_is_matched_part_by_part(matcher):
    question = "末位淘汰被辞退，我干了7年3个月，月薪15000，合法吗？能赔多少？去哪里申请？"
    parts = matcher.match(question)
    assert len(parts) == 3
    assert all(p.decided and p.best.card.slug == "labor.unlawful-dismissal" for p in parts)


def test_split_keeps_a_single_question_whole():
    assert split_parts("公司把我辞退了，没给补偿，我干了3年，月薪8000，能拿多少？") == (
        "", ["公司把我辞退了，没给补偿，我干了3年，月薪8000，能拿多少？"])


@pytest.mark.parametrize(("text", "area"), [
    # clients call the review of an accident finding 复议; the law's word is 复核 (traffic cards)
    ("对交警的事故认定书不服 说我主要责任 能去复议吗", "traffic"),
    ("对公安的不予立案通知不服 能复议吗", "criminal"),
    ("市场监管局罚款10万 我想申请复议", "administrative"),
])
def test_the_sense_of_fuyi_follows_what_it_is_about(text, area):
    from legal.matcher import homonyms

    fuyi = next(h for h in homonyms() if h.word == "复议")
    assert area in fuyi.senses[fuyi.sense(text)][0]


@pytest.mark.parametrize(("text", "area"), [
    # a criminal judgment's appeal runs ten days (刑事诉讼法 230), a civil one fifteen
    ("判了两年有期徒刑 想上诉 最晚哪天", "criminal_procedure"),
    ("家属想帮他上诉 还来得及吗", "criminal_procedure"),
    # a term of years is a sentence even without the word 有期徒刑
    ("一审判了三年 不服 上诉期是几天", "criminal_procedure"),
    ("法院判了半年 刑期太重了 能上诉吗", "criminal_procedure"),
    ("离婚判决不服 想上诉 最晚哪天", "civil_procedure"),
    ("想上诉", "civil_procedure"),
])
def test_the_sense_of_shangsu_follows_the_judgment(text, area):
    from legal.matcher import homonyms

    appeal = next(h for h in homonyms() if h.word == "上诉")
    assert area in appeal.senses[appeal.sense(text)][0]
