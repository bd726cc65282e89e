"""Every part of a multi-part question answered as its own question (docs/decisions/answers-multi-part.md):

* a part asking what liability or consequence follows (要承担什么责任, 会有啥后果, 赔什么, 会怎么处理他, 要付出什么
  代价, 谁来赔) has a type of its own, read in many phrasings, never from a liability told rather than asked, and is
  given the card's answer that states it (the measure for what is owed, the classification for who is liable, the
  sentence for a penalty, else whether and what liability);
* a part that names no ask of its own but asks on (那押金呢, 要是他不还呢) asks again what the part before it asked;
* spaced clauses that turn to another matter (那利息能要吗) or ask a consequence are parts of their own;
* a later part whose answer would repeat an earlier part's is routed to its next-best card for its own type, or,
  when none is confident, says what it needs — a repeated answer is never emitted;
* each part's answer is headed by its own ask, read back briefly.

The cards are built for the test; the questions are written for it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import pytest

from legal.cardfile import parse_card
from legal.engine import compose_parts, repeats
from legal.matcher import CardScore, PartMatch, rerouted, split_parts
from legal.qtypes import liability_answer, liability_kind, part_types, question_type, read_back

TODAY = date(2026, 11, 27)


def make_card(slug: str, answers: dict, *, domain: str = "labor", article: int = 1, words: str = "") -> object:
    phrasings = [f"{slug}{words}的问题{i}" for i in range(6)]
    return parse_card({
        "slug": slug, "title": f"{slug}事项", "domain": domain, "summary": "测试。", "phrasings": phrasings,
        "terms": ["测试"], "question_types": list(answers), "answers": answers,
        "provisions": [{"law": f"测试法{slug}", "article": article, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })


def scored(*pairs: tuple[object, float]) -> list[CardScore]:
    return [CardScore(card, score, 0.0, {"agreement": 0.0}) for card, score in pairs]


def matches(parts: Sequence[str], rows: Sequence[list[CardScore]]) -> list[PartMatch]:
    """Each part with its cards, decided on the first (as the matcher hands them over), typed as the matcher types."""
    out = []
    for part, row, kind in zip(parts, rows, part_types(parts), strict=True):
        row[0].confidence = 0.9
        out.append(PartMatch(part, row, True, True, kind))
    return out


# -- a liability or consequence asked: its own type ---------------------------------------------------------------
@pytest.mark.parametrize("ask", [
    "厂里要承担什么责任", "那公司要承担啥", "我要负什么责任", "要负啥责", "他会有什么后果", "这样会有啥后果吗",
    "后果是什么", "狗主人要赔什么", "要赔偿哪些", "会怎么处理他", "单位会被咋处罚", "公司要付出什么代价",
    "他大概会怎么判", "不回复会怎样", "要是不去会怎么样", "那谁来赔", "责任归谁", "医药费该谁负责", "会受到什么处罚",
    "对我有什么影响", "过了期限会有什么后果", "要承担哪些法律责任",
])
def test_a_liability_ask_has_its_own_type(ask: str) -> None:
    assert question_type(ask) == "liability"


@pytest.mark.parametrize("told", [
    "交警说我要承担全部责任，我能不能不赔",  # the liability told; the ask is yes/no
    "什么责任都不用承担吗",  # 什么…都: no question word
    "他没说要承担什么责任，我能走吗",  # a consequence not said, told
    "这事我该怎么处理",  # what to do, not what is done to someone
    "要赔多少",  # a figure
    "这算什么性质",  # a classification
])
def test_a_liability_told_or_another_ask_is_not_a_liability_ask(told: str) -> None:
    assert question_type(told) != "liability"


@pytest.mark.parametrize(("ask", "domain", "kind"), [
    ("那谁来赔", "tort", "who"), ("损失算谁的", "tort", "who"),
    ("狗主人要赔啥", "tort", "money"), ("公司要付出什么代价", "labor", "money"),
    ("会怎么处理他", "labor", "penalty"), ("会受到啥处罚", "administrative", "penalty"),
    ("他要承担什么责任", "criminal", "penalty"),
    ("厂里要承担什么责任", "labor", "general"), ("会有什么后果", "marriage_family", "general"),
    ("收到通知不回复会怎样", "company", "lapse"), ("冷静期过了不去领证会怎么样", "marriage_family", "lapse"),
    ("逾期不交有什么后果", "administrative", "lapse"),
])
def test_what_a_liability_ask_wants(ask: str, domain: str, kind: str) -> None:
    assert liability_kind(ask, domain) == kind


def test_the_card_answer_a_liability_ask_is_given() -> None:
    every = ("yes_no", "valid", "how_much", "which", "what_to_do")
    assert liability_answer(every, "谁来赔偿", "tort") == "which"
    assert liability_answer(every, "要赔些什么", "tort") == "how_much"
    assert liability_answer(every, "会怎么判", "criminal") == "how_much"
    assert liability_answer(("which", "yes_no"), "会怎么判", "criminal") == "which"
    assert liability_answer(every, "要承担什么责任", "labor") == "yes_no"
    assert liability_answer(("valid", "what_to_do"), "要承担什么责任", "labor") == "valid"
    assert liability_answer(("by_when", "forum"), "要承担什么责任", "labor") == ""
    assert liability_answer(every + ("by_when",), "过了三十天不答复会怎样", "company") == "by_when"


# -- an elided part asks again what the part before it asked ----------------------------------------------------
@pytest.mark.parametrize(("parts", "types"), [
    (["我能要求赔偿吗？", "那押金呢？"], ["yes_no", "yes_no"]),
    (["最晚哪天要起诉？", "那如果他一直躲着呢？"], ["by_when", "by_when"]),
    (["能拿多少补偿？", "还有年假工资呢？"], ["how_much", "how_much"]),
    (["能起诉吗？", "利息怎么算？"], ["yes_no", "how_much"]),  # an ask of its own keeps its own type
])
def test_an_elided_part_takes_the_type_of_the_part_before(parts: list[str], types: list[str]) -> None:
    assert part_types(parts) == types


# -- two- and three-part questions split into their asks ---------------------------------------------------------
@pytest.mark.parametrize(("question", "count", "last_type"), [
    # labour
    ("在车间干活被机器轧伤了手指 这算工伤吗 厂里要承担什么", 2, "liability"),
    ("公司三个月没发工资了，我提出辞职。能要补偿吗？公司要付出啥代价？", 2, "liability"),
    # debt
    ("同事借我两万说好月底还 现在拖着不还 我能去法院告他吗 那利息能要吗", 2, "yes_no"),
    ("借给表哥五万块，借条写了年底还，现在不还了。能起诉吗？那要是他没钱呢？", 2, "yes_no"),
    # tenancy
    ("合同还有半年到期，房东要我下个月搬走。我能要赔偿吗？那押金呢？", 2, "yes_no"),
    # traffic
    ("电动车被小轿车撞了 对方全责 能赔多少 医药费谁先垫付 他不赔会怎样", 3, "liability"),
    ("倒车把人家的车刮了，对方说要修八千。保险能赔吗？我要负什么责任？", 2, "liability"),
    # family
    ("老公赌博欠了一屁股债，还动手打我。我能离婚吗？孩子能判给我吗？他会有什么后果？", 3, "liability"),
])
def test_multi_part_questions_split_into_their_asks(question: str, count: int, last_type: str) -> None:
    _, parts = split_parts(question)
    assert len(parts) == count, parts
    assert part_types(parts)[-1] == last_type


def test_a_spaced_clause_asking_the_same_thing_still_narrows_the_part_before() -> None:
    _, parts = split_parts("被狗咬了 能要赔偿吗 能要多少 多少钱")
    assert len(parts) == 2


# -- a repeated answer is never emitted --------------------------------------------------------------------------
EARLY_END = make_card("t.early-end", {"yes_no": {"conclusion": "不可以。租期内出租人没有法定或约定理由不能单方收回"
                                                               "房屋，承租人有权继续住到期满；逼迁的可以要求赔偿。"}},
                      domain="real_estate", article=1, words="房东提前收回房子")
DEPOSIT = make_card("t.deposit", {"yes_no": {"conclusion": "可以要回。合同解除、房屋已交还且费用结清的，出租人应当退还"
                                                           "押金，只能扣除欠付的租金和超出正常损耗的维修费。"}},
                    domain="real_estate", article=2, words="退租押金不退")
OTHER = make_card("t.other", {"yes_no": {"conclusion": "需要看情况。这是一张与押金无关的测试卡片，说的是别的事。"}},
                  domain="real_estate", article=3)


def test_a_later_part_that_would_repeat_is_routed_to_its_next_best_card() -> None:
    parts = ["房东要提前收回房子，我能要求赔偿吗？", "那押金呢？"]
    rows = [scored((EARLY_END, 1.0), (DEPOSIT, 0.5), (OTHER, 0.2)),
            scored((EARLY_END, 1.2), (DEPOSIT, 1.19), (OTHER, 0.2))]
    composition = compose_parts("".join(parts), matches(parts, rows), today=TODAY)
    first, second = composition.parts
    assert first.card is EARLY_END
    assert second.card is DEPOSIT
    assert second.text.startswith("可以要回")


def test_a_later_part_with_no_confident_other_card_says_what_it_needs() -> None:
    parts = ["房东要提前收回房子，我能要求赔偿吗？", "那押金呢？"]
    rows = [scored((EARLY_END, 1.0), (DEPOSIT, 0.5)),
            scored((EARLY_END, 1.0), (DEPOSIT, 0.45), (OTHER, 0.44))]
    composition = compose_parts("".join(parts), matches(parts, rows), today=TODAY)
    second = composition.parts[1]
    assert second.card is None and not second.decided
    assert second.text.startswith("无法可靠判断")
    assert "租期内出租人没有法定或约定理由" not in second.text


INJURY = make_card("t.injury-finding", {"valid": {"conclusion": "属于工伤的情形：工作时间、工作场所内因工作原因受到"
                                                                "事故伤害的，应当认定为工伤。"}}, article=4,
                   words="被机器轧伤算不算工伤")
BENEFITS = make_card("t.injury-benefits", {
    "yes_no": {"conclusion": "需要单位承担。未缴工伤保险的，工伤医疗费、停工留薪期工资和一次性伤残补助金"
                             "由用人单位支付。"},
    "how_much": {"conclusion": "按伤残等级计算一次性伤残补助金。"}},
    article=5, words="工伤后厂里老板单位要承担什么责任后果")


@pytest.mark.parametrize("ask", ["厂里要承担什么责任？", "那单位要负啥责？", "老板会有什么后果？"])
def test_a_consequence_asked_after_a_finding_gets_the_card_that_states_it(ask: str) -> None:
    parts = ["在车间被机器轧伤了手，这算工伤吗？", ask]
    rows = [scored((INJURY, 1.0), (BENEFITS, 0.5)), scored((INJURY, 1.25), (BENEFITS, 1.24), (OTHER, 0.1))]
    composition = compose_parts("".join(parts), matches(parts, rows), today=TODAY)
    second = composition.parts[1]
    assert second.card is BENEFITS
    assert second.text.startswith("需要单位承担")


@pytest.mark.parametrize(("parts", "rows"), [
    (["能直接辞退他吗？", "要给补偿吗？", "那他要是去仲裁呢？"],
     [scored((EARLY_END, 1.0)), scored((EARLY_END, 1.0), (OTHER, 0.3)), scored((EARLY_END, 1.0), (DEPOSIT, 0.4))]),
    (["押金能退吗？", "那房租呢？"], [scored((DEPOSIT, 1.0)), scored((DEPOSIT, 1.0), (EARLY_END, 0.9), (OTHER, 0.1))]),
    (["这算工伤吗？", "厂里要承担什么？", "会有什么后果？"],
     [scored((INJURY, 1.0)), scored((INJURY, 1.0), (BENEFITS, 0.6)), scored((INJURY, 1.0), (BENEFITS, 0.9))]),
])
def test_no_part_repeats_an_earlier_part(parts: list[str], rows: list[list[CardScore]]) -> None:
    composition = compose_parts("".join(parts), matches(parts, rows), today=TODAY)
    answers = composition.parts
    assert len(answers) == len(parts)
    for j in range(1, len(answers)):
        for i in range(j):
            # a conclusion never repeats an earlier one (two parts the engine abstains on each say what they need)
            assert not answers[j].decided or not repeats(answers[j], answers[i]), (answers[i].text, answers[j].text)


@pytest.mark.parametrize(("row", "decided"), [
    ([(EARLY_END, 1.2), (DEPOSIT, 1.19), (OTHER, 0.3)], True),  # all but tied with the card set aside: confident
    ([(EARLY_END, 1.2), (DEPOSIT, 0.9), (OTHER, 0.3)], False),  # well below the card set aside
    ([(EARLY_END, 0.9), (DEPOSIT, 0.89), (OTHER, 0.88)], False),  # barely above the next card
])
def test_rerouting_is_confident_beside_every_other_card(row: list, decided: bool) -> None:
    match = matches(["那押金呢？"], [scored(*row)])[0]
    moved = rerouted(match, {"t.early-end"})
    assert moved.decided is decided
    if decided:
        assert moved.best.card is DEPOSIT and moved.best.signals["rerouted"] == 1.0
    else:
        assert [s.card for s in moved.scores] == [card for card, _ in row]  # left on its cards, undecided


CRIME = make_card("t.crime", {"yes_no": {"conclusion": "会被追究刑事责任（情节严重的）：构成测试罪，处三年以下有期"
                                                       "徒刑或者拘役，并处或者单处罚金。"}},
                  domain="criminal", article=6)


@pytest.mark.parametrize("ask", ["判的话最多几年？", "要是判的话会判多久？", "一般判几年？"])
def test_a_figure_asked_on_the_same_paragraph_is_answered_by_the_clause_stating_it(ask: str) -> None:
    parts = ["帮朋友转账被查了，我会被判刑吗？", ask]
    rows = [scored((CRIME, 1.0)), scored((CRIME, 1.0), (OTHER, 0.2))]
    composition = compose_parts("".join(parts), matches(parts, rows), today=TODAY)
    second = composition.parts[1]
    assert second.card is CRIME
    assert second.text.startswith("处三年以下有期徒刑") or second.text.startswith("处3年以下有期徒刑")
    assert not repeats(second, composition.parts[0])
    assert second.text in composition.markdown


# -- each part's answer headed by its own ask --------------------------------------------------------------------
@pytest.mark.parametrize(("part", "heading"), [
    ("我在厂里干活被机器绞伤了手，这算工伤吗？", "这算工伤吗？"),
    ("2剩下的房租能找他要吗", "剩下的房租能找他要吗？"),
    ("（二）那押金呢", "那押金呢？"),
    ("请问，最晚哪天去？", "最晚哪天去？"),
])
def test_the_ask_read_back(part: str, heading: str) -> None:
    assert read_back(part) == heading


def test_a_long_ask_is_read_back_by_its_last_words() -> None:
    heading = read_back("上个月公司说我们整个部门撤了让我去仓库当理货员我不干"
                        "昨天人事发通知说明天起解除合同这种情况能拿多少钱")
    assert heading.startswith("…") and heading.endswith("能拿多少钱？") and len(heading) <= 31


def test_each_answer_is_headed_by_its_own_ask() -> None:
    parts = ["房东要提前收回房子，我能要求赔偿吗？", "那押金呢？"]
    rows = [scored((EARLY_END, 1.0), (DEPOSIT, 0.5)), scored((DEPOSIT, 1.0), (EARLY_END, 0.2))]
    markdown = compose_parts("".join(parts), matches(parts, rows), today=TODAY).markdown
    assert "1. （我能要求赔偿吗？）" in markdown
    assert "2. （那押金呢？）" in markdown


RETRIAL = make_card("t.retrial", {"yes_no": {"conclusion": "不停止执行。申请再审期间原判决照常执行。"}},
                    domain="civil_procedure", article=7, words="判决执行再审")
APPEAL = make_card("t.appeal", {"yes_no": {"conclusion": "可以上诉。不服一审判决的，可以在十五日内上诉。"}},
                   domain="civil_procedure", article=8, words="不服判决上诉")


@pytest.mark.parametrize(("later", "words"), [
    ("能不能上诉啊？", ""),  # names nothing of its own
    ("上诉的话判决是不是先不用执行？", "判决执行上诉"),  # the card set aside speaks of 执行 as much
])
def test_a_repeating_part_never_moves_to_a_card_speaking_less_of_its_own_words(later: str, words: str) -> None:
    appeal = make_card("t.appeal2", APPEAL.answers and {"yes_no": {"conclusion": APPEAL.answers["yes_no"].conclusion}},
                       domain="civil_procedure", article=8, words=words or "不服判决上诉")
    parts = ["不服一审判决能上诉吗？", later]
    rows = [scored((appeal, 1.0)), scored((appeal, 1.25), (RETRIAL, 1.24))]
    second = compose_parts("".join(parts), matches(parts, rows), today=TODAY).parts[1]
    assert second.card is not RETRIAL


BAIL = make_card("t.bail", {"yes_no": {"conclusion": "可以申请取保候审。办案机关应在3日内作出决定，"
                                                     "不批准的应当说明理由。"}}, domain="criminal_procedure", article=9)


def test_a_time_limit_in_days_is_no_amount() -> None:
    parts = ["家属能申请取保候审吗？", "要交多少保证金？"]
    rows = [scored((BAIL, 1.0)), scored((BAIL, 1.0), (OTHER, 0.2))]
    second = compose_parts("".join(parts), matches(parts, rows), today=TODAY).parts[1]
    assert "3日内" not in second.text
