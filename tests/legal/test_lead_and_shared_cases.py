"""The first sentence answers what was asked, for the client's case (docs/decisions/answers-apply-the-case.md).

- ``cardlint.lead_fault``: the first clause of a conclusion carries its question type's answer form (a plain
  decision for yes/no and valid, a figure or what it needs for how much, a period for by when, a crime for which
  crime, a forum for where, a first act for what to do); the shipped cards all pass.
- ``composer.by_facts``: a case declared once on a card's yes/no or validity answer serves its other decision
  answers where they open with the same decision, and a what-to-do answer keeps its steps first.
- the cases written this session fire on wordings written here (not the tuning questions')."""

from datetime import date
from typing import Any

import pytest

from legal.cardfile import Card, parse_card, shipped_cards
from legal.cardlint import decision, first_clause, lead_fault, lead_findings
from legal.composer import compose
from legal.matcher import CardScore, PartMatch

TODAY = date(2026, 11, 28)
CARDS = {card.slug: card for card in shipped_cards()}


def _part(card: Card, text: str) -> tuple[str, str]:
    match = PartMatch(text, [CardScore(card, 1.0, 0.95, {"bigrams": 1.0})], True)
    part = compose(text, [match], today=TODAY).parts[0]
    return part.qtype, part.text


# -- the lead check ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("qtype", "text", "domain"), [
    ("yes_no", "根据民法典的规定，出租人应当履行租赁物的维修义务。", ""),                  # a rule first
    ("yes_no", "房屋非因承租人过错损坏的，由出租人维修；承租人弄坏的自负。", ""),          # the conditions first
    ("valid", "格式条款是当事人为了重复使用而预先拟定的条款，对方有提示义务。", ""),        # a definition
    ("how_much", "赔偿项目包括医疗费、护理费和交通费，以及误工损失。", ""),                # no figure
    ("how_much", "有约定的按约定。", ""),
    ("what_to_do", "依照劳动合同法，用人单位应当按时足额支付劳动报酬。", ""),              # a statement of law
    ("what_to_do", "用人单位拖欠工资属于违法行为，劳动者享有报酬请求权。", ""),
    ("which", "以暴力手段当场强行劫取他人财物的，属于抢劫罪。", "criminal"),              # the elements first
    ("which", "行为人主观上具有非法占有目的，客观上实施了欺骗行为。", "criminal"),         # no crime named
    ("which", "分三类：无效、可撤销和不成立。", "company"),                              # sorting the kinds
    ("by_when", "法院会尽快处理，请耐心等待。", ""),                                       # no period
    ("forum", "协商不成的话就只能走程序了。", ""),                                         # no forum
])
def test_a_first_clause_that_does_not_answer_its_type_is_flagged(qtype: str, text: str, domain: str) -> None:
    assert lead_fault(qtype, text, domain)


@pytest.mark.parametrize(("qtype", "text", "domain"), [
    ("yes_no", "可以。房东不修的，您可以自己修，费用由房东承担。", ""),
    ("yes_no", "不能（一般情形）：租期内房东不得单方收回房屋。", ""),
    ("yes_no", "要看损坏是谁造成的：老化的房东修，您弄坏的您修。", ""),
    ("valid", "公司这样做不合法，扣款没有法律依据。", ""),                                 # a short subject first
    ("valid", "有效（书面、签字确认的），但超过法定上限的部分无效。", ""),
    ("how_much", "按工作年限每满一年一个月工资计算：{result}。", ""),
    ("how_much", "需要知道您的月工资和工作年限才能算：每满一年一个月工资。", ""),
    ("how_much", "一般没有经济补偿：自己辞职的不付。", ""),
    ("by_when", "收到判决书之日起十五日内上诉：{deadline}。", ""),
    ("by_when", "没有截止期限，随时可以提出。", ""),
    ("which", "故意伤害罪（致人轻伤以上的）；只是轻微伤的，属于治安案件。", "criminal"),
    ("which", "由公司还（以公司名义借的）。", "debt"),
    ("forum", "向用人单位所在地的劳动人事争议仲裁委员会申请仲裁。", ""),
    ("what_to_do", "先保存聊天记录和转账凭证，再向法院起诉。", ""),
    ("what_to_do", "第一，书面通知房东维修；第二，保留发票。", ""),
])
def test_a_first_clause_in_the_types_answer_form_passes(qtype: str, text: str, domain: str) -> None:
    assert lead_fault(qtype, text, domain) == ""


def test_a_bracketed_condition_does_not_hide_the_answer_before_it() -> None:
    text = "要赔（孩子不满八周岁的，学校证明不了已尽职责就要赔）：八周岁以上的另说。"
    assert first_clause(text) == "要赔：八周岁以上的另说"
    assert decision("要赔（孩子不满八周岁的，推定学校有过错）。") is True
    assert decision("不是您的原因没成交的，能退。") is None  # a condition before the answer is no answer


def test_the_shipped_cards_all_lead_with_their_types_answer() -> None:
    assert [str(f) for f in lead_findings(list(CARDS.values()))] == []


# -- cases shared across one issue's decision answers ------------------------------------------------------------
PHRASINGS = ["租的房子东西坏了谁来修", "房东不给修热水器怎么办", "租房马桶坏了房东要管吗", "出租屋空调坏了要自己掏钱吗",
             "房东说坏了的东西租客自己修", "租的房子漏水房东不管"]
CASE_YES = {"when": [{"fact": "tenant_caused_damage", "op": "==", "value": 0}],
            "conclusion": "需要房东修：不是您弄坏的，维修义务在房东。"}
CASE_NO = {"when": [{"fact": "tenant_caused_damage", "op": "==", "value": 1}],
           "conclusion": "不需要房东修：是您自己弄坏的，由您修复或赔偿。"}


def repair_card(answers: dict[str, Any]) -> Card:
    return parse_card({
        "slug": "housing.test-repair", "title": "租赁房屋的维修", "domain": "real_estate",
        "summary": "租赁物非因承租人过错损坏的，由出租人维修。", "phrasings": PHRASINGS,
        "terms": ["维修", "租房", "房东"], "question_types": list(answers),
        "provisions": [{"law": "中华人民共和国民法典", "article": 712, "role": "controlling",
                        "decides": "出租人应当履行租赁物的维修义务", "keywords": ["维修义务"]}],
        "answers": answers,
    })


YES_NO = {"conclusion": "需要房东修（不是您弄坏的）：您弄坏的由您负责。东西是怎么坏的？", "cases": [CASE_YES, CASE_NO]}
STEPS = "第一，拍照并书面通知房东限期维修；第二，房东不修的，自己找人修并保留发票。"


def test_a_validity_part_takes_the_case_of_the_yes_no_answer_that_opens_with_the_same_decision() -> None:
    card = repair_card({"yes_no": YES_NO, "valid": {"conclusion": "需要房东修：维修义务原则上在房东。"}})
    qtype, text = _part(card, "出租屋的热水器是自然老化坏的，房东让我自己出钱修，这样合理吗")
    assert qtype == "valid"
    assert text.startswith("需要房东修：") and "维修义务在房东" in text


def test_a_validity_part_answered_by_the_yes_no_answer_takes_its_case() -> None:
    card = repair_card({"yes_no": YES_NO})
    _, text = _part(card, "门锁是我不小心弄坏的，房东叫我自己修，他说的对吗")
    assert text.startswith("不需要房东修")


def test_answers_opening_with_opposite_decisions_share_no_case() -> None:
    card = repair_card({"yes_no": YES_NO, "valid": {"conclusion": "不合法：房东推给租客的做法没有依据。"}})
    _, text = _part(card, "门锁是我不小心弄坏的，房东叫我自己修，他说的对吗")
    assert text.startswith("不合法")


def test_a_borrowed_case_that_does_not_open_with_a_decision_is_not_taken() -> None:
    rule_first = {"when": CASE_NO["when"], "conclusion": "承租人造成损坏的，由承租人维修。"}
    card = repair_card({"yes_no": {"conclusion": YES_NO["conclusion"], "cases": [rule_first]}, "valid": {
        "conclusion": "需要房东修：维修义务原则上在房东。"}})
    _, text = _part(card, "门锁是我不小心弄坏的，房东叫我自己修，这样合理吗")
    assert text.startswith("需要房东修：维修义务原则上在房东")


def test_a_yes_no_part_answered_by_a_validity_stand_in_takes_none_of_its_cases() -> None:
    valid = {"conclusion": "需要房东修：维修义务原则上在房东。", "cases": [CASE_NO]}
    card = repair_card({"valid": valid})
    _, text = _part(card, "门锁是我不小心弄坏的，押金还能全退吗")
    assert "由您修复或赔偿" not in text


def test_a_what_to_do_part_keeps_its_steps_first_and_adds_the_decision_on_the_facts() -> None:
    card = repair_card({"yes_no": YES_NO, "what_to_do": {"conclusion": STEPS}})
    _, text = _part(card, "出租屋的洗衣机用了好多年自然老化坏了，该怎么办")
    assert text.startswith("第一，拍照并书面通知房东")
    assert "维修义务在房东" in text and "结合您说的" in text


def test_a_case_turning_the_decision_leaves_the_steps_alone() -> None:
    card = repair_card({"yes_no": YES_NO, "what_to_do": {"conclusion": STEPS}})
    _, text = _part(card, "门锁是我不小心弄坏的，怎么办")
    assert text.startswith("第一，") and "由您修复或赔偿" not in text


# -- the cases written this session, in other wordings ---------------------------------------------------------------
@pytest.mark.parametrize(("slug", "question", "lead"), [
    ("labor.economic-compensation", "我是个人原因离职的，工作三年，经济补偿怎么算", "一般没有经济补偿"),
    ("labor.unlawful-dismissal", "我主动辞的职，单位的2N赔偿金能拿多少", "没有赔偿金"),
    ("debt.guarantee-period", "借款合同里写的担保人承担连带责任，到期后多久内要找他",
     "直接向保证人本人要求承担保证责任"),
    ("housing.second-landlord-and-group-rental",
     "房东知道二房东转租给我们的，一直没说什么，现在二房东跑路了，我还能住吗", "可以继续住"),
    ("housing.second-landlord-and-group-rental", "二房东是经过房东同意转租的，现在他卷钱跑了我还能住吗", "可以继续住"),
    ("criminal.theft", "在地铁上被人扒窃了钱包，对方算什么罪", "盗窃罪，不论偷了多少"),
    ("criminal.theft", "同事偷了公司800块钱，这是什么罪", "一般不构成犯罪"),
    ("family.marriage-registration", "女儿18岁要领证可以吗", "不可以，还没到法定婚龄"),
    ("personal_injury.compensation-calculation", "我老公被车撞死了能要求赔偿吗", "可以，死亡赔偿金和丧葬费"),
    ("personal_injury.compensation-calculation", "老人被撞后评了八级伤残，能要求赔偿吗",
     "可以，构成伤残的还有残疾赔偿金"),
    ("labor.no-fault-dismissal-n-plus-one", "我在产假期间单位以岗位取消为由跟我解除合同，这样合法吗", "不合法"),
    ("labor.economic-compensation", "因为个人原因离职的，单位应该给我经济补偿吗", "不需要（一般情形）"),
    ("housing.double-sale", "卖家一房二卖，已经给后面那个人办了过户，我该怎么办", "第一，到不动产登记中心查清过户"),
    ("housing.double-sale", "签了合同还没过户，房东又把房卖给了别人，怎么办", "第一，马上起诉卖家继续履行"),
    ("criminal.fraud", "朋友被人用假中奖信息骗走了两千块，对方是什么罪", "一般不构成诈骗罪"),
    ("debt.guarantee-period",
     "我给表哥的借款当了担保人，没约定保证期间，借款今年1月到期，债主一直没找过我，保证期间有多长", "不用还，只要"),
])
def test_a_new_case_fires_on_the_clients_facts(slug: str, question: str, lead: str) -> None:
    _, text = _part(CARDS[slug], question)
    assert lead in text[:60], text


def test_a_dismissal_in_pregnancy_is_counted_as_2n_not_n_plus_one() -> None:
    question = "怀孕三个月被单位以不胜任辞退，月工资7000，干了两年，能赔多少"
    _, text = _part(CARDS["labor.no-fault-dismissal-n-plus-one"], question)
    assert "28,000" in text and "2N" in text  # 7000 × 2 years × 2


def test_whose_cause_decides_what_comes_back_of_a_house_deposit() -> None:
    _, mine = _part(CARDS["housing.resale-deposit-dispute"], "看好的二手房交了3万定金，后来我不想买了，能退多少")
    _, over = _part(CARDS["housing.resale-deposit-dispute"], "卖家不卖了，我付了定金40万，总价150万，能拿回多少")
    assert "定金不退" in mine[:40]
    assert "300000元" in over and "预付款" in over  # only 20 % of the price is a deposit; the rest comes back as paid
