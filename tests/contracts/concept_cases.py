"""Clauses for the rules that test concepts of the lexicon (contracts/playbook/concepts.toml,
docs/decisions/contract-concepts.md), written for these tests in wordings none of the rules' own patterns were
fitted on: for each rule, clauses carrying its risk through another phrasing of its concept, and clauses on the
same subject where the concept is negated or carved out, which must raise nothing."""

from __future__ import annotations

from tests.contracts.checklist_wording_cases import PARTIES as _CHECKLIST_PARTIES

PARTIES = {
    **_CHECKLIST_PARTIES,
    "storage": "存货人：某食品有限公司；保管人：某仓储有限公司。",
    "transport": "托运人：某电器有限公司；承运人：某物流有限公司。",
    "work": "定作人：某服装有限公司；承揽人：某制衣有限公司。",
}

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    # -- EXEMPT -----------------------------------------------------------------------------------------
    "generic-exempt-all-liability": [
        ("service", "第八条 本项目实施期间甲方发生的一切损失，乙方一概不负赔偿之责。", "甲方"),
    ],
    "generic-exempt-personal-injury": [
        ("service", "第六条 学员在训练中发生身体伤害的，乙方不予赔付。", "甲方"),
    ],
    "storage-keeper-exempt": [
        ("storage", "第七条 存储期间仓储物发生变质或短少的，保管人一概不负责任。", "存货人"),
    ],
    "transport-carrier-exempt": [
        ("transport", "第五条 运输途中货物丢失的，承运人无需承担赔偿责任。", "托运人"),
    ],
    "data-processor-breach-exempt": [
        ("data", "第九条 受托方处理用户个人信息期间发生信息外泄的，受托方不负任何法律责任。", "委托方"),
    ],
    # -- WAIVE_CLAIM --------------------------------------------------------------------------------------
    "remedies-waived-in-advance": [
        ("sale", "第十条 买方承诺，即使卖方迟延交货，买方亦不另行主张违约金及赔偿。", "买方"),
    ],
    "lease-waive-priority": [
        ("lease", "第十四条 出租人出售该房屋时，承租人不再行使优先购买权。", "承租人"),
    ],
    "guarantee-recourse-waived": [
        ("guarantee", "第六条 保证人代为清偿后，承诺不向债务人索要其已代偿的款项。", "保证人"),
    ],
    # -- UNILATERAL_CHANGE --------------------------------------------------------------------------------
    "unilateral-rules-change": [
        ("service", "第四条 乙方可视运营情况不时更新服务规则，更新后的规则一经在官网发布即对甲方生效。", "甲方"),
    ],
    "labor-unilateral-post-change": [
        ("labor", "第五条 用人单位可结合生产经营需要对劳动者的工作地点进行调配，劳动者应予配合。", "劳动者"),
    ],
    "finance-lease-rent-adjust-unilateral": [
        ("finance_lease", "第八条 出租人有权根据资金成本的变化对租赁利率作相应上调。", "承租人"),
    ],
    # -- TERMINATE_AT_WILL --------------------------------------------------------------------------------
    "finance-lease-lessor-recover-anytime": [
        ("finance_lease", "第十二条 租赁期间出租人可随时取回租赁物。", "承租人"),
    ],
    # -- DEEMED_ACCEPT ------------------------------------------------------------------------------------
    "sale-receipt-deemed-quality": [
        ("sale", "第七条 买方人员在送货单上签收后，即视为货物质量已验收合格。", "买方"),
    ],
    "agency-deemed-ratification": [
        ("entrustment", "第九条 受托人超越授权签订的合同，委托人接到通知后五日内未表示反对的，视同予以追认。",
         "委托人"),
    ],
    # -- FORFEIT ------------------------------------------------------------------------------------------
    "lease-deposit-no-return": [
        ("lease", "第十六条 承租人中途退租的，所交押金由出租人全额收取。", "承租人"),
    ],
    "paid-sums-forfeited-on-termination": [
        ("service", "第十一条 甲方中途终止合作的，其已缴纳的年度服务费一律不退。", "甲方"),
    ],
    "labor-commission-forfeited-on-leaving": [
        ("labor", "第九条 劳动者离职的，其尚未结算的销售提成自动作废。", "劳动者"),
    ],
    # -- CONSENT_WAIVED -----------------------------------------------------------------------------------
    "claim-assignment-without-notice": [
        ("sale", "第十三条 卖方可以将其对买方的应收账款转让给保理公司，无须另行告知买方。", "买方"),
    ],
    "guarantee-change-without-consent": [
        ("guarantee", "第四条 债权人与债务人协议延长还款期限的，不必征得保证人同意，保证人仍承担保证责任。", "保证人"),
    ],
    "work-main-task-outsourced": [
        ("work", "第六条 承揽人有权把订单的主要工序交由其协作工厂完成。", "定作人"),
    ],
    # -- more rules on the concepts ---------------------------------------------------------------------
    "intermediary-no-truth-duty": [
        ("intermediary", "第五条 中介人提供的房源信息仅供参考，其准确性由委托人自行核实，中介人概不负责。", "委托人"),
    ],
    "equity-pre-closing-debts-excluded": [
        ("equity", "第九条 目标公司在交割日前形成的任何负债，转让方均无需承担。", "受让方"),
    ],
    "loan-interest-deducted": [
        ("loan", "第四条 出借人在交付借款时直接扣除三个月利息，借款本金仍按合同金额计算。", "借款人"),
    ],
    # -- fact rules whose act reads a concept (act_concepts) ------------------------------------------------
    "fact-terminate-at-will": [
        ("service", "第十二条 甲方可以在任何时候单方终止合作。", "乙方"),
    ],
    "lease-sublease-free": [
        ("lease", "第九条 承租人可以自行将房屋的一部分分租给他人经营。", "出租人"),
    ],
    "lease-rent-increase-unilateral": [
        ("lease", "第五条 出租人可每年视周边行情上浮租金，承租人应予接受。", "承租人"),
    ],
    # -- PAYMENT_CONDITION, PAY_REGARDLESS ----------------------------------------------------------------
    "payment-on-third-party-condition": [
        ("construction", "第十条 发包人在收到建设单位拨付的工程款后十五日内，向承包人支付相应进度款。", "承包人"),
    ],
    "intermediary-fee-regardless": [
        ("intermediary", "第六条 无论交易最终是否达成，委托人均应向中介人支付全额佣金。", "委托人"),
    ],
    # -- DEFER_TO_LATER -----------------------------------------------------------------------------------
    "sale-price-deferred": [
        ("sale", "第三条 合同单价暂定，最终价格日后再议。", "买方"),
    ],
    "results-ownership-deferred": [
        ("advertising", "第八条 本次拍摄素材的著作权归属，由双方日后另行商定。", "广告主"),
    ],
}

#: rule → (contract type, clause where the concept is negated or carved out, side): nothing may be raised
LOOKALIKES = {
    "remedies-waived-in-advance": [
        ("sale", "第十条 买方验收后又发现质量问题的，不视为买方放弃索赔的权利。", "买方"),
        ("sale", "第十条 卖方迟延交货的，买方并不因此放弃追究卖方违约责任的权利。", "买方"),
    ],
    "sale-receipt-deemed-quality": [
        ("sale", "第七条 买方签收货物仅表示数量无误，不视为对货物质量的认可。", "买方"),
    ],
    "unilateral-rules-change": [
        ("service", "第四条 乙方调整收费标准的，须经甲方书面同意后方可执行。", "甲方"),
    ],
    "labor-terminate-at-will": [
        ("labor", "第十八条 女职工在孕期、产期、哺乳期内，用人单位不得降低其工资、予以辞退或解除劳动合同。", "劳动者"),
        ("labor", "第十九条 劳动者严重违反用人单位规章制度的，用人单位可以解除劳动合同。", "劳动者"),
    ],
    "paid-sums-forfeited-on-termination": [
        ("service", "第十一条 甲方提前终止合作的，乙方应在扣除已提供服务的费用后退还其余预付款。", "甲方"),
    ],
    "assignment-any-wording": [
        ("service", "第十五条 未经甲方书面同意，乙方不得将本合同项下的权利义务转让给第三方。", "甲方"),
    ],
    "loan-interest-deducted": [
        ("loan", "第四条 借款利息按月支付，出借人不得在交付借款时预先扣除利息。", "借款人"),
    ],
    "fact-terminate-at-will": [
        ("service", "第十二条 乙方连续两个月未达到服务标准的，甲方可以书面通知乙方解除本合同。", "乙方"),
    ],
    "payment-on-third-party-condition": [
        ("service", "第七条 甲方应在收到乙方开具的合格发票后十日内支付服务费。", "乙方"),
    ],
    "intermediary-fee-regardless": [
        ("intermediary", "第六条 交易未能达成的，中介人不得收取佣金。", "委托人"),
    ],
    "sale-price-deferred": [
        ("sale", "第三条 货物单价为每台3,800元，合同有效期内不作调整。", "买方"),
    ],
    "unilateral-adjust-by-market": [
        ("sale", "第九条 卖方可向买方提供建议零售价，买方可自行确定转售价格。", "卖方"),
    ],
}
