"""Clauses for the shapes of risk every contract shares (a unilateral right of the other side, an exemption, a
penalty out of proportion, deemed acceptance, a forfeiture, a term left to later, an owner, a renewal by
silence …), written for these tests in words of their own: each shape in several wordings the general
predicates must read whatever the verb, and a lawful clause of the same shape that must stay silent."""

from __future__ import annotations

#: shape → (rule codes that read it, [(contract type, clause, side the firm acts for)])
RISKS: dict[str, tuple[set[str], list[tuple[str, str, str]]]] = {
    "unilateral-price": ({"fact-unilateral-price-change", "unilateral-adjust-by-market"}, [
        ("service", "第五条 甲方可根据其经营需要对服务单价作相应变动，乙方应予接受。", "乙方"),
        ("sale", "三、卖方保留依据原材料价格走势重新核定供货价格的权利。", "买方"),
        ("lease", "第四条 租赁期内出租人有权视周边租金水平对月租金进行重新核定。", "承租人"),
        ("service", "第六条 甲方可视业务情况随时对服务费标准予以调低，乙方应当接受。", "乙方"),
        ("service", "第三条 服务费的具体金额由甲方在项目结束后确定。", "乙方"),
    ]),
    "unilateral-scope": ({"fact-unilateral-scope-change"}, [
        ("service", "第三条 甲方有权根据项目进展增补服务事项，增补部分不另行计费。", "乙方"),
        ("tech_dev", "4.2 委托方可在开发期间追加功能需求，受托方应在原定期限内一并完成。", "受托方"),
        ("work", "第六条 定作人有权随时更改图纸，承揽人应按更改后的图纸加工且不得要求增加报酬。", "承揽人"),
        ("service", "第六条 对服务内容的增减由甲方视需要决定，乙方应遵照执行。", "乙方"),
    ]),
    "terminate-at-will": ({"fact-terminate-at-will", "terminate-on-notice-one-side"}, [
        ("service", "5.3 甲方保留在服务期内任何时间解约的权利。", "乙方"),
        ("service", "第十条 甲方享有单方终止本合同的权利，且无需说明理由。", "乙方"),
    ]),
    "deduct-at-discretion": ({"fact-setoff-deduct-at-discretion"}, [
        ("lease", "第八条 租赁期满，出租人可从押金中扣减其认定的各项费用后将余额退还承租人。", "承租人"),
        ("service", "第六条 甲方有权从乙方的履约保证金中直接扣收甲方认为乙方应承担的款项。", "乙方"),
    ]),
    "one-side-decides": ({"own-records-conclusive"}, [
        ("sale", "第七条 货物质量是否合格，由买方单方认定。", "卖方"),
        ("work", "（二）违约扣款的金额由定作人核定。", "承揽人"),
    ]),
    "exemption-words": ({"fact-exempt-all", "fact-exempt-intent-gross", "generic-exempt-all-liability"}, [
        ("service", "第九条 无论出于何种原因，甲方对乙方遭受的任何损失均不负赔偿之责。", "乙方"),
        ("storage", "第八条 仓储物在保管期间发生的毁损灭失，保管人均免于向存货人承担责任。", "存货人"),
    ]),
    "penalty-as-share-in-words": ({"generic-penalty-high", "fact-penalty-over-30"}, [
        ("service", "第十二条 乙方违约的，应向甲方支付违约金，金额为合同总价的一半。", "乙方"),
    ]),
    "deemed-acceptance": ({"fact-deemed-acceptance"}, [
        ("service", "第八条 甲方在收到交付成果后三日内未书面提出意见的，成果即被视为已通过验收。", "甲方"),
        ("tech_dev", "第九条 委托方收到软件后五个工作日内未反馈问题的，视同委托方认可软件符合要求。", "委托方"),
    ]),
    "paid-sums-kept": ({"paid-sums-forfeited-on-termination"}, [
        ("lease", "第十四条 合同解除后，承租人已支付的租金及保证金均不予退还。", "承租人"),
    ]),
    "term-to-one-side": ({"term-deferred-to-later", "key-term-deferred"}, [
        ("service", "第四条 服务费的支付时间以甲方届时的资金安排为准。", "乙方"),
        ("lease", "第三条 第二年起的租金标准，届时由双方协商确定。", "承租人"),
    ]),
    "forum-unlinked": ({"fact-jurisdiction-unconnected"}, [
        ("service", "第二十条 争议由甲方上级主管单位所在地人民法院管辖。", "乙方"),
    ]),
    "owner-at-fragment-end": ({"fact-ip-to-other-side"}, [
        ("tech_dev", "第十二条 乙方在开发过程中形成的全部技术成果、源代码及文档的一切权利，"
                     "自形成之时起即专属于甲方。", "乙方"),
        ("tech_dev", "第十三条 本项目所产生的所有知识产权，包括乙方在履行本合同前已拥有的背景技术的改进，"
                     "均归属甲方。", "乙方"),
    ]),
    "right-past-its-ground": ({"fact-unilateral-scope-change", "fact-unilateral-price-change"}, [
        ("lease", "第六条 出租人有权根据园区规划的需要，变更承租人的仓位位置及面积，承租人应予配合。", "承租人"),
        ("gift", "第五条 甲方有权视宣传安排，随时更改捐赠项目的名称及标识样式。", "乙方"),
    ]),
    "one-side-word-in-quotes": ({"own-records-conclusive"}, [
        ("service", "第七条 服务完成量以乙方出具的《月度服务确认单》为准。", "甲方"),
        ("intermediary", "第九条 由中介方依据其对双方履约情况的判断，决定保证金的退还对象。", "委托方"),
        ("tech_transfer", "一、提成基数为销售收入扣除许可方认为合理的推广费用后的余额。", "被许可方"),
    ]),
    "penalty-for-a-duty-breached": ({"fact-penalty-multiple", "fact-penalty-over-30", "generic-penalty-high"}, [
        ("service", "第十一条 甲方不得招揽乙方的项目人员，否则应按该人员在乙方月薪的十倍向乙方支付违约金。", "甲方"),
    ]),
    "unlimited-joint": ({"fact-unlimited-liability"}, [
        ("equity", "第十五条 目标公司在交割前后产生的一切或有负债，均由转让方向受让方承担无限连带责任。", "转让方"),
    ]),
    "second-exemption-of-a-run-on-sentence": ({"fact-exempt-all", "generic-exempt-all-liability"}, [
        ("service", "（四）乙方的建议仅供参考，甲方据此实施的一切措施均由甲方自行负责，"
                    "乙方无论何时均不承担任何赔偿责任。", "甲方"),
    ]),
    "materials-used-for-others": ({"fact-data-use-beyond-purpose"}, [
        ("service", "第八条 乙方可以把为甲方编写的调研报告经删改后用于其他客户的项目。", "甲方"),
    ]),
    "deemed-intact-on-the-spot": ({"fact-deemed-acceptance"}, [
        ("transport", "第七条 收货人签收时未当场提出异议的，视为货物完好交付。", "收货人"),
    ]),
    "joint-decision-by-one": ({"own-records-conclusive"}, [
        ("partnership", "第七条 合伙事务的一切决定均由甲方单方作出，乙方不得提出异议。", "乙方"),
    ]),
    "price-one-side-fixes": ({"term-deferred-to-later"}, [
        ("partnership", "第八条 乙方退伙的，其出资份额按甲方核定的价格结算。", "乙方"),
    ]),
    "renewal-by-silence": ({"fact-auto-renewal"}, [
        ("service", "第十八条 合同期满后，如双方均未提出异议，本合同按原条件延续一年，并依此类推。", "甲方"),
    ]),
}

#: shape → lawful clauses of the same shape: no rule may fire on them
LOOKALIKES: dict[str, list[tuple[str, str, str]]] = {
    "unilateral-price": [
        ("sale", "（二）合同履行期间货物单价固定不变，任何一方不得单方调整。", "买方"),
        ("service", "8.1 服务费的调整须经双方协商一致并签订书面补充协议。", "乙方"),
        ("lease", "第九条 出租人不得单方提高租金。", "承租人"),
        ("service", "第五条 经乙方书面同意后，甲方可以调整服务单价。", "乙方"),
    ],
    "unilateral-scope": [
        ("work", "第六条 定作人中途变更图纸的，应当赔偿承揽人因此造成的损失，并相应调整报酬和交付期限。", "承揽人"),
        ("service", "第三条 服务内容的增减由双方协商确定，并相应调整服务费。", "乙方"),
    ],
    "terminate-at-will": [
        ("service", "第十条 任何一方提前解除本合同的，应提前三十日书面通知对方并赔偿由此给对方造成的损失。", "乙方"),
    ],
    "deduct-at-discretion": [
        ("lease", "第八条 租赁期满，出租人应在房屋交接后十日内全额退还押金；承租人欠付水电费的，"
                  "双方书面确认后可从押金中扣除。", "承租人"),
        ("service", "第十二条 甲方不得以任何理由扣减乙方的服务费。", "乙方"),
    ],
    "one-side-decides": [
        ("sale", "第七条 货物质量是否合格，以双方共同委托的检验机构出具的结论为准。", "卖方"),
    ],
    "exemption-words": [
        ("service", "第十条 乙方对因不可抗力造成的损失不承担责任，但应及时通知甲方并提供证明。", "甲方"),
        ("service", "第十条 乙方的赔偿总额不超过合同总价，但乙方故意、重大过失或造成人身损害的除外。", "甲方"),
    ],
    "penalty-as-share-in-words": [
        ("service", "第十一条 乙方违约的，应按合同总额的百分之十支付违约金。", "乙方"),
    ],
    "deemed-acceptance": [
        ("sale", "四、买方应于收货后三十日内检验，逾期未提出异议的，视为货物数量和外观质量符合约定。", "买方"),
    ],
    "owner-at-fragment-end": [
        ("labor", "第二条 乙方主要利用甲方的物质技术条件完成的发明创造，申请专利的权利属于甲方。", "乙方"),
    ],
    "right-past-its-ground": [
        ("lease", "第六条 出租人有权根据园区规划的需要，在征得承租人书面同意后另行协商调整仓位。", "承租人"),
    ],
    "one-side-word-in-quotes": [
        ("service", "第七条 服务完成量以双方签字确认的《月度服务确认单》为准。", "甲方"),
    ],
    "penalty-for-a-duty-breached": [
        ("service", "第十一条 甲方不得招揽乙方的项目人员，否则应按该人员在乙方月薪的百分之二十"
                    "向乙方支付违约金。", "甲方"),
    ],
    "unlimited-joint": [
        ("partnership", "第六条 普通合伙人对合伙企业债务承担无限连带责任。", "普通合伙人"),
    ],
    "materials-used-for-others": [
        ("service", "第八条 乙方为甲方编写的调研报告仅用于本项目，未经甲方书面同意不得用于其他客户。", "甲方"),
    ],
    "joint-decision-by-one": [
        ("partnership", "第七条 合伙事务的重大决定由全体合伙人一致同意作出。", "乙方"),
    ],
    "price-one-side-fixes": [
        ("partnership", "第八条 乙方退伙的，其出资份额按双方共同委托的评估机构评估的价格结算。", "乙方"),
    ],
    "renewal-by-silence": [
        ("service", "第十八条 合同期满前三十日，任何一方可书面通知对方不再续约；"
                    "双方同意续约的，另行签订书面协议。", "甲方"),
    ],
}
