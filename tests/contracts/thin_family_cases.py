"""Clauses for the families the playbook knew least (融资租赁, 中介, 运输, 仓储, 保密与竞业限制, 演出/经纪,
委托/代理, 技术服务, 赠与, 承揽): for each rule of ``contracts/playbook/rules/63-*.toml`` onwards, clauses carrying
its risk in several drafting styles (numbers in words and figures, headings, sub-clause numbering) and a
lawful clause that looks like it, with the article that decides the risk. Written for these tests.

Each case is (rule, contract type, risky clause, lawful look-alike, (law, article) that must be cited)."""

from __future__ import annotations

CIVIL = "中华人民共和国民法典"
LEASE_INTERPRETATION = "最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释"

THIN_CASES = [
    # -- 融资租赁 ---------------------------------------------------------------------------------------------
    ("finance-lease-acceleration-no-demand", "finance_lease",
     "第九条 承租人发生本合同项下任何违约情形的，出租人有权宣布全部未到期租金立即到期，承租人应一次性付清。",
     "第九条 承租人欠付租金达到两期以上，经出租人书面催告后十五日内仍不支付的，出租人可以请求支付全部未付租金。",
     (CIVIL, 752)),
    ("finance-lease-acceleration-no-demand", "finance_lease",
     "9.3 如乙方在其他合同项下对甲方或其关联方违约，本合同项下剩余租金视为提前到期。",
     "9.3 乙方应按附件一租金支付表所列日期和金额按期支付每期租金。", (CIVIL, 752)),
    ("finance-lease-acceleration-no-demand", "finance_lease",
     "（三）承租人经营状况恶化的，出租人有权对本合同项下租金加速到期。",
     "（三）承租人经营状况发生重大变化的，应当在五日内书面通知出租人。", (CIVIL, 752)),
    ("finance-lease-repossess-without-demand", "finance_lease",
     "第十条 承租人逾期支付任何款项的，出租人有权直接进入承租人场所取回租赁设备，承租人不得阻拦。",
     "第十条 承租人欠付租金经出租人书面催告后十五日内仍不支付的，出租人可以解除合同并收回租赁设备。",
     (LEASE_INTERPRETATION, 5)),
    ("finance-lease-repossess-without-demand", "finance_lease",
     "10.2 乙方拖欠租金的，甲方可以自行或委托第三方拖回租赁车辆，由此产生的费用由乙方承担。",
     "10.2 乙方应将租赁车辆停放于约定地点，并按甲方要求提供车辆行驶记录。", (LEASE_INTERPRETATION, 5)),
    ("finance-lease-purchase-price-by-lessor", "finance_lease",
     "第十二条 租赁期满，承租人可以留购租赁物，留购价款由出租人届时确定。",
     "第十二条 租赁期满，承租人付清全部租金后，以名义货价人民币壹佰元留购租赁物。", (CIVIL, 757)),
    ("finance-lease-purchase-price-by-lessor", "finance_lease",
     "12.1 期满后租赁设备的购买价格以甲方届时报价为准。",
     "12.1 期满后租赁设备的购买价格为人民币伍仟元（¥5,000元）。", (CIVIL, 757)),
    ("finance-lease-purchase-price-by-lessor", "finance_lease",
     "二、租期届满，乙方留购租赁物的名义价款届时另行协商。",
     "二、租期届满，乙方留购租赁物的名义价款为100元。", (CIVIL, 757)),
    ("finance-lease-claim-assist-excluded", "finance_lease",
     "第六条 出卖人迟延交付或交付的设备不符合约定的，由承租人自行向出卖人索赔，出租人不承担任何协助义务。",
     "第六条 出卖人迟延交付或交付的设备不符合约定的，由承租人向出卖人索赔，出租人应当协助。", (CIVIL, 741)),
    ("finance-lease-claim-assist-excluded", "finance_lease",
     "6.2 承租人向供应商主张权利的，甲方不提供任何配合。",
     "6.2 承租人向供应商主张权利的，甲方应提供买卖合同及付款凭证。", (CIVIL, 741)),
    ("finance-lease-seller-or-asset-changed", "finance_lease",
     "第四条 出租人有权根据采购情况自行更换出卖人或调整租赁设备的型号、规格。",
     "第四条 出租人根据承租人的要求更换出卖人的，应与承租人签订书面补充协议。", (CIVIL, 744)),
    ("finance-lease-seller-or-asset-changed", "finance_lease",
     "4.3 甲方可以单方变更买卖合同中的交货时间和交货地点。",
     "4.3 经乙方书面同意，甲方可以变更买卖合同中的交货时间和交货地点。", (CIVIL, 744)),
    ("finance-lease-rent-adjust-unilateral", "finance_lease",
     "第八条 出租人有权根据其资金成本的变化自行调整租赁利率，承租人应按调整后的租金支付。",
     "第八条 租赁利率随一年期贷款市场报价利率同向同幅调整，每年一月一日调整一次。", (CIVIL, 746)),
    ("finance-lease-rent-adjust-unilateral", "finance_lease",
     "8.2 甲方可视市场情况上调手续费，乙方不得提出异议。",
     "8.2 甲方收取的手续费为人民币贰万元，于起租日一次性支付。", (CIVIL, 746)),
    ("finance-lease-lessee-termination-barred", "finance_lease",
     "第十一条 承租人在任何情况下均不得解除本合同，亦不得以任何理由停付租金。",
     "第十一条 除因出租人的原因致使承租人无法占有、使用租赁物外，承租人不得单方解除本合同。",
     (LEASE_INTERPRETATION, 6)),
    ("finance-lease-lessee-termination-barred", "finance_lease",
     "11.1 即使因甲方原因导致乙方无法使用设备，乙方亦不得解除合同。",
     "11.1 因甲方原因导致乙方无法使用设备的，乙方可以解除合同。", (LEASE_INTERPRETATION, 6)),
]

#: Clauses that are the law's own arrangement for the family (or a lawful market term): no rule reports them.
LAWFUL = [
    ("finance_lease", "第七条 承租人应当妥善保管、使用租赁物，并履行占有租赁物期间的维修义务。"),
    ("finance_lease", "第七条 承租人未经出租人书面同意，不得将租赁物转让、转租、抵押、质押或者以其他方式处分。"),
    ("finance_lease", "第八条 租赁物由承租人自行选定，出租人根据承租人的选择向出卖人购买；租赁物不符合约定的，"
                      "出租人不承担责任，但承租人依赖出租人的技能确定租赁物或者出租人干预选择租赁物的除外。"),
    ("finance_lease", "第十三条 承租人占有租赁物期间，租赁物造成第三人人身损害或者财产损失的，出租人不承担责任。"),
]

THIN_CASES += [
    # -- 中介（居间） ------------------------------------------------------------------------------------------
    ("intermediary-expenses-shifted-after-success", "intermediary",
     "第五条 居间活动中发生的广告费、带看交通费等全部费用由委托人另行承担。",
     "第五条 居间人未促成合同成立的，委托人按实际发生的必要费用支付，最高不超过人民币伍佰元。", (CIVIL, 963)),
    ("intermediary-expenses-shifted-after-success", "intermediary",
     "5.2 除佣金以外，甲方还应另行支付乙方的查档费、资料费及差旅费。",
     "5.2 乙方为促成交易所支出的费用由乙方自行承担，已包含在佣金之中。", (CIVIL, 963)),
    ("intermediary-other-channel-deemed-skip", "intermediary",
     "第七条 委托人通过其他中介公司与居间人介绍的房屋业主成交的，视为委托人跳单，应向居间人支付全额佣金。",
     "第七条 委托人利用居间人提供的房源信息，绕开居间人直接与业主成交的，应向居间人支付约定的佣金。",
     (CIVIL, 965)),
    ("intermediary-other-channel-deemed-skip", "intermediary",
     "7.3 看房后六个月内，无论甲方是否通过其他渠道获得该房源信息，只要与该业主成交，均应支付乙方全额佣金。",
     "7.3 甲方应如实告知乙方是否已通过其他渠道看过同一房源。", (CIVIL, 965)),
    ("intermediary-paid-despite-false-info", "intermediary",
     "第六条 即使居间人提供的房源信息与实际情况不符，委托人仍应按约定支付居间报酬。",
     "第六条 居间人提供的房源信息与实际情况不符的，委托人有权拒付居间报酬。", (CIVIL, 962)),
    ("intermediary-paid-despite-false-info", "intermediary",
     "6.1 乙方提供的资料存在遗漏或不准确的，不影响甲方支付服务费的义务。",
     "6.1 乙方应当核实并如实向甲方报告房屋的权属、抵押和查封情况。", (CIVIL, 962)),
    ("intermediary-fee-kept-any-failure", "intermediary",
     "第八条 买卖合同签订后，因任何原因解除或者未能履行的，已支付的佣金一律不予退还。",
     "第八条 买卖合同签订后，因居间人隐瞒重要事实被解除的，居间人应当退还已收取的佣金。", (CIVIL, 962)),
    ("intermediary-earnest-money-kept", "intermediary",
     "第四条 委托人交付的诚意金人民币贰万元，委托人放弃购买的，诚意金归居间人所有。",
     "第四条 委托人交付的诚意金人民币贰万元，交易未达成的，居间人应于三日内全额退还委托人。", (CIVIL, 964)),
    ("intermediary-earnest-money-kept", "intermediary",
     "4.1 意向金在业主未接受报价时直接抵作中介费。",
     "4.1 业主接受报价的，意向金转为定金；业主未接受的，意向金全额退还甲方。", (CIVIL, 964)),
    ("intermediary-principal-cannot-terminate", "intermediary",
     "第九条 独家委托期内，委托人不得单方解除本合同，否则应按挂牌价的百分之二支付违约金。",
     "第九条 委托人解除本合同的，应提前三日书面通知居间人，并支付居间人已发生的必要费用。", (CIVIL, 933)),
    ("intermediary-principal-cannot-terminate", "intermediary",
     "9.2 甲方不得撤回委托，如甲方撤回委托，应支付全额佣金。",
     "9.2 委托期限为三个月，自本合同签订之日起计算。", (CIVIL, 933)),
]

LAWFUL += [
    ("intermediary", "第十条 居间人未促成合同成立的，不得请求支付报酬，"
                     "但可以按照约定请求委托人支付从事居间活动支出的必要费用。"),
    ("intermediary", "第十条 委托人在接受居间人的服务后，利用居间人提供的交易机会绕开居间人"
                     "直接订立合同的，应当向居间人支付报酬。"),
    ("intermediary", "第十一条 居间人促成买卖合同成立的，委托人按成交价的百分之一点五支付佣金，于网签当日支付。"),
]
