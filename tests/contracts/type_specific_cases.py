"""Clauses for the type-specific rules (contracts/playbook/rules/95-type-specific.toml,
docs/decisions/contract-type-specific-risks.md), written for these tests: for each rule, clauses carrying its risk
in several drafting styles and wordings, with the side the firm acts for, and lawful clauses that look like them."""

from __future__ import annotations

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    "loan-acceleration-at-lender-opinion": [
        ("loan",
         "五、甲方认为乙方经营状况或者担保人的资信状况发生变化、可能影响还款的，甲方有权宣"
         "布借款提前到期。", "乙方（借款人）"),
        ("loan", "3.2 贷款人有权根据其风险评估结果宣布本合同项下贷款提前到期，借款人应立即偿还。", "借款人"),
        ("loan", "第九条 出借人有理由相信借款人还款能力下降的，可以要求借款人提前偿还全部借款，借款人予以配合。", ""),
        ("guarantee",
         "（四）债权人判断债务人的财务状况恶化，足以影响债权实现的，有权宣布主债务立即到期"
         "，保证人承担保证责任。", "保证人"),
    ],
    "equity-transition-end-at-one-side": [
        ("equity",
         "（三）“过渡期”：指自本协议签署之日起至乙方书面确认交割事项全部完成之日止的期间"
         "。甲方为转让方。", "甲方（转让方）"),
        ("equity",
         "1.5 过渡期指本协议生效日至受让方确认目标公司完成整改之日的期间，转让方在此期"
         "间不得处置资产。", "转让方"),
        ("equity", "第八条 共管期的结束之日以投资方书面通知为准，甲方应予配合。", "甲方"),
    ],
    "equity-transition-losses-on-transferor": [
        ("equity",
         "第十一条 过渡期内丙方发生的亏损，由甲方以现金方式向丙方全额补足，过渡期收益由乙"
         "方享有。", "甲方（转让方）"),
        ("equity",
         "5.2 过渡期间标的公司产生的经营亏损及净资产减少，全部由转让方承担并以现金补足"
         "，过渡期间的盈利归受让方享有。", "转让方"),
        ("equity", "（六）转让方应以现金补足过渡期内目标公司的全部亏损，受让方无需承担。", ""),
    ],
    "equity-transferor-liable-after-closing": [
        ("equity",
         "第十五条 丙方在交割日前及交割日后发生的一切债务、担保及或有负债，均由甲方承担无"
         "限连带责任，乙方不承担。", "甲方（转让方）"),
        ("equity",
         "7.3 股权变更登记完成后目标公司产生的全部负债和诉讼，仍由转让方负责清偿，受让"
         "方不予承担。", "转让方"),
        ("equity", "（二）标的公司的一切债务，无论发生于交割前后，均由转让方承担，受让方无需承担。", ""),
    ],
    "equity-transferor-noncompete-unbounded": [
        ("equity",
         "第十六条 甲方及其关联方五年内不得从事与丙方相同或类似的业务，亦不得在任何其他企"
         "业任职，乙方无需支付任何补偿。", "甲方（转让方）"),
        ("equity", "9.1 转让方承诺交割后不在任何其他公司担任任何职务，受让方对此不另行支付对价。", "转让方"),
        ("equity", "（五）交割后十年内转让方不得经营或投资与目标公司相同的业务，受让方不予补偿。", ""),
    ],
    "equity-price-on-buyer-confirmation": [
        ("equity",
         "第四条 剩余转让价款在业绩承诺期届满且乙方书面确认甲方无需承担任何业绩补偿义务后"
         "支付。", "甲方（转让方）"),
        ("equity", "3.2 尾款以受让方确认交割事项全部完成为前提，由受让方支付给转让方。", "转让方"),
        ("equity", "（三）受让方认可目标公司的审计结果后十日内，向转让方支付剩余价款。", ""),
    ],
    "labor-weekly-hours-excessive": [
        ("labor", "第五条 甲方实行标准工时制度，乙方每周工作时间为六十小时。", "乙方（劳动者）"),
        ("labor", "4.1 乙方每周工作五十五小时，甲方不另行安排休息。", "乙方"),
    ],
    "equity-company-party-pays-valuation-adjustment": [
        ("equity", "目标公司（丙方）：某某科技有限公司\n"
                   "第八条 如丙方2027年度净利润低于五千万元，乙方有权要求丙方"
                   "按投资款加年利率10%回购乙方持有的全部股权。", "乙方（投资方）"),
        ("other", "某某科技有限公司（以下简称“公司”）\n"
                  "9.1 业绩承诺未达成的，由公司向投资人支付业绩补偿，甲方配合。", ""),
    ],
    "approval-required-no-filing-duty": [
        ("equity", "第十二条 本协议自甲乙双方签字盖章之日起生效，"
                   "标的股权转让尚需取得国有资产监督管理机构的批准。", "乙方"),
        ("equity", "12.1 本次转让涉及外商投资，须报商务主管部门审批，批准前本协议不生效，甲方乙方知悉。", ""),
    ],
    "sale-retention-registration-waived": [
        ("sale",
         "第七条 双方确认，本条所有权保留自本合同签订时生效，甲方乙方无需就此办理任何登记"
         "手续。",
         "甲方（出卖人）"),
        ("sale", "5.3 设备所有权在乙方付清货款前仍归甲方，该保留所有权不办理登记。", "甲方"),
    ],
    "sale-paid-price-kept-on-termination": [
        ("sale",
         "第七条 分期付款期间甲方解除合同或取回设备的，乙方已支付的全部价款（含定金）不予退还。",
         "乙方（买受人）"),
        ("sale",
         "6.4 分期付款期间出卖人收回车辆的，买受人已经支付的各期价款归出卖人所有，买受"
         "人不得要求返还。",
         "买受人"),
    ],
    "sale-delivery-defined-as-buyer-acceptance": [
        ("sale",
         "（二）“交付”：指设备经乙方验收合格并由乙方授权代表签署《设备验收单》，甲方负责"
         "运输。",
         "甲方（出卖人）"),
        ("sale", "1.3 本合同所称交付，是指货物经买方最终验收通过之日，卖方将货物运至买方仓库。", "卖方"),
    ],
    "tech-source-code-withheld": [
        ("tech_dev", "4.5 源代码是否交付及交付方式由甲乙双方另行协商，乙方交付可执行程序。", "甲方（委托方）"),
        ("tech_dev", "第六条 本系统源程序及技术文档由开发方保留，委托方如需取得须另行支付费用。", "委托方"),
        ("tech_dev", "（三）乙方不负责交付源代码，仅向甲方提供安装包。", "甲方"),
    ],
    "tech-background-swallows-results": [
        ("tech_dev",
         "1.2 “背景技术”：指乙方在本合同签订前或履行过程中开发、取得的任何技术、代码"
         "及其改进，归乙方所有，甲方付款。",
         "甲方（委托方）"),
        ("tech_dev",
         "第一条 既有技术包括受托方在合同期间为本项目开发完成的通用模块，受托方享有其权利"
         "，委托方可以使用。",
         "委托方"),
    ],
    "service-non-solicit-penalty-multiple": [
        ("service",
         "六、委托方不得以任何方式聘用受托方参与本项目的人员，否则应按该人员在受托方年薪的"
         "五倍向受托方支付违约金。",
         "委托方（某公司）"),
        ("tech_service",
         "第九条 甲方在合同期内不得招用乙方派驻人员，违反的按该人员年度薪酬的3倍支付违约"
         "金给乙方。",
         "甲方"),
    ],
    "intermediary-decides-deposit": [
        ("intermediary",
         "第十三条 买卖双方就定金发生争议的，由居间方根据其对双方违约情况的判断，决定将定"
         "金交付出卖人或退还委托方。",
         "委托方"),
        ("intermediary", "8.2 意向金的归属以中介方的认定为准，委托方与出卖方不得提出异议。", ""),
    ],
    "service-results-fee-on-forecast": [
        ("service",
         "（三）因委托方人员调整、市场变化等任何原因导致实际节约额低于方案预测节约额的，成"
         "果费按方案预测节约额计算。",
         "委托方（某公司）"),
        ("tech_service",
         "第五条 无论何种原因导致实际增收额未达到方案预测值的，服务费仍按预测增收额计取，"
         "甲方乙方确认。",
         "甲方"),
    ],
    "sale-quality-by-seller-standard": [
        ("sale", "5.2 货物的质量标准以卖方企业标准为准，买方不得以其他标准提出异议。", "乙方（买方）"),
        ("sale", "第四条 产品质量按甲方出厂标准验收，乙方予以认可。", ""),
    ],
    "equity-pre-closing-debts-excluded": [
        ("equity", "第五条 转让方对目标公司交割前的债务不承担责任，受让方知悉。", "乙方（受让方）"),
        ("equity", "7.2 基准日前目标公司的一切债务均由目标公司自行承担，转让方不承担任何责任，受让方同意。", ""),
    ],
    "property-fee-set-by-manager": [
        ("property", "第八条 物业服务费标准由乙方根据运营成本每年调整一次，调整后公示即生效，业主和甲方知悉。",
         "甲方（业主委员会）"),
        ("property", "5.3 物业公司每年可上调物业费，调整通知张贴后即执行，业主委员会予以配合。", ""),
    ],
    "construction-advance-funding-no-interest": [
        ("construction", "第十一条 承包人垫资施工至主体封顶，垫资部分不计利息，发包人在竣工后返还。", "乙方（承包人）"),
        ("construction", "4.2 乙方垫资的金额为五百万元，甲方不支付任何资金占用费。", ""),
    ],
    "tech-licensee-no-challenge": [
        ("tech_transfer", "第九条 乙方不得对许可专利的有效性提出异议，甲方有权解除合同。", "乙方（被许可方）"),
        ("tech_transfer", "7.3 被许可方及其关联方不得就本专利向国家知识产权局请求宣告无效，许可方保留追责权利。", ""),
    ],
}

#: rule → (contract type, lawful clause, side) that must raise nothing
LOOKALIKES = {
    "loan-acceleration-at-lender-opinion": [
        ("loan",
         "第七条 乙方未按约定用途使用借款，经甲方催告后三十日内仍未纠正的，甲方有权宣布借"
         "款提前到期。", "乙方"),
        ("loan", "五、甲方认为乙方的还款计划需要调整的，双方协商一致后签订补充协议。", "乙方"),
        ("loan", "3.3 贷款人不得以其单方判断为由宣布贷款提前到期。", "借款人"),
    ],
    "equity-transition-end-at-one-side": [
        ("equity",
         "（三）“过渡期”：指自本协议签署之日起至交割日止的期间，乙方应书面确认收到全部交"
         "割文件。", "甲方（转让方）"),
        ("equity", "1.5 过渡期指本协议生效日至标的股权变更登记完成之日止的期间。", "转让方"),
    ],
    "equity-transition-losses-on-transferor": [
        ("equity",
         "第十一条 过渡期内丙方的损益由交割后的全体股东按持股比例享有和承担，甲方与乙方均"
         "同意。", "甲方（转让方）"),
        ("equity",
         "5.2 因转让方违反过渡期义务给目标公司造成的损失，由转让方承担赔偿责任，受让方"
         "可以要求。", "转让方"),
        ("equity", "（六）过渡期内目标公司的收益和亏损均由转让方享有和承担，受让方不享有也不承担。", "转让方"),
    ],
    "equity-transferor-liable-after-closing": [
        ("equity",
         "第十五条 交割日前已存在而未披露的债务，由甲方承担；交割日后发生的债务由丙方自行"
         "承担，乙方知悉。", "甲方（转让方）"),
        ("equity",
         "7.3 因转让方隐瞒交割日前的事由导致交割后目标公司承担债务的，由转让方承担，受"
         "让方可追偿。", "转让方"),
    ],
    "equity-transferor-noncompete-unbounded": [
        ("equity",
         "第十六条 甲方承诺交割后二年内不从事与丙方相同的业务，乙方按月向甲方支付竞业补偿"
         "金五万元。", "甲方（转让方）"),
        ("equity",
         "9.1 转让方在交割后继续在目标公司任职，不得在其他企业兼职的约定按劳动合同执行"
         "，受让方知悉。", "转让方"),
        ("equity", "（五）交割后二年内转让方不得经营与目标公司相同的业务，受让方无需另行支付补偿。", "转让方"),
    ],
    "equity-price-on-buyer-confirmation": [
        ("equity",
         "第四条 乙方应于交割日后十个工作日内支付剩余转让价款；甲方确认收款后三日内出具收"
         "据。", "甲方（转让方）"),
        ("equity", "3.2 受让方应于收到转让方书面付款通知后十日内支付尾款，不以受让方确认任何事项为条件。", "转让方"),
    ],
    "labor-weekly-hours-excessive": [
        ("labor", "第五条 乙方每日工作八小时，每周工作四十小时，甲方保证乙方每周至少休息一日。", "乙方"),
        ("labor", "4.1 乙方每周工作时间不超过四十四小时，具体由甲方排班。", "乙方"),
    ],
    "equity-company-party-pays-valuation-adjustment": [
        ("equity", "目标公司（丙方）：某某科技有限公司\n"
                   "第九条 业绩承诺未达成的，由甲方向乙方支付业绩补偿，丙方不承担。", "乙方（投资方）"),
        ("equity", "目标公司（丙方）：某某科技有限公司\n"
                   "第九条 业绩承诺未达成的，丙方在依法完成减资程序后回购乙方股权，甲方承担连带责任。", "乙方"),
    ],
    "approval-required-no-filing-duty": [
        ("equity", "第十二条 本协议须经国资委批准后生效，由甲方负责在签订后十日内报批，乙方予以配合。", "乙方"),
    ],
    "sale-retention-registration-waived": [
        ("sale", "第七条 甲方有权就保留的所有权办理登记，乙方应予配合。", "甲方（出卖人）"),
    ],
    "sale-paid-price-kept-on-termination": [
        ("sale",
         "第七条 甲方取回设备的，可从乙方已支付的价款中扣除设备使用费及损失，剩余部分退还"
         "乙方。",
         "乙方（买受人）"),
    ],
    "sale-delivery-defined-as-buyer-acceptance": [
        ("sale",
         "（二）“交付”：指甲方将设备运至乙方厂区并由乙方签收，乙方应于签收后十五日内验收"
         "。",
         "甲方（出卖人）"),
    ],
    "tech-source-code-withheld": [
        ("tech_dev", "4.5 乙方应于验收合格后十日内向甲方交付全部源代码及技术文档。", "甲方（委托方）"),
        ("tech_dev", "第六条 开源组件的源代码按其许可协议获取，乙方向甲方提供组件清单。", "甲方"),
    ],
    "tech-background-swallows-results": [
        ("tech_dev",
         "1.2 “背景技术”：指乙方在本合同签订前已开发完成并在附件中列明的技术，归乙方"
         "所有，甲方可以使用。",
         "甲方（委托方）"),
    ],
    "service-non-solicit-penalty-multiple": [
        ("service",
         "六、委托方不得主动招揽受托方参与本项目的人员，违反的按该人员三个月工资支付违约金"
         "。",
         "委托方（某公司）"),
    ],
    "intermediary-decides-deposit": [
        ("intermediary",
         "第十三条 定金的归属按买卖双方共同书面确认或生效法律文书处理，居间方不作决定。",
         "委托方"),
    ],
    "service-results-fee-on-forecast": [
        ("service",
         "（三）成果费按实际节约额计算，实际节约额低于方案预测的，按实际节约额计算，委托方"
         "与受托方确认。",
         "委托方（某公司）"),
    ],
    "sale-quality-by-seller-standard": [
        ("sale", "5.2 货物的质量标准以卖方企业标准为准，且不低于现行国家标准，买方予以认可。", "乙方（买方）"),
    ],
    "equity-pre-closing-debts-excluded": [
        ("equity", "第五条 交割日前已存在而未披露的债务由转让方承担，受让方有权从未付价款中扣除。", "乙方（受让方）"),
    ],
    "property-fee-set-by-manager": [
        ("property", "第八条 物业服务费标准确需调整的，由乙方提出方案，经业主大会表决通过后执行，甲方配合。",
         "甲方（业主委员会）"),
    ],
    "construction-advance-funding-no-interest": [
        ("construction", "第十一条 承包人垫资部分按同期贷款市场报价利率计付利息，发包人竣工后返还。", "乙方（承包人）"),
    ],
    "tech-licensee-no-challenge": [
        ("tech_transfer", "第九条 乙方对许可专利的有效性提出异议的，不构成违约，甲方不得因此解除合同。",
         "乙方（被许可方）"),
    ],
}



def type_specific_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: each
    rule's first risky clause and first look-alike that need no side."""
    cases = []
    for code, rows in RISKS.items():
        kind, risky = next(((k, text) for k, text, side in rows if not side), rows[0][:2])
        lawful = next((text for _, text, side in LOOKALIKES[code] if not side), LOOKALIKES[code][0][1])
        cases.append((code, kind, risky, lawful))
    return cases
