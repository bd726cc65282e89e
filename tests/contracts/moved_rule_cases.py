"""Clauses for the rules moved onto the second round of concepts and the forum facts
(docs/decisions/contract-concepts.md, “Scopes, forums and sides”), written for these tests in wordings of our own:
each rule's risk in another phrasing of its concept, with the side the firm acts for; the same subject
prohibited, negated or lawful, which must raise nothing; and the risk, read for the side it favours, silent."""

from __future__ import annotations

from tests.contracts.concept_cases import PARTIES as _PARTIES

PARTIES = {
    **_PARTIES,
    "transport": "托运人：某电器有限公司；承运人：某物流有限公司。",
    "entrustment": "委托人（委托方）：某贸易有限公司；受托人（受托方）：某咨询有限公司。",
    "platform": "甲方：某网络科技有限公司（平台经营者）；乙方：某食品有限公司（平台内经营者）。",
}

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    "fact-notice-deemed-served": [
        ("service", "第十五条 乙方按本合同所列地址发出的书面通知，自寄出之日起第三日即视为甲方已收到，"
         "甲方是否实际签收在所不问。", "甲方"),
    ],
    "sale-quality-remedy-capped": [
        ("sale", "第七条 货物存在质量瑕疵的，卖方只负责补货，其他损失一概不赔。", "买方"),
    ],
    "work-remedy-repair-only": [
        ("work", "第六条 定作物质量不合格的，定作人只能要求承揽人返修，除返修外承揽人不承担其他责任。", "定作人"),
    ],
    "entrust-proceeds-withheld": [
        ("entrustment", "第五条 受托人代为收取的货款，受托人可以先"
         "行冲抵其应得的报酬及垫付费用后再转付委托人。", "委托人"),
    ],
    "fact-auto-renewal": [
        ("service", "第十条 服务期届满前三十日内甲方未书面提出终"
         "止的，本合同按原条件延续一年，续期次数不受限。", "甲方"),
    ],
    "work-whole-work-handed-over": [
        ("work", "第三条 承揽人可将主体加工工序委托给其协作工厂完成。", "定作人"),
    ],
    "generic-arbitration-or-litigation": [
        ("sale", "第十二条 因本合同产生的纠纷，由双方协商解决；协商不成的，任"
         "何一方可提交广州仲裁委员会仲裁，或者向合同签订地人民法院起诉。", "买方"),
        ("service", "第九条 本合同项下的争议，双方可以选择仲裁或诉讼方式解决。", "甲方"),
    ],
    "forum-arbitration-no-institution": [
        ("sale", "第十二条 因履行本合同发生的争议，双方协商不成的，任何一方均可申请仲裁。", "买方"),
        ("service", "第九条 双方因本合同发生纠纷的，应友好协商；协商不成的，通过仲裁解决。", "甲方"),
    ],
}

#: rule → (contract type, clause, side) on the same subject that must raise nothing
LOOKALIKES = {
    "fact-notice-deemed-served": [
        ("service", "第十五条 书面通知以专人送达的，以对方签收之日为送达日。", "甲方"),
    ],
    "sale-quality-remedy-capped": [
        ("sale", "第七条 卖方不得以已经补货为由拒绝买方提出的退货或减价要求。", "买方"),
    ],
    "entrust-proceeds-withheld": [
        ("entrustment", "第五条 受托人代为收取的款项应于收款后五日内全额转付委托人，不得截留或者冲抵。", "委托人"),
    ],
    "fact-auto-renewal": [
        ("service", "第十条 本合同期满后不自动续期；双方有意续约的，应另行签订书面合同。", "甲方"),
        ("sale", "第四条 货款分三期支付，首期于签约后五日内支付，以后各期依次类推。", "买方"),
    ],
    "entrust-subdelegate-free": [
        ("entrustment", "第四条 受托人不得将委托事项转委托他人处理。", "委托人"),
    ],
    "generic-arbitration-or-litigation": [
        ("sale", "第十二条 因本合同产生的争议，提交上海仲裁委员会仲裁；一"
         "方不履行裁决的，另一方可以向有管辖权的人民法院申请执行。", "买方"),
        ("property", "第八条 业主逾期不交纳物业服务费的，物业服务人可以催告其在合"
         "理期限内交纳，期满仍不交纳的，可以依法提起诉讼或者申请仲裁。", "业主委员会"),
    ],
    "forum-arbitration-no-institution": [
        ("sale", "第十二条 因本合同发生的争议，提交深圳国际仲裁院按照其仲裁规则仲裁。", "买方"),
        ("labor", "第十一条 双方发生劳动争议的，可以向劳动争议仲裁委员会申请仲裁。", "劳动者"),
        ("sale", "第十二条 因本合同发生的争议，在上海仲裁。", "买方"),
    ],
}

#: rule → (contract type, clause, side) where the clause favours the firm's side: silent
FAVOURS_US = {
    "fact-jurisdiction-unconnected": [
        ("sale", "第十二条 因本合同发生的争议，由卖方指定的人民法院管辖。", "卖方"),
    ],
}


def moved_rule_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: the new
    rules' first risk and first look-alike, read with no side."""
    return [(code, RISKS[code][0][0], RISKS[code][0][1], LOOKALIKES[code][0][1])
            for code in ("forum-arbitration-no-institution",)]
