"""Clauses for the checklist points that had no rule (contracts/playbook/rules/94-checklist-breadth.toml,
docs/decisions/contract-risk-checklist.md), written for these tests: for each rule, clauses carrying its risk in
several drafting styles (第X条, 一、, （三）, 1.1) and wordings, with the side the firm acts for, and lawful
clauses that look like them."""

from __future__ import annotations

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    "advertising-in-schools-or-at-minors": [
        ("gift", "第六条 甲方有权在乙方校园内设置产品展示区。", ""),
        ("advertising", "3.2 乙方负责在合作小学的教学楼内张贴甲方品牌海报。", ""),
        ("gift", "（四）受赠方同意在学生的作业本、练习册封底印制捐赠方商标及产品信息。", "受赠方"),
        ("advertising", "第五条 广告画面将印刷于合作学校学生校服的背面。", ""),
        ("advertising", "二、广告文案应引导小朋友回家要求家长购买本款学习机。", ""),
        ("advertising", "第七条 甲方的保健食品广告在乙方运营的少儿频道黄金时段播出。", "甲方"),
    ],
    "gift-tied-to-purchases": [
        ("gift", "第七条 捐赠设备的耗材、配件及维保服务，乙方应当全部向甲方或甲方指定单位采购。", "乙方"),
        ("gift", "3.3 受赠人此后所需的试剂只能向赠与人购买，价格按赠与人届时报价执行。", ""),
        ("gift", "（五）受赠方今后三年采购赠与方产品的金额不低于伍拾万元，否则应返还受赠设备。", "受赠方"),
    ],
    "forum-maritime-court": [
        ("entrustment", "第一条 乙方为甲方出口货物办理订舱、报关及提单缮制。\n"
                        "第十三条 因本合同发生的争议，由乙方住所地人民法院管辖。", "甲方"),
        ("transport", "一、承运人以船舶将货物自宁波港海运至新加坡港。\n"
                      "九、争议由甲方所在地人民法院诉讼解决。", ""),
        ("service", "1.1 乙方在码头提供港口作业服务（装卸、堆存集装箱）。\n"
                    "8.2 双方争议提交合同签订地人民法院管辖。", ""),
    ],
    "construction-standard-lowered": [
        ("construction", "3.2 甲方要求降低抗震设防标准或者减少结构配筋以节约造价的，乙方应当无条件执行。", "乙方"),
        ("construction", "第九条 承包人应按发包人的要求降低防水等级，不得提出异议。", ""),
        ("construction", "（六）施工单位可不执行消防设计规范要求，以发包人现场确认为准。", ""),
        ("service", "第四条 设计人应根据建设单位意见下调结构荷载取值，设计方照此执行。", ""),
    ],
    "construction-designer-names-supplier": [
        ("construction", "3.3 乙方应在施工图中指定甲方推荐的品牌及供应商。", "乙方"),
        ("construction", "第八条 设计文件中应写明电梯的生产厂家为某某电梯有限公司。", ""),
    ],
    "equity-company-pays-valuation-adjustment": [
        ("equity", "第六条 目标公司2026年度净利润低于三千万元的，目标公司应以现金补偿投资方。", ""),
        ("other", "8.1 业绩承诺未实现的，投资人有权要求标的公司回购其持有的全部股权。", "投资人"),
        ("equity", "（三）上市未能在约定期限内完成的，被投资公司应当按投资款加年化8%回购甲方股权。", ""),
    ],
    "approval-required-no-filing-duty": [
        ("equity", "第十五条 本协议经国有资产监督管理机构批准之日起生效。", ""),
        ("other", "10.2 本合同经双方签字盖章并经商务主管部门审批后生效。", ""),
        ("equity", "十二、本协议自取得上级主管部门的批复之日起生效。", ""),
    ],
    "max-guarantee-cap-open": [
        ("guarantee", "第二条 本合同项下的最高债权额以债权人实际发放的贷款金额为准。", "保证人"),
        ("guarantee", "2.1 最高额保证的最高本金余额不设上限。", ""),
        ("loan", "（二）最高额担保的最高限额由贷款人届时确定。", ""),
    ],
    "max-guarantee-period-open": [
        ("guarantee", "第三条 本最高额保证项下债权发生期间为长期，不设截止日。", "保证人"),
        ("guarantee", "3.1 最高额保证担保债务人今后任何时间发生的全部债权。", ""),
    ],
    "exclusive-licence-contradicted": [
        ("tech_transfer", "第二条 甲方以独占实施许可方式许可乙方实施本专利。\n"
                          "第五条 甲方保留自行实施本专利的权利。", "乙方"),
        ("tech_transfer", "2.1 甲方以独占许可方式许可乙方实施专利，甲方仍有权许可其关联公司实施本专利。", ""),
        ("tech_transfer", "（一）许可人授予被许可人独占许可。\n"
                          "（四）许可人可以另行许可第三方在华南地区制造、销售专利产品。", ""),
    ],
    "licensee-sublicense-free": [
        ("tech_transfer", "第六条 被许可方有权自行再许可第三方实施本专利。", "许可方"),
        ("tech_transfer", "6.2 乙方可以许可其子公司使用本技术，无需另行取得甲方同意。", ""),
        ("tech_transfer", "（七）被许可人分许可的，无需征得许可人同意。", ""),
    ],
    "mortgage-registration-waived": [
        ("loan", "第五条 乙方以其名下房屋作抵押，双方同意暂不办理抵押登记。", "甲方"),
        ("loan", "5.3 抵押房产无需办理他项权证，抵押人承诺不另行处分。", ""),
        ("guarantee", "（四）土地使用权抵押的登记视情况由抵押人决定何时办理。", ""),
    ],
    "loan-early-repayment-full-interest": [
        ("loan", "第四条 借款人提前还款的，仍应按合同约定的借款期限支付全部利息。", "借款人"),
        ("loan", "4.2 提前偿还的，已收利息不予退还。", ""),
        ("loan", "（三）乙方提前还本的，应一并支付剩余期限的利息。", ""),
    ],
    "labor-target-miss-dismissal": [
        ("labor", "第八条 乙方连续两个月未完成销售指标的，甲方有权立即解除劳动合同。", "乙方"),
        ("labor", "8.3 季度考核排名末位的销售人员，公司予以辞退。", ""),
        ("labor", "（五）员工未达到月度回款目标的，视为自动离职。", ""),
    ],
    "labor-commission-forfeited-on-leaving": [
        ("labor", "附件一 离职时尚未发放的提成，包括离职前已回款但尚未到结算期的提成，甲方均不再发放。", "甲方"),
        ("labor", "第九条 乙方离职的，尚未发放的销售提成不予发放。", "乙方"),
        ("labor", "9.2 提成以员工在职为前提，发放前离职的一律不再支付。", ""),
        ("labor", "（六）佣金于客户回款后发放，员工辞职的，未发放的佣金概不结算。", ""),
    ],
    "property-prephase-survives-new-manager": [
        ("property", "第十条 前期物业服务期限内，业主大会选聘新物业服务企业的，本合同不因此终止。", "业主"),
        ("property", "10.2 前期物业服务期间新物业服务合同生效的，业主应向乙方支付剩余期限的物业服务费作为补偿。", ""),
        ("property", "（八）前期物业服务期间，新物业进场须经乙方同意。", ""),
        ("property", "第八条 前期物业服务期限内业主大会选聘新物业服务企业的，本合同仍应履行至期满。",
         "乙方（物业服务企业）"),
    ],
    "brokerage-fee-regardless-any-contract": [
        ("sale", "八、无论甲乙双方的买卖最终是否成交或者是否完成过户，乙方均应向丙方支付居间服务费。", "乙方"),
        ("lease", "第十二条 中介服务费一经支付概不退还，交易取消的亦同。", ""),
        ("sale", "（三）居间费于签约时支付，买卖未成的，居间费不予退还。", ""),
    ],
    "work-maker-keeps-copies": [
        ("work", "第九条 承揽人有权留存样品及模具用于其他客户的生产。", ""),
        ("work", "9.2 加工过程中形成的图纸及工艺文件归乙方所有。", "定作方"),
    ],
    "transport-dangerous-goods-undeclared": [
        ("transport", "第五条 托运的易燃易爆货物无需另行申报，承运人不得拒运。", ""),
        ("transport", "5.1 承运方不得以货物性质危险为由拒绝运输。", "承运方"),
    ],
    "advertising-guaranteed-results": [
        ("advertising", "第三条 广告文案为“报名即保证通过司法考试”。", ""),
        ("advertising", "3.2 推广内容须突出本理财项目保本保收益、零风险。", ""),
    ],
    "advertising-likeness-without-consent": [
        ("advertising", "第四条 乙方可在广告中使用客户的姓名及照片，无需另行取得客户同意。", ""),
        ("advertising", "4.3 代言明星的肖像由乙方自行决定使用方式与期限。", ""),
    ],
    "resale-price-fixed": [
        ("sale", "第八条 买方转售本产品的价格不得低于卖方规定的最低零售价。", "买方"),
        ("franchise", "8.2 加盟店对外销售的价格统一为特许人公布的价格，加盟商不得擅自调整。", ""),
        ("sale", "（五）经销商不得低于出厂价的一点二倍销售。", ""),
    ],
    "franchise-transfer-without-consent": [
        ("franchise", "第十二条 被特许人可以将加盟店铺及经营权自行转让给第三方。", "特许人"),
        ("franchise", "12.1 特许经营权的转让无需征得特许人同意。", ""),
    ],
    "sale-contract-as-loan-security": [
        ("loan", "第六条 乙方同意与甲方另行签订房屋买卖合同，作为本借款的担保。", "乙方"),
        ("loan", "6.2 借款到期后借款人不能归还的，双方按照前述购房合同办理过户。", ""),
    ],
    "advertising-review-skipped": [
        ("advertising", "第五条 本保健食品广告无需经广告审查机关审查，乙方收到素材后即发布。", ""),
        ("advertising", "5.3 医疗器械广告可先行发布，发布后再补办审查手续。", ""),
    ],
    "tech-developer-barred-from-similar-work": [
        ("tech_transfer", "六、乙方不得自行研发或从任何第三方获得与本专利技术相类似或者具有竞争关系的技术。", ""),
        ("tech_dev", "第十二条 乙方在本合同履行期间及终止后三年内，"
                     "不得为任何第三方开发与本软件功能相同或者类似的软件。", ""),
        ("tech_service", "12.1 受托方两年内不得向其他客户提供同类的技术方案设计服务。", "委托方"),
        ("tech_dev", "（九）开发方不得自行研发功能近似的系统。", ""),
    ],
    "guarantee-independent-of-main-contract": [
        ("guarantee", "第十三条 主合同无效不影响本合同的效力，保证人仍应承担保证责任。", "保证人"),
        ("guarantee", "13.2 本保证合同独立于主合同。", ""),
        ("guarantee", "（九）保证人对主合同无效的法律后果承担连带责任。", ""),
    ],
    "guarantee-debtor-widened": [
        ("guarantee", "1.1 债务人：指借款人，以及由其直接或间接控制的其他企业。", "保证人"),
        ("guarantee", "第一条 本合同所称主债务人包括甲公司及其关联企业。", ""),
    ],
    "equity-preemption-waived-orally": [
        ("equity", "第七条 转让方已就本次转让以口头方式征询其他股东，其他股东表示不主张优先购买权。", "转让方"),
        ("equity", "7.2 股东李某已通过电话确认放弃优先购买权。", ""),
    ],
    "equity-unpaid-capital-kept-by-transferor": [
        ("equity", "第五条 标的股权对应的尚未实缴的注册资本，由甲方于交割日后六十日内缴足。", "甲方"),
        ("equity", "5.2 受让方不承担标的股权的出资义务。", "转让方"),
    ],
    "patent-invalid-full-refund": [
        ("tech_transfer", "第七条 本专利被宣告无效的，许可方应向被许可方返还已收取的全部使用费。", "许可方"),
        ("tech_transfer", "7.3 专利权无效时，甲方退还乙方已支付的全部入门费和提成费。", ""),
    ],
    "labor-training-cost-includes-wages": [
        ("labor", "第七条 培训费用包括培训费、差旅费，以及乙方参加培训期间甲方照常支付的工资和社会保险费。", "乙方"),
        ("labor", "7.2 服务期违约金按培训费计算，培训费含培训期间的基本工资及住房公积金。", ""),
    ],
    "valuation-compensation-multiplied-uncapped": [
        ("equity", "第十四条 当年补偿金额＝（当年承诺净利润－当年实际净利润）÷当年承诺净利润"
                   "×转让价款总额×2。", "甲方"),
        ("equity", "14.3 未完成业绩承诺的，原股东应按投资款的三倍向投资方支付补偿款。", ""),
    ],
}

#: rule → (contract type, lawful clause, side) on which no rule of the playbook fires
LOOKALIKES = {
    "advertising-in-schools-or-at-minors": [
        ("advertising", "第六条 甲方不得在中小学校内开展任何广告活动，亦不得利用学生的作业本、校服发布广告。", ""),
        ("advertising", "3.1 户外广告牌设于学校周边五百米以外的商业街。", ""),
        ("gift", "（四）受赠方可在校园内张贴公益广告，内容不涉及捐赠方产品。", ""),
    ],
    "gift-tied-to-purchases": [
        ("gift", "第七条 受赠方需要采购耗材或维保服务的，可以自行选择供应商，捐赠方可提供报价供参考。", "受赠方"),
    ],
    "forum-maritime-court": [
        ("transport", "一、承运人以船舶将货物自宁波港海运至新加坡港。\n九、争议由宁波海事法院管辖。", ""),
        ("transport", "第一条 承运人以厢式货车将货物自苏州运至杭州。\n第九条 争议由甲方所在地人民法院管辖。", ""),
    ],
    "construction-standard-lowered": [
        ("construction", "3.2 甲方提出的优化要求不得降低工程质量和安全标准，乙方对降低标准的要求有权拒绝。", "乙方"),
        ("construction", "第九条 在符合工程建设强制性标准的前提下，设计人可按发包人要求优化配筋。", ""),
    ],
    "construction-designer-names-supplier": [
        ("construction", "3.3 设计文件中选用的材料设备应注明规格、型号和性能等技术指标，不得指定生产厂、供应商。", ""),
    ],
    "equity-company-pays-valuation-adjustment": [
        ("equity", "第六条 目标公司2026年度净利润低于三千万元的，控股股东应以现金补偿投资方。", ""),
    ],
    "approval-required-no-filing-duty": [
        ("equity", "第十五条 本协议经国有资产监督管理机构批准之日起生效。\n"
                   "第十六条 转让方应于本协议签订之日起十日内向国有资产监督管理机构报批。", ""),
    ],
    "max-guarantee-cap-open": [
        ("guarantee", "第二条 本最高额保证的最高债权额为人民币伍佰万元，包括本金、利息和实现债权的费用。", "保证人"),
    ],
    "max-guarantee-period-open": [
        ("guarantee", "第三条 本最高额保证担保2026年1月1日至2027年12月31日期间连续发生的借款债权。", "保证人"),
    ],
    "exclusive-licence-contradicted": [
        ("tech_transfer", "第二条 许可方式为独占实施许可，许可方不得自行实施，也不得许可第三方实施。", ""),
        ("tech_transfer", "第二条 许可方式为排他许可。\n第五条 许可方保留自行实施本专利的权利。", ""),
    ],
    "licensee-sublicense-free": [
        ("tech_transfer", "第六条 被许可方经许可方书面同意，可以许可其子公司实施本专利。", ""),
        ("tech_transfer", "6.2 被许可方不得再许可任何第三方实施本专利。", ""),
    ],
    "mortgage-registration-waived": [
        ("loan", "第五条 乙方以其名下房屋作抵押，应于签约后十日内办理抵押登记。", "甲方"),
        ("loan", "5.3 抵押人不办理抵押登记的，出借人可以宣布借款提前到期。", ""),
    ],
    "loan-early-repayment-full-interest": [
        ("loan", "第四条 借款人可以提前还款，利息按实际借款期限计算。", "借款人"),
    ],
    "labor-target-miss-dismissal": [
        ("labor", "第八条 乙方不能胜任工作，经过培训或调整工作岗位后仍不能胜任的，"
                  "甲方可提前三十日书面通知解除劳动合同。", "乙方"),
        ("labor", "8.3 公司不实行末位淘汰，考核结果仅作为绩效奖金的依据。", ""),
    ],
    "labor-commission-forfeited-on-leaving": [
        ("labor", "第九条 乙方离职的，其离职前已完成业绩对应的提成应与最后一期工资一并结清。", "乙方"),
    ],
    "property-prephase-survives-new-manager": [
        ("property", "第十条 业主委员会与新物业服务人订立的物业服务合同生效的，"
                     "本前期物业服务合同终止，乙方应办理交接。", ""),
    ],
    "brokerage-fee-regardless-any-contract": [
        ("sale", "八、丙方促成甲乙双方买卖合同成立的，乙方向丙方支付居间服务费；"
                 "未促成的，丙方不收取居间服务费。", "乙方"),
    ],
    "work-maker-keeps-copies": [
        ("work", "第九条 未经定作人书面同意，承揽人不得留存复制品、模具或技术资料。", ""),
    ],
    "transport-dangerous-goods-undeclared": [
        ("transport", "第五条 托运危险货物的，托运人应当如实申报其名称和性质，并按规定包装和标识。", ""),
    ],
    "advertising-guaranteed-results": [
        ("advertising", "第三条 广告内容不得对考试通过率作出保证性承诺，不得承诺保本保收益。", ""),
    ],
    "advertising-likeness-without-consent": [
        ("advertising", "第四条 广告中使用客户姓名或照片的，应事先取得客户本人的书面同意。", ""),
    ],
    "resale-price-fixed": [
        ("sale", "第八条 卖方可提供建议零售价，买方自主确定转售价格。", "买方"),
    ],
    "franchise-transfer-without-consent": [
        ("franchise", "第十二条 经特许人书面同意，被特许人可以转让特许经营权。", ""),
    ],
    "tech-developer-barred-from-similar-work": [
        ("tech_dev", "第十二条 乙方不得利用甲方提供的技术资料和本项目源代码为第三方开发类似软件。", ""),
    ],
    "guarantee-independent-of-main-contract": [
        ("guarantee", "第十三条 本合同是主合同的从合同，主合同无效的，本合同无效。", ""),
    ],
    "guarantee-debtor-widened": [
        ("guarantee", "1.1 债务人：指借款人，不包括其关联企业。", ""),
    ],
    "equity-preemption-waived-orally": [
        ("equity", "第七条 转让方已书面通知其他股东转让的数量、价格和期限，其他股东已书面声明放弃优先购买权。", ""),
    ],
    "equity-unpaid-capital-kept-by-transferor": [
        ("equity", "第五条 标的股权对应的尚未实缴的注册资本，自交割日起由受让方按章程规定的期限缴纳。", ""),
    ],
    "patent-invalid-full-refund": [
        ("tech_transfer", "第七条 本专利被宣告无效的，对已经履行的部分不具有追溯力，尚未支付的使用费不再支付。", ""),
    ],
    "labor-training-cost-includes-wages": [
        ("labor", "第七条 培训费用包括有凭证的培训费和差旅费，不包括培训期间的工资和社会保险费。", ""),
    ],
    "valuation-compensation-multiplied-uncapped": [
        ("equity", "第十四条 当年补偿金额＝（承诺净利润－实际净利润）÷承诺净利润×转让价款总额，"
                   "累计不超过转让价款总额。", ""),
    ],
    "sale-contract-as-loan-security": [
        ("loan", "第六条 乙方以其名下房屋为本借款提供抵押担保，并于十日内办理抵押登记。", "乙方"),
    ],
    "advertising-review-skipped": [
        ("advertising", "第五条 保健食品广告应在发布前取得广告审查批准文件，甲方向乙方提供该文件后方可发布。", ""),
    ],
}


def checklist_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: each
    rule's first risky clause and first look-alike that need no side."""
    cases = []
    for code, rows in RISKS.items():
        kind, risky = next(((k, text) for k, text, side in rows if not side), rows[0][:2])
        lawful = next((text for _, text, side in LOOKALIKES[code] if not side), LOOKALIKES[code][0][1])
        cases.append((code, kind, risky, lawful))
    return cases
