"""Online: the cards become the specialist's checklist and the critic's check; the conclusions of a
written answer are read from its 结论, one per part."""

from legal.composer import compose
from legal.engine import CardAnswer, checklist, conclusions_from_text, draft_failures

QUESTION = "末位淘汰被辞退，我干了7年3个月，月薪15000，合法吗？能赔多少？"


def _answer(matcher):
    return CardAnswer(compose(QUESTION, matcher.match(QUESTION), offline=False))


def test_the_checklist_names_conclusion_provisions_and_figure(matcher):
    text = checklist(_answer(matcher))
    assert "《中华人民共和国劳动合同法》第八十七条" in text and "225,000 元" in text and "不合法" in text


def test_the_critic_rejects_a_draft_missing_the_conclusion_or_the_provision(matcher):
    cards = _answer(matcher)
    wrong = "### 结论\n\n合法，公司可以末位淘汰。依据《中华人民共和国劳动合同法》第四十条。"
    failures = draft_failures(cards, wrong)
    assert any("第八十七条" in f for f in failures) and any("合法吗" in f for f in failures)
    good = ("### 结论\n\n1. 不合法：末位淘汰不是法定解除理由。\n2. 可以主张2N赔偿金225,000元。\n\n"
            "依据《中华人民共和国劳动合同法》第八十七条、第四十八条。")
    assert draft_failures(cards, good) == []


def test_conclusions_are_read_per_part_from_the_answer(matcher):
    text = ("### 结论\n\n1. 不合法：末位淘汰不是法定解除理由（《中华人民共和国劳动合同法》第四十八条）。\n"
            "2. 可以主张赔偿金225,000元。\n\n### 法律依据\n\n…")
    citations = [{"law": "中华人民共和国劳动合同法", "article": "第四十八条", "valid": True},
                 {"law": "中华人民共和国劳动合同法", "article": "第八十七条", "valid": True}]
    found = conclusions_from_text(_answer(matcher), text, citations)
    assert [c["text"][:3] for c in found] == ["不合法", "可以主"]
    assert found[0]["citations"] == [{"law": "中华人民共和国劳动合同法", "article": "第四十八条", "valid": True}]
    assert found[1]["part"].startswith("能赔多少")
