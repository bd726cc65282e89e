"""Which provision a conclusion cites, by class of question (docs/decisions/card-citations-audit.md):
the figure a general word names on a card of a special kind of it cites the card's rule."""

from __future__ import annotations

from datetime import date

from legal.cardfile import parse_card
from legal.composer import compose
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
LENDING = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"


def overdue_card(basis: list[dict[str, object]]) -> object:
    return parse_card({
        "slug": "t.overdue", "title": "逾期利息", "domain": "debt", "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["逾期"],
        "question_types": ["how_much"],
        "answers": {"how_much": {"conclusion": "{result}。", "calculator": "overdue_interest", "basis": basis}},
        "provisions": [
            {"law": LENDING, "article": 28, "role": "controlling",
             "decides": "未约定逾期利率的，按借期内利率主张逾期利息",
             "keywords": ["逾期利率"]},
            {"law": LENDING, "article": 29, "role": "controlling",
             "decides": "逾期利息、违约金和其他费用一并主张的总额上限",
             "keywords": ["违约金"]},
        ],
    })


QUESTION = "借给朋友8万 借条写年利率6% 去年12月1号到期 没写逾期怎么算 到下礼拜正好逾期一整年 这一年的利息能要多少"


def _part(card: object) -> object:
    return compose(QUESTION, [PartMatch(QUESTION, [CardScore(card, 0.9, 0.95)], True)], today=TODAY).parts[0]


def test_interest_named_in_general_on_the_overdue_card_cites_the_cards_rule():
    part = _part(overdue_card([{"law": LENDING, "article": 28}, {"law": LENDING, "article": 29}]))
    assert part.calculation is not None and part.calculation.ok
    assert [(p.law, p.article) for p in part.basis] == [(LENDING, 28)]


def test_without_a_basis_of_its_own_the_card_cites_the_computed_figures_rule():
    part = _part(overdue_card([]))
    assert part.calculation is not None and part.calculation.ok
    assert [(p.law, p.article) for p in part.basis] != [(LENDING, 28)]


def rescission_card() -> object:
    code = "中华人民共和国民法典"
    return parse_card({
        "slug": "t.fraud", "title": "受欺诈买房", "domain": "real_estate", "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["欺诈"],
        "question_types": ["yes_no", "by_when"],
        "answers": {"yes_no": {"conclusion": "可以撤销。", "basis": [{"law": code, "article": 148}]},
                    "by_when": {"conclusion": "{deadline}。", "deadline": "voidable_revocation",
                                "basis": [{"law": code, "article": 152}]}},
        "provisions": [
            {"law": code, "article": 148, "role": "controlling", "decides": "受欺诈方有权请求撤销",
             "keywords": ["欺诈"]},
            {"law": code, "article": 152, "role": "controlling", "decides": "撤销权自知道撤销事由之日起一年内行使",
             "keywords": ["撤销权"]},
        ],
    })


def test_a_right_exercised_in_court_keeps_its_own_period_when_asked_when_to_sue():
    question = "房子里死过人，中介和房东都瞒着我，最晚什么时候去告"
    part = compose(question, [PartMatch(question, [CardScore(rescission_card(), 0.9, 0.95)], True)],
                   today=TODAY).parts[0]
    assert part.deadline is not None and part.deadline.rule.name == "voidable_revocation"
    assert [p.article for p in part.basis] == [152]
