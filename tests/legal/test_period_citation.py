"""A by-when part whose words name a general period (时效) on a card that has no period of its own: the
period stated is the general rule's, the provision cited is the card's own about that period (诉讼时效
中断, 民法典 195), not the general rule's article (188) — and a card whose provision says nothing of a
period leaves the general rule's article."""

from __future__ import annotations

from datetime import date

from legal.cardfile import parse_card
from legal.composer import compose
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
CODE = "中华人民共和国民法典"


def card(article: int, decides: str) -> object:
    return parse_card({
        "slug": "t.card", "title": "测试卡片", "domain": "debt", "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["借钱"],
        "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "可以。", "basis": [{"law": CODE, "article": article}]}},
        "provisions": [{"law": CODE, "article": article, "role": "controlling", "decides": decides,
                        "keywords": ["测试"]}],
    })


def _part(card: object, question: str) -> object:
    return compose(question, [PartMatch(question, [CardScore(card, 0.9, 0.95)], True)], today=TODAY).parts[0]


def test_the_cards_own_provision_about_the_period_decides():
    interruption = card(195, "提出履行请求、义务人同意履行等使诉讼时效中断并重新计算")
    part = _part(interruption, "我一直催他还钱，这样时效是不是重新算了？")
    assert part.deadline is not None and part.deadline.rule.name == "civil_limitation"
    assert [(p.law, p.article) for p in part.basis] == [(CODE, 195)]


def test_a_provision_about_something_else_leaves_the_general_rule():
    loan = card(667, "借款合同是借款人向贷款人借款，到期返还借款并支付利息的合同")
    part = _part(loan, "借给他钱三年了，时效还有多久？")
    assert [(p.law, p.article) for p in part.basis] == [(CODE, 188)]
