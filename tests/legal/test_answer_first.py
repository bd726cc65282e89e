"""Answers that read as a lawyer's note (docs/decisions/answers-read-as-a-note.md): the answer first, the reasons
after, each thing said once.

* a part asking by when, whose last day the facts compute, leads with that day (or with its having run), then
  the rule; the rule's own sentence is not repeated further in;
* a part asking how much, whose figure the facts compute, leads with the figure; the card's worked example with
  another's numbers is dropped beside it;
* a yes/no part adds no bare period its asking clause does not ask about.

The cards are built for the test; the expected days and figures come from the law's own rules."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

import pytest

from legal.cardfile import parse_card
from legal.composer import computed_first, deadline_lead, without_examples
from legal.focus import stated_first
from legal.matcher import CardScore, PartMatch
from legal.rules import calculate, deadline

TODAY = date(2026, 11, 27)
PHRASINGS = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def make_card(slug: str, answers: dict, *, domain: str = "labor") -> object:
    return parse_card({
        "slug": slug, "title": "测试事项", "domain": domain, "summary": "测试。", "phrasings": PHRASINGS,
        "terms": ["测试"], "question_types": list(answers), "answers": answers,
        "provisions": [{"law": f"测试法{slug}", "article": 1, "role": "controlling", "decides": "测试",
                        "keywords": ["测试"]}],
    })


def compose_parts(card: object, narrative: str, parts: Sequence[str]) -> list:
    from legal.composer import compose

    matches = [PartMatch(p, [CardScore(card, 1.0, 0.95, {"bigrams": 1.0})], True) for p in parts]
    return compose(narrative + "".join(parts), matches, today=TODAY).parts


# -- the last day first ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("start", "last"), [(date(2026, 11, 25), "2026年12月25日"),
                                             (date(2026, 11, 10), "2026年12月10日")])
def test_a_computed_last_day_leads_and_the_rule_is_said_once(start: date, last: str) -> None:
    found = deadline("legal_rep_replacement", start_event="法定代表人辞任之日", start=start, today=TODAY)
    assert found is not None and found.ends is not None
    card_words = f"公司应在三十日内确定新的法定代表人：{found.text()}。逾期不办的，可以起诉要求办理变更登记。"
    text = computed_first(card_words, "by_when", None, found)
    assert text.startswith(f"最晚 {last}（尚余")
    assert text.count("期限为") == 1 and text.count(last) == 1
    assert "可以起诉要求办理变更登记" in text  # the reasons and the next step stay, after the answer


def test_a_period_that_has_run_says_so_first() -> None:
    found = deadline("legal_rep_replacement", start_event="法定代表人辞任之日", start=date(2026, 9, 1), today=TODAY)
    assert found is not None and found.passed
    text = computed_first(f"{found.text()}。", "by_when", None, found)
    assert text.startswith("这一期限已于 2026年10月1日 届满。")
    assert "起算" in text and text.count("届满") == 1


def test_no_last_day_no_lead() -> None:
    found = deadline("legal_rep_replacement", start_event="法定代表人辞任之日", today=TODAY)
    assert deadline_lead(found) == ""
    words = "公司应在三十日内确定新的法定代表人。"
    assert computed_first(words, "by_when", None, found) == words


def test_a_yes_no_part_keeps_its_own_order() -> None:
    found = deadline("legal_rep_replacement", start_event="法定代表人辞任之日", start=date(2026, 11, 20), today=TODAY)
    words = f"可以。{found.text()}。"
    assert computed_first(words, "yes_no", None, found) == words


@pytest.mark.parametrize("asked", ["最晚哪天要办完变更？", "公司最迟什么时候得换人", "到哪天之前必须定新的法人啊"])
def test_by_when_parts_in_other_wordings_lead_with_the_day(asked: str) -> None:
    card = make_card("t.rep", {"by_when": {"conclusion": "公司应当在期限内确定新的法定代表人：{deadline}。",
                                           "deadline": "legal_rep_replacement", "start": "法定代表人辞任之日"}},
                     domain="company")
    part = compose_parts(card, "我11月10号就辞掉了公司法定代表人 公司到现在还不去变更 ", [asked])[0]
    if part.deadline is None or part.deadline.ends is None:
        pytest.fail(f"no last day computed for {asked!r}: {part.text}")
    assert part.text.startswith("最晚 2026年12月10日"), part.text
    assert part.text.count("期限为") == 1


# -- the figure first -----------------------------------------------------------------------------------------
def test_a_computed_figure_leads_and_is_stated_once() -> None:
    calculation = calculate("overtime_pay", {"monthly_wage": Decimal("4350"), "overtime_hours_workday": Decimal("44")})
    assert calculation.ok, calculation.missing
    figure = calculation.headline()
    card_words = (f"工作日延时按小时工资的150%支付：{figure}。例如月薪8700元、加班10小时，应付750元。"
                  "基数按劳动合同约定的工资。")
    text = computed_first(card_words, "how_much", calculation, None)
    assert text.startswith(f"按您所述，{calculation.result.name}为 {figure}。")
    assert text.count(figure) == 1
    assert "8700" not in text and "基数按劳动合同约定的工资" in text


def test_a_figure_template_emptied_leaves_no_stub() -> None:
    calculation = calculate("overtime_pay", {"monthly_wage": Decimal("4350"), "overtime_hours_workday": Decimal("44")})
    text = computed_first(f"按您提供的数据计算：{calculation.headline()}。", "how_much", calculation, None)
    assert "按您提供的数据计算" not in text and text.endswith("。")


@pytest.mark.parametrize("words", ["按月收入的20%计算：例如月收入10000元，约每月2000元；两个子女的可以提高。",
                                   "剩余刑期 = 判处刑期 − 折抵天数。比如判三年、已羁押200天，还需执行约三年减200天。"
                                   "取保不折抵。",
                                   "按日计算，譬如一天300元、十天即3000元；另有约定的从约定。"])
def test_worked_examples_are_dropped(words: str) -> None:
    text = without_examples(words)
    assert not any(w in text for w in ("例如", "比如", "譬如")) and "。。" not in text
    assert text.endswith("。") and len(text) < len(words)


def test_stated_first_keeps_a_text_that_already_leads_with_it() -> None:
    noted = "最晚 2026年12月1日。期限为三十日。"
    assert stated_first(noted, "最晚 2026年12月1日") == noted


# -- a hedge the facts decide --------------------------------------------------------------------------------
@pytest.mark.parametrize(("hedged", "head"), [("可以，视情况全部或部分返还。未登记又未同居的，应当返还。", "可以"),
                                              ("需要，具体要看双方约定。约定不明的按法定标准。", "需要"),
                                              ("不能，分情况处理。一般不支持。", "不能")])
def test_a_hedge_gives_way_to_the_figure_the_facts_compute(hedged: str, head: str) -> None:
    from legal.composer import decided_hedge

    added = "按您所述，返还数额为 50,000 元（应全额返还）。"
    text = decided_hedge(hedged, added)
    assert text.startswith(f"{head}。{added}")
    assert not any(w in text.split("。")[0] for w in ("视情况", "要看", "分情况"))


@pytest.mark.parametrize("hedged", ["可以，视情况全部或部分返还。", "不一定。看约定。"])
def test_a_hedge_stays_when_nothing_computed_decides_it(hedged: str) -> None:
    from legal.composer import decided_hedge

    assert decided_hedge(hedged, "") == hedged
    undecided = "按您所述，返还为 按共同生活时间酌定，没有固定比例。"
    assert decided_hedge(hedged, undecided) == hedged + undecided


# -- a step after a period that has run ---------------------------------------------------------------------
def test_a_run_period_with_a_step_still_ahead_leads_with_that_step() -> None:
    found = deadline("divorce_cooling_off", start_event="婚姻登记机关收到离婚登记申请之日", start=date(2026, 10, 15),
                     today=TODAY)
    assert found is not None and found.passed
    lead = deadline_lead(found, TODAY)
    assert lead.startswith("冷静期届满后三十日内双方须亲自到场申请发给离婚证，最晚 2026年12月14日。")
    assert "已于 2026年11月14日 届满" in lead


def test_a_last_day_on_a_rest_day_leads_with_the_nominal_day_and_states_the_extension() -> None:
    # issue 20: never moved past a weekend silently — the nominal day leads, the statutory extension beside it
    found = deadline("civil_appeal_judgment", start_event="一审判决书送达之日", start=date(2026, 11, 20), today=TODAY)
    assert found is not None and found.extended is not None
    lead = deadline_lead(found, TODAY)
    assert lead.startswith("最晚 2026年12月5日（2026年12月5日是周六；依民事诉讼法第八十五条")
    assert "即 2026年12月7日" in lead and "稳妥" in lead


# -- a later part the card does not answer is not handed a copy ------------------------------------------------
APPEAL = {"by_when": {"conclusion": "不服判决的，自送达之日起十五日内上诉：{deadline}。",
                      "deadline": "civil_appeal_judgment", "start": "一审判决书送达之日"}}


@pytest.mark.parametrize("later", ["上诉期间判决要不要先履行？", "我上诉了对方还能申请执行吗",
                                   "上诉以后是不是可以先不还钱"])
def test_a_later_part_of_another_type_is_not_given_the_earlier_parts_answer(later: str) -> None:
    card = make_card("t.appeal", APPEAL, domain="civil_procedure")
    first, second = compose_parts(card, "11月20日收到一审判决，判我还钱，我不服。", ["最晚哪天上诉？", later])
    assert first.decided and first.text.startswith("最晚 ")
    assert not second.decided and second.text != first.text
    assert "第1问" in second.text and not second.citations()


def test_a_later_part_of_the_same_type_keeps_its_answer() -> None:
    card = make_card("t.appeal", APPEAL, domain="civil_procedure")
    first, second = compose_parts(card, "11月20日收到一审判决，判我还钱，我不服。",
                                  ["最晚哪天上诉？", "上诉期限从哪天算起，多久？"])
    assert second.decided


# -- the facts line reads the client's facts back once, in their roles -------------------------------------------
def _facts(*items: tuple[str, object, str, str]) -> object:
    from legal.facts import Fact, Facts

    return Facts({name: Fact(name, value, text, label) for name, value, text, label in items})


@pytest.mark.parametrize(("question", "phrase", "said", "converted"), [
    ("我弟判了八个月，之前关了两个月", "判了八个月", ("sentence_months", 8, "刑期（月）"),
     ("sentence_days", Decimal("243"), "刑期（天）")),
    ("欠了我三个月工资没发", "欠了我三个月工资", ("arrears_months", 3, "欠付月数"),
     ("arrears_days", Decimal("90"), "欠付天数")),
])
def test_a_figure_converted_from_the_one_said_is_not_read_back(question: str, phrase: str, said: tuple,
                                                              converted: tuple) -> None:
    from legal.composer import _facts_line

    facts = _facts((converted[0], converted[1], phrase, converted[2]), (said[0], said[1], phrase, said[2]))
    line = _facts_line(facts, None, question)
    assert said[2] in line and converted[2] not in line


def test_one_phrase_in_two_roles_of_the_same_value_is_read_once() -> None:
    from legal.composer import _facts_line

    question = "买的时候总价80万，首付30万"
    facts = _facts(("contract_price", Decimal("800000"), "总价800000", "合同价款"),
                   ("purchase_price", Decimal("800000"), "总价800000", "购买价款"))
    line = _facts_line(facts, None, question)
    assert "合同价款" in line and "购买价款" not in line


@pytest.mark.parametrize(("label", "shown"), [("说明没有领证", "没有领证"), ("说明已经共同生活", "已经共同生活")])
def test_a_fact_said_true_reads_as_its_label(label: str, shown: str) -> None:
    from legal.composer import _facts_line

    line = _facts_line(_facts(("flag", True, "没领证", label)), None, "没领证也没住一起")
    assert line.startswith(f"{shown}（“没领证”）") and " 是" not in line


def test_words_the_client_did_not_write_are_not_quoted_and_a_start_the_answer_does_not_use_is_left_out() -> None:
    from legal.composer import _facts_line

    facts = _facts(("start_date", date(2026, 3, 10), "2026-03-10", "起算日"),
                   ("due_date", date(2026, 3, 20), "2026-03-10 起 10 日内履行", "还款期限"))
    line = _facts_line(facts, None, "判决是今年3月10号生效的，十日内还钱", starts={date(2026, 3, 20)})
    assert "起算日" not in line and "还款期限 2026年3月20日" in line and "“" not in line
    assert "起算日 2026年3月10日" in _facts_line(facts, None, "判决是今年3月10号生效的", starts={date(2026, 3, 10)})


# -- no bare period the asking clause does not ask about ---------------------------------------------------------
LOAN = {"yes_no": {"conclusion": "不构成（一般情形）：借款后还不上的，属于民事纠纷。"},
        "by_when": {"conclusion": "{deadline}。", "deadline": "civil_limitation",
                    "start": "知道或者应当知道权利受到损害以及义务人之日"}}


@pytest.mark.parametrize("asked", ["他现在天天说要告我诈骗，他告得成吗", "现在他说去报警抓我，警察会管吗",
                                   "如今对方说我这是骗钱，这算诈骗吗"])
def test_a_yes_no_part_not_asking_about_time_gets_no_bare_period(asked: str) -> None:
    card = make_card("t.loan", LOAN, domain="debt")
    part = compose_parts(card, "前年借了朋友五万开店，店亏了还不上。", [asked])[0]
    assert "期限为" not in part.text, part.text


@pytest.mark.parametrize("asked", ["他现在还能告我吗", "过了这么久还能起诉吗"])
def test_a_yes_no_part_asking_about_time_keeps_the_period(asked: str) -> None:
    card = make_card("t.loan", LOAN, domain="debt")
    part = compose_parts(card, "前年借了朋友五万开店，店亏了还不上。", [asked])[0]
    assert "期限为三年" in part.text, part.text


# -- the answer in the words of a part asking whether the other side need not ------------------------------------
@pytest.mark.parametrize(("asked", "text", "lead"), [
    ("他说打球受伤很正常，他不用赔吗", "不能（一般情形）。自甘风险的，不能要求对方赔偿。", "不用赔（一般情形）。"),
    ("店家说过了保修期，店家就不用修了吗", "可以要求修理：质量问题在三包期内的，经营者应当修理。",
     "要修。可以要求修理："),
    ("公司说我是自己辞职的，公司不需要补偿吗", "需要支付：被迫解除的，单位应当支付经济补偿。", "要补偿。需要支付："),
])
def test_an_ask_whether_the_other_side_need_not_is_answered_in_its_words(asked: str, text: str, lead: str) -> None:
    from legal.composer import other_need_not_lead

    assert other_need_not_lead(asked, text).startswith(lead)


def test_a_client_asking_for_himself_keeps_the_answer() -> None:
    from legal.composer import other_need_not_lead

    assert other_need_not_lead("我不用赔吗", "不能。") == "不能。"


# -- a later part of the same type led by the sentence about it, even in other words ------------------------------
VISIT = {"yes_no": {"conclusion": "不能直接见：侦查阶段家属一般不能会见，能会见的是辩护律师。"
                                  "衣物、生活费可以按看守所规定寄送、存入；判决生效后可以按规定探视。"}}


@pytest.mark.parametrize("later", ["能给他送东西吗", "可以送点钱进去吗", "衣服能不能送进去"])
def test_a_later_part_is_led_by_the_sentence_sharing_its_words(later: str) -> None:
    card = make_card("t.visit", VISIT, domain="criminal_procedure")
    first, second = compose_parts(card, "我哥被刑拘了。", ["家属能去看守所见他吗？", later])
    assert first.text.startswith("不能")
    assert second.text.startswith("可以。衣物、生活费可以按看守所规定寄送、存入"), second.text


# -- the rule applied to the minor's stated age, not every age listed ---------------------------------------------
SCHOOL = ("学校是否担责，看孩子的年龄和学校有无过错。不满8周岁的孩子在学校受伤的，推定学校有过错；"
          "8周岁以上的，须证明学校有过错学校才担责；被同学打伤的，由对方监护人赔。")


@pytest.mark.parametrize(("question", "kept", "gone"), [
    ("我家闺女6岁，在学校操场摔断了腿", "不满8周岁", "8周岁以上的"),
    ("儿子今年十二岁 上体育课被器材砸了", "8周岁以上的", "不满8周岁的孩子在学校受伤"),
])
def test_clauses_the_minors_age_fails_are_dropped(question: str, kept: str, gone: str) -> None:
    from legal.composer import age_applied
    from legal.facts import extract_facts

    text = age_applied(SCHOOL, extract_facts(question, today=TODAY), question)
    assert kept in text and gone not in text and "被同学打伤的" in text


@pytest.mark.parametrize("question", ["我今年35岁，在学校门口摔了", "学校门口摔了，没说年龄"])
def test_no_minor_or_no_age_leaves_the_clauses(question: str) -> None:
    from legal.composer import age_applied
    from legal.facts import extract_facts

    assert age_applied(SCHOOL, extract_facts(question, today=TODAY), question) == SCHOOL


# -- a part closing on a yes/no ask is not led by a date --------------------------------------------------------
GUARANTEE = {"by_when": {"conclusion": "没有约定的，保证期间为主债务到期之日起六个月：{deadline}。",
                         "deadline": "guarantee_period", "start": "主债务履行期限届满之日"}}


@pytest.mark.parametrize("asked", ["担保书上没写保证多长时间，借款2025年12月31日到期，他现在找我，我还得还吗",
                                   "借款2025年12月31日到期，当时也没约定多长时间的保证，现在债主找我，我要还吗"])
def test_a_part_closing_on_yes_no_keeps_its_order(asked: str) -> None:
    from legal.qtypes import final_ask_type, question_type

    assert final_ask_type(asked) == "yes_no"
    card = make_card("t.guarantee", GUARANTEE, domain="debt")
    part = compose_parts(card, "", [asked])[0]
    if question_type(asked) == "by_when":
        assert part.text.startswith("没有约定的"), part.text
    assert not part.text.startswith(("最晚", "这一期限")), part.text


# -- when may I: the day a barring period ends, not a last day -------------------------------------------------
@pytest.mark.parametrize("asked", ["我什么时候可以再起诉离婚", "要等多久才能再去法院告", "哪天以后才能重新起诉"])
def test_a_part_asking_when_it_may_act_is_answered_by_the_periods_end(asked: str) -> None:
    ran = deadline("separation_after_judgment", start_event="判决不准离婚之日", start=date(2025, 5, 20), today=TODAY)
    open_ = deadline("separation_after_judgment", start_event="判决不准离婚之日", start=date(2026, 5, 20), today=TODAY)
    if ran is None or open_ is None or ran.ends is None:
        pytest.fail("no six-month bar rule to test with")
    assert deadline_lead(ran, TODAY, asked).startswith("现在就可以：这一期限已于")
    lead = deadline_lead(open_, TODAY, asked)
    assert "届满后，自" in lead and "起就可以" in lead and not lead.startswith("最晚")
    # the first day the client may act is the day after the last barred day
    first = date.fromordinal(open_.ends.toordinal() + 1)
    assert f"自 {first.year}年{first.month}月{first.day}日 起就可以" in lead
    assert deadline_lead(open_, TODAY, "最晚哪天要起诉").startswith("最晚")


@pytest.mark.parametrize("asked", ["借了钱已经三年了，他不还，我能告他吗", "欠款都过了两年多，能起诉吗"])
def test_a_story_that_tells_elapsed_time_keeps_the_period(asked: str) -> None:
    card = make_card("t.loan", LOAN, domain="debt")
    part = compose_parts(card, "", [asked])[0]
    assert "期限为三年" in part.text, part.text


def test_a_may_act_lead_on_a_rest_day_names_both_days() -> None:
    found = deadline("civil_appeal_judgment", start_event="一审判决书送达之日", start=date(2026, 11, 20), today=TODAY)
    assert found is not None and found.extended is not None
    lead = deadline_lead(found, TODAY, "要等多久才能申请执行")
    assert "2026年12月7日" in lead and "2026年12月5日" in lead
