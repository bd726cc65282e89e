"""Clauses for the rule families of the types a contract set brought first (issue 21, second round:
contracts/playbook/rules/99-types-unseen.toml, docs/decisions/contract-missed-families.md), written for these
tests in wordings of their own: for each rule, clauses carrying its risk with the side the firm acts for, and
lawful clauses that look like them."""

from __future__ import annotations

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    "guarantee-period-very-long": [
        ("guarantee", "第五条 保证人承担保证责任的期间为主债务到期之日起五年。", "丙方（保证人）"),
        ("guarantee", "4.1 本合同项下的保证期间自借款合同约定的还款日届满后起算，共计八年。", "保证人"),
        ("loan", "第九条 担保人的保证期限为借款到期之日起一百二十个月。", "丙方（担保人）"),
    ],
    "guarantee-own-penalty-any-name": [
        ("guarantee", "3.3 乙方迟延履行保证义务的，每迟延一日，还应按应付金额的千分之一另行向甲方支付违约金。",
         "乙方（保证人）"),
        ("guarantee", "第六条 担保方收到甲方书面通知后拒绝承担代偿责任的，"
                      "除代偿全部欠款外，另须支付欠款总额20%的罚金。",
         "担保方"),
        ("loan", "七、丙方在保证责任之外，另行向出借人支付借款本金10%的违约金。", "丙方（保证人）"),
    ],
    "limited-partner-uncapped-contribution": [
        ("partnership", "第十二条 合伙企业亏损时，"
                        "有限合伙人须按普通合伙人的通知补缴出资，补缴金额不受其认缴出资额的限制。",
         "有限合伙人"),
        ("partnership", "4.2 本有限合伙企业的全部合伙人（包括有限合伙人）对合伙企业债务承担无限连带责任。", "丙方"),
        ("partnership", "第八条 有限合伙人应在执行事务合伙人要求时追加出资，追加出资无上限。", "有限合伙人乙"),
    ],
    "processor-keeps-copy-after-end": [
        ("data", "9.2 委托关系终止后，受托方有权保留委托方个人信息的备份两年，用于其内部质量复核。", "委托方"),
        ("tech_service", "第十一条 服务期满后，"
                         "乙方可继续留存甲方用户数据的副本十二个月，以备日后查询。", "甲方（客户）"),
        ("data", "六、本协议解除之日起，乙方可保存甲方会员个人信息一年，期满后自行销毁。", "甲方"),
    ],
    "payment-on-payer-satisfaction-silence-refuses": [
        ("performance", "4.2 主办方收到演出录像后十日内未予回复的，"
                        "视为不认可演出效果，主办方无需支付尾款。", "乙方（艺人）"),
        ("advertising", "第五条 推广费在甲方完全自主认定投放效果达到预期后六十日内支付。", "乙方（广告经营者）"),
        ("performance", "第三条 演出酬金于甲方全权确认演员表现满意后支付；甲方未作评价的，视为不满意。", "演员"),
    ],
    "routine-form-deemed-service-complete": [
        ("intermediary", "第四条 委托方在《看房登记表》上签名的，即视为居间方已完成全部居间服务。", "委托方"),
        ("intermediary", "2.3 甲方签收房源信息确认单，视为认可乙方已经完成该房源的所有中介服务。", "甲方（委托人）"),
        ("service", "第六条 客户在服务签到表上签字即视为服务方已履行完毕全部服务义务。", "客户（委托方）"),
    ],
}

#: rule → lawful clauses like the risk that must not raise the rule
LOOKALIKES = {
    "guarantee-period-very-long": [
        ("guarantee", "第五条 保证期间为主债务履行期限届满之日起三年。", "丙方（保证人）"),
        ("guarantee", "4.1 保证期间为主债务履行期限届满之日起六个月。", "保证人"),
        ("loan", "第九条 借款期限为五年，自放款之日起计算。", "丙方（担保人）"),
    ],
    "guarantee-own-penalty-any-name": [
        ("guarantee", "3.3 乙方承担保证责任的范围以债务人应当承担的责任为限。", "乙方（保证人）"),
        ("guarantee", "第六条 保证人对债务人依主合同应付的违约金承担连带保证责任。", "担保方"),
        ("loan", "七、借款人逾期还款的，应另行向出借人支付逾期利息。", "丙方（保证人）"),
    ],
    "limited-partner-uncapped-contribution": [
        ("partnership", "第十二条 有限合伙人以其认缴的出资额为限对合伙企业债务承担责任。", "有限合伙人"),
        ("partnership", "4.2 普通合伙人对合伙企业债务承担无限连带责任。", "丙方"),
        ("partnership", "第八条 合伙企业增加认缴出资的，"
                        "应经全体合伙人一致同意，有限合伙人可以不参与增资。", "有限合伙人乙"),
    ],
    "processor-keeps-copy-after-end": [
        ("data", "9.2 委托关系终止后，受托方应在十日内删除委托方个人信息及其备份，不得保留。", "委托方"),
        ("tech_service", "第十一条 服务期满后，乙方应向甲方提供数据导出，并在导出完成后删除全部数据。", "甲方（客户）"),
        ("data", "六、本协议解除后，乙方依法须保存的交易记录按法律、行政法规规定的保存期限保存。", "甲方"),
    ],
    "payment-on-payer-satisfaction-silence-refuses": [
        ("performance", "4.2 主办方收到演出录像后十日内未提出书面异议的，"
                        "视为认可演出效果，尾款于次月支付。", "乙方（艺人）"),
        ("advertising", "第五条 推广费在投放数据经第三方监测机构出具报告后三十日内支付。", "乙方（广告经营者）"),
        ("performance", "第三条 演出酬金于演出结束后十五日内一次性支付。", "演员"),
    ],
    "routine-form-deemed-service-complete": [
        ("intermediary", "第四条 委托方在《看房登记表》上签名，仅确认该次看房的时间和房屋。", "委托方"),
        ("intermediary", "2.3 甲方签署《带看确认单》仅表示已实地看房，"
                         "居间服务是否完成以房屋买卖合同签订为准。", "甲方（委托人）"),
        ("service", "第六条 客户应在每次服务后在签到表上签字。", "客户（委托方）"),
    ],
}

RISKS["deviation-deemed-total-loss"] = [
    ("transport", "3.2 运输中车厢温度只要有一次超过8℃，"
                  "不论对药品有无实际影响，整车药品一律视为报废。", "乙方（承运人）"),
    ("storage", "第六条 库温任一次偏离约定区间的，该批货物全部视为变质，由保管方按货值赔偿。", "保管方"),
    ("sale", "四、交付的任意一箱产品规格不符的，该批产品全部认定为不合格，买方有权整批退货。", "卖方"),
]
LOOKALIKES["deviation-deemed-total-loss"] = [
    ("transport", "3.2 车厢温度超出约定区间的，经检验确认药品变质的，由乙方按受损药品价值赔偿。", "乙方（承运人）"),
    ("storage", "第六条 库温应保持在零下十八度以下，保管方应每日记录库温。", "保管方"),
    ("sale", "四、交付的产品规格不符的，买方有权就不符部分要求更换。", "卖方"),
]

#: Phrasings widened in rules that were there (issue 21, second round): the act in wordings the rule had not
#: read — a right named at length between its waiver and its name, common parts called 共用部位 and their income
#: 经营收入, a competing fund, a bypass written as 自行或通过第三方与…成交, another channel made no defence.
WIDENED = {
    "construction-waive-priority": [
        ("construction", "第十条 承包人同意放弃就本项目工程折价或者拍卖所得价款依法享有的建设工程价款优先受偿权。",
         "承包人"),
    ],
    "property-common-income-owned": [
        ("property", "第九条 小区共用部位、共用设施设备的广告位、地面停车位及电梯轿厢等经营收入，"
                     "作为乙方管理服务的补贴，全部归乙方所有。", "甲方（业主委员会）"),
    ],
    "partnership-compete-self-deal": [
        ("partnership", "第六条 普通合伙人可以另行设立、管理与本合伙企业投资领域相同的其他基金。", "有限合伙人"),
        ("partnership", "第七条 执行事务合伙人可以代表本合伙企业与其关联公司进行交易，"
                        "无需其他合伙人同意。", "有限合伙人"),
    ],
    "intermediary-skip-penalty-over-fee": [
        ("intermediary", "第六条 委托方自行或者经其他经纪公司与乙方介绍的房东签约的，应按年租金的10%支付违约金。",
         "委托方"),
    ],
    "intermediary-other-channel-deemed-skip": [
        ("intermediary", "第七条 委托人经公开渠道另行获知中介人推荐的同一房源的，不得以此为由拒付佣金。", "委托人"),
    ],
}
WIDENED_LOOKALIKES = {
    "construction-waive-priority": [
        ("construction", "第十条 承包人依法享有就本项目工程折价或者拍卖所得价款优先受偿的权利。", "承包人"),
    ],
    "property-common-income-owned": [
        ("property", "第九条 利用小区共用部位所得的经营收入，扣除合理成本后归全体业主共有。", "甲方（业主委员会）"),
    ],
    "partnership-compete-self-deal": [
        ("partnership", "第六条 普通合伙人不得设立、管理与本合伙企业投资领域相同的其他基金。", "有限合伙人"),
        ("partnership", "第七条 执行事务合伙人代表本合伙企业与其关联公司交易的，"
                        "应经全体合伙人一致同意。", "有限合伙人"),
    ],
    "intermediary-skip-penalty-over-fee": [
        ("intermediary", "第六条 委托方与出租人签订租赁合同的，应按月租金的50%支付佣金。", "委托方"),
    ],
    "intermediary-other-channel-deemed-skip": [
        ("intermediary", "第七条 甲方经公开渠道另行获知同一房源并自行成交的，无需向乙方支付佣金。", "甲方（委托人）"),
    ],
}


def unseen_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: each new
    rule's first risk and first look-alike, read with no side."""
    return [(code, RISKS[code][0][0], RISKS[code][0][1], LOOKALIKES[code][0][1]) for code in RISKS]
