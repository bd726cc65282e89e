"""Exceptions that decide (docs/decisions/answers-apply-the-case.md, "Exceptions that decide").

A card exception typed as a rule is applied to the client's facts: when they meet it, its conclusion IS the answer
and its own article is cited; when the deciding fact is not told, the answer names that one fact beside the general
rule; when it is told against the exception, the general rule stands alone. The categorical facts behind them are
read in wordings written here, not taken from the tuning questions."""

from __future__ import annotations

from datetime import date

import pytest

from legal import conditions
from legal.cardfile import CardFileError, card_from_dict, card_to_dict, parse_card
from legal.composer import compose
from legal.matcher import CardScore, PartMatch
from tests.legal.answering import CARDS, TODAY
from tests.legal.answering import facts_of as _facts

LABOUR_LAW = "中华人民共和国劳动合同法"


# -- the categorical facts, each in several wordings (yes, no, untold) -------------------------------------------
@pytest.mark.parametrize(("question", "name", "value"), [
    # pregnancy, maternity leave, nursing
    ("我现在孕期七个月，单位通知我合同到期不续了", "maternity_period", True),
    ("老婆怀了二胎，公司让她合同到期走人", "maternity_period", True),
    ("宝宝才四个月，我每天上班还要背奶，公司说合同满了不续", "maternity_period", True),
    ("产假还没休完，人事就打电话说合同不续签", "maternity_period", True),
    ("我并没有怀孕，公司到期不续签合法吗", "maternity_period", False),
    ("孩子都三岁了，哺乳期早就过了，公司不续签", "maternity_period", False),
    # the medical treatment period
    ("我查出了肿瘤正在化疗，公司说合同到期不续了", "medical_period", True),
    ("还在养病，医疗期没满，单位就说要终止合同", "medical_period", True),
    ("医疗期已经用完了，单位让我回去上班", "medical_period", False),
    # a work injury
    ("在工地干活时被钢管砸断了腿，合同快到期了", "injured_at_work", True),
    ("我去年认定了工伤，伤残九级", "injured_at_work", True),
    ("人社局不予认定工伤，说是下班后在家摔的", "injured_at_work", False),
    # surrender
    ("开车刮倒了人，我原地等着交警过来处理", "surrendered", True),
    ("他捅了人以后第二天自己到公安局说清楚了", "surrendered", True),
    ("在网吧里被便衣抓到的，到了派出所都交代了", "surrendered", False),
    ("撞了人慌得开车溜了，隔天一早自己跑到交警大队说明情况，这算不算自首", "surrendered", True),
    ("捅伤人后我妈陪我自己去的公安局，这样算不算自首", "surrendered", True),
    # meritorious service
    ("在看守所里检举了同监室的人抢劫，能减刑吗", "meritorious", True),
    ("我向警察提供了重要线索抓到了上家", "meritorious", True),
    ("我没有立功，只是认罪认罚", "meritorious", False),
    # the victim's forgiveness
    ("赔了对方八万，家属签了谅解书", "victim_forgave", True),
    ("被打的那个人已经原谅我了，会判吗", "victim_forgave", True),
    ("对方狮子大开口要二十万，谈不拢不肯出具谅解", "victim_forgave", False),
    ("人家说给三十万才肯写谅解书，不然就等着判", "victim_forgave", False),
    ("已经拿到了被害人家属的谅解书，还会判实刑吗", "victim_forgave", True),
    ("钱赔到位了，对方也写了谅解书，会坐牢吗", "victim_forgave", True),
    # first offence
    ("我儿子是偶犯，之前从来没犯过事", "first_offence", True),
    ("他没有任何前科，这是第一次犯事", "first_offence", True),
    ("他以前因为盗窃被判过一年，算累犯吗", "first_offence", False),
    # the worker's own drink
    ("员工下午喝多了上班，从叉车上摔下来骨折了", "worker_drunk", True),
    ("我根本没喝酒，下班路上摔伤的", "worker_drunk", False),
])
def test_categorical_facts_are_read_in_many_wordings(question: str, name: str, value: bool) -> None:
    assert _facts(question).get(name) is value


@pytest.mark.parametrize(("question", "name"), [
    ("公司说合同到期不续签，能拿补偿吗", "maternity_period"),      # nothing of a pregnancy told
    ("打架把人打伤了，会不会坐牢", "victim_forgave"),              # nothing of a settlement
    ("在车间上班被机器夹伤手", "worker_drunk"),                    # nothing of a drink
    ("要是赔钱拿到谅解书，能判缓刑吗", "victim_forgave"),            # forgiveness asked about, not had
    ("打人后被抓了，这算不算自首", "meritorious"),                  # the question's own words tell nothing
    ("对方司机酒后驾车撞了我，我是上班路上", "worker_drunk"),        # another's drink is not the worker's
])
def test_an_untold_fact_is_not_read(question: str, name: str) -> None:
    assert name not in _facts(question)


@pytest.mark.parametrize(("question", "name", "value"), [
    ("再干四年就到龄退休了，厂里不续合同", "years_to_retirement", 4),
    ("距离法定退休年龄只有两年半", "years_to_retirement", 2.5),
    ("我借给老婆十万块开店，写了借条", "lender_relation", 1),
    ("姐夫向我借了三万一直不还", "lender_relation", 2),
    ("同事跟我借了五千，说下个月还", "lender_relation", 3),
    ("我35岁，孙子9岁偷偷充了游戏币", "child_age", 9),
    ("6岁的孩子拿我手机买了两千的皮肤", "child_age", 6),
])
def test_figures_the_exceptions_turn_on(question: str, name: str, value: float) -> None:
    assert float(_facts(question)[name]) == value


def test_not_far_from_retirement_reads_just_under_the_bound() -> None:
    assert float(_facts("离退休不到5年了，单位让我走")["years_to_retirement"]) < 5


@pytest.mark.parametrize(("question", "kind"), [
    ("保证书写的是借款人无力偿还时由我负责还款", "general_guarantee"),
    ("我在借条上签了“他要是还不上，由我来还”", "general_guarantee"),
    ("担保合同约定借款人逾期未还由保证人偿还，我是连带吗", "joint_guarantee"),
    ("我写了承诺，到期他不还就由我还", "joint_guarantee"),
    ("担保人那栏我签了字，写明无条件承担还款责任", "joint_guarantee"),
])
def test_the_kind_of_guarantee_is_read_from_the_promise_words(question: str, kind: str) -> None:
    facts = _facts(question)
    assert facts.get(kind) is True
    other = "joint_guarantee" if kind == "general_guarantee" else "general_guarantee"
    assert other not in facts


def test_the_words_decide_over_the_label_said_beside_them() -> None:
    facts = _facts("他们说我是连带担保人，可借条上写的是借款人不能还款时由我承担")
    assert facts.get("general_guarantee") is True and "joint_guarantee" not in facts


def test_a_spouse_asking_whether_he_pays_is_no_guarantee() -> None:
    facts = _facts("老公借的钱他不还由我还吗")
    assert "joint_guarantee" not in facts and "general_guarantee" not in facts


# -- the rule typed on the card ---------------------------------------------------------------------------------
def _card(exceptions: list) -> dict:
    return {
        "slug": "labor.test-expiry", "title": "合同到期终止", "domain": "labor", "summary": "到期终止。",
        "phrasings": ["合同到期不续", "到期终止要补偿吗", "合同满了公司不要我", "期满不续签", "到期了让我走",
                      "合同到头了"],
        "terms": ["到期"], "question_types": ["yes_no"],
        "provisions": [{"law": LABOUR_LAW, "article": 44, "role": "controlling", "decides": "期满终止",
                        "keywords": ["期满"]}],
        "answers": {"yes_no": {"conclusion": "可以终止。合同期满的，劳动合同终止。",
                               "cases": [{"when": [{"fact": "age", "op": ">=", "value": 60}],
                                          "conclusion": "可以终止。"}]}},
        "exceptions": exceptions,
    }


_PREGNANT = {"text": "孕期的合同顺延", "when": [{"fact": "maternity_period", "op": "==", "value": 1}],
             "basis": [{"law": LABOUR_LAW, "article": 45}], "yes_no": "不能终止：合同顺延至哺乳期满。",
             "ask": "若您在孕期、产期或哺乳期，合同顺延至哺乳期满（劳动合同法第四十五条）"}


def test_a_typed_exception_is_the_first_case_and_cites_its_own_article() -> None:
    card = parse_card(_card(["单位未足额缴纳社保的另说", _PREGNANT]))
    assert card.exceptions == ("单位未足额缴纳社保的另说", "孕期的合同顺延")
    first = card.answers["yes_no"].cases[0]
    assert first.conclusion.startswith("不能终止") and first.basis == ((LABOUR_LAW, 45),)
    assert len(card.answers["yes_no"].cases) == 2


def test_a_typed_exception_round_trips_once() -> None:
    card = parse_card(_card([_PREGNANT]))
    again = card_from_dict(card_to_dict(card))
    assert again.exception_rules == card.exception_rules
    assert len(again.answers["yes_no"].cases) == 2  # written back as the exception, not as an answer case too


@pytest.mark.parametrize(("broken", "says"), [
    ({**_PREGNANT, "basis": None}, "basis"),
    ({k: v for k, v in _PREGNANT.items() if k != "yes_no"}, "conclusion"),
    ({**_PREGNANT, "colour": "red"}, "unknown key"),
    ({**_PREGNANT, "when": []}, "when"),
    ({**_PREGNANT, "basis": [{"law": LABOUR_LAW, "article": 0}]}, "article"),
])
def test_the_loader_rejects_a_typed_exception_written_wrong(broken: dict, says: str) -> None:
    with pytest.raises(CardFileError, match=says):
        parse_card(_card([{k: v for k, v in broken.items() if v is not None}]))


def test_an_exception_is_undecided_only_while_its_fact_is_untold() -> None:
    rule = conditions.parse_exceptions([_PREGNANT], "x")[1][0]
    assert rule.undecided({})
    assert not rule.undecided({"maternity_period": False})
    assert not rule.undecided({"maternity_period": True})


# -- the answer ---------------------------------------------------------------------------------------------------
def _part(slug: str, text: str):
    match = PartMatch(text, [CardScore(CARDS[slug], 1.0, 0.95, {"bigrams": 1.0})], True)
    return compose(text, [match], today=TODAY).parts[0]


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "question", "lead", "article"), [
    ("labor.contract-expiry-non-renewal", "我在休产假，人事说劳动合同到期就不续了，只给补偿，这样行吗",
     "公司不能到期终止", 45),
    ("labor.contract-expiry-non-renewal", "在厂里做了十八年，离退休还有两年，合同到期厂里不续签，要补偿吗",
     "公司不能到期终止", 45),
    ("debt.guarantee-type", "借条担保人处写着“借款人无力偿还时由我偿还”，债主直接告我，我能不管吗", "可以拒绝", 687),
    ("debt.guarantee-type", "我签的保证条款是逾期未还由保证人偿还，这是哪种保证", "连带责任保证", 688),
    ("labor.work-injury-recognition", "员工中午喝醉了，下午搬货从梯子上摔下来，算不算工伤", "不属于工伤", 16),
    ("criminal.surrender", "开车撞了人后我在原地等交警来，算自首吗", "属于自首", 67),
    ("contract.minor-online-spending", "5岁的孩子拿我手机充了游戏八百块，能退吗", "可以要回", (144, 20)),
])
def test_the_exception_met_is_the_answer_with_its_article(slug: str, question: str, lead: str,
                                                         article: int | tuple[int, ...]) -> None:
    part = _part(slug, question)
    assert 0 <= part.text.find(lead) < 12, part.text  # said first (after at most the part's own short lead)
    articles = article if isinstance(article, tuple) else (article,)
    assert set(articles) & {b.article for b in part.basis}, [b.article for b in part.basis]


@pytest.mark.django_db
def test_the_untold_deciding_fact_is_named_beside_the_general_rule() -> None:
    part = _part("labor.contract-expiry-non-renewal", "合同月底到期，老板说不续了，单位要给补偿吗")
    assert part.text.startswith("需要")
    assert "若您正处于孕期、产期、哺乳期或医疗期" in part.text


@pytest.mark.django_db
def test_a_fact_told_against_the_exception_keeps_the_general_rule_alone() -> None:
    part = _part("labor.contract-expiry-non-renewal", "我没怀孕，合同月底到期，老板说不续了，单位要给补偿吗")
    assert part.text.startswith("需要")
    assert "孕期" not in part.text.split("。")[0] and "若您正处于孕期" not in part.text


def test_the_audit_counts_typed_and_prose_exceptions(capsys: pytest.CaptureFixture[str]) -> None:
    from scripts.list_prose_exceptions import main

    assert main(["--area", "labor"]) == 0
    counts = capsys.readouterr().out.strip().splitlines()[-2]
    typed = int(counts.split("typed: ")[1].split(";")[0])
    assert typed >= 8


def test_shipped_typed_exceptions_answer_types_their_cards_have() -> None:
    for card in CARDS.values():
        for rule in card.exception_rules:
            assert rule.basis, card.slug
            assert any(t in card.answers for t in rule.answers), card.slug
    assert sum(len(card.exception_rules) for card in CARDS.values()) >= 15
    assert date(2026, 1, 1) < TODAY


def test_the_ask_line_joins_the_cards_own_answer_never_a_sides() -> None:
    from dataclasses import replace

    from legal.composer import exception_open
    from legal.facts import extract_facts

    card = parse_card(_card([_PREGNANT]))
    facts = extract_facts("合同月底到期，单位说不续签了", today=TODAY)
    own = exception_open(card.answers["yes_no"], facts, "yes_no", card)
    assert own.conclusion.endswith("（劳动合同法第四十五条）。")
    sides = replace(card.answers["yes_no"], conclusion="需要支付经济补偿。", cases=())
    assert exception_open(sides, facts, "yes_no", card).conclusion == "需要支付经济补偿。"


def test_exceptions_decide_in_the_cards_order_before_the_answers_own_cases() -> None:
    later = {**_PREGNANT, "text": "任何情形", "when": [{"fact": "maternity_period", "op": "known"}],
             "yes_no": "要看情况。"}
    card = parse_card(_card([_PREGNANT, later]))
    conclusions = [c.conclusion for c in card.answers["yes_no"].cases]
    assert conclusions == ["不能终止：合同顺延至哺乳期满。", "要看情况。", "可以终止。"]


def test_a_guarantee_left_open_and_one_worded_cite_their_own_articles() -> None:
    card = CARDS["debt.guarantee-type"]
    cases = card.answers["which"].cases
    worded = conditions.choose(cases, _facts("借条上写着借款人无力偿还时由我偿还，我算哪种保证人"))
    silent = conditions.choose(cases, _facts("给朋友借钱做担保，担保合同上没写保证方式，算哪种"))
    assert worded is not None and worded.basis[0][1] == 687
    assert silent is not None and silent.basis[0][1] == 686
