"""Clauses for the checklist points read in any wording (docs/decisions/contract-checklist-wording.md,
contracts/playbook/rules/96-checklist-wording.toml and the rules widened beside it), written for these tests in
wordings of our own: for each rule, clauses carrying its risk with the side the firm acts for, and lawful
clauses on the same subject that must raise nothing."""

from __future__ import annotations

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    # -- rules of 96-checklist-wording.toml ---------------------------------------------------------------
    "finance-lease-asset-fictitious": [
        ("finance_lease", "3.2 回租设备以附表记载为准，出租人无需现场清点，附表仅为形式上的记载，承租人按季支付租金。",
         "承租人"),
        ("finance_lease", "（五）双方确认，本合同项下租赁物是否实际存在均不影响承租人支付租金的义务。", "出租方"),
    ],
    "finance-lease-rent-despite-defect-no-recourse": [
        ("finance_lease",
         "第九条 租赁物迟延交付或者存在瑕疵的，均不影响承租人支付租金；出租人不向承租人转让对出卖"
         "人的索赔权。",
         "承租人"),
    ],
    "finance-lease-surplus-kept-by-lessor": [
        ("finance_lease",
         "十六、承租人违约的，出租人有权取回设备，变卖价款一律归出租人，承租人不得主张返还超出部分"
         "。", "承租人"),
        ("finance_lease",
         "第二十条 甲方收回租赁物后，拍卖所得全部归甲方享有，承租人就差额无权要求退还。", "乙方（承租人）"),
    ],
    "finance-lease-registration-waived": [
        ("finance_lease", "7.3 出租人对租赁设备享有所有权，双方同意该所有权不办理登记公示手续。", "出租人"),
    ],
    "finance-lease-lessor-bears-third-party-harm": [
        ("finance_lease", "第十五条 租赁车辆在承租人使用期间致使他人受伤的，均由出租方承担全部赔偿责任。", "出租方"),
    ],
    "finance-lease-terminate-at-lessor-opinion": [
        ("finance_lease",
         "二十一、甲方判断承租人存在经营风险的，或承租人的实际控制人发生变化的，甲方可以解除本合同"
         "并收回设备。",
         "承租人"),
    ],
    "equity-registration-at-transferor-discretion": [
        ("equity",
         "第八条 股权过户手续由转让方根据其工作安排办理，未能办理的，不影响受让方已取得的股东权利"
         "。", "受让方"),
        ("equity", "（九）甲方收齐股权转让款后，工商变更登记由甲方择机办理。", "乙方（受让方）"),
    ],
    "approval-waived-state-assets": [
        ("equity", "第六条 本次转让标的为国有控股公司股权，双方约定免于履行资产评估及国资审批程序，本协议签署即生效。",
         "受让方"),
    ],
    "company-guarantee-resolution-waived": [
        ("guarantee",
         "五、保证人（某科技有限公司）为其股东向债权人提供担保，债权人无需审查保证人的股东会决议。", "保证人"),
        ("equity", "第十二条 目标公司对受让方的付款义务承担连带保证责任，该担保不以董事会决议为前提。", "目标公司"),
    ],
    "tech-failure-risk-all-on-one": [
        ("tech_dev",
         "第十三条 不论何种原因致使项目研发不成功，包括技术上无法克服的困难，一切损失均由开发方独"
         "自承担。", "开发方"),
    ],
    "tech-software-copyright-left-to-law": [
        ("tech_dev",
         "第十条 本项目开发的管理系统的知识产权归属依照国家有关规定处理，委托方仅取得该系统的使用"
         "权。", "委托方"),
    ],
    "tech-client-cooperation-excluded": [
        ("tech_dev",
         "六、开发所需的样机、原始数据及试验场地均由受托方自行筹措，受托方不得以委托方未按时提供资"
         "料为由要求延期。",
         "受托方"),
        ("tech_service", "第四条 委托方无需承担提供工作条件及配合服务的义务。", "受托方"),
    ],
    "tech-acceptance-on-developer-report": [
        ("tech_dev", "第十一条 研发成果的验收由开发方自行组织，开发方出具的自测报告即视为验收合格。", "委托方"),
        ("tech_dev", "（八）验收标准为达到国内领先水平。", "委托方"),
    ],
    "fee-on-forecast-regardless": [
        ("service",
         "第五条 成果费以顾问方在方案中预估的节约额为计算依据，不论实际节约额是否实现，委托方均按"
         "该数额支付。",
         "委托方"),
    ],
    "loan-term-and-purpose-open": [
        ("loan", "第二条 本借款的用途由借款人自行决定；借款人经营好转后归还本金，出借人不得催收。", "出借人"),
    ],
    "construction-early-use-ends-builder-liability": [
        ("construction", "第二十六条 发包人擅自使用未经验收的车间的，施工方对车间质量不再承担任何责任。", "发包人"),
    ],
    "labor-daily-hours-over-limit": [
        ("labor", "第八条 乙方执行标准工时制，每天工作八小时，每周上班七天。", "乙方（劳动者）"),
        ("labor", "五、员工每周上班六天，每天的工作时间为八小时。", "员工"),
    ],
    "confidentiality-ends-with-contract": [
        ("nda", "第六条 本协议期满后，接收方的保密责任同时终止。", "披露方"),
        ("service", "十二、乙方的保密义务随本合同终止而解除。", "甲方"),
    ],
    "equity-consent-declared-unneeded": [
        ("equity",
         "第二条 甲方将其持有的丙公司百分之三十股权转让给乙方（公司股东以外的人），本次股权转让无"
         "需征得其他股东同意。",
         "乙方"),
    ],
    "equity-transferor-released-from-unpaid-capital": [
        ("equity", "第四条 标的股权认缴出资800万元尚未实缴，转让后缴资义务由受让方承担，转让方不再承担任何出资责任。",
         "受让方"),
    ],
    "sale-delivery-at-seller-discretion": [
        ("sale", "第三条 到货日期根据供方生产进度确定。", "需方"),
        ("sale", "四、供货方推迟交货的，不构成违约。", "买方"),
    ],
    "lease-fitout-compensation-waived": [
        ("lease", "第十一条 不论合同因何原因提前解除，承租人对其装修投入无权要求出租人给予补偿，出租人可无偿保留装修。",
         "承租人"),
    ],
    "lease-unpermitted-building-risk-on-lessee": [
        ("lease", "第二条 租赁仓库未办理竣工验收，承租人已知晓并自担由此产生的一切损失。", "承租人"),
    ],
    "lease-defects-risk-on-lessee": [
        ("lease", "第八条 房屋的线路老化、漏水等质量问题，一律由承租人自行负责，出租人概不负责。", "承租人"),
    ],
    "lease-alteration-without-consent": [
        ("lease",
         "第十二条 乙方（承租人）可以根据需要自行加建隔层、开设门洞，无需取得甲方（出租人）同意。", "甲方（出租人）"),
    ],
    "licence-validity-not-warranted": [
        ("tech_transfer",
         "第九条 许可人不担保该专利权的有效性；被许可人实施过程中被他人起诉侵权的，由被许可人自行"
         "应诉。",
         "被许可人"),
    ],
    "royalty-base-self-reported": [
        ("tech_transfer", "第七条 提成以被许可方自行统计的年度销售额为准，许可方无权查阅其会计账簿。", "许可方"),
    ],
    "property-handover-conditioned": [
        ("property",
         "第三十条 合同终止后，物业公司在业主结清全部欠费之后方可移交物业服务用房及业主资料。", "业主委员会"),
    ],
    "assignment-by-one-side-unnotified": [
        ("service",
         "第十九条 乙方可以在无需通知甲方的情况下，把本合同的全部权利和义务概括转让给其指定的公司"
         "。", "甲方"),
    ],
    "data-breach-notice-at-processor-discretion": [
        ("data", "第十条 发生个人信息泄露事件的，是否通知委托方由受托方自行决定。", "委托方"),
        ("data", "第十一条 数据丢失或被篡改的，受托方在调查结束后酌情告知委托方。", "委托方"),
    ],
    "deemed-consent-to-changes-by-silence": [
        ("sale",
         "第十四条 对甲方发出的补充条款，乙方收到后两日内未提出书面异议的，视为乙方已同意其全部内"
         "容，对双方具有约束力。",
         "乙方"),
    ],
    "construction-period-compressed-vs-norm": [
        ("construction", "一、合同工期：150日历天（该工程定额工期为300日历天）。", "承包人"),
        ("construction", "第五条 施工工期为一百天，合理工期为二百天，乙方应按期完工。", "乙方（承包人）"),
    ],
    "confidentiality-bars-compelled-disclosure": [
        ("nda", "第七条 即使司法机关依法调取，接收方也不得提供任何保密资料，否则承担违约责任。", "接收方"),
    ],
    # -- rules widened to read other wordings -------------------------------------------------------------
    "finance-lease-lessor-recover-anytime": [
        ("finance_lease", "第十条 出租人可以视经营需要随时取回租赁设备，承租人应当配合。", "承租人"),
    ],
    "construction-illegal-subcontract": [
        ("construction", "第九条 承包人可将整个施工任务交给其合作的施工队完成，并向其收取管理费。", "发包人"),
    ],
    "construction-design-change-unpriced": [
        ("construction", "第十条 不论工程量增减或者设计变更，合同总价一律不予调整。", "承包人"),
        ("construction", "第十一条 施工中的现场签证一律不予认可。", "承包人"),
    ],
    "construction-advance-funding-no-interest": [
        ("construction", "第八条 承包人垫付的工程款不计利息。", "承包人"),
    ],
    "construction-side-agreement-settlement": [
        ("construction", "第一条 双方另行商定，在中标合同价的基础上让利百分之八结算。", "承包人"),
    ],
    "construction-borrowed-qualification": [
        ("construction", "第二条 本工程由王某以某建筑工程有限公司名义承接，该公司提供资质证书和公章。", "发包人"),
    ],
    "construction-warranty-short": [
        ("construction", "第三十条 屋面防水工程保修期为三年；给排水管道保修期为一年。", "发包人"),
        ("construction", "第三十一条 主体结构工程保修五年。", "发包人"),
    ],
    "brokerage-fee-regardless-any-contract": [
        ("intermediary",
         "第六条 经纪方带看后，不论委托方是否与卖方订立房屋买卖合同，委托方都要向经纪方支付成交价"
         "百分之二的中介费。",
         "委托方"),
    ],
    "intermediary-other-channel-deemed-skip": [
        ("intermediary", "第九条 委托人通过任何别的中介公司购买该房屋的，视为跳单。", "委托人"),
    ],
    "intermediary-fee-before-deal": [
        ("intermediary", "第三条 委托书签署当日委托人须付清居间服务费，服务费不以买卖是否成交为条件。", "委托人"),
    ],
    "labor-unilateral-post-change": [
        ("labor", "第五条 用人单位可以结合经营情况调整劳动者的工作地点。", "劳动者"),
    ],
    "labor-no-severance": [
        ("labor", "第二十条 合同解除时，劳动者不主张任何经济补偿。", "劳动者"),
    ],
    "labor-wage-deduction": [
        ("labor", "第十六条 员工造成公司损失的，公司从其工资中直接扣回。", "员工"),
    ],
    "labor-training-cost-includes-wages": [
        ("labor", "第十四条 培训期间发放的薪酬及社保均列入培训成本。", "劳动者"),
    ],
    "sale-documents-excluded": [
        ("sale", "第九条 产品说明书及发票不在供方的交付义务范围内。", "需方"),
    ],
    "sale-price-set-by-one-side": [
        ("sale", "第二条 货款以出卖人发出的价目表为准结算。", "买受人"),
    ],
    "sale-contract-as-loan-security": [
        ("loan", "第十二条 作为借款的担保，借款人与出借人另签《车辆买卖合同》。", "借款人"),
    ],
    "fact-collateral-self-sale": [
        ("loan", "第十条 债务人逾期不还款的，出借人可以自行决定处置抵押物。", "借款人"),
    ],
    "equity-preemption-waived-orally": [
        ("equity", "第三条 其他股东以电话答复放弃行使优先购买权。", "受让方"),
    ],
    "equity-unpaid-capital-kept-by-transferor": [
        ("equity", "第五条 股权转让后，出资义务仍由转让方履行。", "转让方"),
    ],
    "equity-pre-closing-debts-excluded": [
        ("equity", "第十条 交割日前形成但未列明的负债，由标的公司自行承担，转让方不承担责任。", "受让方"),
    ],
    "valuation-compensation-multiplied-uncapped": [
        ("equity", "第十一条 业绩未达标的，乙方按差额的三倍向甲方支付补偿。", "乙方"),
    ],
    "entrust-self-dealing": [
        ("entrustment", "第六条 受托方代为采购时，可以同时作为供应商向委托方供货。", "委托方"),
    ],
    "sale-quality-by-seller-standard": [
        ("sale", "第四条 产品的技术要求，按照供方的内部标准执行。", "需方"),
    ],
    "sale-title-warranty-excluded": [
        ("sale", "第十一条 出卖人对货物是否侵害他人专利权不作任何保证。", "买受人"),
    ],
    "labor-commission-forfeited-on-leaving": [
        ("labor", "第十二条 员工辞职的，尚未结算的提成作废。", "员工"),
    ],
    "acceptance-never-deemed": [
        ("service", "第九条 即使甲方已将系统上线运行，未签署验收单的，均视为验收不合格。", "乙方"),
    ],
    "payment-on-third-party-condition": [
        ("service", "第六条 总包方付款须以收到建设单位拨付的工程款为前提。", "乙方"),
    ],
    "entrust-no-termination": [
        ("entrustment", "第十三条 委托期内双方不得以任何借口单方终止合同。", "委托人"),
    ],
    "licensee-sublicense-free": [
        ("tech_transfer", "第五条 被许可人根据经营需要，可以将本技术再许可给其关联企业。", "许可人"),
    ],
    "property-whole-service-subcontracted": [
        ("property", "第六条 全部物业服务内容，由物业公司整体外包给其他公司实施。", "业主"),
    ],
    "property-prepaid-fee-kept": [
        ("property", "第十条 房屋闲置的，业主仍须全额缴纳物业费。", "业主"),
    ],
    "guarantee-period-unclear": [
        ("guarantee", "第四条 保证期限从本合同签订起算，至债务人将全部欠款还清。", "债权人"),
    ],
    "max-guarantee-cap-open": [
        ("guarantee", "第二条 本最高额保证所担保的债权不设最高限额。", "保证人"),
    ],
    "guarantee-beyond-main-debt": [
        ("guarantee", "第三条 保证的范围还包括债务人对债权人关联公司的其他债务。", "保证人"),
    ],
    "partnership-limited-liability": [
        ("partnership", "第九条 合伙企业的债权人不得就超出出资的部分向合伙人丙追索。", "合伙人丙"),
    ],
    "advertising-guaranteed-results": [
        ("advertising", "第五条 广告语：“上岸率百分之百，考不上全额退款”。", "乙方"),
    ],
    "property-prephase-survives-new-manager": [
        ("property", "第四条 即便业主大会另聘新物业服务人，本前期物业服务合同仍继续履行。", "业主"),
    ],
    "fact-personal-info-share": [
        ("data", "第八条 用户的位置信息可共享给本公司的合作商家。", "用户"),
    ],
    "data-subprocessing-free": [
        ("data", "第七条 受托方可将数据存储工作交由其选定的云服务商处理，无需取得委托方同意。", "委托方"),
    ],
    "guarantee-change-without-consent": [
        ("guarantee", "第六条 主合同展期、利率调整、债权转让的，一律无需征得保证人书面同意。", "保证人"),
    ],
    "advertising-review-excluded": [
        ("advertising", "第四条 发布方对广告素材不负有任何审查义务。", "广告主"),
    ],
    "guarantee-until-repaid": [
        ("guarantee", "第五条 保证责任至主债务本金、利息及违约金付清时止。", "保证人"),
    ],
    "labor-probation-vs-term": [
        ("labor",
         "第一条 本合同为固定期限劳动合同，期限自2025年7月1日起至2025年12月31日止，"
         "试用期为三个月。", "劳动者"),
    ],
    "licence-scope-missing": [
        ("tech_transfer", "第三条 本专利的使用地域范围日后协商。", "被许可方"),
    ],
}

#: rule → lawful clauses on the same subject: no rule of the playbook raises anything on them
LOOKALIKES = {
    "finance-lease-asset-fictitious": [
        ("finance_lease", "第三条 出租人应在起租日前会同承租人核对租赁物清单，并签署租赁物交付确认书。", "承租人"),
    ],
    "finance-lease-surplus-kept-by-lessor": [
        ("finance_lease",
         "第十六条 出租人收回租赁物的，应委托评估机构评估；评估价值超过承租人欠付租金及其他费用的"
         "部分，出租人应当返还承租人。",
         "承租人"),
    ],
    "finance-lease-registration-waived": [
        ("finance_lease",
         "第十一条 出租人应于签约后十日内在动产融资统一登记公示系统办理所有权登记，承租人予以配合"
         "。", "出租人"),
    ],
    "company-guarantee-resolution-waived": [
        ("guarantee", "第二条 保证人已取得同意本担保的股东会决议，并将决议原件交债权人审查。", "保证人"),
    ],
    "tech-client-cooperation-excluded": [
        ("tech_dev",
         "第六条 委托方应于合同生效后十日内提供技术资料和测试数据；委托方迟延提供的，开发期限相应"
         "顺延。", "受托方"),
    ],
    "labor-daily-hours-over-limit": [
        ("labor", "第七条 劳动者每日工作八小时，每周工作五天，每周至少休息两日。", "劳动者"),
    ],
    "confidentiality-ends-with-contract": [
        ("nda", "第六条 本协议终止后，接收方仍应对保密信息负有保密义务，直至该信息进入公有领域。", "披露方"),
    ],
    "equity-transferor-released-from-unpaid-capital": [
        ("equity",
         "第四条 标的股权的认缴出资由受让方按期缴纳，受让方未按期足额缴纳的，转让方依法承担补充责"
         "任。", "受让方"),
    ],
    "sale-delivery-at-seller-discretion": [
        ("sale",
         "第三条 供方应于2025年9月30日前将货物送至需方仓库；逾期交货的，每日按货款的万分之"
         "五支付违约金。", "需方"),
    ],
    "property-handover-conditioned": [
        ("property",
         "第三十条 本合同终止之日起十五日内，物业服务人应将物业服务用房及业主资料交还业主委员会，"
         "费用争议另行结算。",
         "业主委员会"),
    ],
    "construction-period-compressed-vs-norm": [
        ("construction",
         "第四条 合同工期为400日历天（定额工期420天），发包人要求提前竣工的，应承担赶工措施"
         "费。", "承包人"),
    ],
    "confidentiality-bars-compelled-disclosure": [
        ("nda", "第七条 司法机关依法要求提供保密资料的，接收方应事先通知披露方，并仅在要求范围内提供。", "接收方"),
    ],
    "deemed-consent-to-changes-by-silence": [
        ("service", "第十五条 一方提出调整价格的，应书面通知对方，经双方协商一致签订补充协议后执行。", "乙方"),
    ],
    "construction-compress-period": [
        ("construction", "第四条 工期按定额确定，发包人不得压缩合理工期。", "承包人"),
    ],
    "labor-deposit-collect": [
        ("labor", "第六条 用人单位不以任何名义向劳动者收取押金。", "劳动者"),
    ],
    "advertising-superlatives": [
        ("advertising", "第三条 广告内容不得使用“国家级”“最佳”等用语。", "乙方"),
    ],
    "structural-alteration-allowed": [
        ("lease", "第十三条 承租人装修前应取得出租人书面同意，未经同意不得改动承重结构。", "出租人"),
    ],
    "loan-interest-over-cap": [
        ("loan", "第八条 逾期利息、违约金及其他费用合计以不超过合同成立时一年期贷款市场报价利率四倍为限。", "借款人"),
    ],
    "fact-ip-to-other-side": [
        ("tech_service", "第九条 委托方利用受托方的工作成果完成的新技术成果，归委托方所有。", "受托方"),
    ],
    "labor-probation-vs-term": [
        ("labor",
         "第二条 本合同为固定期限劳动合同，期限自2025年1月1日起至2027年12月31日止，"
         "试用期为两个月。", "劳动者"),
    ],
}

#: The parties' block a contract of each type opens with (the suggestions name the parties as it does).
PARTIES = {
    "finance_lease": "出租人：某融资租赁有限公司；承租人：某制造有限公司；出卖人：某设备有限公司。",
    "equity": "转让方：某投资有限公司；受让方：某科技有限公司；目标公司：某实业有限公司。",
    "guarantee": "债权人：某银行；债务人：某贸易有限公司；保证人：某实业有限公司。",
    "construction": "发包人：某置业有限公司；承包人：某建设有限公司。",
    "labor": "用人单位：某有限公司；劳动者：李某。",
    "sale": "卖方：某机械有限公司；买方：某制造有限公司。供方、出卖人均指卖方，需方、买受人均指买方。",
    "lease": "出租人：某物业有限公司；承租人：某餐饮有限公司。",
    "intermediary": "委托人：张某；中介人：某房地产经纪有限公司；出卖人：李某。",
    "tech_dev": "甲方（委托方）：某物流有限公司；乙方（受托方）：某软件有限公司。",
    "tech_service": "甲方（委托方）：某物流有限公司；乙方（受托方）：某软件有限公司。",
    "tech_transfer": "许可方：某研究院；被许可方：某制造有限公司。",
    "loan": "出借人：王某；借款人：赵某。",
    "property": "业主委员会：某小区业主委员会；物业服务人：某物业服务有限公司；业主：本小区全体业主。",
    "entrustment": "委托人：某贸易有限公司；受托人：某咨询有限公司。",
    "service": "甲方：某商贸有限公司；乙方：某服务有限公司。",
    "nda": "披露方：某科技有限公司；接收方：某咨询有限公司。",
    "data": "委托方：某电商有限公司；受托方：某数据有限公司；用户：使用本平台服务的个人。",
    "advertising": "广告主：某酒业有限公司；广告发布者：某传媒有限公司。",
    "partnership": "合伙人甲：张某；合伙人乙：李某；合伙人丙：王某。",
}


#: Rules whose look-alike in LOOKALIKES is kept under another rule's name: a lawful clause on the same subject.
_LAWFUL = "双方应当按照本合同的约定全面履行各自的义务。"


def checklist_wording_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: each
    rule of 96-checklist-wording.toml with its first risky clause, read with no side after the parties' block
    of its contract type (the suggestions name the parties as that block does)."""
    import tomllib
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "contracts" / "playbook" / "rules" / "96-checklist-wording.toml"
    own = [rule["code"] for rule in tomllib.loads(path.read_text(encoding="utf-8"))["rule"]]
    cases = []
    for code in own:
        kind, text, _ = RISKS[code][0]
        lawful = LOOKALIKES[code][0][1] if code in LOOKALIKES else _LAWFUL
        cases.append((code, kind, PARTIES[kind] + text, lawful))
    return cases
