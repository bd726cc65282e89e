"""Typed facts the weakest domains' cards read (docs/decisions/unseen-domain-questions.md): a will with no
witness, the child's age in a custody question, gambling run for profit."""

from __future__ import annotations

import pytest

from legal.facts import extract_facts


@pytest.mark.parametrize(("question", "held"), [
    ("我爸走之前让邻居帮忙打印了一份遗嘱 签了字 当时没有见证人 这遗嘱有效吗", True),
    ("遗嘱是我妈自己手写的 就她一个人在旁边写的 有效吗", True),
    ("遗嘱是律师代书的 有两个见证人在场 签了字 有效吗", False),
    ("没有见证人的借条有效吗", False),  # no will: the witness of a loan is another matter
])
def test_a_will_made_with_no_witness(question: str, held: bool) -> None:
    assert ("no_witness" in extract_facts(question).items) is held


@pytest.mark.parametrize(("question", "fact"), [
    ("离婚了 孩子才18个月 抚养权会判给谁", "child_under_two"),
    ("我们要离婚 儿子今年5岁 抚养权一般归谁", "child_two_plus"),
])
def test_the_childs_age_in_a_custody_question(question: str, fact: str) -> None:
    items = extract_facts(question).items
    assert fact in items and ({"child_under_two", "child_two_plus"} - {fact}).isdisjoint(items)


def test_a_childs_age_outside_a_custody_question_is_no_custody_fact() -> None:
    items = extract_facts("孩子才18个月 在小区被狗咬了 能赔多少").items
    assert "child_under_two" not in items and "child_two_plus" not in items


@pytest.mark.parametrize(("question", "held"), [
    ("我朋友在家里开了个麻将馆 每桌收台费 被派出所抓了 会判刑吗", True),
    ("过年跟亲戚打麻将 输赢几百块 被举报了 会被拘留吗", False),
])
def test_gambling_run_for_profit(question: str, held: bool) -> None:
    assert ("gambling_for_profit" in extract_facts(question).items) is held
