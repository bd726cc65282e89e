"""Cases for the rules of contracts/playbook/rules/98-type-checklists.toml that read a clause: each risk in
wordings of its own and a lawful look-alike (tests/contracts/test_playbook_type_readers.py and the breadth
test's table)."""

from __future__ import annotations

_EMPLOY = "甲方（用人单位）：某科技公司\n乙方（劳动者）：某某\n"

RISKS = {
    "equity-preemption-left-to-transferor": [
        ("equity", "3.2 其他股东是否行使优先购买权，由转让方自行协调，受让方仍应按期支付股权转让款。", "受让方"),
        ("equity", "第五条 标的股权的优先购买权问题，不影响乙方按本协议支付转让价款。", "乙方（受让方）"),
    ],
    "equity-pre-closing-debts-excluded-undisclosed": [
        ("equity", "第六条 目标公司在工商变更登记前产生的全部负债，不论是否列入披露清单，甲方概不负责。",
         "乙方（受让方）"),
        ("equity", "7.3 本协议签署前公司已形成的对外担保及或有负债，无论是否披露，均与转让方无关。", "受让方"),
    ],
    "inspection-objection-without-time-limit": [
        ("sale", "第七条 需方无论何时发现货物存在质量瑕疵，均可向供方提出退货或索赔。", "乙方（供方）"),
        ("work", "第八条 定作人对承揽物质量的异议不受期限限制。", "承揽人"),
    ],
    "indemnity-covers-others-own-fault": [
        ("service", "第九条 甲方因任何原因遭受第三方索赔的，即使系甲方自身过错所致，乙方亦应全额赔偿甲方损失。",
         "乙方"),
        ("sale", "5.1 买方被行政处罚或被第三方追索的，无论是否由于买方本身的设计缺陷，卖方均应全部承担。", "卖方"),
    ],
    "promotion-by-fake-transactions": [
        ("advertising", "三、乙方可通过虚构销量、好评返现等方式提升店铺评分。", "甲方"),
        ("service", "第4条 运营手段包括安排人员刷好评、刷销量，平台处罚后果由甲方承担。", "甲方"),
    ],
    "labor-dispute-to-commercial-arbitration": [
        ("labor", _EMPLOY + "第十二条 因本合同发生的争议，提交上海国际仲裁中心仲裁，仲裁裁决为终局裁决。",
         "乙方（劳动者）"),
        ("nda", _EMPLOY + "五、双方因竞业限制发生争议的，应向深圳仲裁委员会申请仲裁。", "乙方（劳动者）"),
    ],
}

LOOKALIKES = {
    "equity-preemption-left-to-transferor": [
        ("equity", "第五条 目标公司其他股东已书面放弃优先购买权，放弃声明作为本协议附件。", "乙方（受让方）"),
    ],
    "equity-pre-closing-debts-excluded-undisclosed": [
        ("equity", "第六条 目标公司在变更登记前已发生而未向乙方披露的债务，由甲方承担。", "乙方（受让方）"),
    ],
    "inspection-objection-without-time-limit": [
        ("sale", "第七条 需方应在收货后十日内检验，发现质量问题的，应在检验期内书面提出异议。", "乙方（供方）"),
    ],
    "indemnity-covers-others-own-fault": [
        ("service", "第九条 因乙方交付成果侵犯第三方知识产权致甲方被索赔的，乙方应赔偿甲方由此遭受的直接损失。",
         "乙方"),
    ],
    "promotion-by-fake-transactions": [
        ("service", "第4条 乙方不得采用刷单、刷评论等虚假交易方式进行推广。", "甲方"),
    ],
    "labor-dispute-to-commercial-arbitration": [
        ("labor", _EMPLOY + "第十二条 发生劳动争议的，可以向公司所在地劳动人事争议仲裁委员会申请仲裁。",
         "乙方（劳动者）"),
    ],
}


def type_reader_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, a risky clause, a lawful clause) for the breadth test: each rule's first risk and
    its look-alike."""
    return [(code, cases[0][0], cases[0][1], LOOKALIKES[code][0][1]) for code, cases in RISKS.items()]
