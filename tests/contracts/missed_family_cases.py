"""Clauses for the families the reviewer missed entirely (issue 21, contracts/playbook/rules/99-missed-*.toml,
docs/decisions/contract-missed-families.md), written for these tests in wordings of their own: for each rule,
clauses carrying its risk with the side the firm acts for, and lawful clauses that look like them."""

from __future__ import annotations

#: rule → (contract type, clause, side the firm acts for) that must raise the rule
RISKS = {
    "service-level-only-a-target": [
        ("tech_service", "3.4 服务商承诺的故障响应时间仅供参考，未能达到不构成服务商违约。", "甲方（客户）"),
        ("service", "第六条 乙方向甲方公布的系统可用率指标只是努力目标，不构成乙方的合同义务。", "甲方"),
        ("storage", "五、乙方对甲方报修的到场时间和处理时限仅为预估，"
                    "乙方未达到该等时限的，不视为违约。", "甲方（存货人）"),
    ],
    "foreign-text-prevails": [
        ("sale", "12.3 本合同中英文文本如有歧义，以英文版本为准。", "甲方"),
        ("service", "第十五条 本协议英文文本具有优先效力，中文译本仅供参考。", "乙方"),
        ("tech_transfer", "9.2 双方确认，两种文字表述不一致时，以日文文本为准。", "被许可方"),
    ],
    "client-data-for-provider-purposes": [
        ("tech_service", "4.3 甲方上传的客户联系人信息及订单记录，乙方有权汇集分析，"
                         "并可用作乙方训练推荐算法的素材。", "甲方"),
        ("service", "六、委托方同意受托方为提升服务质量之目的分析、利用委托方的用户数据（含手机号、消费记录）。",
         "委托方"),
        ("data", "第七条 甲方授予乙方永久、免费的授权，可复制、加工甲方提供的会员信息。", "甲方"),
        ("tech_service", "5.5 甲方的员工信息可由乙方向其境外关联公司共享，用于集团统一管理。", "甲方"),
    ],
    "client-data-deleted-without-export": [
        ("tech_service", "8.3 本合同终止后，乙方可立即清空甲方账户内全部数据，无需为甲方提供数据迁移。", "甲方"),
        ("service", "第九条 服务期满未续费的，平台不负责数据导出，系统数据将被自动删除。", "客户"),
    ],
    "quality-by-own-standard": [
        ("construction", "第五条 装修材料的质量验收按承包人企业标准执行，发包人不得另提要求。", "发包人"),
        ("work", "四、加工件的检验按承揽人自定的出厂检验规范进行，检验合格即为合格品。", "定作人"),
        ("sale", "第三条 产品质量符合本公司企业标准即视为合格。", "需方"),
    ],
    "force-majeure-excuse-excluded": [
        ("transport", "第七条 即使遇有恶劣天气或者交通管制，承运方仍应按约定时间送达，否则按日支付违约金。", "承运方"),
        ("construction", "10.2 承包人不得以疫情、政府管制等为由要求顺延工期或者减免违约责任。", "承包人"),
        ("sale", "六、不可抗力不构成卖方迟延交货的免责事由。", "卖方"),
    ],
    "form-text-read-acknowledged": [
        ("service", "第十二条 本协议为甲方提供的标准文本，乙方确认已仔细阅读、充分理解本协议全部内容。", "乙方"),
        ("sale", "9.5 本合同系卖方统一格式合同，买方已详细审阅并完全知悉本合同所有条款。", "买方"),
    ],
    "term-deferred-to-later": [
        ("property", "第五条 共用设施设备的承接查验事项由甲方与乙方届时再行商定。", "乙方"),
        ("construction", "十、竣工资料的移交事宜由发包人与承包人日后另行确定。", "承包人"),
    ],
    "labor-deposit-collect": [
        ("labor", "第五条 乙方入职时应向甲方交纳工牌、门禁卡、笔记本电脑及办公用品押金一千元。", "乙方"),
        ("labor", "3.2 甲方向乙方发放样品和客户名录前，乙方须预交相应的样品及资料保证金。", "甲方"),
    ],
    "guarantee-beyond-main-debt": [
        ("guarantee", "第六条 债务人到期未清偿的，担保人逾期履行担保义务的，除继续履行外，"
         "还应按日千分之一另行向债权人支付违约金。", "担保人"),
    ],
}

#: rule → lawful clauses that look like its risk: no rule of the playbook may raise an issue on them
LOOKALIKES = {
    "service-level-only-a-target": [
        ("tech_service", "3.4 服务商应在接到报修后2小时内响应；未达到的，每次按当月服务费的2%减收服务费。", "甲方"),
        ("service", "第六条 计划内维护期间的可用率不计入考核，乙方应提前三日通知甲方。", "甲方"),
    ],
    "foreign-text-prevails": [
        ("sale", "12.3 本合同以中文和英文书就，两种文本如有不一致，以中文文本为准。", "甲方"),
    ],
    "client-data-for-provider-purposes": [
        ("tech_service", "4.3 乙方仅为向甲方提供本合同约定的服务之目的处理甲方的客户信息，不得用于其他目的。", "甲方"),
        ("service", "六、受托方不得将委托方的用户数据提供给其关联公司或者任何第三方。", "委托方"),
    ],
    "client-data-deleted-without-export": [
        ("tech_service", "8.3 本合同终止后三十日内，乙方应按甲方要求提供数据导出，"
                         "期满后删除数据并出具删除证明。", "甲方"),
    ],
    "quality-by-own-standard": [
        ("sale", "2.3 货物质量应符合国家标准GB/T 1234，国家标准未规定的，按卖方企业标准执行。", "买方"),
        ("sale", "第三条 产品质量不低于行业标准，并符合双方签字确认的技术协议。", "需方"),
    ],
    "force-majeure-excuse-excluded": [
        ("transport", "第七条 因不可抗力不能按期送达的，承运方应及时通知托运方，"
                      "并根据不可抗力的影响部分或者全部免除责任。",
         "承运方"),
        ("sale", "六、卖方迟延交货后发生不可抗力的，不免除卖方的迟延责任。", "卖方"),
    ],
    "form-text-read-acknowledged": [
        ("sale", "9.5 双方已认真阅读并理解本合同全部条款，本合同经双方逐条协商订立。", "买方"),
    ],
    "term-deferred-to-later": [
        ("property", "第九条 本合同未尽事宜，由甲方与乙方另行协商。", "乙方"),
    ],
    "labor-deposit-collect": [
        ("labor", "第五条 甲方不向乙方收取工牌、门禁卡及办公用品的任何押金，乙方离职时交还即可。", "乙方"),
    ],
    "guarantee-beyond-main-debt": [
        ("guarantee", "第六条 保证人在债务人依主合同应承担的责任范围内承担保证责任。", "保证人"),
    ],
}
