"""Clauses for the risks a lawyer checks in every contract whatever its family (contracts/playbook/rules/74-*.toml
onwards), written for these tests: for each rule, clauses carrying its risk in several drafting styles (第X条, 一、,
（三）, 1.1, 18．) and contract types, with the side the firm acts for, and lawful clauses that look like them."""

from __future__ import annotations

#: kind → (contract type, clause, side the firm acts for) that must raise the kind's rule
RISKS = {
    "own-records-conclusive": [
        ("service", "第八条 服务费按甲方系统记录的数据结算，乙方对甲方的记录不得提出异议。", ""),
        ("sale", "三、货物数量以出卖人出库单记载为准，买受人的收货记录不作为结算依据。", ""),
        ("advertising", "5.2 广告的播放次数以发布方出具的播放报告为准，具有最终效力。", ""),
        ("work", "（四）成果是否合格，由定作人单方认定，定作人的认定为最终结论。", ""),
        ("property", "第九条 公共区域能耗费用以物业服务人的统计数据为准，业主不得异议。", ""),
        ("lease", "1.2 设备使用时长以出租方GPS平台记录为准。", ""),
        ("tech_service", "第六条 服务工时以乙方填报的工时记录为准。", "甲方"),
    ],
    "arbitration-institution-unclear": [
        ("sale", "第十六条 双方发生争议的，提交当地仲裁机构仲裁。", ""),
        ("service", "9.2 争议提交甲方所在地的仲裁庭仲裁解决。", ""),
        ("advertising", "十二、因本合同引起的争议，由北京市朝阳区仲裁委员会仲裁。", ""),
        ("lease", "第二十条 争议由杭州市西湖区仲裁委员会裁决。", ""),
        ("work", "（三）争议提交上海仲裁委员会或上海国际仲裁中心仲裁。", ""),
        ("service", "第十八条 争议依照联合国国际贸易法委员会仲裁规则仲裁。", ""),
        ("sale", "第十六条 协商不成的，任何一方可向有关仲裁部门申请仲裁。", ""),
    ],
    "payment-on-third-party-condition": [
        ("service", "第六条 甲方在收到最终客户支付的相应款项后十日内向乙方支付服务费。", ""),
        ("work", "四、定作人于其下游客户付款后支付加工费，下游客户未付款的，定作人不承担逾期付款责任。", ""),
        ("advertising", "3.1 广告费待甲方产品销售回款后再行支付。", ""),
        ("tech_service", "第七条 委托方在项目通过其上级主管部门审计后支付尾款。", ""),
        ("sale", "（二）买方以其终端用户付款为前提向卖方支付货款。", ""),
        ("lease", "18．承租方在收到建设单位支付的相应工程进度款后，向出租方支付已结算租金的百分之七十。", "出租方"),
        ("tech_service", "第五条 尾款在出水稳定达标并经甲方上级集团组织验收通过后支付。", "乙方"),
    ],
    "withhold-all-payments": [
        ("service", "第九条 甲方有权暂扣乙方的全部服务费，直至乙方履行完毕全部义务。", ""),
        ("work", "1.4 承揽人交付迟延的，定作人可以暂停支付任何款项。", "承揽人"),
    ],
    "remedies-waived-in-advance": [
        ("service", "第十四条 乙方放弃因甲方违约而享有的解除合同及要求赔偿的权利。", "乙方"),
        ("work", "（五）承揽人不得以任何理由向定作人追究违约责任。", "承揽人"),
        ("lease", "7.2 租赁期间房屋出现任何问题，承租人均不追究出租人的任何责任。", "承租人"),
        ("lease", "19．出租方不得以任何理由（包括承租方欠付租金）停机、撤场或者撤回设备。", "出租方"),
    ],
    "lien-waived-in-advance": [
        ("work", "七、乙方确认放弃对本合同项下全部工作成果及定作方提供主材的留置权。", "乙方"),
        ("storage", "第十二条 乙方在任何情况下均不得留置、扣押或拒绝交付甲方的仓储物。", "乙方"),
        ("transport", "8.3 承运人不得以托运人未付运费为由拒绝交付货物。", ""),
        ("work", "（六）承揽人无权留置定作物。", "承揽人"),
    ],
    "unilateral-rules-change": [
        ("service", "第十条 乙方有权随时修订服务规则和收费标准，修订后的规则自公布之日起生效。", ""),
        ("franchise", "二、特许人有权不时修改运营手册，修改后的手册一经发布即对被特许人具有约束力。", ""),
        ("advertising", "4.4 发布方保留修改刊例价格的权利，调整后的价格自通知之日起适用。", "广告主"),
    ],
    "terminate-on-notice-one-side": [
        ("advertising", "第九条 甲方可提前三日通知乙方解除本合同，已收取的费用不予退还。", "乙方"),
        ("tech_service", "8.1 委托方可以书面通知受托方终止本协议。", "受托方"),
        ("lease", "20．承租方可根据工程进度随时书面通知出租方退租，按实际使用天数结算租金，"
                  "无需支付任何补偿。", "出租方"),
    ],
    "penalty-too-low": [
        ("service", "第十一条 乙方逾期完成服务的，每逾期一日按服务费的万分之一支付违约金，"
         "违约金总额不超过服务费的百分之一。",
         "甲方"),
        ("sale", "第十条 卖方交付的货物不符合约定的，卖方应按合同总价的百分之一向买方支付违约金。", "买方"),
        ("work", "（七）承揽人逾期交付的，违约金以加工费总额的0.5%为限。", "定作人"),
    ],
    "deemed-acceptance-by-use": [
        ("construction", "第十四条 甲方入住或者使用任何一个房间的，视为工程整体验收合格。", "甲方"),
        ("construction", "第九条 施工中发生的增项，按乙方现场报价执行；"
                         "甲方签字确认前乙方已施工的部分，视为甲方同意。", "甲方"),
        ("tech_service", "5.2 甲方将系统上线运行的，即视为项目验收通过。", "甲方"),
    ],
    "acceptance-never-deemed": [
        ("tech_service", "第六条 甲方未在收到咨询报告后十五日内提出书面异议的，不视为验收合格。", "乙方"),
        ("work", "（三）定作人逾期未组织验收的，亦不视为成果合格。", "承揽人"),
    ],
    "paid-sums-forfeited-on-termination": [
        ("construction", "第十二条 甲方在开工前解除合同的，已支付的首期款不予退还。", "甲方"),
        ("advertising", "第九条 广告主中途退出的，已支付的广告费一律不予退还。", "广告主"),
    ],
    "key-term-deferred": [
        ("work", "2.3 主材在加工过程中的合理损耗率另行协商，超出合理损耗的部分由乙方赔偿。", "乙方"),
        ("tech_service", "第六条 技术服务的验收标准及方式，由双方在项目实施过程中另行协商确定。", "乙方"),
        ("storage", "四、仓储费费率待定。", ""),
    ],
    "structural-alteration-allowed": [
        ("construction", "第6条 乙方可根据现场情况拆除或者开洞部分墙体（含承重墙），"
                         "由此引起的处罚由甲方承担。", "甲方"),
        ("lease", "第十条 承租人可以根据经营需要改动房屋主体结构。", "出租人"),
    ],
    "decision-loss-on-adviser": [
        ("service", "第七条 甲方依据乙方咨询报告作出的投资决策、设备采购及工程建设所产生的一切损失，"
                    "均由乙方承担。", ""),
        ("entrustment", "（四）委托人根据受托人提供的方案进行采购决策的，由此产生的全部损失由受托人负责赔偿。", ""),
        ("tech_service", "甲方（委托方）：某水务公司\n乙方（受托方）：某环境咨询公司\n"
                         "第七条 甲方依据乙方咨询报告作出的投资决策所产生的一切损失，均由乙方承担。", "乙方"),
    ],
    "amount-words-figures-differ": [
        ("property", "第七条 住宅物业费为每月每平方米人民币贰元叁角（¥3.20）。", ""),
        ("sale", "第二条 合同总价为人民币壹拾贰万元整（¥102,000.00元）。", ""),
        ("lease", "3.1 月租金为人民币伍仟元（小写：5,500元）。", ""),
        ("service", "二、服务费总额为捌万元（8.5万元）。", ""),
        ("loan", "第一条 借款金额为500,000元（大写：伍拾伍万元整）。", ""),
    ],
    "supplied-defects-shifted": [
        ("tech_service", "第四条 甲方提供的资料不足或者有误的，乙方应自行补充调查和检测，费用由乙方承担，"
                         "履行期限不予顺延。", "乙方"),
        ("work", "3.1 加工过程中因主材缺陷造成的报废、返工损失，由乙方承担。", "乙方"),
        ("construction", "（五）发包人提供的图纸有误的，承包人应自行修改，工期不予顺延。", "承包人"),
    ],
    "carveout-that-exempts": [
        ("lease", "14．设备发生毁损、灭失的，除承租方故意造成的以外，由出租方自行承担。", "出租方"),
        ("construction", "第15条 乙方对室内空气质量超标不承担责任，但甲方能够证明超标系乙方擅自替换材料所致的除外。",
         "甲方"),
        ("storage", "第六条 保管人对仓储物的损失不承担责任，但保管人故意造成的除外。", "存货人"),
    ],
    "blanket-notice-declaration": [
        ("intermediary", "十八、乙方已对全部条款作出充分提示和说明，甲方对本合同全部内容无任何异议。", ""),
        ("service", "第二十条 甲方已就本合同所有条款向乙方进行了详细说明，乙方对本协议全部条款完全理解。", ""),
    ],
}

#: kind → (contract type, lawful clause, side) on which no rule of the kind fires
LOOKALIKES = {
    "own-records-conclusive": [
        ("tech_service", "第六条 服务工时以乙方填报的工时记录为准。", "乙方"),
        ("service", "第八条 服务费按双方共同确认的结算单结算。", ""),
        ("sale", "三、货物数量以双方签字确认的验收单为准。", ""),
        ("sale", "三、付款时间以银行转账记录为准。", ""),
        ("sale", "三、货物质量以有资质的第三方检测机构出具的检测报告为准。", ""),
        ("service", "第八条 本合同以中文文本为准。", ""),
        ("service", "第八条 服务次数以甲方记录为准，但乙方有相反证据的除外。", ""),
        ("lease", "第八条 水电费以供电、供水部门的计量为准。", ""),
        ("work", "第八条 加工数量以定作人记录为准，经双方核对后作为结算依据。", ""),
    ],
    "arbitration-institution-unclear": [
        ("sale", "第十六条 双方发生争议的，提交中国国际经济贸易仲裁委员会仲裁。", ""),
        ("lease", "第二十条 争议提交杭州仲裁委员会仲裁。", ""),
        ("service", "第十五条 争议提交北京仲裁委员会按照其仲裁规则仲裁，仲裁裁决是终局的。", ""),
        ("service", "第十五条 争议提交中国（上海）自由贸易试验区仲裁院仲裁。", ""),
        ("service", "第十五条 争议提交深圳国际仲裁院，按照该院现行有效的仲裁规则仲裁。", ""),
        ("service", "第十五条 争议按照中国国际经济贸易仲裁委员会仲裁规则进行仲裁。", ""),
        ("labor", "第十五条 因履行本合同发生的劳动争议，可以向劳动争议仲裁委员会申请仲裁。", ""),
        ("service", "第十五条 仲裁庭由三名仲裁员组成。", ""),
    ],
    "payment-on-third-party-condition": [
        ("service", "第六条 甲方在收到乙方开具的合法发票后十日内向乙方支付服务费。", ""),
        ("construction", "第十二条 发包人应在竣工结算审核完成后二十八日内向承包人支付结算款。", ""),
        ("service", "第六条 甲方付款不以其客户付款为条件。", ""),
    ],
    "withhold-all-payments": [
        ("service", "第九条 乙方未按约定提供发票的，甲方有权暂缓支付相应款项。", ""),
        ("work", "1.4 承揽人交付迟延的，定作人可以暂停支付任何款项。", "定作人"),
    ],
    "remedies-waived-in-advance": [
        ("service", "第十四条 乙方收到甲方补偿款后，放弃就本事项向甲方主张赔偿的权利。", "乙方"),
        ("service", "第十四条 因不可抗力造成损失的，双方均不得要求对方赔偿。", "乙方"),
        ("service", "第十四条 乙方放弃因甲方违约而享有的解除合同及要求赔偿的权利。", "甲方"),
    ],
    "lien-waived-in-advance": [
        ("storage", "第十二条 存货人拖欠仓储费的，保管人对相应价值的货物享有留置权。", ""),
        ("work", "七、乙方确认放弃对本合同项下全部工作成果的留置权。", "甲方"),
        ("lease", "第十二条 承租人不得留置租赁设备。", "承租人"),
        ("storage", "第十二条 甲方付清仓储费后，乙方不得拒绝交付仓储物。", "乙方"),
    ],
    "unilateral-rules-change": [
        ("service", "第十条 服务规则的修订应经双方书面确认后生效。", ""),
        ("property", "第十二条 物业费标准的调整，应经业主大会依法表决通过。", ""),
        ("service", "第十条 乙方有权随时修订服务规则，修订后的规则自公布之日起生效。", "乙方"),
    ],
    "terminate-on-notice-one-side": [
        ("service", "第九条 任何一方可提前三十日书面通知对方解除本合同。", "乙方"),
        ("service", "第九条 乙方逾期超过十五日的，甲方可书面通知乙方解除合同。", "乙方"),
        ("service", "第九条 甲方可提前三十日书面通知乙方解除本合同，并结清已完成工作的费用。", "乙方"),
        ("data", "（2）如乙方交付的数据未通过验收且在接到通知之日起五个工作日内无法修正的，"
                 "甲方有权以书面方式通知乙方解除合同。", "乙方"),
        ("service", "2.除本条第1款约定外，在行程结束前，旅游者亦可以书面等形式解除合同。", "旅行社"),
        ("intermediary", "十、甲方在乙方促成合同成立前，可以书面通知乙方解除本合同，"
         "但应当支付乙方已实际支出的必要费用。", "乙方"),
    ],
    "penalty-too-low": [
        ("sale", "第十条 卖方应按合同总价的百分之二十向买方支付违约金。", ""),
        ("sale", "第十条 卖方交付的货物不符合约定的，卖方应按合同总价的百分之一向买方支付违约金。", "卖方"),
        ("service", "第十一条 乙方逾期完成服务的，每逾期一日按服务费的千分之一支付违约金，"
         "违约金总额不超过服务费的百分之二十。",
         "甲方"),
        ("sale", "第十条 卖方应按合同总价的百分之二支付违约金，违约金不足以弥补买方损失的，卖方还应赔偿差额。", "买方"),
        ("sale", "第十条 买方逾期付款的，每逾期一日按未付款的万分之五支付违约金。", "卖方"),
        ("service", "（二）行程开始前29日至15日，支付旅游费用总额2%的违约金。", "旅行社"),
    ],
    "deemed-acceptance-by-use": [
        ("sale", "6.1 买方签收仅视为对货物数量和外观的确认，不视为质量合格。", "买方"),
        ("construction", "第十四条 工程经竣工验收合格后，甲方方可入住使用。", "甲方"),
    ],
    "acceptance-never-deemed": [
        ("tech_service", "第六条 甲方应在收到咨询报告后十五日内组织验收，逾期未验收的，视为验收合格。", ""),
        ("tech_service", "第六条 甲方未在收到咨询报告后十五日内提出书面异议的，不视为验收合格。", "甲方"),
        ("sale", "6.1 买方签收不视为对货物质量的认可。", "卖方"),
    ],
    "paid-sums-forfeited-on-termination": [
        ("service", "第九条 学员退学的，已消耗课时的费用不予退还，未消耗部分按比例退还。", "学员"),
        ("construction", "第十二条 甲方在开工前解除合同的，乙方应在十日内退还已支付的首期款。", "甲方"),
    ],
    "key-term-deferred": [
        ("service", "第三条 委托方需增加服务内容的，双方另行协商确定费用。", ""),
        ("sale", "三、价格调整事宜由双方协商确定，协商不成的，按原价格执行。", ""),
        ("service", "第三条 服务费单价为每小时人民币伍佰元，超出约定工时的部分另行协商。", ""),
    ],
    "structural-alteration-allowed": [
        ("lease", "第十条 承租人不得拆改承重墙及房屋主体结构。", "出租人"),
        ("construction", "第6条 拆除非承重墙的，应经甲方书面同意。", "甲方"),
    ],
    "decision-loss-on-adviser": [
        ("service", "第七条 甲方依据乙方咨询报告作出的投资决策所产生的损失，由甲方自行承担。", ""),
        ("tech_service", "甲方（委托方）：某水务公司\n乙方（受托方）：某环境咨询公司\n"
                         "第七条 甲方依据乙方咨询报告作出的投资决策所产生的一切损失，均由乙方承担。", "甲方"),
        ("service", "第七条 乙方的咨询报告存在错误的，乙方应免收相应报酬，并赔偿由此给甲方造成的直接损失。", ""),
    ],
    "amount-words-figures-differ": [
        ("property", "第七条 住宅物业费为每月每平方米人民币贰元叁角（¥2.30）。", ""),
        ("sale", "第二条 合同总价为人民币壹拾贰万元整（¥120,000.00元）。", ""),
        ("lease", "3.1 月租金为人民币伍仟元（含税）。", ""),
        ("sale", "第五条 定金人民币贰拾万元整（¥200,000元），即合同总额的20%。", ""),
        ("loan", "第一条 借款金额为500,000元（大写：伍拾万元整）。", ""),
        ("sale", "第二条 货款100万元（其中首付款30万元）。", ""),
    ],
    "supplied-defects-shifted": [
        ("work", "3.1 定作人提供的材料不符合约定的，承揽人应及时通知定作人更换，因此延误的期限相应顺延。", ""),
        ("tech_service", "第四条 甲方提供的资料有误的，由甲方负责补正并承担相应费用。", "乙方"),
        ("work", "3.1 承揽人擅自更换定作人提供的材料造成损失的，由承揽人承担。", "承揽人"),
        ("tech_service", "第四条 甲方提供的资料不足或者有误的，乙方应自行补充调查和检测，费用由乙方承担，"
                         "履行期限不予顺延。", "甲方"),
    ],
    "carveout-that-exempts": [
        ("storage", "第六条 保管人对仓储物的损失不承担责任，但保管人故意或者重大过失造成的除外。", ""),
        ("lease", "14．设备发生毁损、灭失的，除承租方过错造成的以外，由出租方承担。", "出租方"),
        ("lease", "14．设备发生毁损、灭失的，除承租方故意或者重大过失造成的以外，由出租方自行承担。", "出租方"),
        ("service", "第十条 乙方不承担责任，但因乙方过错（包括故意）造成的除外。", ""),
        ("service", "第十条 因不可抗力造成损失的，双方互不承担责任，但一方能够证明对方未及时通知的除外。", ""),
        ("storage", "第六条 保管人对仓储物的损失不承担责任，但保管人故意造成的除外。", "保管人"),
    ],
    "blanket-notice-declaration": [
        ("service", "第二十条 甲方已以加粗字体提示乙方注意第八条、第九条免责条款，并应乙方要求作出书面说明。", ""),
        ("service", "第二十条 双方已仔细阅读本合同。", ""),
    ],
}


#: One rule reads each risk. Where a family's rule reads a narrower case of a kind on its own article (a
#: contractor paid back to back, 建设工程; a price left to the seller, 买卖), one issue is reported on the
#: sentence and the more specific rule speaks: these are the rules that may answer for the kind.
SAME_RISK = {"key-term-deferred": {"sale-price-deferred", "term-deferred-to-later"},
             "remedies-waived-in-advance": {"fact-defence-excluded"},
             "deemed-acceptance-by-use": {"fact-deemed-acceptance"}}


def breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: each
    rule's first risky clause and its first look-alike that needs no side (else its first)."""
    cases = []
    for code, rows in RISKS.items():
        kind, risky, _ = rows[0]
        lawful = next((text for _, text, side in LOOKALIKES[code] if not side), LOOKALIKES[code][0][1])
        cases.append((code, kind, risky, lawful))
    return cases
