"""Clauses for the families where the reviewer was weakest (合伙, 买卖, 数据处理, 建设工程): for each rule of
``contracts/playbook/rules/58-*.toml`` onwards, a clause carrying its risk in a counterparty's drafting style
and a lawful clause that looks like it, with the article that decides the risk. Written for these tests.

Each case is (rule, contract type, risky clause, lawful look-alike, (law, article) that must be cited)."""

from __future__ import annotations

CIVIL = "中华人民共和国民法典"
PARTNERSHIP = "中华人民共和国合伙企业法"

FAMILY_CASES = [
    # -- 合伙 ------------------------------------------------------------------------------------------------
    ("partnership-compete-self-deal", "partnership",
     "第八条 执行事务合伙人可以自营或者与他人合作经营与本合伙相同的业务，无需其他合伙人同意。",
     "第八条 合伙人不得自营或者同他人合作经营与本合伙企业相竞争的业务。", (PARTNERSHIP, 32)),
    ("partnership-compete-self-deal", "partnership",
     "（三）甲方可以与合伙企业进行交易，无需其他合伙人同意。",
     "（三）未经全体合伙人一致同意，合伙人不得同本合伙企业进行交易。", (PARTNERSHIP, 32)),
    ("partnership-books-report-excluded", "partnership",
     "第九条 除执行事务合伙人外，其他合伙人不得查阅合伙企业的会计账簿及财务资料。",
     "第九条 执行事务合伙人应每季度向其他合伙人报告经营和财务状况，其他合伙人有权查阅会计账簿。",
     (PARTNERSHIP, 28)),
    ("partnership-books-report-excluded", "partnership",
     "9.2 执行事务合伙人无需向其他合伙人报告经营和财务状况。",
     "9.2 执行事务合伙人应于每年一月向其他合伙人书面报告上一年度的经营和财务状况。", (CIVIL, 970)),
    ("partnership-guarantee-dispose-alone", "partnership",
     "第十条 执行事务合伙人有权以合伙企业名义为他人提供担保、处分合伙企业的不动产。",
     "第十条 以合伙企业名义为他人提供担保、处分合伙企业的不动产，须经全体合伙人一致同意。",
     (PARTNERSHIP, 31)),
    ("partnership-share-pledge-free", "partnership",
     "第十一条 合伙人可以其在合伙企业中的财产份额出质，无需其他合伙人同意。",
     "第十一条 合伙人以其财产份额出质的，须经其他合伙人一致同意。", (PARTNERSHIP, 25)),
    ("partnership-expel-at-will", "partnership",
     "第十二条 甲方有权随时将其他合伙人除名，被除名人不得提出异议。",
     "第十二条 合伙人因故意或者重大过失给合伙企业造成损失的，经其他合伙人一致同意，可以决议将其除名。",
     (PARTNERSHIP, 49)),
    ("partnership-share-lost-on-death", "partnership",
     "第十四条 合伙人死亡的，其在合伙中的财产份额归其他合伙人所有，其继承人不得主张任何权利。",
     "第十四条 合伙人死亡的，其继承人按照合伙协议的约定或者经全体合伙人一致同意，取得合伙人资格。",
     (PARTNERSHIP, 50)),
    ("partnership-debts-shifted", "partnership",
     "第十五条 合伙企业的对外债务由乙方个人承担，与甲方无关。",
     "第十五条 合伙企业的债务先以合伙企业全部财产清偿，不足部分由合伙人承担无限连带责任。", (CIVIL, 973)),
    ("partnership-profit-at-discretion", "partnership",
     "第十六条 合伙利润的分配时间、比例由执行事务合伙人自行决定。",
     "第十六条 合伙利润由全体合伙人按照实缴出资比例于每年三月分配。", (CIVIL, 972)),
]

SALE_INTERPRETATION = "最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释"

FAMILY_CASES += [
    # -- 买卖 ------------------------------------------------------------------------------------------------
    ("sale-risk-before-delivery-wide", "sale",
     "第八条 货物自出卖人仓库发出之时起，毁损、灭失的风险由买受人承担。",
     "第八条 标的物毁损、灭失的风险，在标的物交付之前由出卖人承担，交付之后由买受人承担。", (CIVIL, 604)),
    ("sale-risk-before-delivery-wide", "sale",
     "8.1 货物在交付买方之前发生毁损、灭失的，风险由买方承担。",
     "8.1 货物在买方指定地点交付并经买方签收后，毁损、灭失的风险转移至买方。", (CIVIL, 604)),
    ("sale-retention-takeback", "sale",
     "7.2 在买受人付清全部货款之前，标的物所有权属于甲方，乙方迟延付款的，甲方有权自行进入乙方场所拉回设备。",
     "7.2 在买受人付清全部货款之前，标的物所有权属于出卖人，双方办理所有权保留登记；"
     "买受人经催告后在合理期限内仍未支付到期价款的，"
     "出卖人可以依法取回标的物。", (CIVIL, 642)),
    ("sale-short-objection-bars-latent-defects", "sale",
     "第六条 买受人对货物质量的异议期为收货后三十日，超过该期限出卖人不再承担任何质量责任。",
     "第六条 买受人应在收货后三十日内就外观和数量提出书面异议；内在质量问题应在质量保证期内提出。",
     (CIVIL, 622)),
    ("sale-quality-remedy-capped", "sale",
     "6.4 出卖人对货物质量问题的赔偿总额以不合格货物的货款为限。",
     "6.4 货物质量不符合约定的，出卖人应负责更换或退货，并赔偿买受人因此遭受的损失。", (CIVIL, 582)),
    ("sale-documents-excluded", "sale",
     "第十一条 出卖人无需向买受人提供发票、合格证及质量保证书。",
     "第十一条 出卖人应随货提供增值税专用发票、产品合格证及质量保证书。", (CIVIL, 599)),
    ("sale-quantity-by-seller-record", "sale",
     "第十二条 实际交货数量以出卖人出库单记载为准，买受人无权提出异议。",
     "第十二条 货物数量以双方在收货时共同清点并签字确认的数量为准。", (CIVIL, 621)),
    ("sale-receipt-deemed-quality", "sale",
     "5.3 需方收货签字即视为对货物质量无异议。",
     "5.3 需方收货签字仅表示对货物数量和外观的确认。", (CIVIL, 623)),
]

PIPL = "中华人民共和国个人信息保护法"

FAMILY_CASES += [
    # -- 数据处理与个人信息 ------------------------------------------------------------------------------------
    ("data-offshore-by-place", "data",
     "2.5 为保障服务连续性，乙方可将委托数据的备份存储于其在新加坡的数据中心。",
     "2.5 乙方应在中华人民共和国境内存储委托数据及其备份，未经甲方书面同意并依法通过安全评估，不得向境外提供。",
     (PIPL, 38)),
    ("data-offshore-by-place", "data",
     "第六条 受托方可将处理的个人信息传输至其香港关联公司的服务器进行分析。",
     "第六条 受托方应在境内服务器处理个人信息，不得传输至任何境外服务器。", (PIPL, 39)),
    ("data-security-at-discretion", "data",
     "第十一条 乙方根据业务需要可以自行决定采取的安全保护措施，甲方不得干预。",
     "第十一条 乙方应采取加密、去标识化、访问控制等安全技术措施，并定期开展安全审计。", (PIPL, 51)),
    ("pi-kept-forever", "data",
     "第十四条 乙方可以将用户个人信息永久保存。",
     "第十四条 个人信息的保存期限为实现处理目的所必要的最短时间。", (PIPL, 19)),
    ("pi-kept-forever", "service",
     "8.3 会员信息由本店长期保存，会员注销后亦不删除。",
     "8.3 会员注销后，本店应在十五日内删除会员信息。", (PIPL, 19)),
    ("pi-impact-assessment-waived", "data",
     "第十六条 甲方无需对处理活动进行个人信息保护影响评估，相关风险由乙方自行判断。",
     "第十六条 甲方应在委托处理前进行个人信息保护影响评估，乙方应予配合。", (PIPL, 55)),
    ("data-breach-liability-capped", "data",
     "第十五条 乙方对数据泄露造成的损失的赔偿总额以当年服务费的百分之十为限。",
     "第十五条 乙方违反本合同导致数据泄露的，应赔偿甲方因此遭受的全部损失。", (PIPL, 59)),
]

CONSTRUCTION_I = "最高人民法院关于审理建设工程施工合同纠纷案件适用法律问题的解释（一）"
SME_PAYMENT = "保障中小企业款项支付条例"
WAGES = "保障农民工工资支付条例"

FAMILY_CASES += [
    # -- 建设工程 --------------------------------------------------------------------------------------------
    ("construction-extra-or-cash-deposits", "construction",
     "4.2 乙方应在进场前以现金方式向甲方缴纳履约保证金人民币贰佰万元整、安全文明施工保证金人民币伍拾万元整。",
     "4.2 乙方应在进场前向甲方提交履约保函，保函金额为合同价款的百分之五。", (SME_PAYMENT, 13)),
    ("construction-retention-over-three-percent", "construction",
     "第十六条 工程质量保证金按结算总价的百分之五预留。",
     "第十六条 工程质量保证金按结算总价的百分之三预留。", (CONSTRUCTION_I, 17)),
    ("construction-retention-held-too-long", "construction",
     "（三）缺陷责任期为竣工验收合格之日起五年，期满后发包人无息返还质量保证金。",
     "（三）缺陷责任期为竣工验收合格之日起十二个月，期满后发包人无息返还质量保证金。", (CONSTRUCTION_I, 17)),
    ("construction-migrant-wages-excluded", "construction",
     "2.6 乙方农民工工资由乙方自行以现金发放，甲方不设立农民工工资专用账户，亦不承担代发及先行清偿责任。",
     "2.6 甲方依法开设农民工工资专用账户，乙方农民工工资由甲方通过专用账户代发。", (WAGES, 30)),
    ("construction-idle-losses-deferred", "construction",
     "3.4 因发包人或甲方原因导致停工、窝工的，乙方的人员、机械窝工损失由双方另行协商。",
     "3.4 因发包人原因导致停工、窝工的，工期相应顺延，发包人应赔偿乙方的人员、机械窝工损失。", (CIVIL, 804)),
    ("construction-arrears-no-interest", "construction",
     "第十条 发包人逾期支付工程款的，不计付任何利息。",
     "第十条 发包人逾期支付工程款的，按同期贷款市场报价利率支付欠付工程款的利息。", (CONSTRUCTION_I, 26)),
]

FRANCHISE = "商业特许经营管理条例"
PREPAID = "最高人民法院关于审理预付式消费民事纠纷案件适用法律若干问题的解释"

FAMILY_CASES += [
    # -- 主要条款待定、特许经营、预付式消费 ----------------------------------------------------------------------
    ("term-deferred-to-later", "sale",
     "（二）验收标准及验收程序由双方另行协商。",
     "（二）验收标准按附件二执行，验收程序为到厂检验、安装调试、终验收三个阶段。", (CIVIL, 510)),
    ("term-deferred-to-later", "partnership",
     "第六条 劳务出资的评估办法及考核标准由合伙人日后另行协商。",
     "第六条 劳务出资按每年人民币拾万元作价，由全体合伙人于本协议签订时确认。", (PARTNERSHIP, 16)),
    ("term-deferred-to-later", "franchise",
     "5.2 开业前培训及开业后督导的具体内容、次数和方式，由双方另行协商。",
     "5.2 甲方应在开业前为乙方提供不少于十五日的培训，开业后每月督导一次。", (FRANCHISE, 14)),
    ("term-deferred-to-later", "service",
     "一、课程表及各阶段课时分配由甲方另行制定。",
     "一、课程共四十课时，每周六上午授课两课时，课程表见附件一。", (PREPAID, 8)),
    ("franchise-disclosure-waived", "franchise",
     "3.1 乙方确认已充分了解甲方的经营状况及特许经营体系，甲方无需另行向乙方提供书面信息披露文件。",
     "3.1 甲方已于本合同签订三十日前向乙方提供书面信息披露文件，乙方已签收。", (FRANCHISE, 22)),
    ("franchise-post-term-noncompete-long", "franchise",
     "第7条 本合同终止后五年内，乙方及其近亲属不得在中国境内直接或间接从事任何饮品或餐饮经营。",
     "第7条 本合同终止后一年内，乙方不得在约定区域内以其他品牌从事现制茶饮经营。", (CIVIL, 497)),
    ("prepaid-cooling-off-excluded", "service",
     "（二）乙方缴费后即视为开课，不适用任何无理由退款。",
     "（二）乙方自缴费之日起七日内要求退款的，甲方全额退还。", (PREPAID, 14)),
    ("prepaid-refund-formula-withholds", "service",
     "（三）应退金额＝（已缴学费－已上课时×课时单价）×50%－退费手续费人民币伍佰元。",
     "（三）乙方退学的，甲方应在十五日内退还已缴学费扣除已上课时费用后的余额。", (PREPAID, 15)),
    ("prepaid-transferred-to-third-party", "service",
     "（四）甲方因经营调整停止在本校区办学的，有权将乙方转至合作培训机构继续学习，乙方不得因此要求退费。",
     "（四）甲方拟由合作培训机构继续授课的，应征得乙方同意；乙方不同意的，可以解除合同并要求退还剩余学费。",
     (PREPAID, 13)),
    ("partnership-forced-buyback", "partnership",
     "22.3 甲方有权选择按该合伙人实缴出资原值回购拟转让份额，转让方不得拒绝。",
     "22.3 合伙人向合伙人以外的人转让份额的，在同等条件下其他合伙人有优先购买权。", (PARTNERSHIP, 23)),
]

FAMILY_CASES += [
    # -- more wordings of the same families (甲方/乙方 drafting, no role words) ----------------------------------
    ("sale-price-set-by-one-side", "sale",
     "（四）产品价格随乙方出厂价调整，以乙方开具发票时的价格结算。",
     "（四）产品单价为人民币捌佰元，合同履行期间固定不变。", (CIVIL, 511)),
    ("sale-short-warranty-ends-liability", "sale",
     "第十三条 产品质保期为三个月，质保期满后乙方不再承担任何质量责任。",
     "第十三条 产品质保期为二十四个月，质保期满后乙方不再承担免费维修责任。", (CIVIL, 621)),
    ("sale-risk-before-delivery-wide", "sale",
     "第七条 货物发出后的一切风险由甲方承担。",
     "第七条 货物在甲方指定地点交付后的风险由甲方承担。", (CIVIL, 604)),
    ("sale-retention-takeback", "sale",
     "第十条 甲方未按时支付货款的，乙方有权将已交付的货物收回。",
     "第十条 甲方未按时支付货款的，经乙方催告后在合理期限内仍未支付的，乙方可以解除合同。", (CIVIL, 642)),
    ("partnership-exit-only-by-consent", "partnership",
     "第十一条 本合伙不设期限，任何一方退伙须经其他合伙人全体一致同意。",
     "第十一条 本合伙不设期限，合伙人退伙的，应当提前三十日书面通知其他合伙人。", (PARTNERSHIP, 46)),
    ("data-profiling-for-marketing", "data",
     "第九条 乙方可以利用委托数据对用户进行画像并推送个性化广告。",
     "第九条 乙方仅得为完成本合同约定的客户服务处理委托数据。", (PIPL, 24)),
    ("data-breach-notice-vague", "data",
     "第十条 发生数据安全事件时，乙方应在合理时间内通知甲方。",
     "第十条 发生数据安全事件时，乙方应立即采取补救措施，并在二十四小时内通知甲方。", (PIPL, 57)),
    ("construction-owner-delay-no-extension", "construction",
     "第十七条 因发包人原因导致工期延误的，工期不予顺延。",
     "第十七条 因发包人原因导致工期延误的，工期相应顺延。", (CIVIL, 803)),
    ("construction-arrears-no-interest", "construction",
     "第二十条 发包人逾期付款的，承包人不得主张逾期付款利息。",
     "第二十条 发包人逾期付款的，应按同期贷款市场报价利率支付利息。", (CONSTRUCTION_I, 26)),
]

FAMILY_CASES += [
    ("data-derived-to-processor", "data",
     "（四）委托处理期间产生的衍生数据及数据产品归乙方所有。",
     "（四）委托处理期间产生的衍生数据及数据产品归甲方所有，乙方不得为自身目的使用。", (PIPL, 21)),
    ("construction-settlement-awaits-audit", "construction",
     "（七）工程竣工结算以审计部门审定的金额为准，审计时间不受限制，审计结束前发包人不支付结算款。",
     "（七）发包人应在收到竣工结算文件后二十八日内完成审核，审核完成后十四日内支付结算款。", (CONSTRUCTION_I, 27)),
    ("construction-design-change-unpriced", "construction",
     "（十）发包人有权根据需要随时变更设计，承包人不得因此要求调整合同价款。",
     "（十）因设计变更导致工程量变化的，双方应相应调整合同价款。", (CONSTRUCTION_I, 19)),
    ("sale-short-objection-bars-latent-defects", "sale",
     "九、买方应于收货后七十二小时内对货物进行检验，超过该期限视为买方认可货物的数量和质量，此后买方不得再提出任何异议。",
     "九、买方应于收货后七日内就货物的数量和外观提出异议，内在质量问题在质量保证期内提出。", (CIVIL, 622)),
    ("sale-quality-remedy-capped", "sale",
     "（五）如产品存在质量问题，买方的索赔金额累计不超过该批货款的百分之五。",
     "（五）如产品存在质量问题，卖方应负责更换并赔偿买方的损失。", (CIVIL, 582)),
]

FAMILY_CASES += [
    ("construction-owner-choices-on-contractor", "construction",
     "第二十一条 发包人有权指定专业分包单位，承包人对指定分包单位的工程质量和工期承担全部责任。",
     "第二十一条 发包人直接指定分包人的，因该分包人的工作造成质量缺陷，由发包人承担相应的过错责任。",
     (CONSTRUCTION_I, 13)),
    ("partnership-objection-barred", "partnership",
     "第十五条 执行事务合伙人的决定为最终决定，其他合伙人不得提出异议。",
     "第十五条 其他合伙人可以对执行事务合伙人执行的事务提出异议。", (CIVIL, 970)),
    ("partnership-profit-claim-barred", "partnership",
     "第十六条 合伙人不得以任何理由要求分配利润。",
     "第十六条 合伙的可分配利润于每个会计年度结束后九十日内按实缴出资比例分配。", (CIVIL, 972)),
    ("sale-no-withholding-for-defects", "sale",
     "第十条 甲方不得以货物存在质量问题为由拒付或迟延支付货款。",
     "第十条 货物质量不符合约定的，甲方有权拒付相应部分的货款。", (CIVIL, 525)),
]

FAMILY_CASES += [
    ("remedies-limited-to-performance", "sale",
     "第十二条 乙方未按期交货的，甲方只能要求乙方继续交货，不得解除合同，也不得要求赔偿损失。",
     "第十二条 乙方未按期交货的，甲方可以要求乙方继续交货并赔偿损失；逾期超过三十日的，甲方可以解除合同。",
     (CIVIL, 563)),
    ("construction-claim-forfeited-late-settlement", "construction",
     "第二十三条 承包人应在竣工验收后三日内提交结算资料，逾期视为承包人放弃结算及追索工程款的权利。",
     "第二十三条 承包人应在竣工验收合格后二十八日内提交竣工结算资料，逾期提交的，结算期限相应顺延。",
     (CIVIL, 788)),
    ("partnership-exit-notice-too-long", "partnership",
     "第十七条 合伙人退伙的，须提前三年书面通知其他合伙人。",
     "第十七条 合伙人退伙的，须提前三十日书面通知其他合伙人。", (PARTNERSHIP, 46)),
]

FAMILY_CASES += [
    ("construction-retention-held-too-long", "construction",
     "（三）缺陷责任期为叁年，期满后返还质量保证金。",
     "（三）缺陷责任期为贰年，期满后返还质量保证金。", (CONSTRUCTION_I, 17)),
    ("construction-retention-over-three-percent", "construction",
     "（一）质量保证金为结算价款的百分之伍。",
     "（一）质量保证金为结算价款的百分之叁。", (CONSTRUCTION_I, 17)),
]

FAMILY_CASES += [
    ("data-method-at-processor", "data",
     "第六条 受托人处理个人信息的方式由受托人根据技术需要自行确定。",
     "第六条 受托人处理个人信息的方式见附件一，变更须经委托人书面同意。", (PIPL, 21)),
    ("sale-retention-takeback", "sale",
     "（四）在价款付清前标的物所有权不转移，买受人逾期付款的，出卖人有权自行处置标的物，剩余部分归出卖人所有。",
     "（四）在价款付清前标的物所有权不转移，出卖人依法取回标的物后另行出卖的，剩余价款返还买受人。", (CIVIL, 643)),
]
