"""Routing between neighbouring cards by typed deciding facts (docs/decisions/answers-route-neighbours.md).

The wordings here are written for these tests, none taken from a question set: the class is "a fact that
decides between two cards of one family, stated in the question, chooses the sibling written for it".
"""

from __future__ import annotations

import pytest

from legal.cardfile import shipped_cards
from legal.facts import DECIDING_ASKS, DECIDING_FACTS, deciding_facts
from legal.matcher import CardScore, _deciding_first, card_deciding


@pytest.mark.parametrize(("text", "value"), [
    ("我弟弟被公安抓了关在看守所，家里穷请不起律师，能申请法律援助吗", "criminal"),
    ("儿子被检察院起诉了，说是诈骗罪，没钱请辩护人怎么办", "criminal"),
    ("我要跟前夫打抚养费的官司，没钱请律师", "civil"),
    ("老板拖欠我三个月工资，我想仲裁但请不起律师", "civil"),
    ("想起诉区政府的征收决定，没钱请律师可以找谁", "administrative"),
    ("对城管的行政处罚不服，想申请复议", "administrative"),
])
def test_the_proceeding_is_read_as_a_typed_fact(text, value):
    assert deciding_facts(text)["proceeding"] == value


def test_a_story_of_two_proceedings_decides_neither():
    assert "proceeding" not in deciding_facts("他打伤我被拘留了，我还想在民事上告他赔医药费，也欠我钱没还")


@pytest.mark.parametrize(("text", "value"), [
    ("我们三个人合伙开了家奶茶店，没注册公司，我想退伙拿回本钱", "partnership"),
    ("和朋友合伙干装修，签了合伙协议，现在他要单干", "partnership"),
    ("我在一家有限公司占股百分之十五，大股东不让我看账，我想退股", "company"),
    ("公司章程没写股东能不能转让股权", "company"),
])
def test_a_partnership_and_a_company_are_told_apart(text, value):
    assert deciding_facts(text)["entity"] == value


@pytest.mark.parametrize(("text", "value"), [
    ("合同到期我按时搬走了，房东到现在还扣着两千押金不给", "deposit"),
    ("房东说要把房子收回去给他儿子住，让我下个月就搬出去", "termination"),
    ("住了三个月想提前解约，合同里违约金写的是两个月房租", "termination"),
])
def test_the_lease_matter_is_read_from_the_story(text, value):
    assert deciding_facts(text)["lease_matter"] == value


def test_an_early_exit_with_the_deposit_kept_decides_no_lease_matter():
    # the early exit's rules govern the deposit there: the story tells both, so neither decides
    assert "lease_matter" not in deciding_facts("我提前退租，房东把押金全扣了")


@pytest.mark.parametrize("text", ["我家孩子才14岁，跟同学偷了店里的东西", "女儿今年十六岁，在学校把人打伤了",
                                  "一个未满十八周岁的少年抢了我的手机"])
def test_an_offender_under_eighteen_is_a_deciding_fact(text):
    assert deciding_facts(text)["offender"] == "minor"


@pytest.mark.parametrize(("asking", "value"), [
    ("交警那边的责任认定书怎么划分的", "finding"),
    ("下班路上摔了一跤这算不算工伤", "finding"),
    ("八级伤残一次性能拿多少钱", "amount"),
    ("误工费护理费这些怎么算", "amount"),
    ("现在去申请最晚是哪天", "deadline"),
    ("过了一年多了还能告吗", "deadline"),
])
def test_what_is_asked_of_one_event_is_read_from_the_asking_clause(asking, value):
    assert deciding_facts("去年在工地出了事", asking)["asks"] == value


def test_every_deciding_fact_has_its_one_question():
    assert set(DECIDING_ASKS) == set(DECIDING_FACTS)
    assert all(q.endswith("？") for q in DECIDING_ASKS.values())


def _card(slug):
    return next(c for c in shipped_cards() if c.slug == slug)


@pytest.mark.parametrize(("slug", "name", "value"), [
    ("criminal_procedure.legal-aid-defense", "proceeding", "criminal"),
    ("civil_procedure.legal-aid-application", "proceeding", "civil"),
    ("company.partnership-liability", "entity", "partnership"),
    ("company.shareholder-exit", "entity", "company"),
    ("housing.deposit-not-returned", "lease_matter", "deposit"),
    ("criminal.juvenile-offender", "offender", "minor"),
    ("labor.work-injury-recognition", "asks", "finding"),
    ("labor.work-injury-disability-benefits", "asks", "amount"),
    ("labor.arbitration-limitation", "asks", "deadline"),
])
def test_a_card_s_value_is_read_from_its_own_phrasings(slug, name, value):
    assert card_deciding(_card(slug))[name] == value


def test_the_sibling_written_for_the_stated_value_is_lifted_and_no_outsider_moves():
    civil, criminal, outsider = (_card("civil_procedure.legal-aid-application"),
                                 _card("criminal_procedure.legal-aid-defense"), _card("labor.unlawful-dismissal"))
    row = [CardScore(civil, 0.92), CardScore(criminal, 0.85), CardScore(outsider, 0.88)]
    written = [card_deciding(c) for c in (civil, criminal, outsider)]
    out = _deciding_first(row, [0, 1], {"proceeding": "criminal"}, written)
    assert out[1].score > out[0].score and out[1].signals["deciding_step"] == 1.0
    assert out[0].score == 0.92 and out[2].score == 0.88
    # the same family asked about a civil case keeps its order
    same = _deciding_first(row, [0, 1], {"proceeding": "civil"}, written)
    assert [s.score for s in same] == [0.92, 0.85, 0.88]


def test_a_fact_the_question_does_not_state_moves_nothing():
    partnership, company = _card("company.partnership-liability"), _card("company.shareholder-exit")
    row = [CardScore(company, 0.9), CardScore(partnership, 0.8)]
    written = [card_deciding(company), card_deciding(partnership)]
    assert [s.score for s in _deciding_first(row, [0, 1], {}, written)] == [0.9, 0.8]
    lifted = _deciding_first(row, [0, 1], deciding_facts("我跟两个朋友合伙开餐馆，没办营业执照，我想退出"), written)
    assert lifted[1].score > lifted[0].score


def test_unsure_between_two_neighbours_asks_the_one_deciding_fact():
    from legal.composer import citation_doubt, undecided_text
    from legal.matcher import PartMatch, deciding_question

    civil, criminal = _card("civil_procedure.legal-aid-application"), _card("criminal_procedure.legal-aid-defense")
    question = "家里实在拿不出请律师的钱，这种情况国家给不给派律师"
    assert deciding_question(civil, criminal, question) == DECIDING_ASKS["proceeding"]
    # the client already said which proceeding: nothing left to ask between the two
    assert deciding_question(civil, criminal, "我哥被刑事拘留了，家里拿不出请律师的钱") == ""
    match = PartMatch(question, [CardScore(civil, 0.80, 0.55, {"bigrams": 0.1}),
                                 CardScore(criminal, 0.79, 0.5, {"bigrams": 0.1})], decided=True)
    note = citation_doubt(match, civil.controlling, question=question)
    assert "刑事案件" in note and "不把任何条文作为结论的依据" in note
    undecided = PartMatch(question, match.scores, decided=False)
    text = undecided_text(undecided, "yes_no", question=question)
    assert "两者要看一个事实" in text and "刑事案件" in text and criminal.title in text


def test_two_neighbours_written_for_the_same_facts_ask_nothing_typed():
    from legal.matcher import deciding_question

    first, second = _card("housing.deposit-not-returned"), _card("housing.deposit-not-returned")
    assert deciding_question(first, second, "房东不退钱") == ""


def test_the_deciding_readers_leave_the_rent_deposit_figures_alone():
    # the deciding facts' patterns have names of their own: the kept-deposit figure is still read
    from legal.facts import extract_facts

    facts = extract_facts("租房押金4000元，退房时房东只退了1500，说墙面要重新刷")
    assert facts.get("rent_deposit") == 4000 and facts.get("deposit_kept") == 2500
    assert deciding_facts("租房押金4000元，退房时房东只退了1500")["lease_matter"] == "deposit"
