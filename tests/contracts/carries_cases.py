"""Cases for the rule families of issue 21's carried review (rules/99-families-carried.toml): a clause with the
risk and a lawful clause that looks like it, written for these tests in wordings of their own (no side given:
the clause alone)."""

from __future__ import annotations

CARRIES_CASES = [
    ("restraint-of-trade-non-employee", "service",
     "服务期满后三年内，乙方不得为任何与甲方经营同类产品的企业提供策划服务。",
     "服务期满后一年内，乙方不得主动招揽甲方在服务期内的客户。"),
    ("own-information-disclosed-by-other", "service",
     "甲方有权对外披露乙方的报价和实施方案。",
     "双方对在合作中知悉的对方报价和实施方案负有保密义务，不得对外披露。"),
    ("partnership-property-for-personal-debt", "partnership",
     "甲方个人的借款，可以用饭馆的营业收入偿还。",
     "任何一方个人的借款均由其本人以自有财产偿还。"),
    ("partnership-property-to-one-partner", "partnership",
     "合伙期间添置的设备和乙方出资的车辆，均归甲方个人所有。",
     "甲方以其店面的使用权出资，店面的所有权仍归甲方个人所有。"),
    ("sale-objection-without-time-limit", "sale",
     "买方无论何时发现货物存在质量瑕疵，均可要求卖方退换，不受质保期限制。",
     "买方应在质量保证期内就货物的质量瑕疵书面通知卖方。"),
    ("sale-unsold-goods-returnable", "sale",
     "买方有权随时将未售完的商品退回卖方，卖方按原进货价全额退款。",
     "商品存在质量问题的，买方有权退回卖方，卖方按原进货价退款。"),
    ("background-ip-transferred", "service",
     "乙方签约前已有的培训课件和测评工具，凡用于本项目的，其著作权转让给甲方。",
     "乙方签约前已有的培训课件和测评工具，其著作权仍归乙方，甲方可在本项目中使用。"),
]
