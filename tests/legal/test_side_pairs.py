"""The client's side in the matters beyond work, tenancy, loans and crime: the family that gave a betrothal
gift and the family that received it, the seller and the buyer, the party asked to refund and the party
asking, the spouse who holds the house in a divorce and the spouse claiming a share, the insurer and the
insured. Each pair is read both ways from how clients tell it, only in the matters where it opposes
(a 我工资 in a family question is the payer's income, not a worker's), and types steps and risk notes by
the acts only one side takes; among neighbouring cards the one written for the client's side comes first.
Every wording here is written for these tests; none is a tuning question."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import numpy as np
import pytest

from legal.cardfile import CardFileError, parse_card
from legal.composer import compose
from legal.facts import SIDE_LABELS, SIDES, extract_facts, side, sides_said
from legal.matcher import CardScore, Matcher, PartMatch, _asker, _own_side_first
from legal.sides import (
    ACTS,
    OPPOSITE,
    SIDE_AREAS,
    SIDE_DEFAULTS,
    client_side,
    for_other_side,
    own_clauses,
    risks_for,
    step_sides,
    steps_for,
)

TODAY = date(2026, 11, 27)
NEUTRAL = ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"]
NEW_PAIRS = (("gift_giver", "gift_receiver"), ("seller", "buyer"), ("refund_payer", "refund_claimant"),
             ("holder_spouse", "claimant_spouse"), ("insurer", "insured"))


def card(domain: str, asker: str = "", *, steps: Sequence[str] = (), evidence: Sequence[str] = (),
         exceptions: Sequence[str] = (), mistakes: Sequence[str] = (), sides: dict | None = None,
         slug: str = "", phrasings: Sequence[str] = NEUTRAL, law: str = "测试法") -> object:
    raw = {
        "slug": slug or f"t.{domain}", "title": "测试事项", "domain": domain, "summary": "测试。",
        "phrasings": list(phrasings), "terms": ["测试"], "question_types": ["yes_no"],
        "answers": {"yes_no": {"conclusion": "可以。"}},
        "provisions": [{"law": law, "article": 1, "role": "controlling", "decides": "测试", "keywords": ["测试"]}],
        "next_steps": list(steps), "evidence": list(evidence), "exceptions": list(exceptions),
        "mistakes": list(mistakes),
    }
    if asker:
        raw["asker"] = asker
    if sides is not None:
        raw["sides"] = sides
    return parse_card(raw)


def answer(question: str, the_card: object) -> str:
    match = PartMatch(question, [CardScore(the_card, 0.7, 0.95)], True)
    return compose(question, [match], today=TODAY).markdown


def section(markdown: str, title: str) -> str:
    return markdown.split(f"### {title}", 1)[1].split("###", 1)[0] if f"### {title}" in markdown else ""


def read(question: str, domain: str) -> str:
    return client_side(extract_facts(question, today=TODAY), question, domain)


# -- every pair is a pair, with a label, a matter, acts and a default -------------------------------------
@pytest.mark.parametrize(("one", "other"), NEW_PAIRS)
def test_each_new_pair_is_complete(one, other):
    assert SIDES[one] == other and SIDES[other] == one and OPPOSITE[one] == other
    for name in (one, other):
        assert SIDE_LABELS[name] and SIDE_AREAS[name] == SIDE_AREAS[SIDES[name]]
        assert name in ACTS and SIDE_DEFAULTS[name].evidence and SIDE_DEFAULTS[name].next_steps
        # each side's own default steps are never the other side's
        assert not any(for_other_side(step, name) for step in SIDE_DEFAULTS[name].next_steps)


# -- each pair read both ways, in many wordings -------------------------------------------------------------
@pytest.mark.parametrize(("question", "domain", "expected"), [
    # the family that received the betrothal gift
    ("去年定亲时他家送了十二万彩礼，现在女儿不想嫁了，男方家天天上门让我们退钱", "marriage_family", "gift_receiver"),
    ("我们家收了对方八万八的彩礼，婚没结成，人家要求全部退回，我们必须全退吗", "marriage_family", "gift_receiver"),
    ("前男友家给的彩礼钱已经办酒花掉了，他家起诉要我们返还，还要退多少", "marriage_family", "gift_receiver"),
    ("我是女方，订婚收了六万六彩礼，后来男方悔婚了，彩礼我们要退吗", "marriage_family", "gift_receiver"),
    # the family that gave it
    ("我们给了女方十五万彩礼，结果没领证她就跟别人好了，能要回来吗", "marriage_family", "gift_giver"),
    ("儿子订婚时我家出了二十万聘礼，现在女方家收了钱不结婚也不退", "marriage_family", "gift_giver"),
    ("彩礼给了快一年了，女方说感情不和要分手，这钱我们能讨回吗", "marriage_family", "gift_giver"),
    ("定亲那会儿给了她家五万块，婚还没结她就变卦了，钱能要回来吗", "marriage_family", "gift_giver"),
    ("订婚时男方家送了六万六，后来他们家反悔了，现在要我们全退", "marriage_family", "gift_receiver"),
    # the seller
    ("我把老家的房子卖给了一个外地人，现在房价涨了我不想过户了", "real_estate", "seller"),
    ("买我车的人开了三个月说发动机有毛病，要我退钱", "contract", "seller"),
    ("我们厂发了一批配件过去，对方一直拖着货款不给，还说质量不行", "contract", "seller"),
    ("我是卖家，买家收货后一个月才说型号不对", "contract", "seller"),
    # the buyer
    ("我们在郊区买了一套二手房，交房后发现卫生间一直渗水，原房主说不知道", "real_estate", "buyer"),
    ("从车商那里买了辆二手车，后来查出是泡水车，车商说售出不退", "contract", "buyer"),
    ("卖家收了定金后反悔不卖了，说有人出价更高", "real_estate", "buyer"),
    ("我是买方，开发商一直拖着不交房", "real_estate", "buyer"),
    # the party asked to refund, and the party asking
    ("学员上了一半课说不想学了，闹着要退款，我们必须全退吗", "contract", "refund_payer"),
    ("客户交了五千预付款，我们已经采购了材料，他现在要求我们全额退还", "contract", "refund_payer"),
    ("装修公司收了我两万定金，一直没开工，我能要回定金吗", "contract", "refund_claimant"),
    ("手机转账转错了三千块给陌生人，对方不肯退给我", "general", "refund_claimant"),
    # the spouse who holds the house, and the spouse claiming a share
    ("房产证上只写了我的名字，是我婚前买的，离婚时老婆要分一半", "marriage_family", "holder_spouse"),
    ("我爸妈给我出了首付，婚后房贷两个人一起还，现在闹离婚，她说要平分", "marriage_family", "holder_spouse"),
    ("老婆婚前全款买的房，婚后我们一起装修，离婚我能分到多少", "marriage_family", "claimant_spouse"),
    ("房本写的是他一个人的名字，可婚后十年的房贷都是我工资还的，离婚能不能多分", "marriage_family", "claimant_spouse"),
    # the insurer, and the insured
    ("我们保险公司承保的一辆车出了事故，事后查出司机是酒驾，能不能拒赔", "traffic_accident", "insurer"),
    ("我是保险公司的理赔员，投保人隐瞒了车辆跑网约车，出险后还起诉我们", "traffic_accident", "insurer"),
    ("出了车祸，保险公司说我的驾照过期了不给赔", "traffic_accident", "insured"),
    ("我买了商业三者险，撞了人，保险公司以免责条款拒赔", "traffic_accident", "insured"),
])
def test_each_side_is_read_from_how_clients_tell_it(question, domain, expected):
    assert read(question, domain) == expected


@pytest.mark.parametrize(("question", "domain"), [
    ("我们给了女方十五万彩礼，结果没领证她就跟别人好了，能要回来吗", "labor"),          # a gift is no work matter
    ("我把老家的房子卖给了一个外地人，现在房价涨了我不想过户了", "marriage_family"),
    ("房产证上只写了我的名字，是我婚前买的，离婚时老婆要分一半", "real_estate"),
    ("出了车祸，保险公司说我的驾照过期了不给赔", "criminal"),
])
def test_a_side_is_read_only_in_the_matters_where_its_pair_opposes(question, domain):
    assert read(question, domain) == ""


@pytest.mark.parametrize(("question", "absent"), [
    ("我妈前年走了，没留遗嘱，老房子是爸妈婚后买的，我们兄妹三个这房子我能分多少", "claimant_spouse"),
    ("一家公司欠我们货款六十万，拖了一年多", "employee"),
])
def test_words_of_another_matter_tell_no_side_of_this_pair(question, absent):
    assert absent not in dict(sides_said(question))
    assert read(question, "marriage_family") != absent  # the whole reading, the estate's figures too


def test_a_company_that_owes_for_goods_makes_the_client_its_seller():
    assert dict(sides_said("一家公司欠我们货款六十万，拖了一年多")).get("seller")


def test_a_tenant_told_the_house_was_sold_is_no_buyer():
    told = dict(sides_said("租的房子还没到期，房东说房子卖了，新房东让我月底前搬走"))
    assert "tenant" in told and "buyer" not in told and "seller" not in told


def test_one_side_of_each_pair_is_read():
    said = [name for name, _ in sides_said("男方家要我们退彩礼，可我们家也给了他们家三金")]
    assert said.count("gift_receiver") + said.count("gift_giver") == 1


# -- a wage in a family matter is the payer's income, not a worker's --------------------------------------
@pytest.mark.parametrize("question", [
    "我工资一个月六千，离婚后孩子跟她，抚养费一个月给多少合适",
    "我的工资卡一直在老婆手里，现在要离婚，婚后存款怎么分",
    "我月工资九千五，前妻起诉要求增加抚养费到三千，法院会支持吗",
])
def test_a_wage_in_a_family_matter_is_no_employee(question):
    assert read(question, "marriage_family") == ""
    assert "劳动者" not in answer(question, card("marriage_family", steps=("与对方协商抚养费数额",)))


@pytest.mark.parametrize("question", [
    "我工资八千多，订婚时男方给了十万彩礼，现在他家找我们退，我们必须退吗",
    "我工资不高，男方家里要我们把彩礼全部退回去",
])
def test_a_wage_beside_another_side_leaves_that_side(question):
    assert side(question)[0] == "gift_receiver"
    assert read(question, "marriage_family") == "gift_receiver"
    facts_line = section(answer(question, card("marriage_family", steps=("与对方协商",))), "结合您的情况")
    assert "收受彩礼一方" in facts_line and "劳动者" not in facts_line


@pytest.mark.parametrize(("question", "domain", "label"), [
    ("出了车祸，保险公司说我酒驾了不赔，我能起诉保险公司吗", "traffic_accident", "投保人或被保险人"),
    ("我酒驾被抓了急用钱，我把车卖给了朋友，他现在说车有毛病要退", "contract", "出卖人（卖方）"),
])
def test_the_side_read_back_is_the_one_of_the_matter_answered(question, domain, label):
    facts_line = section(answer(question, card(domain, steps=("与对方协商",))), "结合您的情况")
    assert f"提问方 {label}" in facts_line


def test_a_bare_wage_still_tells_a_worker_in_a_work_matter():
    assert read("我工资三个月没发了，能去哪里告", "labor") == "employee"


# -- steps and risk notes typed by side ---------------------------------------------------------------------
@pytest.mark.parametrize(("line", "name"), [
    ("协商不成的，以婚约财产纠纷向被告住所地基层人民法院起诉", "gift_giver"),
    ("对方起诉的，提交嫁妆清单和用于筹办婚礼的支出凭证", "gift_receiver"),
    ("书面催告买方限期付款并保留送达凭证", "seller"),
    ("在检验期内书面通知卖方质量问题，要求退货或减价", "buyer"),
    ("可依约扣除已发生的费用后退还余款", "refund_payer"),
    ("向法院起诉要求对方返还预付款", "refund_claimant"),
    ("提交婚前首付凭证，证明房屋为个人财产", "holder_spouse"),
    ("在离婚诉讼中主张共同还贷部分的补偿，并申请法院调查对方银行账户", "claimant_spouse"),
    ("赔付后在赔偿范围内向侵权人追偿", "insurer"),
    ("向保险公司提出理赔申请，被拒的可以投诉到金融监管部门", "insured"),
])
def test_a_step_of_each_new_side_is_typed_by_its_act(line, name):
    assert name in step_sides(line)
    assert for_other_side(line, SIDES[name]) and not for_other_side(line, name)


GIVER_CARD = dict(
    steps=("协商不成的，以婚约财产纠纷向被告住所地基层人民法院起诉",),
    evidence=("转账记录和收条",),
    exceptions=("节日给的小额红包不属于彩礼",),
    mistakes=("以为起诉要求返还彩礼就一定全额支持：共同生活过的只能酌情返还",),
)


def test_the_receiving_family_is_not_told_the_giving_family_s_steps_or_notes():
    gift = card("marriage_family", **GIVER_CARD)
    mine = steps_for(gift, "gift_receiver")
    assert not any("婚约财产纠纷" in s for s in mine.next_steps)
    assert mine.next_steps == SIDE_DEFAULTS["gift_receiver"].next_steps
    risks = risks_for(gift, "gift_receiver")
    assert "节日给的小额红包不属于彩礼" in risks and not any("要求返还彩礼" in r for r in risks)
    # the giving family keeps all of them
    assert risks_for(gift, "gift_giver") == (*GIVER_CARD["exceptions"], *GIVER_CARD["mistakes"])


def test_a_side_table_s_risks_come_first_for_that_side_only():
    sides = {"gift_receiver": {"next_steps": ["核对实际收到的数额"], "risks": ["未共同生活的，一般应当返还"]}}
    gift = card("marriage_family", sides=sides, **GIVER_CARD)
    assert risks_for(gift, "gift_receiver")[0] == "未共同生活的，一般应当返还"
    assert "未共同生活的，一般应当返还" not in risks_for(gift, "gift_giver")


def test_the_loader_rejects_a_side_table_key_it_does_not_know():
    with pytest.raises(CardFileError, match="unknown key"):
        card("marriage_family", sides={"gift_giver": {"next_steps": ["x"], "warnings": ["y"]}})


@pytest.mark.parametrize(("question", "kept", "dropped"), [
    ("老公婚前买的房子写他的名字，婚后一起还贷，离婚我能分多少", "共同还贷", "婚前首付凭证"),
    ("房本只写了我的名字，是我婚前付的首付，她说离婚要分一半", "婚前首付凭证", "申请法院调查"),
])
def test_a_divorce_answer_gives_the_client_s_own_steps(question, kept, dropped):
    # a family card (its area is what the topic filter compares): its own steps are never another area's topic
    split = card("marriage_family", slug="family.test-house-split", steps=(
        "提交婚前首付凭证，证明房屋为个人财产",
        "主张婚后共同还贷部分及对应增值的补偿，申请法院调查对方名下存款",
    ))
    steps = section(answer(question, split), "下一步")
    assert kept in steps and dropped not in steps


def test_a_seller_is_not_told_the_buyer_s_steps_nor_warned_with_his_notes():
    sale = card("real_estate", steps=("在检验期内书面通知卖方质量问题，要求退货或减价",),
                exceptions=("买方签约时已经知道的瑕疵，不能再主张",),
                mistakes=("拖到过了检验期才通知卖方：视为质量合格",))
    markdown = answer("我把房子卖给了一对小夫妻，交房半年后他们说墙体开裂要我赔", sale)
    assert "要求退货或减价" not in section(markdown, "下一步")
    assert SIDE_DEFAULTS["seller"].next_steps[0][:12] in section(markdown, "下一步")
    risks = section(markdown, "风险提示")
    assert "买方签约时已经知道的瑕疵" in risks and "拖到过了检验期才通知卖方" not in risks


def test_a_step_joining_both_sides_keeps_only_the_client_s_clause():
    line = "被害人向公安机关报案并提交转账记录；嫌疑人一方应尽早退赃退赔、争取谅解"
    assert own_clauses(line, "offender") == "嫌疑人一方应尽早退赃退赔、争取谅解"
    assert own_clauses(line, "victim") == "被害人向公安机关报案并提交转账记录"
    both = card("criminal", steps=(line,))
    assert steps_for(both, "offender").next_steps == ("嫌疑人一方应尽早退赃退赔、争取谅解",)


# -- the sibling step ---------------------------------------------------------------------------------------
class FlatEmbedder:
    """One vector for every text: the cards differ only by their words and their sides."""

    backend = "flat"
    model = "flat"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def _sibling(slug: str, asker: str, phrasings: list[str]) -> object:
    return card("real_estate", asker, slug=slug, phrasings=[*phrasings, *NEUTRAL[:4]], law="测试租赁法")


TENANT_CARD = _sibling("housing.t-deposit-tenant", "tenant",
                       ["押金不退怎么办", "退租押金被扣了", "押金被克扣能要回吗"])
LANDLORD_CARD = _sibling("housing.t-deposit-landlord", "landlord",
                         ["扣押金合法吗", "房屋损坏能扣押金吗", "押金扣多少合理"])


def _scored(tenant: float, landlord: float, tenant_side: float, own: float) -> list[CardScore]:
    return [CardScore(TENANT_CARD, tenant, signals={"agreement": 0.0, "side": tenant_side, "own_side": 0.0}),
            CardScore(LANDLORD_CARD, landlord, signals={"agreement": 0.0, "side": 0.0, "own_side": own})]


def test_a_sibling_for_the_opposite_side_moves_below_the_client_s_own():
    moved = _own_side_first(_scored(1.2, 1.1, -1.0, 1.0), [0, 1])
    assert moved[0].score < moved[1].score and moved[0].signals["own_side_step"] == 1.0


@pytest.mark.parametrize(("tenant_side", "own"), [(0.0, 1.0), (-1.0, 0.0)])
def test_the_step_needs_both_an_opposite_sibling_and_one_for_the_client(tenant_side, own):
    row = _scored(1.2, 1.1, tenant_side, own)
    assert [s.score for s in _own_side_first(row, [0, 1])] == [1.2, 1.1]


def test_the_step_acts_only_among_the_family():
    row = _scored(1.2, 1.1, -1.0, 1.0)
    assert [s.score for s in _own_side_first(row, [0])] == [1.2, 1.1]


@pytest.mark.parametrize("question", [
    "我是房东，租客退房时把地板泡坏了，押金不退可以吗",
    "我家房子出租给一对情侣，他们搬走时墙上全是钉眼，押金能扣多少",
    "租客拖了两个月房租才走，押金我能不能直接扣掉",
])
def test_a_landlord_s_question_lands_on_the_landlord_s_sibling(question):
    matcher = Matcher([TENANT_CARD, LANDLORD_CARD], embedder=FlatEmbedder())
    assert matcher.siblings(0, 1)
    ranked = matcher.match(question)[0].scores
    assert ranked[0].card.slug == "housing.t-deposit-landlord"


@pytest.mark.parametrize("question", [
    "我租的房子退租了，房东以墙面发黄为由扣了一半押金",
    "房东说我养猫把沙发抓坏了，押金不退，我能要回来吗",
])
def test_a_tenant_s_question_lands_on_the_tenant_s_sibling(question):
    matcher = Matcher([TENANT_CARD, LANDLORD_CARD], embedder=FlatEmbedder())
    assert matcher.match(question)[0].scores[0].card.slug == "housing.t-deposit-tenant"


def test_the_client_s_side_for_a_card_is_the_one_of_its_matter():
    said = [("employee", "我工资"), ("gift_receiver", "男方家要我们退")]
    assert _asker(said, "marriage_family") == "gift_receiver"
    assert _asker(said, "labor") == "employee"
    assert _asker(said, "tort") == "employee"  # no side of that matter: the first told, as before
    assert _asker([], "labor") == ""
