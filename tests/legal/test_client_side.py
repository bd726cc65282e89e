"""An answer from the client's side: next steps and evidence for the party asking (never the other
party's), no hedge inside the conclusion, and a facts line read back in the roles the answer used.
The questions are written here in several wordings; none is a tuning question."""

from __future__ import annotations

from datetime import date

import pytest

from legal.cardfile import CardFileError, parse_card
from legal.composer import compose, quoted
from legal.facts import extract_facts
from legal.matcher import CardScore, PartMatch
from legal.sides import SIDE_DEFAULTS, client_side, for_other_side, step_sides, steps_for

TODAY = date(2026, 11, 27)
NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]


def card(domain: str = "labor", asker: str = "", *, steps: tuple[str, ...] = (), evidence: tuple[str, ...] = (),
         sides: dict | None = None, conclusion: str = "可以。", qtype: str = "yes_no", **extra) -> object:
    raw = {
        "slug": f"t.{domain}", "title": "测试事项", "domain": domain, "summary": "测试。", "phrasings": NEUTRAL,
        "terms": ["测试"], "question_types": [qtype], "answers": {qtype: {"conclusion": conclusion}},
        "provisions": [{"law": "测试法", "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
        "next_steps": list(steps), "evidence": list(evidence), **extra,
    }
    if asker:
        raw["asker"] = asker
    if sides is not None:
        raw["sides"] = sides
    return parse_card(raw)


def answer(question: str, the_card: object, confidence: float = 0.95):
    match = PartMatch(question, [CardScore(the_card, 0.7, confidence)], True)
    return compose(question, [match], today=TODAY)


def steps_section(markdown: str) -> str:
    return markdown.split("### 下一步", 1)[1].split("###", 1)[0] if "### 下一步" in markdown else ""


WORKER_STEPS = ("向劳动人事争议仲裁委员会申请仲裁，要求单位支付违法解除赔偿金（自解除之日起一年内）",
                "也可以向劳动保障监察大队投诉")
WORKER_EVIDENCE = ("工资流水、社保记录", "与公司交涉的聊天记录")


# -- the acts only one side takes ------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "side"), [
    ("申请劳动仲裁，要求公司支付拖欠的加班费", "employee"),
    ("认为解除不当的，一年内申请仲裁，主张2N或继续履行", "employee"),
    ("到劳动监察大队投诉", "employee"),
    ("收到仲裁申请书副本后十日内提交答辩书", "employer"),
    ("先把规章制度向全体员工公示并让员工签收", "employer"),
    ("向法院申请支付令，督促对方还钱", "lender"),
    ("在诉讼中抗辩，超出部分主张冲抵本金", "borrower"),
    ("去派出所报案，索要受案回执", "victim"),
    ("尽快委托律师申请取保候审", "offender"),
    ("赔偿对方并取得被害人谅解", "offender"),
    ("书面要求房东退还押金", "tenant"),
    ("起诉租客要求腾房并支付欠租", "landlord"),
])
def test_a_step_is_typed_by_the_act_only_one_side_takes(line, side):
    assert side in step_sides(line)


@pytest.mark.parametrize(("line", "client", "other"), [
    ("申请劳动仲裁，要求公司支付二倍工资差额", "employer", True),
    ("申请劳动仲裁，要求公司支付二倍工资差额", "employee", False),
    ("在答辩期内提交答辩，主张超出部分冲抵本金", "lender", True),
    ("有诈骗迹象的，向公安机关报案", "borrower", True),   # a debtor said to have cheated is the accused
    ("有诈骗迹象的，向公安机关报案", "lender", False),
    ("委托辩护律师，争取取保候审", "victim", True),
    ("委托辩护律师，争取取保候审", "offender", False),
    ("到现场等候并主动报警、投案", "offender", False),  # surrendering names the accused's own act too
    ("保留聊天记录", "employer", False),                 # neither side's act: kept for both
])
def test_a_line_is_the_other_partys_only_when_it_names_his_act_and_none_of_the_clients(line, client, other):
    assert for_other_side(line, client) is other


# -- whose question it is ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "domain", "side"), [
    ("我们公司有个员工三天没来上班，能直接开除吗", "labor", "employer"),
    ("我是老板，店员偷拿收银台的钱，我能扣他工资吗", "labor", "employer"),
    ("我们店里一个员工打架被判刑了，能直接解除合同吗", "labor", "employer"),
    ("公司把我辞退了也不给补偿", "labor", "employee"),
    ("我是房东，租客拖了三个月房租", "real_estate", "landlord"),
    ("借给同事8千，他一直拖着不还", "debt", "lender"),
    ("借给朋友10个w，约定月息2分", "debt", "lender"),
    ("之前找朋友借了两万还不上，他说要告我诈骗", "criminal", "offender"),
    ("之前找朋友借了两万还不上，他说要告我诈骗", "debt", "borrower"),
    ("我弟弟被人打成轻伤，打人的会坐牢吗", "criminal", "victim"),
    ("我儿子被刑拘了，家里该怎么办", "criminal", "offender"),
    ("我老公喝了酒开车撞了人，会坐牢吗", "criminal", "offender"),
    ("我们公司签合同时单价写错了，能撤销吗", "contract", ""),   # a company in a sale is no employer
    ("我把车借给朋友开，他撞了人", "debt", ""),                 # a car lent, not money
    ("我作为消费者要求商家退款，商家不理", "consumer", ""),       # the consumer: the cards' own side
    ("我开的小超市，有个顾客要求我十倍赔偿", "consumer", "business"),
])
def test_the_client_side_is_read_from_the_question(question, domain, side):
    assert client_side(extract_facts(question, today=TODAY), question, domain) == side


# -- steps for the client's side -------------------------------------------------------------------------
@pytest.mark.parametrize("question", [
    "我们公司有个员工三天没来上班，我们把他辞退了，他说要去仲裁，我们该怎么办",
    "我是hr，员工要求我们支付二倍工资，公司要怎么应对",
    "我开了家饭店，厨师干了半年说要告我没签合同",
])
def test_an_employer_never_gets_the_workers_claim_steps(question):
    worker_card = card("labor", "employee", steps=WORKER_STEPS, evidence=WORKER_EVIDENCE)
    steps = steps_section(answer(question, worker_card).markdown)
    assert "要求单位支付" not in steps and "劳动保障监察" not in steps
    assert "答辩" in steps  # the employer's own step: answer the claim within the ten days


@pytest.mark.parametrize("question", [
    "公司把我开除了，一分钱没给，我该怎么办",
    "我在这家厂干了三年，老板突然不让我干了",
])
def test_the_worker_keeps_his_own_steps(question):
    worker_card = card("labor", "employee", steps=WORKER_STEPS, evidence=WORKER_EVIDENCE)
    steps = steps_section(answer(question, worker_card).markdown)
    assert "要求单位支付违法解除赔偿金" in steps and "工资流水" in steps


def test_a_card_s_own_steps_for_a_side_are_used_for_that_side():
    own = {"employer": {"next_steps": ["核对旷工的考勤记录和返岗通知的送达凭证"], "evidence": ["考勤记录"]}}
    worker_card = card("labor", "employee", steps=WORKER_STEPS, evidence=WORKER_EVIDENCE, sides=own)
    mine = steps_for(worker_card, "employer")
    assert mine.next_steps == ("核对旷工的考勤记录和返岗通知的送达凭证",) and mine.evidence == ("考勤记录",)
    assert steps_for(worker_card, "employee").next_steps == WORKER_STEPS


@pytest.mark.parametrize("question", [
    "我借给表哥十万块，他说利息按月息三分算，法院认吗",
    "朋友找我借了5万，约定年利率36%，我能全要回来吗",
])
def test_a_lender_is_not_told_the_borrowers_defence(question):
    rate_card = card("debt", "any", steps=("整理已付利息明细，超出部分主张冲抵本金，可在诉讼中抗辩",),
                     evidence=("借条或借款合同",))
    steps = steps_section(answer(question, rate_card).markdown)
    assert "抗辩" not in steps and "冲抵本金" not in steps
    assert "起诉" in steps and "借条或借款合同" in steps


@pytest.mark.parametrize("question", [
    "我老公被刑拘了，我们家属能做什么",
    "儿子涉嫌盗窃被抓了，家里该怎么办",
])
def test_a_suspects_family_never_gets_the_victims_steps(question):
    victim_card = card("criminal", "victim", steps=("向公安机关报案并索要受案回执", "提起附带民事诉讼要求赔偿"),
                       evidence=("伤情照片、病历",))
    steps = steps_section(answer(question, victim_card).markdown)
    assert "报案" not in steps and "附带民事" not in steps
    assert "辩护律师" in steps


@pytest.mark.parametrize("question", [
    "我爸被人打伤了，打人的会不会判刑",
    "我被邻居打成轻伤，他会坐牢吗",
])
def test_a_victim_asking_about_the_crime_gets_the_criminal_steps_first(question):
    injury_card = card("personal_injury", steps=("向法院起诉要求对方赔偿医疗费",), evidence=("医疗费票据",))
    steps = steps_section(answer(question, injury_card).markdown)
    assert steps.index("报案") < steps.index("向法院起诉")


@pytest.mark.parametrize("question", [
    "我们公司员工旷工被开除了，现在他说要仲裁，我们怎么办",
    "我是老板，员工说要去仲裁要赔偿，我该怎么处理",
])
def test_a_what_to_do_part_answers_with_the_clients_steps(question):
    worker_card = card("labor", "employee", steps=WORKER_STEPS, qtype="what_to_do",
                       conclusion="先固定证据，再向劳动仲裁委申请仲裁，要求单位支付赔偿金。")
    text = answer(question, worker_card).parts[0].text
    assert "要求单位支付" not in text and "答辩" in text


@pytest.mark.parametrize("question", [
    "我们公司上个月签的采购合同单价少写了一个零，能撤销吗",
    "我们单位和供应商的合同，对方不发货，怎么办",
])
def test_a_side_of_another_matter_leaves_the_cards_steps_alone(question):
    contract_card = card("contract", steps=("在一年内向法院起诉或申请仲裁，请求撤销合同并要求返还财产、赔偿损失",))
    assert "请求撤销合同并要求返还财产" in steps_section(answer(question, contract_card).markdown)


@pytest.mark.parametrize("question", [
    "我是开超市的，顾客买了过期的牛奶要求十倍赔偿，我该怎么办",
    "我在淘宝开了个网店，买家说衣服是假货要退一赔三",
    "有个职业打假的在我店里买了一堆过期零食，说要去投诉我",
])
def test_a_business_never_gets_the_consumers_complaint_steps(question):
    consumer_card = card("consumer", steps=("向商家要求退款并赔偿价款十倍", "拨打12315投诉或向消费者协会申请调解"),
                         evidence=("购物小票、商品照片",))
    steps = steps_section(answer(question, consumer_card).markdown)
    assert "12315" not in steps and "向商家要求" not in steps
    assert "进货" in steps and "购物小票" in steps


def test_no_side_in_the_words_keeps_the_cards_steps():
    worker_card = card("labor", "employee", steps=WORKER_STEPS)
    assert steps_for(worker_card, "") .next_steps == WORKER_STEPS
    assert all(steps_for(worker_card, side).next_steps for side in SIDE_DEFAULTS)


# -- the card file -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("sides", "message"), [
    ({"boss": {"next_steps": ["x"]}}, "not a side"),
    ({"any": {"next_steps": ["x"]}}, "not a side"),
    ({"employer": {"steps": ["x"]}}, "unknown key"),
    ({"employer": {}}, "needs evidence, next_steps or answers"),
    ({"employer": {"answers": {"maybe": "x"}}}, "answers must map"),
    ({"employer": {"next_steps": "x"}}, "list of strings"),
    ({"employer": ["x"]}, "must be a table"),
])
def test_the_loader_rejects_a_malformed_sides_table(sides, message):
    with pytest.raises(CardFileError, match=message):
        card("labor", "employee", steps=WORKER_STEPS, sides=sides)


# -- no hedge inside the conclusion ------------------------------------------------------------------------
@pytest.mark.parametrize("question", ["公司这样做合法吗", "单位能这样扣我工资吗", "这种情况我能要回来吗"])
def test_a_card_not_sure_enough_to_cite_still_answers_first_and_notes_it_with_the_basis(question):
    doubted = answer(question, card("labor", conclusion="不合法。单位不得克扣工资。"), confidence=0.3)
    part = doubted.parts[0]
    assert part.decided and part.note and part.citations() == []
    # the lead answers; the assumption its decision rests on follows it in words, and the note with the basis names
    # the same assumption (one confidence, docs/decisions/answers-read-as-a-note.md)
    assert part.text.startswith("不合法。") and "前提是" not in part.text
    assert "以上是按“" in part.text and "不作为结论" not in part.text
    head, basis = doubted.markdown.split("### 法律依据", 1)
    assert "把握不足" not in head and "不作为结论的依据" in basis and "上面的结论是按“" in basis


# -- facts read back in their roles ------------------------------------------------------------------------
def test_the_facts_line_reads_back_only_the_facts_the_answer_used():
    rent_card = card("real_estate", "any", elements=[{"text": "月租金", "fact": "monthly_rent", "ask": "月租多少？"}])
    question = "我是房东，押了两个月房租8000，月租4000，租客住了五个月就要走"
    facts_line = answer(question, rent_card).markdown.split("### 结合您的情况", 1)[1].split("###", 1)[0]
    assert "月租金 4000" in facts_line and "出租人" in facts_line
    assert "羁押" not in facts_line and "住院" not in facts_line and "landlord" not in facts_line


@pytest.mark.parametrize(("text", "question", "widened"), [
    ("才1", "孩子才1岁，离婚归谁", "才1岁"),
    ("4", "女儿4岁了", "4岁"),
    ("8200", "税前8200到手6500", "8200"),
    ("200", "月薪1200，加班不给钱", "1200"),
    ("税前8200", "税前8200元到手6500", "税前8200元"),
])
def test_a_quote_never_stops_inside_a_number(text, question, widened):
    assert quoted(text, question) == widened


@pytest.mark.parametrize("question", ["我们公司和供应商签的合同对方不发货，月租4000的仓库也空着",
                                      "我公司的员工借了客户的钱"])
def test_a_side_of_another_matter_is_not_read_back(question):
    # a company is no employer in a supply contract (its buyer's side, read in a contract matter, may be)
    contract_card = card("contract", elements=[{"text": "月租金", "fact": "monthly_rent", "ask": "月租多少？"}])
    markdown = answer(question, contract_card).markdown
    assert "提问方 用人单位" not in markdown and "提问方 劳动者" not in markdown and "提问方 出借人" not in markdown
