"""Clauses for the rule families of the common types a lawyer checks for our side (issue 21, third round:
contracts/playbook/rules/99-missed-common-types.toml, docs/decisions/contract-missed-families.md "Stop 42"),
written for these tests in wordings of their own: for each rule, clauses carrying its risk with the side the firm
acts for, and lawful clauses that look like them."""

from __future__ import annotations

_CLICK = ("【重要提示】请您仔细阅读本协议，您勾选“我已阅读并同意”后即与乙方订立本协议。\n"
          "甲方（用户）：某贸易公司\n乙方（服务商）：某云计算公司\n")

_LENDING = "甲方（出借人）：某投资公司\n乙方（借款人）：某商贸公司\n"
_LETTING = "甲方（出租人）：王某\n乙方（承租人）：某超市\n"
_LETTING_2 = "甲方（出租方）：王某\n乙方（承租方）：某超市\n"

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    "exclusive-grant-no-minimum": [
        ("sale", "第三条 甲方授予乙方在华东地区的独家经销权，甲方不得在该地区自营或另设经销商。\n"
                 "第四条 乙方不负有最低进货义务，乙方全年未进货的，亦不视为违约。", "甲方（供货方）"),
        ("entrustment", "一、委托方授权代理方为西南区域的唯一代理商。\n"
                        "二、双方不约定年度销售任务，代理方销量不足的，委托方不得以此为由取消其独家代理资格。",
         "委托方"),
        ("tech_transfer", "2.1 许可方授予被许可方在中国大陆的排他实施许可。\n"
                          "2.2 被许可方未实施或者销售额为零的，不承担任何责任。", "许可方"),
    ],
    "full-price-before-transfer": [
        ("equity", "第二条 受让方应于本协议签署之日起三日内将全部股权转让款一次性汇入转让方指定的银行账户。\n"
                   "第三条 转让方收到全部价款后九十日内配合办理工商变更登记。", "受让方"),
        ("sale", "4.1 买受人应在合同签订后十日内一次性付清全部购房款至出卖人账户。\n"
                 "4.2 出卖人应于收款之日起一年内办理房屋过户。", "买受人"),
        ("sale", "三、乙方于本合同签字后当日将全部车款支付至甲方名下账户，"
                 "甲方于收款后六十日内协助乙方办理车辆过户登记。",
         "乙方（买方）"),
    ],
    "standard-form-forum-drafter-seat": [
        ("tech_service", _CLICK + "第九条 因本协议发生的任何争议，由乙方住所地人民法院管辖。", "甲方（用户）"),
        ("service", "一经点击或使用本服务，即视为您已阅读并同意本协议全部条款。\n"
                    "甲方（用户）：某餐饮公司\n乙方（服务方）：某软件公司\n"
                    "第十二条 双方发生争议的，应提交乙方所在地人民法院诉讼解决。", "甲方（用户）"),
    ],
    "loan-interest-deducted": [
        ("loan", "第三条 出借人交付借款时，从借款本金中预先扣除首期利息及服务费共计1.2万元。", "借款人"),
        ("loan", _LENDING + "3.2 甲方扣除三个月利息后向乙方转账支付剩余款项。", "乙方（借款人）"),
        ("loan", _LENDING + "第四条 乙方实际到账金额为人民币九万元，仍按合同约定的借款本金十万元计息并偿还。",
         "乙方（借款人）"),
    ],
    "lease-term-over-20y": [
        ("lease", "第二条 租赁期限为二十五年，自2026年1月1日起计算。", "乙方（承租人）"),
        ("lease", "2.1 本合同租期三十年。", "承租方"),
    ],
    "lease-sale-ends-lease": [
        ("lease", "第八条 租赁期内出租人出售该房屋的，本合同自动终止，承租人应在接到通知后十五日内搬离。", "承租人"),
        ("lease", _LETTING + "8.3 房屋所有权发生转移的，租赁关系随即解除，甲方不承担任何责任。", "乙方（承租人）"),
        ("lease", _LETTING_2 + "十、甲方转让房屋时，乙方须于一个月内腾退房屋。", "乙方（承租方）"),
    ],
    "exclusive-grant-hollowed": [
        ("sale", "第二条 甲方授予乙方在江苏省的独家经销权。\n第三条 甲方保留在江苏省内直接向大客户供货的权利。",
         "乙方（经销商）"),
        ("entrustment", "一、委托方指定代理方为华南地区独家代理。\n"
                        "二、华南地区内委托方仍可另行委托其他代理商开发客户。", "代理方"),
        ("franchise", "第五条 被特许人在本市朝阳区享有独家加盟权，区域内特许人有权自行开设直营门店。", "被特许人"),
    ],
    "commission-base-widened": [
        ("entrustment", "第四条 代理佣金按委托方在代理区域内的全部销售额的5%计算，无论该销售是否由代理方促成。",
         "委托方"),
        ("service", "3.1 不论客户由谁介绍，乙方在合作期内达成的订单均计入服务费基数，由乙方按10%向甲方支付服务费。",
         "乙方（委托方）"),
    ],
}

#: rule → (contract type, lawful clause, side) on which no rule may raise anything
LOOKALIKES = {
    "exclusive-grant-no-minimum": [
        ("sale", "第三条 甲方授予乙方在华东地区的独家经销权。\n"
                 "第四条 乙方每年最低进货金额为人民币三百万元，未达到的，甲方有权取消乙方的独家经销资格。",
         "甲方（供货方）"),
        ("sale", "第四条 乙方不负有最低进货义务，甲方可在该地区另行委托其他经销商。", "甲方（供货方）"),
        ("sale", "第三条 甲方授予乙方独家经销权。\n第四条 乙方未完成年度销售任务的，甲方有权书面通知解除本合同。",
         "甲方（供货方）"),
    ],
    "full-price-before-transfer": [
        ("equity", "第二条 受让方应于工商变更登记办理完毕之日起五日内将全部股权转让款支付至转让方账户。", "受让方"),
        ("sale", "4.1 买受人应在合同签订后十日内将全部购房款存入双方共同开立的资金监管账户，过户完成后释放给出卖人。",
         "买受人"),
        ("sale", "4.1 买受人应在合同签订后十日内支付定金五万元，其余房款于过户当日付清。", "买受人"),
    ],
    "standard-form-forum-drafter-seat": [
        ("tech_service", "甲方（用户）：某贸易公司\n乙方（服务商）：某云计算公司\n"
                         "第九条 因本协议发生的任何争议，由乙方住所地人民法院管辖。", "甲方（用户）"),
        ("tech_service", _CLICK + "第九条 因本协议发生的任何争议，由被告住所地人民法院管辖。", "甲方（用户）"),
    ],
    "loan-interest-deducted": [
        ("loan", "第三条 出借人应将借款本金全额交付借款人，不得预先在本金中扣除利息。", "借款人"),
        ("loan", "第三条 利息按月支付，借款人应于每月20日前将当月利息转账至出借人账户。", "借款人"),
        ("loan", "第四条 借款金额以乙方实际收到的数额为准，利息按实际借款数额计算。", "乙方（借款人）"),
    ],
    "lease-term-over-20y": [
        ("lease", "第二条 租赁期限为二十年，自2026年1月1日起计算。", "乙方（承租人）"),
        ("lease", "第二条 租赁期限为五年；期满后乙方可续租，续租期限不超过十五年。", "乙方（承租人）"),
    ],
    "lease-sale-ends-lease": [
        ("lease", "第八条 租赁期内出租人出售该房屋的，应提前三个月通知承租人，本合同对受让人继续有效。", "承租人"),
        ("lease", "第八条 租赁期内出租人出售房屋的，不影响本合同的效力，承租人享有同等条件下的优先购买权。", "承租人"),
        ("lease", "第八条 承租人转租房屋须经出租人书面同意。", "承租人"),
    ],
    "exclusive-grant-hollowed": [
        ("sale", "第二条 甲方授予乙方在江苏省的独家经销权，甲方不得在江苏省内自行销售或另行授权。", "乙方（经销商）"),
        ("sale", "第三条 甲方授予乙方独家经销权，甲方保留在江苏省以外直接销售的权利。", "乙方（经销商）"),
        ("entrustment", "二、委托方授权代理方为独家代理，委托方在区域内直接成交的，计入代理方业绩并支付佣金。",
         "代理方"),
    ],
    "commission-base-widened": [
        ("entrustment", "第四条 代理佣金按由代理方介绍并促成的订单实际回款金额的5%计算。", "委托方"),
        ("entrustment", "第四条 代理佣金按代理方完成的全部销售额的5%计算。", "委托方"),
    ],
}

#: the rules of rules/99-missed-common-types.toml (the other codes above are starter rules read in new wordings)
NEW_CODES = ("exclusive-grant-no-minimum", "exclusive-grant-hollowed", "commission-base-widened",
             "full-price-before-transfer", "standard-form-forum-drafter-seat")


def common_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: each new
    rule's first risk and first look-alike, read with no side."""
    return [(code, RISKS[code][0][0], RISKS[code][0][1], LOOKALIKES[code][0][1]) for code in NEW_CODES]
