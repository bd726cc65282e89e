"""Inheritance answered for the family the client names, read from the DECEDENT's side (legal/kinship.py,
docs/decisions/answers-inheritance-kin.md): each named relative's relation to the one who died, the order of
民法典 1127 applied to them, 代位继承 (1128), equal shares (1130) and the spouse's half of a house bought in the
marriage (1153); who died unread, one question is asked."""

from __future__ import annotations

import pytest

from legal import kinship
from legal.kinship import CHILD, GRANDCHILD, PARENT, SIBLING, SPOUSE


def _relations(text: str) -> dict[str, tuple[str, bool]]:
    family = kinship.read_family(text)
    assert family is not None
    return {r.word: (r.relation, r.alive) for r in family.relatives}


# -- the reading: relation to the decedent, not to the client ---------------------------------------------
def test_the_clients_grandmother_is_the_dead_fathers_mother() -> None:
    said = _relations("父亲上周病逝，没立遗嘱，名下一套房。奶奶八十多了还健在，家里还有我妈、我和弟弟。")
    assert said["奶奶"] == (PARENT, True)
    assert said["我妈"] == (SPOUSE, True)
    assert said["我"] == (CHILD, True)
    assert said["弟弟"] == (CHILD, True)


def test_the_mothers_side_reads_the_maternal_grandparents_as_her_parents() -> None:
    said = _relations("我妈前年过世了，留了点存款，外婆还在，外公早就不在了，我爸和我两个人，舅舅说也要分遗产。")
    assert said["外婆"] == (PARENT, True)
    assert said["外公"] == (PARENT, False)
    assert said["我爸"] == (SPOUSE, True)
    assert said["舅舅"] == (SIBLING, True)


def test_a_widow_reads_the_in_laws_as_the_husbands_parents() -> None:
    family = kinship.read_family("丈夫车祸身亡，没有遗嘱，公公婆婆都在，我们有三个孩子，他的遗产怎么继承？")
    assert family is not None and family.decedent == "husband"
    assert sum(r.count for r in family.of(CHILD)) == 3
    assert {r.word for r in family.of(PARENT)} == {"公公", "婆婆"}
    assert family.of(SPOUSE)[0].word == "我"


def test_a_grandparent_who_died_after_the_clients_parent() -> None:
    family = kinship.read_family("我爸十年前就去世了，现在爷爷也走了，留下一套老房子，二叔说房子归他，我能分吗？")
    assert family is not None and family.decedent == "p_grandparent"
    said = {r.word: (r.relation, r.alive) for r in family.relatives}
    assert said["我爸"] == (CHILD, False)
    assert said["二叔"] == (CHILD, True)
    assert said["我"] == (GRANDCHILD, True)


def test_no_death_read_is_no_family() -> None:
    assert kinship.read_family("奶奶的房子以后怎么继承，我妈和舅舅能分吗？") is None


# -- the order applied ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "lead", "heads"), [
    ("父亲上周病逝，没立遗嘱，名下一套房。奶奶还健在，家里还有我妈、我和弟弟，奶奶有没有份？", "能。", "共4份"),
    ("我妈前年过世了，我爸和我姐还有我，舅舅能不能分遗产？", "不能。", "共3份"),
])
def test_the_named_person_is_answered_by_the_decedents_order(question: str, lead: str, heads: str) -> None:
    text = kinship.applied(question)
    assert text.startswith(lead)
    assert heads in text
    assert "第1127条" in text


def test_grandmother_of_the_client_is_first_order_not_second() -> None:
    text = kinship.applied("老爸走了，没有遗嘱，留下房子，我奶奶还活着，我和妹妹、我妈都在，奶奶能继承吗？")
    assert text.startswith("能。奶奶是被继承人的母亲")
    assert "第二顺序" not in text.split("。")[0]


def test_a_house_bought_in_the_marriage_gives_the_spouse_her_half_first() -> None:
    text = kinship.applied("老公上个月走了，公婆都还健在，一儿一女，房子是我们婚后买的，他的遗产谁能继承？")
    # spouse, two children, two parents: five heirs, each 1/5 of the half that is the estate
    assert "共5份" in text and "1/10" in text and "第1153条" in text and "3/5" in text


def test_a_predeceased_child_is_represented_by_the_client() -> None:
    text = kinship.applied("外公去世了，留了套老房子，外婆已经不在了，我妈早就去世了，舅舅说房子都归他，我能分吗？")
    assert text.startswith("能。")
    assert "代位继承" in text and "第1128条" in text and "共2份" in text


def test_no_spouse_children_or_parents_brings_in_the_second_order() -> None:
    text = kinship.applied("我哥去世了，一直没结婚也没孩子，爸妈也都不在了，他留下的存款我能继承吗？")
    assert "第二顺序" in text and "您" in text
    assert "第一顺序继承人是" not in text


def test_who_died_unread_asks_one_question() -> None:
    ask = kinship.decedent_ask("家里老人的遗产，我妈、我舅和我姨怎么继承？")
    assert ask.startswith("请问去世的是哪一位")
    assert kinship.applied("家里老人的遗产，我妈、我舅和我姨怎么继承？") == ""


def test_the_other_parent_named_in_the_pair_is_the_spouse() -> None:
    text = kinship.applied("父亲前阵子病故了，那套房是爸妈结婚后一起买的，我和哥哥两个，没遗嘱，我能拿多少？")
    assert "您母亲" in text and "共3份" in text and "1/6" in text


def test_a_death_said_of_another_person_in_the_clause_is_not_this_ones() -> None:
    said = _relations("姥爷去世了，留下一套房，姥姥早就不在了，大姨说我妈不在了所以我没份，我妈前年走的，我能分吗？")
    assert said["大姨"] == (CHILD, True)


def test_the_decedents_children_by_number_count_those_not_named() -> None:
    text = kinship.applied("奶奶先走了，今年爷爷也去世了，留下存款，爷爷总共四个孩子，我爸早几年就去世了，"
                           "姑姑说我不能分，我能分吗？")
    assert text.startswith("能。") and "共4份" in text and "1/4" in text


def test_an_estate_of_a_relative_not_said_dead_is_not_read() -> None:
    assert kinship.read_family("老公走了好几年了，现在小姑子说我不能分婆婆的房子，婆婆的遗产我有没有份？") is None


# -- one reader of the family: the share calculator counts the heirs the order names --------------------
@pytest.mark.parametrize(("text", "heirs"), [
    # the decedent's mother, named as the client's grandmother, is a first-order heir beside widow and children
    ("我父亲今年春天病故了，没写遗嘱，存款八十万。我奶奶身体还好，我妈、我、我妹妹都在，这钱每人多少？", 4),
    # the widow, the children counted by number, the decedent's parents both said alive
    ("丈夫去年出事走了，留下五十万赔偿以外的存款四十万，我们有两个孩子，他爸妈都健在，怎么分？", 5),
])
def test_the_share_calculator_counts_the_heirs_of_the_order_applied(text: str, heirs: int) -> None:
    from datetime import date

    from legal.facts import extract_facts

    assert kinship.heads(text) is not None and kinship.heads(text)[0] == heirs
    assert extract_facts(text, today=date(2026, 11, 28)).get("heirs") == heirs


def test_a_daughter_in_law_whose_husband_is_alive_is_no_heir_of_his_mother() -> None:
    text = "婆婆上个月去世了，留下一套老房子，婆婆就俩儿子，我老公是老二，我能分到吗"
    order = kinship.first_order(text)
    assert order is not None and order.in_law == []
    assert "丧偶儿媳" not in kinship.applied(text)


def test_a_death_word_after_the_decedents_name_is_not_a_relatives_death() -> None:
    # clauses typed with spaces: 婆婆 is alive; the death named after her is the father-in-law's
    said = _relations("丈夫走了好些年 我一直伺候公公婆婆 这回公公也没了 房子小叔子想独占 我有份没")
    assert said["婆婆"] == ("配偶", True)


def test_the_estate_said_after_a_comma_names_the_decedent() -> None:
    family = kinship.read_family("我先生三年前去世，我们没孩子。我照顾岳父——不，是公公——多年，"
                                 "公公今年春天过世了，留下六十万存款，我能分多少")
    assert family is not None and family.decedent == "parent_in_law"


def test_a_lone_in_law_heir_gets_no_empty_list_and_no_single_share() -> None:
    note = kinship.applied("老公走得早，我一直照顾公公，公公前阵子去世了，留下一套房子，我能继承吗")
    assert "是：（" not in note and "共1份" not in note
    assert "第1129条" in note
