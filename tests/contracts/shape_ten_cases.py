"""Clauses for the shapes of issue 21, written for these tests in drafting styles of their own (第X条 / 一、 /
（三） / 1.1; formal, a small firm's loose wording, a bilingual template): a definition that widens a duty or an
exemption, a foreign law or seat with no foreign element, one-way or endless confidentiality, the two sides'
penalties compared, a cap on one side only — and the lawful look-alike of each, which must stay silent. Each
text is one clause per line; the lines before the clause (the parties) are part of the contract the shape reads.
The two false fires (acceleration on listed defaults, overtime within the law) have their look-alikes here too.
"""

from __future__ import annotations

#: rule code → [(contract type, text, side the firm acts for)]
RISKS: dict[str, list[tuple[str, str, str]]] = {
    "definition-confidential-any-information": [
        ("service", "第一条 定义\n1.1 “保密信息”指乙方在履行本合同过程中知悉的任何信息，包括但不限于甲方的经营信息、"
                    "技术信息及客户资料。", "乙方"),
        ("tech_service", "一、本合同所称商业秘密，包括受托方接触到的一切资料、数据和信息，无论是否标明保密。"
                         "", "受托方"),
        ("sale", "（二）保密资料：买方因本次采购获得的任何文件、图纸、报价及其他信息都算保密资料。", "买方"),
    ],
    "definition-force-majeure-own-risk": [
        ("sale", "第十二条 不可抗力包括地震、台风、洪水、战争以及市场行情变化、政策调整、原材料涨价等情形。", "买方"),
        ("sale", "（三）因原材料价格大幅上涨、供应商停产等情形视为不可抗力，卖方可以延期交货。", "买方"),
        ("sale", "5.2 以下情况属于不可抗力：自然灾害、战争、汇率大幅波动、国家宏观政策变化。", "买方"),
        ("construction", "8.1 Force Majeure 不可抗力：指地震、洪水及承包人资金周转困难、人员不足等承包人无法控制的情"
                         "况。",
         "发包人"),
    ],
    "definition-work-product-beyond-the-work": [
        ("tech_dev", "1.3 “工作成果”指乙方在合同期内完成的一切技术成果，无论是否与本项目有关。", "乙方"),
        ("service", "二、本合同所称知识产权，包括乙方在本合同签订前已拥有的技术及其改进。", "乙方"),
    ],
    "foreign-law-or-seat-without-foreign-element": [
        ("sale", "甲方：上海某某机械有限公司，住所：上海市浦东新区\n乙方：杭州某某贸易有限公司，住所：杭州市西湖区\n"
                 "第十五条 本合同适用香港特别行政区法律。", "乙方"),
        ("service", "甲方：深圳甲科技有限公司\n乙方：广州乙服务有限公司\n15.2 因本合同产生的争议，提交新加坡国际仲裁"
                    "中心"
                    "按其届时有效的仲裁规则仲裁。", "乙方"),
        ("tech_dev", "十二、本协议受英格兰及威尔士法律管辖 This Agreement is governed by the laws of England and Wale"
                     "s。",
         "甲方"),
        ("service", "（四）有争议双方先商量，商量不好的到新加坡仲裁。", "甲方"),
        ("service", "第二十条 争议由英国伦敦的法院管辖。", "甲方"),
        ("service", "第十八条 法律适用：本协议的订立、效力、解释和履行均适用新加坡共和国法律。", "乙方"),
    ],
    "secrecy-one-way": [
        ("service", "第十条 乙方对在合作过程中知悉的双方商业秘密及本合同内容负有保密义务，不得向任何第三方披露。"
                    "", "乙方"),
        ("service", "10.1 本协议的内容、价格及履行中获悉的信息，乙方应严格保密。", "甲方"),
        ("tech_service", "（六）受托方对彼此往来的技术资料和本合同条款保密，不得外传。", "受托方"),
    ],
    "secrecy-perpetual-penalised": [
        ("tech_dev", "第十条 乙方对甲方的技术秘密承担永久保密义务，违反的，应向甲方支付违约金伍拾万元。", "乙方"),
        ("service", "七、乙方的保密义务不受本合同期限的限制，泄露任何资料的，每次支付违约金十万元。", "乙方"),
    ],
    "penalty-delay-one-sided": [
        # a heavier rate lawful on its own (18 % a year) beside interest at the LPR: the comparison speaks
        ("sale", "第七条 乙方逾期付款的，每逾期一日按逾期付款金额的万分之五向甲方支付违约金。\n"
                 "第八条 甲方逾期交货的，按同期贷款市场报价利率向乙方支付逾期交货部分货款的利息。", "乙方"),
        ("work", "3.1 承揽人逾期交付的，每迟延一天按加工费总额的0.05%支付违约金。\n"
                 "3.2 定作人逾期付款的，按逾期金额每日万分之零点五支付违约金。", "承揽人"),
    ],
    "penalty-delay-one-sided-amount": [
        ("construction", "合同总价：人民币贰拾陆万捌仟伍佰元整\n第17条 乙方逾期竣工的，每逾期一日向甲方支付违约金"
                         "人民币伍拾元整。\n第18条 甲方逾期付款的，每逾期一日按合同总价的千分之五向乙方支付违约金。"
                         "", "甲方"),
    ],
    "liability-cap-one-sided": [
        ("service", "第九条 甲方的违约责任总额以合同总价的百分之十为限。\n第十条 乙方违约的，应赔偿甲方的全部损失。"
                    "", "乙方"),
        ("tech_service", "（七）受托方的赔偿责任以本合同总价款为上限。\n（八）委托方违约的，应承担由此给受托方造成的"
                         "一切损失。",
         "委托方"),
    ],
    "loan-acceleration-any-reason": [
        ("loan", "第五条 出借人可随时要求借款人提前归还全部借款。", "借款人"),
        ("loan", "第六条 贷款人可视其资金状况，要求借款人提前偿还全部或部分借款。", "借款人"),
        ("loan", "第五条 甲方有权根据自身资金需要提前收回借款，乙方应在接到通知后三日内还清。", "乙方"),
    ],
    "labor-overtime-over-36h": [
        ("labor", "第六条 经乙方同意，甲方可安排乙方加班，每月加班总时长为四十五小时。", "乙方"),
        ("labor", "（二）因旺季需要，乙方每周加班不少于十二小时。", "乙方"),
        ("labor", "4.3 甲方可以安排乙方每日延长工作时间四小时。", "乙方"),
    ],
    "labor-noncompete-substance-no-compensation": [
        ("labor", "（三）乙方离职后两年内不得从事与甲方相同的业务。", "乙方"),
    ],
    "restraint-without-end": [
        ("franchise", "第十四条 合同终止后，乙方永久不得从事与甲方相同或类似的经营。", "乙方"),
        ("equity", "（八）转让完成后，甲方不得以任何方式从事与目标公司竞争的业务，期限不限。", "甲方"),
        ("labor", "九、乙方离职以后终身不得到同行业的单位工作，甲方按月支付补偿。", "乙方"),
    ],
}

#: rule code the look-alike stands beside → [(contract type, lawful text, side)]
LOOKALIKES: dict[str, list[tuple[str, str, str]]] = {
    "definition-confidential-any-information": [
        ("service", "1.1 “保密信息”指披露方以书面形式标明为保密的技术信息和经营信息，已经公开的信息除外。", "乙方"),
    ],
    "definition-force-majeure-own-risk": [
        ("sale", "第十二条 不可抗力指地震、台风、洪水、战争等不能预见、不能避免且不能克服的客观情况；市场行情变化、"
                 "原材料涨价不属于不可抗力。", "买方"),
    ],
    "definition-work-product-beyond-the-work": [
        ("tech_dev", "1.3 “工作成果”指乙方为履行本合同完成并交付的软件及文档。", "乙方"),
    ],
    "foreign-law-or-seat-without-foreign-element": [
        ("sale", "甲方：上海某某机械有限公司\n乙方：新加坡某某私人有限公司（ABC Trading Pte. Ltd.），注册地址：新加坡\n"
                 "第十五条 本合同适用新加坡法律。", "甲方"),
        ("sale", "甲方：上海某某有限公司\n乙方：北京某某有限公司\n第九条 货物由甲方运往新加坡交付给乙方指定的收货人。\n"
                 "第十五条 本合同适用香港法律。", "甲方"),
        ("sale", "第十五条 本合同适用中华人民共和国法律（为本合同之目的，不包括香港、澳门特别行政区和台湾地区的法律）"
                 "。", "甲方"),
        ("service", "第十五条 争议提交中国国际经济贸易仲裁委员会上海分会仲裁。", "甲方"),
    ],
    "secrecy-one-way": [
        ("service", "（五）甲方向乙方提供的技术资料和经营信息，乙方应当保密，不得向第三方泄露。", "乙方"),
        ("service", "第十条 双方对在合作中知悉的对方商业秘密负有保密义务。", "乙方"),
        ("labor", "第九条 乙方对甲方的商业秘密及本合同的内容负有保密义务。", "乙方"),
    ],
    "secrecy-perpetual-penalised": [
        ("tech_dev", "第十条 乙方对甲方的技术秘密承担保密义务，保密期限至该信息依法公开之日止。", "乙方"),
        ("tech_dev", "第十条 乙方对甲方的技术秘密永久保密，但已经公开或从第三方合法获得的信息除外。", "乙方"),
    ],
    "penalty-delay-one-sided": [
        ("sale", "第七条 乙方逾期付款的，每逾期一日按逾期付款金额的万分之五向甲方支付违约金。\n"
                 "第八条 甲方逾期交货的，每逾期一日按逾期交货部分货款的万分之三向乙方支付违约金。", "乙方"),
        ("service", "（一）任何一方逾期履行的，每逾期一日按合同总价的万分之五向对方支付违约金。", "乙方"),
        # the lighter side's own rate is no risk for the firm that pays it
        ("sale", "第七条 乙方逾期付款的，每逾期一日按逾期付款金额的千分之一向甲方支付违约金。\n"
                 "第八条 甲方逾期交货的，每逾期一日按逾期交货部分货款的万分之一向乙方支付违约金。", "甲方"),
    ],
    "penalty-delay-one-sided-amount": [
        # 伍拾元 a day on 壹拾万元 is 万分之五, the other side's rate
        ("construction", "合同总价：人民币壹拾万元整\n第17条 乙方逾期竣工的，每逾期一日向甲方支付违约金"
                         "人民币伍拾元整。\n"
                         "第18条 甲方逾期付款的，每逾期一日按合同总价的万分之五向乙方支付违约金。", "甲方"),
    ],
    "liability-cap-one-sided": [
        ("service", "第九条 任何一方的赔偿责任总额以合同总价为限，但故意或重大过失除外。", "乙方"),
        ("service", "第九条 甲方的赔偿责任以合同总价为限，但因甲方故意或者重大过失造成的损失除外。\n"
                    "第十条 乙方违约的，应赔偿甲方的损失。", "乙方"),
    ],
    "loan-acceleration-any-reason": [
        ("loan", "第五条 借款人有下列情形之一的，出借人有权提前收回借款：（一）未按约定用途使用借款；（二）逾期还款超过"
                 "三十日；（三）转移财产逃避债务。", "借款人"),
        ("loan", "5.1 乙方出现以下任一情形，甲方可宣布借款提前到期并要求乙方立即归还全部本息：\n"
                 "（1）乙方擅自改变借款用途的；\n（2）乙方拖欠任何一期利息超过30日的。", "乙方"),
        ("loan", "（四）借款人在借款期内违约的，出借人可以提前收回尚未归还的借款。", "借款人"),
    ],
    "labor-overtime-over-36h": [
        ("labor", "第六条 每周工作时间为四十四小时以内，延长工作时间每月最多三十六小时。", "乙方"),
        ("labor", "第六条 因生产经营需要，经劳动者同意，甲方可以安排加班，每月累计不超过三十六小时，并依法支付加班费。",
         "乙方"),
        ("labor", "1.3 每周工作时间为四十八小时（含每周延长工作时间八小时），延长工作时间的报酬按工资的百分之一百五十"
                  "支付。",
         "乙方"),
        ("labor", "六、乙方每日工作不超过8小时，每周不超过40小时；确需加班的，经乙方同意，每日不超过1小时，特殊情况每"
                  "日不超过"
                  "3小时，每月累计不超过36小时。", "乙方"),
    ],
    "labor-noncompete-substance-no-compensation": [
        ("labor", "第十一条 乙方离职后一年内不得到竞争对手处任职，竞业限制补偿按月支付，标准为每月三千元。", "乙方"),
    ],
    "restraint-without-end": [
        ("equity", "（八）转让完成后二年内，甲方不得在本市从事与目标公司相同的业务。", "甲方"),
    ],
}


def shape_ten_breadth_cases() -> list[tuple[str, str, str, str]]:
    """(rule, contract type, risky clause, lawful look-alike) for tests/contracts/test_playbook_breadth.py: each
    rule's first risk and first look-alike read with no side."""
    return [(code, rows[0][0], rows[0][1], LOOKALIKES[code][0][1]) for code, rows in RISKS.items()
            if code in LOOKALIKES and code.split("-")[0] in ("definition", "foreign", "secrecy", "penalty",
                                                             "liability", "restraint")]
