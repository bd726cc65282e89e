"""Risks of the party that performs — the lessor, the maker, the consultant — read by construction (issue 21):
its defences barred, an exception that keeps only the other side's intent, money it paid kept whole, an
amount whose words and figures disagree, the other side's at-will exit (退租), a lien waived, payment waiting
on a third party."""

from __future__ import annotations

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook import facts as reader
from contracts.types import SectionDraft

STARTER = starter_rules()
LEASE = "出租方：某某机械租赁有限公司\n承租方：某某建设工程有限公司"
#: One rule reads the risk of the other side's defective supplies.
SUPPLIED = {"supplied-defects-shifted"}


def _codes(contract_type: str, clause: str, side: str, preamble: str = LEASE) -> set[str]:
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1),
                SectionDraft(order=2, kind="clause", number="1", title="", text=clause, para_start=2, para_end=2)]
    return {f.rule_code for f in contract_findings(sections, contract_type, STARTER, side=side) if f.section_order == 2}


def test_an_amount_whose_words_and_figures_disagree_is_a_fact():
    (m,) = reader.read_clause("住宅物业费为每月每平方米人民币贰元叁角（¥3.20）。").mismatches
    assert (m.amount, m.restated) == (2.3, 3.2)
    assert not reader.read_clause("暂定租金总额为人民币壹佰壹拾万零肆仟元整（¥1,104,000.00）。").mismatches
    assert "amount-words-figures-differ" in _codes("lease", "1．月租金为人民币叁万元整（¥38,000.00）。", "出租方")


def test_our_defences_barred_while_the_other_side_does_not_pay():
    clause = "19．租赁期内，出租方不得以任何理由（包括承租方欠付租金）停机、撤场或者撤回设备。"
    assert "fact-defence-excluded" in _codes("lease", clause, "出租方")
    assert "fact-defence-excluded" not in _codes("lease", clause, "承租方")


def test_an_exception_keeping_only_intent_exempts_gross_negligence():
    clause = "14．租赁期间，设备发生毁损、灭失的，除承租方故意造成的以外，由出租方自行承担。"
    assert "carveout-that-exempts" in _codes("lease", clause, "出租方")
    assert "carveout-that-exempts" not in _codes("lease", clause, "承租方")
    fair = "14．租赁期间，设备发生毁损、灭失的，除承租方故意或者重大过失造成的以外，由出租方自行承担。"
    assert "carveout-that-exempts" not in _codes("lease", fair, "出租方")


HOME = "发包人（甲方）：张某\n承包人（乙方）：某某装饰工程有限公司"


def test_money_we_paid_kept_whole_is_a_penalty_in_disguise():
    clause = "12．甲方在开工前解除合同的，已支付的首期款不予退还。"
    assert "paid-sums-forfeited-on-termination" in _codes("construction", clause, "甲方", HOME)
    assert "paid-sums-forfeited-on-termination" not in _codes("construction", clause, "乙方", HOME)
    spent = "12．甲方解除合同的，已消耗的服务费不予退还，未消耗部分按实际余额退还。"
    assert "paid-sums-forfeited-on-termination" not in _codes("construction", spent, "甲方", HOME)


def test_the_other_sides_exit_at_will_and_our_payment_on_a_third_party():
    exit_ = "20．承租方可根据工程进度随时书面通知出租方退租，按实际使用天数结算租金，无需支付任何补偿。"
    # the at-will rule and the cross-family one-sided-notice rule read one risk here: one of them speaks
    assert {"fact-terminate-at-will", "terminate-on-notice-one-side"} & _codes("lease", exit_, "出租方")
    paid = "18．承租方在收到建设单位支付的相应工程进度款后，向出租方支付已结算租金的百分之七十。"
    assert "payment-on-third-party-condition" in _codes("lease", paid, "出租方")
    assert "payment-on-third-party-condition" not in _codes("lease", paid, "承租方")


def test_a_lien_waived_in_many_words_is_waived():
    work = "定作方：某某装备有限公司（以下简称甲方）\n承揽方：某某精密机械有限公司（以下简称乙方）"
    clause = "七、乙方确认放弃对本合同项下全部工作成果及定作方提供主材的留置权。"
    assert "lien-waived-in-advance" in _codes("work", clause, "乙方（承揽方）", work)


CONSULT = "委托方：某某水务有限公司（以下简称甲方）\n受托方：某某环境技术有限公司（以下简称乙方）"


def test_the_other_sides_own_supply_defects_and_conditions_it_controls():
    data = "第四条 甲方提供的资料不足或者有误的，乙方应自行补充调查和检测，费用由乙方承担，履行期限不予顺延。"
    assert SUPPLIED & _codes("tech_service", data, "乙方（受托方）", CONSULT)
    assert not SUPPLIED & _codes("tech_service", data, "甲方（委托方）", CONSULT)
    silent = "第六条 甲方未在收到咨询报告后十五日内提出书面异议的，不视为验收合格。"
    assert "acceptance-never-deemed" in _codes("tech_service", silent, "乙方（受托方）", CONSULT)
    group = "第五条 尾款在出水稳定达标并经甲方上级集团组织验收通过后支付。"
    assert "payment-on-third-party-condition" in _codes("tech_service", group, "乙方（受托方）", CONSULT)


def test_unlimited_liability_is_the_performers_risk():
    clause = "第十条 乙方对本项目引起的任何直接和间接损失承担无限责任。"
    assert "fact-unlimited-liability" in _codes("tech_service", clause, "乙方（受托方）", CONSULT)
    assert "fact-unlimited-liability" not in _codes("tech_service", clause, "甲方（委托方）", CONSULT)
    capped = "第十条 乙方对本项目引起的直接损失承担赔偿责任，累计以合同总价款为限。"
    assert "fact-unlimited-liability" not in _codes("tech_service", capped, "乙方（受托方）", CONSULT)


def test_a_home_fit_out_for_its_owner():
    home = "北京市家庭居室装饰装修工程施工合同\n" + HOME
    wall = "第6条 乙方可根据现场情况拆除或者开洞部分墙体（含承重墙），由此引起的处罚由甲方承担。"
    assert "structural-alteration-allowed" in _codes("construction", wall, "甲方", home)
    banned = "第6条 乙方不得拆除或者开洞承重墙。"
    assert "structural-alteration-allowed" not in _codes("construction", banned, "甲方", home)
    extra = "第9条 施工中发生的增项，按乙方现场报价执行；甲方签字确认前乙方已施工的部分，视为甲方同意。"
    assert "extra-work-at-own-quote" in _codes("construction", extra, "甲方（业主/发包人）", home)
    used = "第14条 甲方入住或者使用任何一个房间的，视为工程整体验收合格。"
    assert "deemed-acceptance-by-use" in _codes("construction", used, "甲方（业主/发包人）", home)
    proof = "第15条 乙方对室内空气质量超标不承担责任，但甲方能够证明超标系乙方擅自替换材料所致的除外。"
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=home, para_start=1, para_end=1),
                SectionDraft(order=2, kind="clause", number="15", title="", text=proof, para_start=2, para_end=2)]
    found = [f for f in contract_findings(sections, "construction", STARTER, side="甲方") if f.section_order == 2]
    # one rule reads this risk (the intent-only carve-out and the burden of proof turned round)
    assert "carveout-that-exempts" in {f.rule_code for f in found}
    # a home's fit-out is a consumer contract: the consumer law's standard-terms article stands beside 497
    assert ("中华人民共和国消费者权益保护法", 26) in {(b.law, b.article) for f in found for b in f.basis}


def test_owners_dismissing_their_manager():
    estate = "甲方：某某小区业主大会\n乙方（物业服务人）：某某物业服务有限公司"
    clause = ("第二十一条 业主大会依法决定解聘乙方的，应提前十二个月书面通知乙方，"
              "并向乙方支付剩余服务期物业费总额的百分之五十作为补偿。")
    assert "property-dismissal-restricted" in _codes("property", clause, "甲方（业主大会）", estate)
    assert "property-dismissal-restricted" not in _codes("property", clause, "乙方（物业服务人）", estate)


WORK = "定作方：某某装备有限公司（以下简称甲方）\n承揽方：某某精密机械有限公司（以下简称乙方）"


def test_the_orderers_changes_and_unbounded_inspection_are_the_makers_risk():
    change = "4.3 因定作方图纸或技术要求变更导致的返工、报废及停工损失，均由乙方自行承担。"
    assert "orderer-change-losses-on-performer" in _codes("work", change, "乙方（承揽方）", WORK)
    assert "orderer-change-losses-on-performer" not in _codes("work", change, "甲方（定作方）", WORK)
    inspect = "5.3 定作方收货后以其内部检验结果为准，期间定作方可随时提出质量异议并退货，乙方应无条件接受。"
    assert "inspection-unbounded-for-buyer" in _codes("work", inspect, "乙方（承揽方）", WORK)
    assert "inspection-unbounded-for-buyer" not in _codes("work", inspect, "甲方（定作方）", WORK)


ESTATE = "甲方：某某小区业主大会\n乙方（物业服务人）：某某物业服务有限公司"
EQUIPMENT = "甲方（买方）：某某制造有限公司\n乙方（卖方）：某某机械有限公司"


def test_a_burden_named_on_no_one_falls_on_the_party_that_pays():
    late = "第八条 逾期交纳物业费的，自逾期之日起，按日千分之五加收滞纳金。"
    assert "fact-late-fee-annual" in _codes("property", late, "甲方（业主大会）", ESTATE)
    assert "fact-late-fee-annual" not in _codes("property", late, "乙方（物业服务人）", ESTATE)
    kept = "第三条 合同因任何原因解除的，定金均不予退还。"
    assert _codes("sale", kept, "甲方（买方）", EQUIPMENT)
    assert not _codes("sale", kept, "乙方（卖方）", EQUIPMENT)


def test_a_penalty_belongs_to_the_party_that_pays_it():
    from contracts.playbook.engine import payer_of
    assert payer_of("出租方每延误一日按月租金总额的百分之十向承租方支付违约金") == ""
    assert payer_of("乙方违约或者单方解除本合同的，应向甲方支付违约金，违约金为投入费用×3") == "乙方"
    lease = "出租方：某某机械租赁有限公司\n承租方：某某建设工程有限公司"
    late = "第七条 出租方未按期交付设备的，每延误一日，按全部设备月租金总额的百分之十向承租方支付违约金。"
    assert not _codes("lease", late, "承租方", lease) & {"fact-late-fee-annual", "fact-penalty-over-30"}
    assert _codes("lease", late, "出租方", lease) & {"fact-late-fee-annual", "fact-penalty-over-30"}


def test_a_stranger_opening_the_words_does_not_act():
    order = "定作方（以下简称“定作方”）：某某装备有限公司\n承揽方（以下简称“乙方”）：某某机械加工厂"
    paid = "6.1 每批次工件经定作方检验合格后，定作方在其终端客户向定作方付清相应货款后六十日内，向乙方支付加工费。"
    assert "payment-on-third-party-condition" in _codes("work", paid, "乙方（承揽方）", order)
    assert "payment-on-third-party-condition" not in _codes("work", paid, "定作方", order)
    silent = "第六条 乙方交付成果后，甲方逾期未验收的，视为验收通过。"
    assert "fact-deemed-acceptance" in _codes("service", silent, "甲方", "甲方：某某公司\n乙方：某某公司")
    assert "fact-deemed-acceptance" not in _codes("service", silent, "乙方", "甲方：某某公司\n乙方：某某公司")


def test_the_lawyers_notes_on_the_side_name_no_party_and_say_who_drafted():
    from contracts.playbook.engine import side_label, we_drafted
    donee = "乙方（受赠方，苏州市吴中区东山中学；合同由赠与方甲方起草）"
    assert side_label(donee) == "乙方（受赠方，苏州市吴中区东山中学）" and not we_drafted(donee)
    platform = "甲方（平台经营者某某网络科技有限公司，即本协议起草方；审查其格式协议的合规风险）"
    assert side_label(platform) == "甲方（平台经营者某某网络科技有限公司）" and we_drafted(platform)
    assert not we_drafted("甲方（数据提供方）") and side_label("存货方") == "存货方"
    gift = "甲方（赠与方）：某某科技有限公司\n乙方（受赠方）：某某中学"
    revoke = "第四条 在设备交付乙方之前，甲方可随时撤销本次赠与，无需说明理由。"
    # a note naming the other party (赠与方甲方) does not make us that party
    assert _codes("gift", revoke, donee, gift)


def test_reviewing_our_own_standard_terms_flags_what_a_court_strikes_in_our_favour():
    platform = "甲方（平台经营者）：某某网络科技有限公司\n乙方（入驻商家）：某某食品有限公司"
    clause = "第十条 甲方有权随时修订服务规则和收费标准，修订后的规则自公布之日起生效。"
    assert not _codes("service", clause, "甲方", platform)
    assert "unilateral-rules-change" in _codes("service", clause, "甲方（平台经营者，即本协议起草方）", platform)
    capped = "第十一条 除因甲方故意或者重大过失造成的损失外，甲方的赔偿责任以乙方当年已支付的服务费为限。"
    assert not _codes("service", capped, "甲方（平台经营者，即本协议起草方）", platform)


USED_CAR = "甲方（出卖人）：张某\n乙方（买受人）：李某"


def test_a_used_cars_seller_excluding_title_and_passing_the_risk_at_signing():
    title = "五、甲方不保证车辆不存在抵押、查封或者第三人主张权利的情形。"
    assert "sale-title-warranty-excluded" in _codes("sale", title, "乙方（买受人）", USED_CAR)
    assert "sale-title-warranty-excluded" not in _codes("sale", title, "甲方（出卖人）", USED_CAR)
    assert not _codes("sale", "五、甲方保证车辆不存在抵押、查封或者第三人主张权利的情形。", "乙方（买受人）", USED_CAR)
    risk = "四、自本合同签订之日起，车辆毁损、灭失的风险由乙方承担。"
    assert "sale-risk-before-delivery-wide" in _codes("sale", risk, "乙方（买受人）", USED_CAR)
    assert not _codes("sale", "四、车辆交付乙方之日起，车辆毁损、灭失的风险由乙方承担。", "乙方（买受人）", USED_CAR)


EMPLOYMENT = "甲方（用人单位）：某某贸易有限公司\n乙方（劳动者）：王某"


def test_an_unlawful_term_in_the_employers_favour_is_the_employers_risk():
    # A deposit taken from the worker is unlawful (劳动合同法 9, fined under 84) whoever reviews the contract.
    deposit = "第六条 乙方入职时应向甲方缴纳工作服押金人民币贰仟元整。"
    for side in ("甲方（用人单位）", "乙方（劳动者）", "甲方（用人单位；合同由甲方起草）"):
        assert "labor-deposit-collect" in _codes("labor", deposit, side, EMPLOYMENT)
    # a lawful term in the employer's favour stays the worker's point only
    lawful = "第八条 乙方应当遵守甲方依法制定并公示的规章制度。"
    assert not _codes("labor", lawful, "甲方（用人单位）", EMPLOYMENT)


def test_who_drafted_is_read_from_the_note_on_our_side():
    from contracts.playbook.engine import we_drafted
    assert we_drafted("甲方（用人单位；合同由甲方起草）")
    assert we_drafted("甲方（许可方、专利权人；合同由甲方起草）")
    assert not we_drafted("甲方（转让方，自然人股东；协议由受让方起草）")
    assert not we_drafted("乙方（受赠方；合同由赠与方甲方起草）")
    assert not we_drafted("保证人（实际控制人；合同为银行格式文本）")
