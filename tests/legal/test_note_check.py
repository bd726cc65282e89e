"""The composed answer read as a lawyer's note (legal/notecheck.py) and the composer's repair for each defect kind
(docs/decisions/answers-read-as-a-note.md). The wordings here are written for these tests, not taken from the
graded answers."""

from __future__ import annotations

from datetime import date

import pytest

from legal import notecheck
from legal.composer import (
    ASSUMED,
    READ_BACK,
    _facts_line,
    deadline_step,
    denied,
    figure_clause,
    stated_assumption,
    tidy_part,
    tidy_risks,
    tidy_steps,
)
from legal.facts import Facts
from legal.rules import deadline

HEAD = "【离线模式】未使用大语言模型：以下结论依据律所维护的法律要点卡片与现行法条自动整理，请律师复核。\n\n"


def note(conclusion: str, *, basis: str = "", steps: str = "", risks: str = "", facts: str = "") -> str:
    parts = [HEAD + "### 结论\n\n" + conclusion]
    if basis:
        parts.append("### 法律依据\n\n" + basis)
    if facts:
        parts.append("### 结合您的情况\n\n您提到的要素：" + facts)
    if steps:
        parts.append("### 下一步\n\n" + steps)
    parts.append("### 风险提示\n\n" + (risks or "- 结论以您所述的事实为准。"))
    return "\n\n".join(parts)


def kinds(markdown: str, question: str = "", values: dict | None = None) -> set[str]:
    return notecheck.kinds(notecheck.findings(markdown, question, values if values is not None else {}))


CLEAN = note("**可以。对方拖欠三个月工资，您可以解除劳动合同并要求经济补偿。**",
             basis="1. 《中华人民共和国劳动合同法》第三十八条：未及时足额支付劳动报酬的，劳动者可以解除劳动合同。",
             steps="1. **证据**：工资流水；劳动合同。\n2. 向劳动争议仲裁委员会申请仲裁。",
             risks="- 先书面通知单位解除理由。\n- 结论以您所述的事实为准。")


def test_a_plain_note_has_no_finding() -> None:
    assert notecheck.findings(CLEAN, "老板拖了我三个月工资 我能走人要补偿吗", {}) == []


# -- each defect kind is found on the text ---------------------------------------------------------------------
def test_a_situation_the_facts_exclude_is_found() -> None:
    text = note("**要赔。孩子不满八周岁，推定园方有过错；8周岁以上的，家长要证明园方有过错园方才担责；"
                "打人孩子的家长也要赔。**")
    assert "other_situation" in kinds(text, "我儿子5岁 在幼儿园被小朋友咬伤了", {"age": 5})
    assert "other_situation" not in kinds(text, "我儿子11岁 在学校被同学咬伤了", {"age": 11})


def test_a_condition_a_yes_no_fact_denies_is_found_and_alternatives_count_together() -> None:
    values = {"registered": False, "cohabited": True}
    assert notecheck.excluded_clause("已经领证并共同生活的，一般不退；", values, False)
    assert notecheck.excluded_clause("办了结婚登记但没同居的，应当返还；", values, False)
    assert not notecheck.excluded_clause("没领证但一起住过的，酌情返还；", values, False)
    # 逃逸或者致二人死亡的: a client who stayed is not out of it while the other alternative may hold
    assert not notecheck.excluded_clause("逃逸或者致二人以上死亡的，三年以上；", {"fled_scene": False}, False)
    assert notecheck.excluded_clause("肇事后逃离现场的，三年以上；", {"fled_scene": False}, False)


def test_a_worked_example_the_client_never_gave_is_another_situation() -> None:
    text = note("**每月约 2,000 元。比如月收入8000元的，按25%约2000元。**")
    assert "other_situation" in kinds(text, "前夫月薪一万二 抚养费该给多少")
    assert "other_situation" not in kinds(text, "前夫月薪8000元 抚养费该给多少")


def test_bookkeeping_read_back_is_a_machine_phrase() -> None:
    text = note("**不用还。按您所说（借款用于赌博：是；出借人知情：是），赌债不受法律保护。**")
    assert "machine_phrase" in kinds(text)
    assert "machine_phrase" not in kinds(note(f"**不用还。{READ_BACK}“他拿去赌了”，赌债不受法律保护。**"))


@pytest.mark.parametrize("broken", ["**按您所述，补偿金为 依工作年限计算，每满一年一个月。**",
                                    "**可以。赔偿合计为 。**", "**可以，金额见（）。**"])
def test_a_slot_rendered_empty_or_with_words_is_found(broken: str) -> None:
    assert "empty_slot" in kinds(note(broken))


def test_a_figure_and_ordinary_words_are_no_empty_slot() -> None:
    fine = note("**按您所述，补偿金为 24,000 元（3 个月 × 8,000 元）。对方违约，构成违约。**")
    assert "empty_slot" not in kinds(fine)


def test_the_same_sentence_in_two_parts_is_a_repeat() -> None:
    same = "公司未经您同意调岗降薪的，您可以拒绝并要求按原岗位工资支付"
    text = note(f"1. （能拒绝吗）**可以。{same}。**\n2. （工资呢）**{same}。按原工资补足差额。**")
    assert "repeated" in kinds(text)


def test_two_evidence_lists_or_a_computed_date_again_in_the_steps_are_repeats() -> None:
    twice = note("**可以。**", steps="1. **证据**：借条。\n2. 起诉。\n3. **证据**：转账记录。")
    assert "repeated" in kinds(twice)
    dated = "按您所述自 2026年3月2日 起算，至 2029年3月2日 届满（尚余 825 天）。"
    again = note(f"**可以起诉。{dated}**", steps=f"1. **期限**：期限为三年；{dated}")
    assert "repeated" in kinds(again)


def test_a_confident_conclusion_beside_a_doubted_basis_is_a_split() -> None:
    basis = "说明：对应哪一法律问题把握不足，下列条文仅作参考，不作为结论的依据。"
    assert "confidence_split" in kinds(note("**不合法。单位不得克扣工资。**", basis=basis))
    stated = (f"**不合法。单位不得克扣工资。{ASSUMED}“克扣工资”的规则回答的；"
              "您的情况是否属于这一问题，请律师结合全部事实确认。**")
    assert "confidence_split" not in kinds(note(stated, basis=basis))
    assert "confidence_split" not in kinds(note("要看借款是否用于家庭生活，请告诉我。", basis=basis))  # not decided


def test_a_bracketed_premise_in_the_lead_is_a_hedge() -> None:
    text = note("**可以（前提是本问属于“房屋租赁押金”，这一点尚待确认）：押金应当退还。**")
    assert "premise_hedge" in kinds(text)


def test_a_risk_note_twice_in_other_words_is_found() -> None:
    risks = ("- 错过六十日才起诉：期间不能延长。\n- 错过六十日才起诉：这是除斥期间，不中断、不延长。\n"
             "- 结论以您所述的事实为准。")
    assert "risk_note" in kinds(note("**可以。**", risks=risks))


def test_a_double_negative_read_back_is_a_fact_misread() -> None:
    assert "fact_readback" in kinds(note("**可以。**", facts="没有同居：否（“住一块了”）；彩礼 60000。"))
    assert "fact_readback" not in kinds(note("**可以。**", facts="同居（“住一块了”）；彩礼 60000。"))


# -- each repair ---------------------------------------------------------------------------------------------------
def test_a_figure_that_opens_with_words_is_set_after_a_colon_and_one_without_a_number_is_not_said() -> None:
    assert figure_clause("经济补偿", "16,000 元（2 × 8,000 元）") == "按您所述，经济补偿为 16,000 元（2 × 8,000 元）"
    words_first = figure_clause("应继份", "配偶先分一半，其余三人均分：每人 1/6")
    assert words_first == "按您所述，应继份：配偶先分一半，其余三人均分：每人 1/6"
    assert figure_clause("返还比例", "按共同生活时间和彩礼数额酌定") == ""
    for said in (figure_clause("应继份", "配偶先分一半，每人 1/6"), figure_clause("补偿", "3,000 元")):
        assert not notecheck.empty_slots(said)


def test_the_read_back_is_in_words() -> None:
    readback = tidy_part("不用还。按您所说（借款用于赌博：是；出借人知情：否），赌债不受保护。", "", {})
    assert "按您所说" not in readback and "：是" not in readback
    assert readback.startswith(f"不用还。{READ_BACK}借款用于赌博、并非出借人知情，")
    assert denied("没有共同生活") == "共同生活" and denied("主动辞职") == "并非主动辞职"


def test_the_situations_the_facts_exclude_go_and_the_one_that_applies_leads() -> None:
    text = ("可以，要看情况。已经领证并共同生活的，一般不退；办了结婚登记但没同居的，应当返还；"
            "没领证但一起住过的，按共同生活时间酌情返还；没领证也没一起住的，应当全额返还。")
    out = tidy_part(text, "没领证 同居一年了 分手了 彩礼要退吗", {"registered": False, "cohabited": True})
    assert "已经领证" not in out and "没同居的" not in out and "没领证也没一起住" not in out
    assert out.startswith("可以，要看情况。没领证但一起住过的，按共同生活时间酌情返还")
    young = tidy_part("要赔。不满8周岁的，推定园方有过错；8周岁以上的，家长要证明园方有过错。", "女儿6岁 在幼儿园摔了",
                      {"age": 6})
    assert "8周岁以上" not in young and "推定园方有过错" in young


def test_a_part_does_not_repeat_what_an_earlier_part_said() -> None:
    first = "可以拒绝。公司未经您同意调岗降薪的，您可以拒绝并要求按原岗位工资支付。"
    later = tidy_part("按原工资补足。公司未经您同意调岗降薪的，您可以拒绝并要求按原岗位工资支付。差额可以仲裁。",
                      "", {}, [first])
    assert later == "按原工资补足。差额可以仲裁。"
    # a part asking how much keeps the figure it states, even when an earlier part said it too
    money = "按您所述，差额为 6,000 元（3 × 2,000 元）。"
    assert money in tidy_part(f"应当补足。{money}", "", {}, [f"可以拒绝。{money}"], measure=True)


def test_a_broken_sentence_is_dropped_not_the_answer() -> None:
    out = tidy_part("可以要回一部分。按您所述，返还比例为 已共同生活的，酌情确定。法院酌情确定比例。", "", {})
    assert out == "可以要回一部分。法院酌情确定比例。"


def test_a_doubted_conclusion_answers_first_and_states_its_assumption_after() -> None:
    from legal.cardfile import Card

    card = Card.__new__(Card)
    object.__setattr__(card, "title", "工资被克扣")
    doubt = "这一问也可能属于“罚款是否合法”，要看扣的是工资还是罚款；两者适用的条文不同"
    out = stated_assumption("不合法（前提是本问属于“工资被克扣”，这一点尚待确认）：单位不得克扣工资。", card, doubt)
    assert out.startswith("不合法：单位不得克扣工资。") and "前提是" not in out
    assert f"{ASSUMED}“工资被克扣”的规则回答的；如果您的情况属于“罚款是否合法”（要看扣的是工资还是罚款）" in out
    assert stated_assumption(out, card, doubt) == out  # said once


def test_one_evidence_list_and_no_step_twice() -> None:
    steps = ["**证据**：借条；转账记录。", "发律师函催告。", "**证据**：转账记录；聊天记录。", "发律师函催告。"]
    assert tidy_steps(steps, []) == ["**证据**：借条；转账记录；聊天记录。", "发律师函催告。"]
    fuller = tidy_steps(["**证据**：劳动合同；工资条。", "**证据**：劳动合同（岗位条款）；考勤。"], [])
    assert fuller == ["**证据**：工资条；劳动合同（岗位条款）；考勤。"]
    # a what-to-do conclusion's own steps stay in the next steps; a computed date already said does not
    assert tidy_steps(["发律师函催告。", "按您所述 2027年1月5日 前起诉。"],
                      ["发律师函催告。按您所述 2027年1月5日 前起诉。"]) == ["发律师函催告。"]


def test_a_risk_note_on_the_same_mistake_is_said_once_in_its_fuller_words() -> None:
    risks = ["错过六十日才起诉：期间不能延长", "先协商", "错过六十日才起诉：这是除斥期间，不中断、不延长"]
    assert tidy_risks(risks) == ["错过六十日才起诉：这是除斥期间，不中断、不延长", "先协商"]


def test_a_deadline_the_conclusion_computes_is_only_pointed_to_in_the_steps() -> None:
    found = deadline("labor_arbitration", start=date(2026, 10, 9), today=date(2026, 11, 27))
    assert found is not None and found.ends is not None
    full = deadline_step(found, "可以申请仲裁。")
    assert found.text() in full
    short = deadline_step(found, f"可以申请仲裁。{found.text()}。")
    assert found.text() not in short and "2027年10月" in short


def test_a_negated_fact_said_false_is_read_as_it_is() -> None:
    facts = Facts()
    facts.add("lived_apart", False, "住一块了")  # labelled 说明没有共同生活: said false, it is 共同生活
    line = _facts_line(facts, None, "没领证 住一块了")
    assert "：否" not in line and line == "共同生活（“住一块了”）"
    assert not notecheck.readback_faults(line)


def test_the_card_check_finds_a_read_back_a_repeat_and_a_risk_note_twice_in_card_texts() -> None:
    from types import SimpleNamespace

    said = "单位未依法缴纳社会保险费的，劳动者可以解除劳动合同并要求经济补偿。"
    answer = SimpleNamespace(conclusion=f"按您所说（未缴社保：是），可以。{said}{said}", cases=())
    bad = SimpleNamespace(slug="t.bad", answers={"yes_no": answer},
                          exceptions=("补缴之前先核对缴费记录：以社保局为准",),
                          mistakes=("补缴之前先核对缴费记录：以单位说法为准",))
    found = notecheck.card_findings([bad])
    assert any("machine_phrase" in f for f in found) and any("repeated" in f for f in found)
    assert any("risk_note" in f for f in found)
    good = SimpleNamespace(slug="t.good", answers={"yes_no": SimpleNamespace(conclusion=f"可以。{said}", cases=())},
                           exceptions=("先核对缴费记录",), mistakes=("只口头要求补缴",))
    assert notecheck.card_findings([good]) == []


def test_a_sentence_answering_a_later_part_leaves_the_earlier_part() -> None:
    from legal.composer import PartAnswer, answered_later

    fare = "寄回的运费一般由买家承担，商家包邮承诺的除外。"
    first = PartAnswer("能退吗", "yes_no", None, 0.9, text=f"能退。收货七日内商品完好的，可以无理由退货；{fare}")
    second = PartAnswer("运费谁出", "which", None, 0.9, text=fare)
    answered_later([first, second])
    assert first.text == "能退。收货七日内商品完好的，可以无理由退货。" and second.text == fare
    # a figure stays where it was first said, whatever a later part says
    money = "按您所述，可主张的利息为 6,000 元（本金 50,000 元 × 12%）。"
    how_much = PartAnswer("能要利息吗", "yes_no", None, 0.9, text=f"可以要，最多按年利率12%。{money}")
    again = PartAnswer("一年多少", "how_much", None, 0.9, text=money)
    answered_later([how_much, again])
    assert money in how_much.text


def test_a_bare_yes_or_no_keeps_the_sentence_that_answers_after_it() -> None:
    first = "可以辞退。员工严重违纪的，单位可以解除劳动合同，也不需要支付经济补偿。"
    later = tidy_part("不需要。员工严重违纪的，单位可以解除劳动合同，也不需要支付经济补偿。", "", {}, [first])
    assert later == "不需要。员工严重违纪的，单位可以解除劳动合同，也不需要支付经济补偿。"
