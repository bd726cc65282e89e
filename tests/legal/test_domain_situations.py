"""Labour, debt and contract issues a neighbouring card used to take, told apart by what the story says
(who the worker is, who disposed of what, which way the client wants a penalty moved), and the cards
that answer them, each question written here in a client's own words (none is a card's phrasing):

* a retired worker drawing a pension (返聘, 领着退休金) works under a service relationship, not
  employment (劳动争议解释（一）32): his injury is not a 工伤 case;
* a debtor who gave away or sold cheap his property (欠我钱的人把房子白送给儿子) is the creditor's
  revocation (民法典 538, 539), not a donor taking back his own gift;
* a judgment debtor's restrictions (限高: 不能坐飞机, 子女私立学校), the duty to stop a loss growing
  (民法典 591), suspending performance when the other side is failing (民法典 527, 528);
* an employer dismissing an employee convicted of a crime (劳动合同法 39), an employer refusing a
  resignation (37), a penalty the client wants lowered (585, 合同编通则解释 65)."""

from __future__ import annotations

from datetime import date

import pytest

from bench.answers import polarity
from legal.cardfile import parse_card, shipped_cards
from legal.composer import article_label, compose
from legal.facts import extract_facts, situation
from legal.matcher import CardScore, Matcher, PartMatch
from tests.legal.test_matcher_signals import NEUTRAL, FlatEmbedder

TODAY = date(2026, 11, 27)
CARDS = {card.slug: card for card in shipped_cards()}
CIVIL_CODE = "中华人民共和国民法典"
LABOUR_CONTRACT_LAW = "中华人民共和国劳动合同法"
LABOUR_INTERPRETATION = "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）"
CONTRACT_INTERPRETATION = "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释"
RESTRICTION_RULES = "最高人民法院关于限制被执行人高消费的若干规定"
INJURY_REGULATION = "工伤保险条例"


@pytest.mark.parametrize(("text", "held"), [
    ("我爸六十三了，退休金每个月领着，又在物业当门卫，值夜班摔断了腿", True),
    ("单位返聘我做技术顾问，合同到期不续了，有没有补偿", True),
    ("我妈早就退休了，在超市帮人理货被推车撞伤", True),
    ("我还有两年就退休了，公司突然要辞退我", False),
    ("快退休了单位让我提前走人，合法吗", False),
    ("退休以后养老金每个月能领多少", False),
])
def test_a_retired_worker_is_read_only_when_he_works_for_someone(text: str, held: bool) -> None:
    assert ("retired_worker" in situation(extract_facts(text, today=TODAY))) is held


@pytest.mark.parametrize(("text", "held"), [
    ("他欠我八万不还，上个月把自己的车过户给了他老婆", True),
    ("欠款人把名下的铺面以市价一半卖给了他哥哥", True),
    ("借了我钱的那个人把老家的房子送给他女儿了", True),
    ("我去年把一套房子送给了侄子，现在他对我不管不问，能要回来吗", False),
    ("他欠我五万，一直说没钱，怎么起诉", False),
])
def test_a_debtor_disposing_of_his_property_is_read(text: str, held: bool) -> None:
    assert ("debtor_disposal" in situation(extract_facts(text, today=TODAY))) is held


def _card(slug: str, **extra: object):
    return parse_card({
        "slug": slug, "title": "测试事项", "domain": "debt", "summary": "测试。", "phrasings": NEUTRAL,
        "terms": ["撤销", "赠与"], "question_types": ["yes_no"], "answers": {"yes_no": {"conclusion": "可以。"}},
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
        **extra,
    })


def test_the_creditor_s_revocation_and_the_donor_s_own_gift_are_told_apart_by_who_disposed():
    creditor = _card("t.creditor", when_facts=["debtor_disposal"])
    donor = _card("t.donor", unless_facts=["debtor_disposal"])
    matcher = Matcher([donor, creditor], embedder=FlatEmbedder())

    def best(text: str) -> str:
        return max(matcher.score_texts([text])[0], key=lambda s: s.score).card.slug

    assert best("欠我钱的人把房子白送给他儿子了，这个赠与能撤销吗") == "t.creditor"
    assert best("我把房子赠与儿子了，他不孝顺，这个赠与能撤销吗") != "t.creditor"


def _part(slug: str, text: str):
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], facts=extract_facts(text, today=TODAY), today=TODAY).parts[0]


def _cites(part, law: str, article: int) -> bool:
    return any(p.law == law and article_label(p.article) == article_label(article) for p in part.basis)


@pytest.mark.parametrize(("slug", "text", "lead", "law", "article"), [
    ("labor.retiree-rehire", "我们饭店请了个领退休金的阿姨洗碗，她在后厨滑倒摔伤了，这算不算工伤",
     "negative", LABOUR_INTERPRETATION, 32),
    ("debt.consumption-restriction", "法院给我下了限制消费令，我女儿下学期还能在私立学校读吗",
     "negative", RESTRICTION_RULES, 3),
    ("contract.mitigation-duty", "买方说好来提货一直不来，我的货在冷库放了四个月，冷库费能都找他要吗",
     "negative", CIVIL_CODE, 591),
    ("contract.insecurity-defense", "合同约定我们先交设备，可对方公司已经被好几家法院执行、停产了，我们能先不交吗",
     "positive", CIVIL_CODE, 527),
    ("labor.misconduct-dismissal", "厂里有个工人偷东西被判了缓刑，我们能不能跟他解除劳动合同",
     "positive", LABOUR_CONTRACT_LAW, 39),
    ("labor.resignation-notice", "我交了辞职信，老板说不批，还说我走了就扣这个月工资，这样合法吗",
     "negative", LABOUR_CONTRACT_LAW, 37),
])
def test_the_card_answers_the_question_asked(slug: str, text: str, lead: str, law: str, article: int) -> None:
    part = _part(slug, text)
    assert polarity(part.text) == lead, part.text
    assert _cites(part, law, article), [(p.law, p.article) for p in part.basis]


def test_a_penalty_the_client_wants_lowered_is_answered_by_its_cap():
    part = _part("contract.penalty-too-high",
                 "合同写晚一天罚两千，晚了三十天要我付六万违约金，可他们实际损失才一万，这违约金合理吗")
    assert part.text.startswith("不用全额赔"), part.text
    assert "13000" in part.text.replace(",", "")
    assert _cites(part, CONTRACT_INTERPRETATION, 65) or _cites(part, CIVIL_CODE, 585)


@pytest.mark.parametrize("slug", ["labor.work-injury-recognition", "labor.commute-injury",
                                  "labor.sudden-death-at-work"])
def test_the_injury_cards_say_by_when_recognition_is_applied_for(slug: str) -> None:
    part = _part(slug, "我是2026年3月2日在厂里受的伤，单位一直没给报，我自己去申请工伤认定最晚到什么时候")
    assert "2027年3月2日" in part.text, part.text
    assert _cites(part, INJURY_REGULATION, 17)


def test_the_neighbouring_cards_step_aside_for_these_facts():
    assert "少付" in CARDS["contract.penalty-too-low"].not_terms
    assert "retired_worker" in CARDS["labor.work-injury-recognition"].unless_facts


@pytest.mark.parametrize(("part", "answer", "lead"), [
    ("交了保证金是不是就一定能取保", "可以申请（符合条件的）：罪行较轻、不致发生社会危险的……", "不是，不一定。"),
    ("只要赔了钱就一定不会判实刑吗", "可以从轻（取得谅解的）：赔偿谅解是从宽情节……", "不一定。"),
    ("是不是一定要先仲裁才能起诉", "需要。劳动争议须先经仲裁，对裁决不服的才能起诉。", ""),
    ("是不是一定要还", "不需要（超过保证期间的）：……", ""),
    ("签了字能反悔吗", "可以（对方欺诈的）：……", ""),
])
def test_a_part_asking_whether_something_necessarily_follows_is_answered_so(part: str, answer: str, lead: str) -> None:
    from legal.composer import necessity_lead

    assert necessity_lead(part, answer) == lead


@pytest.mark.parametrize(("slug", "text", "lead", "law", "article"), [
    ("labor.sudden-death-at-work", "我爸在车间干活时脑溢血倒下，在ICU抢救了五天还是没救过来，这能算工亡吗",
     "negative", INJURY_REGULATION, 15),
    ("labor.sudden-death-at-work", "我哥在岗位上突发心梗，送医院十个小时后抢救无效去世，算不算视同工伤",
     "positive", INJURY_REGULATION, 15),
    ("debt.guarantee-period",
     "三年前我给表哥的借款签字作保，借款到期后债主从来没找过我要钱，现在起诉我，我还得替他还吗",
     "negative", CIVIL_CODE, 692),
    ("debt.assignment-of-claim",
     "我欠装修款三万，突然一家公司说装修队把这笔钱转给他们了，之前没人通知过我，我必须付给他们吗",
     "negative", CIVIL_CODE, 546),
    ("debt.nonpayment-vs-fraud", "我借了朋友三万块做生意亏了还不上，他说我这是诈骗要去报警，算诈骗吗",
     "negative", "中华人民共和国刑法", 266),
])
def test_the_fact_the_story_tells_decides_the_answer(slug: str, text: str, lead: str, law: str, article: int) -> None:
    part = _part(slug, text)
    assert polarity(part.text) == lead, part.text
    assert _cites(part, law, article) or slug == "debt.guarantee-period", [(p.law, p.article) for p in part.basis]


@pytest.mark.parametrize(("text", "name", "value"), [
    ("他在工地晕倒，抢救了三天还是走了", "hours_to_death", 72),
    ("送到医院30个小时后去世了", "hours_to_death", 30),
    ("送到医院第二天就走了", "hours_to_death", None),
    ("我给他的贷款做了担保，银行一直没找过我", "guarantor_not_claimed", True),
    ("他一直没找过我，我也没找过他", "guarantor_not_claimed", None),
])
def test_the_facts_behind_those_answers_are_read(text: str, name: str, value: object) -> None:
    assert extract_facts(text, today=TODAY).get(name) == value


@pytest.mark.parametrize(("text", "resisted", "over"), [
    ("有个醉汉拿着刀冲进我店里要砍人，我用凳子把他打骨折了", True, None),
    ("小偷偷我电动车被我抓住了，他已经被按在地上不动了，我又踹了几脚", True, True),
    ("我跟邻居吵架把他打伤了", None, None),
])
def test_resisting_a_wrong_in_progress_is_read_apart_from_an_ordinary_fight(text: str, resisted: object,
                                                                            over: object) -> None:
    facts = extract_facts(text, today=TODAY)
    assert facts.get("resisted_wrongdoer") == resisted
    assert facts.get("attack_over") == over


def test_harm_done_after_the_attack_was_over_is_not_answered_as_defence():
    part = _part("criminal.self-defense",
                 "夜里有人翻墙进院子偷东西，被我和我爸制服后已经不动了，我爸气不过又打了他几拳，鉴定轻伤，我爸会被判刑吗")
    assert polarity(part.text) == "positive", part.text
    assert _cites(part, "中华人民共和国刑法", 20)


@pytest.mark.parametrize(("slug", "text", "lead", "law", "article"), [
    ("criminal.theft", "我外甥今年14岁，在小区偷了邻居一辆电动车被警察带走了，会坐牢吗",
     "negative", "中华人民共和国刑法", 17),
    ("labor.dispatch-worker-rights", "我们是派遣公司派到工厂的，干的活和厂里正式员工一模一样，每月却少拿两千，这合法吗",
     "negative", LABOUR_CONTRACT_LAW, 63),
    ("contract.minor-online-spending", "我女儿13岁，背着我用我的手机给一个游戏主播打赏了一万八，这钱还能要回来吗",
     "positive", CIVIL_CODE, 145),
    ("labor.resignation-notice", "还在试用期，想换工作，是不是得提前一个月跟公司说",
     "negative", LABOUR_CONTRACT_LAW, 37),
])
def test_the_card_answers_from_the_fact_the_story_gives(slug: str, text: str, lead: str, law: str,
                                                       article: int) -> None:
    part = _part(slug, text)
    assert polarity(part.text) == lead, part.text
    assert _cites(part, law, article), [(p.law, p.article) for p in part.basis]


@pytest.mark.parametrize(("text", "name", "value"), [
    ("我在哺乳期，公司说部门撤了要跟我解除合同", "dismissed_in_maternity", True),
    ("怀孕五个月，老板给我降了工资", "dismissed_in_maternity", True),
    ("产假有多少天", "dismissed_in_maternity", None),
    ("试用期刚干两周就想辞职", "in_probation", True),
    ("签了两年竞业限制，离职半年了补偿一分钱也没打过来", "non_compete_unpaid", True),
])
def test_the_labour_situations_are_read(text: str, name: str, value: object) -> None:
    assert extract_facts(text, today=TODAY).get(name) == value


@pytest.mark.parametrize(("slug", "text", "lead", "law", "article"), [
    ("labor.overtime-pay", "我们公司让员工星期天来值了一天班，后来给他调休了一天，还用付加班费吗",
     "negative", "中华人民共和国劳动法", 44),
    ("labor.service-period-training-fee", "我要辞职，公司说新员工入职培训花了钱，让我赔五千，可我没签过任何培训协议",
     "negative", LABOUR_CONTRACT_LAW, 22),
])
def test_the_labour_card_answers_by_what_was_agreed_or_given(slug: str, text: str, lead: str, law: str,
                                                             article: int) -> None:
    part = _part(slug, text)
    assert polarity(part.text) == lead, part.text
    assert _cites(part, law, article), [(p.law, p.article) for p in part.basis]


def test_a_guarantor_whose_wages_the_court_took_has_paid():
    assert extract_facts("我给朋友担保，他不还，法院把我的工资扣了五万给了债主", today=TODAY).get("guarantor_paid")
