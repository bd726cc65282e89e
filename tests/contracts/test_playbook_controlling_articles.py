"""Each finding cites the article that controls its risk, first (issue 21, docs/decisions/contract-controlling-
articles.md): the kind of risk and the contract's type choose it (deciding.toml), only where the clause meets
the article's predicate; risks no rule read are read as classes (rules/99-controlling-articles.toml), in
several wordings and both orders, and their lawful look-alikes stay silent."""

from __future__ import annotations

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook.deciding import deciding_basis
from contracts.types import BasisRef, SectionDraft

STARTER = starter_rules()
CIVIL = "中华人民共和国民法典"
HOUSING = "最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释"
FINANCE_LEASE = "最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释"
LABOUR = "中华人民共和国劳动合同法"


def _findings(contract_type: str, preamble: str, clause: str, side: str):
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1),
                SectionDraft(order=2, kind="clause", number="第一条", title="", text=clause, para_start=2, para_end=2)]
    return [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.section_order == 2]


def _by(contract_type: str, preamble: str, clause: str, side: str, code: str) -> list[tuple[str, int]]:
    found = [f for f in _findings(contract_type, preamble, clause, side) if f.rule_code == code]
    assert found, (code, clause, [f.rule_code for f in _findings(contract_type, preamble, clause, side)])
    return [(b.law, b.article) for b in found[0].basis]


def _silent(contract_type: str, preamble: str, clause: str, side: str, code: str) -> None:
    codes = [f.rule_code for f in _findings(contract_type, preamble, clause, side)]
    assert code not in codes, (clause, codes)


LEASE = "出租方：某置业公司（以下简称甲方）\n承租方：某餐饮公司（以下简称乙方）"
SALE = "出卖人：王某（以下简称甲方）\n买受人：李某（以下简称乙方）"
STORAGE = "存货方：某贸易公司（以下简称甲方）\n保管方：某仓储公司（以下简称乙方）"
SERVICE = "委托方：某科技公司（以下简称甲方）\n服务方：某顾问公司（以下简称乙方）"


# -- risks no rule read: each by the article that controls it --------------------------------------------------

def test_a_deposit_receiver_that_only_hands_the_deposit_back_is_587s():
    for clause in ("出租方收取定金后违约不租的，仅需将定金原数退回承租方，不再承担其他责任。",
                   "签约后甲方另行出租给他人的，甲方退还所收定金即可。",
                   "定金如数返还后，甲方不承担其他违约责任。"):
        cited = _by("lease", LEASE, clause, "乙方（承租方）", "earnest-receiver-returns-only")
        assert cited[0] == (CIVIL, 587), (clause, cited)
    # the penalty kept both ways, and a deposit returned when no one is at fault, are the law's own rules
    _silent("lease", LEASE, "乙方违约的，定金不予退还；甲方违约的，应向乙方双倍返还定金。", "乙方（承租方）",
            "earnest-receiver-returns-only")
    _silent("lease", LEASE, "因不可抗力致使本合同不能履行的，定金原额退还，双方互不承担违约责任。", "乙方（承租方）",
            "earnest-receiver-returns-only")


def test_barring_the_innocent_party_from_terminating_is_563s_and_an_unauthorised_exit_ban_is_silent():
    cited = _by("lease", LEASE, "甲方逾期交付房屋超过六十日的，乙方仍不得解除本合同，只能要求甲方继续履行。",
                "乙方（承租方）", "statutory-termination-barred")
    assert cited[0] == (CIVIL, 563)
    # (in a lease "whatever the cause" includes premises that endanger safety: 731's rule reads that one)
    cited = _by("service", SERVICE, "无论何种原因，甲方均不得要求解除本合同。", "甲方（委托方）",
                "statutory-termination-barred")
    assert cited[0] == (CIVIL, 563)
    for lawful in ("租赁期内，任何一方不得擅自解除本合同。",
                   "租赁期内，乙方不得擅自解除本合同，但法律另有规定的除外。"):
        _silent("lease", LEASE, lawful, "乙方（承租方）", "statutory-termination-barred")
    # the bar binds the other side, not ours
    _silent("lease", LEASE, "乙方逾期支付租金超过十日的，甲方不得解除本合同。", "乙方（承租方）",
            "statutory-termination-barred")


def test_a_seller_excused_from_transferring_title_is_598s():
    for clause in ("因车辆存在未结清的贷款抵押未能办理转移登记的，甲方退还已收价款，双方互不承担违约责任。",
                   "甲方应于交房后一年内协助乙方办理不动产权属证书，因登记机关、测绘等一切原因延误的，甲方不承担责任。"):
        cited = _by("sale", SALE, clause, "乙方（买受人）", "sale-title-transfer-exempted")
        assert cited[0] == (CIVIL, 598), (clause, cited)
    # a policy that takes away the buyer's eligibility is no one's fault
    _silent("sale", SALE, "因限购政策调整致乙方不具备购房资格、无法过户的，双方互不承担违约责任。", "乙方（买受人）",
            "sale-title-transfer-exempted")


def test_in_a_commodity_housing_sale_the_title_certificate_is_decided_by_the_interpretation():
    words = "出卖人应在交房后七百二十日内为买受人办理房产证，逾期不承担责任。"
    got = deciding_basis([BasisRef(CIVIL, 497)], words, {"sale", "housing"}, "违约责任")
    assert got[0] == BasisRef(HOUSING, 14) and BasisRef(CIVIL, 598) in got
    # a registered floor area is no title certificate
    words = "产权登记面积与预测面积有差异的，按实测面积结算。"
    area = deciding_basis([BasisRef(CIVIL, 497)], words, {"sale", "housing"}, "价款")
    assert BasisRef(HOUSING, 14) not in area


def test_design_fees_fixed_when_the_employer_changes_the_brief_are_805s():
    preamble = "发包人：某开发公司（以下简称甲方）\n承包人：某设计研究院（以下简称乙方）\n建设工程设计合同"
    for clause in ("设计费为总价包干。甲方增加设计范围或者修改设计内容的，设计费用不予调整。",
                   "设计费实行包干，不因甲方调整建设规模而增加。"):
        cited = _by("construction", preamble, clause, "乙方（承包人）", "design-fee-fixed-despite-client-change")
        assert cited[0] == (CIVIL, 805), (clause, cited)


def test_a_repossessed_finance_lease_asset_kept_beside_the_whole_rent_is_758s():
    preamble = "出租人：某融资租赁公司（以下简称甲方）\n承租人：某制造公司（以下简称乙方）\n融资租赁合同"
    for clause in ("乙方违约的，甲方有权解除合同并取回租赁物，取回的租赁物归甲方所有，乙方仍须清偿全部未到期租金。",
                   "甲方收回的设备，其价值无论多少，均不予冲抵乙方所欠款项。"):
        cited = _by("finance_lease", preamble, clause, "乙方（承租人）", "finance-lease-repossessed-value-kept")
        assert cited[:2] == [(CIVIL, 758), (FINANCE_LEASE, 11)], (clause, cited)
    _silent("finance_lease", preamble, "收回的租赁物经评估后，其价值冲抵乙方欠付租金，不足部分由乙方补足。",
            "乙方（承租人）", "finance-lease-repossessed-value-kept")


def test_a_lessor_repossessing_on_its_own_judgment_is_748s():
    words = "出租人认为承租人财务状况可能恶化的，有权随时收回租赁设备。"
    got = deciding_basis([BasisRef(CIVIL, 584)], words, {"finance_lease"}, "违约责任")
    assert got[0] == BasisRef(CIVIL, 748)


def test_commissioned_software_without_its_source_code_is_853s():
    preamble = "委托方：某医院（以下简称甲方）\n研究开发方：某软件公司（以下简称乙方）\n技术开发（委托）合同"
    cited = _by("tech_dev", preamble, "开发完成后，乙方向甲方提交可执行程序和安装说明。", "甲方（委托方）",
                "tech-dev-source-not-delivered")
    assert cited[0] == (CIVIL, 853)
    _silent("tech_dev", preamble, "开发完成后，乙方向甲方提交可执行程序、全部源代码及技术文档。", "甲方（委托方）",
            "tech-dev-source-not-delivered")


def test_a_licensor_barred_from_the_licensees_books_is_846s():
    preamble = "许可方：某研究所（以下简称甲方）\n被许可方：某制药公司（以下简称乙方）\n专利实施许可合同"
    clause = "使用费按净销售额的百分之四提成。甲方无权查阅乙方的财务账目，以乙方申报的数额为准。"
    cited = _by("tech_transfer", preamble, clause, "甲方（许可方）", "royalty-audit-excluded")
    assert cited[0] == (CIVIL, 846)
    _silent("tech_transfer", preamble, clause, "乙方（被许可方）", "royalty-audit-excluded")


def test_a_non_compete_penalty_of_years_of_pay_is_23s_and_585s_and_a_years_pay_is_silent():
    preamble = "用人单位：某科技公司（以下简称甲方）\n劳动者：赵某（以下简称乙方）\n竞业限制协议"
    for clause in ("乙方违反竞业限制约定的，按其离职前二十四个月的工资总额向甲方支付违约金。",
                   "乙方违反竞业限制义务的，违约金为乙方三年的工资收入。"):
        cited = _by("nda", preamble, clause, "乙方（劳动者）", "noncompete-penalty-years-of-pay")
        assert cited[:2] == [(LABOUR, 23), (CIVIL, 585)], (clause, cited)
    _silent("nda", preamble, "乙方违反竞业限制约定的，按其离职前十二个月的工资总额向甲方支付违约金。", "乙方（劳动者）",
            "noncompete-penalty-years-of-pay")


def test_uncapped_liability_for_indirect_loss_is_584s_and_a_cap_is_silent():
    for clause in ("因乙方原因给甲方造成的利润损失、商誉损失，均由乙方全额赔偿。",
                   "乙方对甲方的一切损失承担赔偿责任，赔偿金额不设上限。"):
        cited = _by("service", SERVICE, clause, "乙方（服务方）", "liability-uncapped-with-indirect-loss")
        assert cited[0] == (CIVIL, 584), (clause, cited)
    _silent("service", SERVICE, "乙方赔偿甲方的直接损失，但不包括间接损失和可得利益损失。", "乙方（服务方）",
            "liability-uncapped-with-indirect-loss")
    # the other side pays: not our risk
    _silent("service", SERVICE, "因甲方原因给乙方造成的利润损失，均由甲方全额赔偿。", "乙方（服务方）",
            "liability-uncapped-with-indirect-loss")


def test_a_retained_things_surplus_kept_by_the_creditor_is_455s():
    clause = "甲方逾期付费超过三十日的，乙方可以留置相应货物。留置货物变卖后所得价款超过欠费的，超出部分归乙方所有。"
    cited = _by("storage", STORAGE, clause, "甲方（存货方）", "lien-surplus-kept")
    assert cited[0] == (CIVIL, 455)
    # in one sentence with the keeper's own sale, the keeper's rule reads it and cites 455 beside its own
    one = "甲方逾期付费的，乙方有权留置并自行变卖仓储物，所得价款超过欠费的，超出部分归乙方所有。"
    assert (CIVIL, 455) in [(b.law, b.article) for f in _findings("storage", STORAGE, one, "甲方（存货方）")
                            for b in f.basis]
    _silent("storage", STORAGE, "甲方逾期付费的，乙方有权留置并变卖仓储物，所得价款超过欠费的部分返还甲方。",
            "甲方（存货方）", "lien-surplus-kept")


def test_overtime_folded_into_the_wage_and_interest_taken_from_the_principal_read_in_other_orders():
    preamble = "用人单位：某餐饮公司（以下简称甲方）\n劳动者：钱某（以下简称乙方）\n劳动合同"
    cited = _by("labor", preamble, "乙方的综合薪资已包括延长工作时间及休息日工作的报酬，甲方不再额外计发加班费。",
                "乙方（劳动者）", "labor-overtime-pay-waived")
    assert cited[:2] == [("中华人民共和国劳动法", 44), (LABOUR, 31)]
    loan = "出借人：孙某（以下简称甲方）\n借款人：周某（以下简称乙方）\n借款合同"
    cited = _by("loan", loan, "甲方放款时从借款金额中先行扣收首期利息，乙方按合同金额出具借据。", "乙方（借款人）",
                "loan-interest-deducted")
    assert cited[0] == (CIVIL, 670)


# -- the kind of risk chooses the article the finding already has a rule for -------------------------------------

def test_termination_with_only_a_refund_cites_566_before_the_agreed_termination_article():
    got = deciding_basis([BasisRef(CIVIL, 562), BasisRef(CIVIL, 497)],
                         "出现更高报价的，甲方可单方解除本合同，只需无息返还乙方已支付的款项。", {"equity"}, "合同解除")
    assert got[:2] == [BasisRef(CIVIL, 566), BasisRef(CIVIL, 584)]
    # damages kept: no such risk
    kept = deciding_basis([BasisRef(CIVIL, 562)], "甲方解除本合同的，应退还已付款项并赔偿乙方的损失。", {"equity"},
                          "合同解除")
    assert BasisRef(CIVIL, 566) not in kept
    # a deposit handed back with no termination in the sentence is no termination's consequence
    words = "租期届满后，甲方只需退还乙方已交的押金。"
    deposit = deciding_basis([BasisRef(CIVIL, 497)], words, {"lease"}, "押金")
    assert BasisRef(CIVIL, 566) not in deposit


def test_carriage_handed_to_another_carrier_is_834s_and_a_third_partys_performance_523s():
    words = "承运人可将货物交由其他承运人运输，运输中的货损由实际承运人直接向托运人负责。"
    got = deciding_basis([BasisRef(CIVIL, 497)], words, {"transport"}, "运输")
    assert got[:2] == [BasisRef(CIVIL, 834), BasisRef(CIVIL, 523)]
    words = "乙方可将安装工作委托第三方完成，安装质量问题由第三方直接向甲方负责。"
    other = deciding_basis([BasisRef(CIVIL, 497)], words, {"work"}, "责任")
    assert other[0] == BasisRef(CIVIL, 523)


def test_product_liability_put_wholly_on_one_party_is_1203s():
    words = "产品造成消费者人身损害的，无论是否因经销商储存不当所致，均由供货方承担全部责任。"
    got = deciding_basis([BasisRef(CIVIL, 497)], words, {"sale"}, "责任")
    assert got[:2] == [BasisRef(CIVIL, 1203), BasisRef("中华人民共和国产品质量法", 43)]
    # the goods' own loss in transit is a question of risk, not of product liability
    words = "货物在运输途中发生的财产损失，无论何种原因，均由卖方承担。"
    transit = deciding_basis([BasisRef(CIVIL, 497)], words, {"sale"}, "风险")
    assert BasisRef(CIVIL, 1203) not in transit


def test_development_failure_in_other_words_is_858s():
    words = "因技术障碍无法实现合同约定的功能的，风险由委托方承担，已付费用不予退还。"
    got = deciding_basis([BasisRef(CIVIL, 585)], words, {"tech_dev"}, "违约责任")
    assert got[0] == BasisRef(CIVIL, 858)


def test_a_standard_term_cites_496_beside_497_and_a_unilateral_rate_change_is_one():
    words = "出租人有权根据自身融资成本单方调整租赁利率，通知送达即生效。"
    got = deciding_basis([BasisRef(CIVIL, 746)], words, {"finance_lease"}, "租金")
    assert got[0] == BasisRef(CIVIL, 746) and BasisRef(CIVIL, 497) in got and BasisRef(CIVIL, 496) in got
    words = "经双方协商一致，出租人可单方调整租赁利率。"
    negotiated = deciding_basis([BasisRef(CIVIL, 746)], words, {"finance_lease"}, "租金")
    assert BasisRef(CIVIL, 496) not in negotiated


def test_a_foreign_law_without_a_foreign_element_cites_the_choice_of_law_article_first():
    found = [f for f in _findings("sale", "出卖人：杭州某公司（以下简称甲方）\n买受人：宁波某公司（以下简称乙方）",
                                  "本合同的订立、解释和履行适用瑞士法律。", "乙方（买受人）")
             if f.rule_code == "foreign-law-or-seat-without-foreign-element"]
    assert found and (found[0].basis[0].law, found[0].basis[0].article) == ("中华人民共和国涉外民事关系法律适用法", 3)


def test_the_platform_exclusivity_article_is_not_cited_for_a_distributors_territory():
    preamble = "供货方：某食品公司（以下简称甲方）\n经销商：某商贸公司（以下简称乙方）\n区域独家经销协议"
    clause = "协议期内，甲方不得自行或通过任何第三方（包括电商平台的自营店铺）在区域内销售本产品。"
    _silent("sale", preamble, clause, "甲方（供货方）", "platform-exclusive-dealing")


def test_our_own_measurements_excluded_from_settlement_is_a_standard_term_limiting_our_rights():
    for clause in ("乙方按其系统数据结算。甲方委托的监测机构出具的报告仅作参考，不构成付款依据。",
                   "结算不以甲方的统计数据作为结算依据。"):
        preamble = "广告主：某公司（以下简称甲方）\n发布方：某传媒公司（以下简称乙方）"
        cited = _by("advertising", preamble, clause, "甲方（广告主）", "own-evidence-excluded")
        assert cited[:2] == [(CIVIL, 497), (CIVIL, 496)], (clause, cited)



# -- issue 21, second round: loose findings brought to the controlling article, in wordings of our own -----------

LOAN = "出借人：某投资公司（以下简称甲方）\n借款人：某贸易公司（以下简称乙方）"
TRAINING = "甲方（培训机构）：某职业技能培训学校\n乙方（学员）：张某"
LESSOR_LESSEE = "出租方：周某（以下简称甲方）\n承租方：吴某（以下简称乙方）"


def _articles(sentence: str, kinds: set[str], category: str = "违约责任") -> set[tuple[str, int]]:
    return {(b.law, b.article) for b in deciding_basis([], sentence, kinds, category)}


def test_a_waiver_of_every_defence_waives_the_limitation_defence_in_advance_which_is_197s():
    for sentence in ("借款人同意放弃对本合同项下债务的全部抗辩。",
                     "保证人承诺不就本合同提出任何抗辩，并放弃所有抗辩权利。",
                     "乙方对甲方的任何抗辩权均予放弃。"):
        assert (CIVIL, 197) in _articles(sentence, {"loan"}), sentence
    # the limitation defence kept out of the waiver, and a waiver of one named defence, are not 197's
    for sentence in ("乙方放弃除时效以外的一切抗辩。", "乙方放弃先履行抗辩权。"):
        assert (CIVIL, 197) not in _articles(sentence, {"loan"}), sentence


def test_acceleration_on_the_creditors_own_belief_is_527s_and_on_an_objective_default_is_silent():
    for sentence in ("出借人判断借款人的财务状况或将恶化时，可要求借款人立即偿还全部借款。",
                     "卖方认为买方付款能力存在风险的，有权中止供货。"):
        got = _articles(sentence, {"loan", "sale"})
        assert {(CIVIL, 527), (CIVIL, 528)} <= got, (sentence, got)
    for sentence in ("乙方逾期还款超过三十日的，甲方有权宣布借款提前到期。",
                     "甲方有确切证据证明乙方经营状况严重恶化的，可以认为存在风险并中止放款。"):
        assert (CIVIL, 527) not in _articles(sentence, {"loan"}), sentence


def test_a_persons_likeness_used_without_consent_is_1019s_and_a_companys_mark_is_not():
    for sentence in ("学员的照片和课堂录像可由机构用于招生宣传，不必再经学员同意。",
                     "甲方可在宣传资料中使用乙方肖像，无须另行征得乙方同意。"):
        got = _articles(sentence, {"service"}, "格式条款")
        assert {(CIVIL, 1019), ("中华人民共和国个人信息保护法", 14)} <= got, (sentence, got)
    assert (CIVIL, 1019) not in _articles("乙方可在案例展示中使用甲方的商标和产品照片，无需另行取得甲方同意。",
                                          {"advertising"}, "格式条款")


def test_a_lessor_entering_at_will_is_708s_and_an_entry_after_notice_or_in_an_emergency_is_silent():
    for clause in ("出租人可以不定期进入租赁房屋查看，不必事先告知承租人。",
                   "甲方有权随时入户检查房屋使用情况。"):
        assert _by("lease", LESSOR_LESSEE, clause, "承租方（乙方）", "lease-entry-without-notice") == [(CIVIL, 708)]
    for clause in ("甲方需进入房屋维修的，应提前一日通知乙方，并在乙方在场时进行。",
                   "发生火灾、漏水等危及安全的紧急情况时，甲方可以随时进入房屋处置。"):
        _silent("lease", LESSOR_LESSEE, clause, "承租方（乙方）", "lease-entry-without-notice")


def test_rules_published_later_that_prevail_over_the_contract_are_a_unilateral_change_543s():
    cited = _by("service", TRAINING, "学员手册与本协议不一致的，以培训机构届时公布的学员手册为准。", "乙方（学员）",
                "unilateral-rules-change")
    assert cited[0] == (CIVIL, 543)
    _silent("service", TRAINING, "招生简章与本协议不一致的，以本协议为准。", "乙方（学员）", "unilateral-rules-change")
    # a supplementary agreement both parties sign is no unilateral change
    for clause in ("本合同一式两份，签字盖章后生效。未尽事宜双方另行协商，可签订补充协议。",
                   "本合同未约定的事项，可另行签订补充协议。"):
        _silent("service", TRAINING, clause, "乙方（学员）", "unilateral-rules-change")


def test_a_withdrawal_with_nothing_refunded_is_the_prepaid_fee_rule_and_a_pro_rata_refund_is_silent():
    cited = _by("service", TRAINING, "学员中途退学的，培训学校概不退还任何款项。", "乙方（学员）",
                "training-prepaid-no-refund")
    assert ("中华人民共和国消费者权益保护法", 53) in cited
    _silent("service", TRAINING, "学员中途退学的，按剩余课时比例退还学费。", "乙方（学员）",
            "training-prepaid-no-refund")


def _missing(contract_type: str, preamble: str, clauses: list[str], side: str) -> list:
    sections = [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1)]
    sections += [SectionDraft(order=i + 2, kind="clause", number=f"第{i + 1}条", title="", text=text,
                              para_start=i + 2, para_end=i + 2) for i, text in enumerate(clauses)]
    return [f for f in contract_findings(sections, contract_type, STARTER, side=side) if f.section_order is None]


def _missing_codes(contract_type: str, preamble: str, clauses: list[str], side: str) -> dict[str, list]:
    found = _missing(contract_type, preamble, clauses, side)
    return {f.rule_code: [(b.law, b.article) for b in f.basis] for f in found}


def test_the_missing_terms_a_lawyer_asks_for_cite_what_controls_them_and_a_written_term_is_silent():
    # a training paid for in advance, nothing on the institution stopping
    course = ["乙方应于开课前一次性缴纳全部培训费人民币一万二千元。", "培训共计一百二十课时。"]
    got = _missing_codes("service", TRAINING, course, "乙方（学员）")
    assert got.get("training-closure-refund-missing") == [("中华人民共和国消费者权益保护法", 53)], got
    got = _missing_codes("service", TRAINING, course + ["甲方因故停课或迁址的，应退还未上课时的费用。"], "乙方（学员）")
    assert "training-closure-refund-missing" not in got
    # equipment sold with no warranty period
    buyer = "供方（出卖人）：某机械公司\n需方（买受人）：某制造公司"
    goods = ["供方向需方出售数控车床二台，总价人民币六十万元。", "需方收货后十日内验收。"]
    got = _missing_codes("sale", buyer, goods, "需方（买受人）")
    assert got.get("sale-warranty-period-missing", [None])[0] == (CIVIL, 621), got
    assert "sale-warranty-period-missing" not in _missing_codes(
        "sale", buyer, goods + ["设备质保期为验收合格后十二个月。"], "需方（买受人）")
    # an online software subscription: availability, not the transfer of a technology
    saas = "服务提供方：某云科技公司\n客户：某商贸公司"
    terms = ["服务提供方通过互联网向客户提供进销存软件的在线使用服务，订阅期限一年。", "订阅费用为每年人民币两万元。"]
    got = _missing_codes("tech_transfer", saas, terms, "客户")
    assert got.get("saas-availability-missing") == [(CIVIL, 509), (CIVIL, 577)], got
    assert not {"tech-transferor-warranty-missing", "tech-improvement-sharing-missing"} & set(got), got
    got = _missing_codes("tech_transfer", saas, terms + ["服务提供方保证月度可用率不低于99.9%。"], "客户")
    assert "saas-availability-missing" not in got


def test_a_missing_title_clause_of_a_lease_cites_the_third_party_claim_article():
    got = _missing_codes("lease", LESSOR_LESSEE, ["甲方将位于某市某路的房屋出租给乙方居住。", "租金每月三千元。"],
                         "承租方（乙方）")
    assert (CIVIL, 723) in got.get("lease-title-missing", []), got
