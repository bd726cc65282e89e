"""A share figure (损失 × 对方的责任比例) cites 过失相抵 (民法典 1173) only when the victim's own fault
reduces the share; when the other side answers for the whole loss the card's liability rule decides,
and a motor vehicle without fault bears its tenth by 道路交通安全法 76."""

from __future__ import annotations

from datetime import date

from legal.cardfile import parse_card
from legal.composer import compose
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 27)
CODE = "中华人民共和国民法典"
DOG = parse_card({
    "slug": "t.dog", "title": "饲养动物致人损害", "domain": "tort", "summary": "测试。",
    "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["狗咬"],
    "question_types": ["yes_no"],
    "answers": {"yes_no": {"conclusion": "可以。", "basis": [{"law": CODE, "article": 1245}]}},
    "provisions": [
        {"law": CODE, "article": 1245, "role": "controlling",
         "decides": "饲养的动物造成他人损害的，动物饲养人承担侵权责任", "keywords": ["饲养的动物"]},
        {"law": CODE, "article": 1173, "role": "supporting", "decides": "被侵权人有过错的可以减轻侵权人责任",
         "keywords": ["减轻侵权人的责任"]},
    ],
})


def _cited(question: str) -> list[tuple[str, int]]:
    match = PartMatch(question, [CardScore(DOG, 0.9, 0.95)], True)
    part = compose(question, [match], today=TODAY).parts[0]
    assert part.calculation is not None and part.calculation.ok, part.text
    return [(p.law, p.article) for p in part.basis]


def test_the_whole_loss_on_the_keeper_cites_the_liability_rule():
    assert _cited("邻居家的狗把我咬了，医药费花了4860元，他要赔我多少？") == [(CODE, 1245)]


def test_a_share_the_victims_fault_reduces_cites_comparative_fault():
    question = "邻居家的狗把我咬了，医药费花了4860元，我逗狗也有过错，对方负70%的责任，他要赔我多少？"
    assert _cited(question) == [(CODE, 1173)]


INJURY = "最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释"


def death_card(*articles: int) -> object:
    decides = {14: "丧葬费按受诉法院所在地上一年度职工月平均工资标准，以六个月总额计算",
               15: "死亡赔偿金按受诉法院所在地上一年度城镇居民人均可支配收入标准，按二十年计算"}
    return parse_card({
        "slug": "t.death", "title": "交通事故致人死亡的赔偿", "domain": "traffic_accident", "summary": "测试。",
        "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"], "terms": ["死亡"],
        "question_types": ["how_much"],
        "answers": {"how_much": {"conclusion": "{result}", "calculator": "death_compensation"}},
        "provisions": [{"law": INJURY, "article": a, "role": "controlling", "decides": decides[a], "keywords": ["标准"]}
                       for a in articles],
    })


def test_a_figure_the_part_names_but_cannot_compute_cites_its_own_provision_when_the_card_holds_it():
    question = "家里老人被车撞去世了，丧葬费是按什么标准给的？"
    for card, article in ((death_card(15, 14), 14), (death_card(15), 15)):
        match = PartMatch(question, [CardScore(card, 0.9, 0.95)], True)
        part = compose(question, [match], today=TODAY).parts[0]
        assert [(p.law, p.article) for p in part.basis] == [(INJURY, article)]
