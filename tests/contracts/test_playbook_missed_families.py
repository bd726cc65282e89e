"""Issue 21, the risks the reviewer missed entirely (docs/decisions/contract-missed-families.md): the contract's
type read from what is promised for what, a third party's role bringing its type, and new rule families —
each finding its risk in wordings of its own and silent on the lawful look-alikes."""

from __future__ import annotations

import pytest

from contracts.ingest.parties import composite_types, guess_contract_type, obligation_types
from contracts.playbook import contract_findings, starter_rules
from tests.contracts.missed_family_cases import LOOKALIKES, RISKS
from tests.contracts.playbook_support import line_sections, missing_codes, rule_case_tests

RULES = starter_rules()
CODES = {r.code for r in RULES}


def _type(text: str) -> str:
    return guess_contract_type(text[:3000], [], text)


def test_every_rule_has_risks_and_look_alikes():
    assert set(RISKS) == set(LOOKALIKES)
    assert set(RISKS) <= CODES, set(RISKS) - CODES
    # every new pattern rule of the missed-family files has its cases (the deposit's and the guarantee's
    # phrasings widen rules that were there)
    new = {r.code for r in RULES if r.detection == "pattern" and r.code in {
        "service-level-only-a-target", "foreign-text-prevails", "client-data-for-provider-purposes",
        "client-data-deleted-without-export", "quality-by-own-standard", "force-majeure-excuse-excluded",
        "form-text-read-acknowledged"}}
    assert len(new) == 7 and new <= set(RISKS)


test_the_rule_finds_its_risk, test_a_lawful_look_alike_raises_nothing = rule_case_tests(RULES, RISKS, LOOKALIKES)


@pytest.mark.parametrize(("text", "kind"), [
    # software used online for a subscription is a technical service, not a sale (服务提供方 holds no 供方)
    ("智汇ERP云平台服务协议\n服务提供方（以下简称“智汇”）：某科技公司\n用户：某商贸公司\n"
     "1.1 智汇通过互联网向用户提供企业资源管理系统的在线使用服务。", "tech_service"),
    ("在线考勤软件订阅合同\n甲方：某制造公司\n乙方：某软件公司\n第一条 乙方经由云端向甲方开通考勤系统访问服务，"
     "订阅期限一年。", "tech_service"),
    # a renovation titled a service is a decoration works contract
    ("家装服务合同\n甲方：王某\n乙方：某装饰公司\n第二条 乙方承接甲方住宅的装修施工，工期六十日。", "construction"),
    # selling in the agent's own name for a commission is an entrustment, not a brokerage
    ("茶叶销售服务协议\n甲方：某茶厂\n乙方：某商行\n第三条 乙方以自己的名义销售甲方茶叶，按售价的8%收取佣金。",
     "entrustment"),
    # the title stands when the promises name no type or several
    ("房屋租赁合同\n出租方（甲方）：张某\n承租方（乙方）：李某\n第五条 乙方可自行进行装修施工，费用自理。", "lease"),
    ("软件开发合同\n委托方：某医院\n开发方：某公司\n第二"
     "条 开发方为委托方开发挂号系统，交付源代码并经验收。", "tech_dev"),
])
def test_the_type_is_read_from_what_is_promised(text, kind):
    assert _type(text) == kind


def test_a_specific_title_yields_only_to_a_promise_made_more_than_once_in_its_family():
    one = "技术许可合同\n许可方：某公司\n被许可方：某公司\n1.1 许可方通过互联网向被许可方提供检测软件的在线使用服务。"
    assert _type(one) == "tech_transfer"
    assert obligation_types(one) == {"tech_service": 1}
    twice = one + "\n1.2 许可方经云平台提供数据分析系统的访问服务，订阅期限两年。"
    assert _type(twice) == "tech_service"
    across = ("商品买卖合同\n卖方：某公司\n买方：某公司\n1.1 卖方通过互联"
              "网提供软件的在线使用服务。\n1.2 卖方在线提供系统访问服务。")
    assert _type(across) == "sale"


def test_a_third_party_signing_as_broker_brings_the_brokerage_rules():
    text = ("商铺租赁合同\n出租方（甲方）：赵某\n承租方（乙方）：钱某\n居间方（丙方）：某地产经纪公司\n"
            "第九条 乙方向丙方支付中介费五千元，合同签订后无论因何原因解除，中介费一律不退。")
    assert _type(text) == "lease"
    assert composite_types(text[:3000], text) == frozenset({"intermediary"})
    two = "商铺租赁合同\n出租方（甲方）：赵某\n承租方（乙方）：钱某\n第一条 租金每月五千元。"
    assert composite_types(two[:3000], two) == frozenset()


def _missing(text: str, kind: str, side: str, code: str) -> set[str]:
    return missing_codes(RULES, text, kind, side, code)


@pytest.mark.parametrize(("code", "kind", "side", "lacking", "agreed"), [
    ("loan-early-repayment-missing", "loan", "乙方（借款人）",
     "第三条 甲方有权在乙方违约时要求乙方提前归还全部借款。",
     "第三条 乙方可以提前还款，利息按实际借款期间计算。"),
    ("labor-workplace-missing", "labor", "乙方（劳动者）",
     "第二条 乙方担任区域销售经理，甲方可根据经营需要安排乙方到各地门店工作。",
     "第二条 乙方的工作地点为杭州市西湖区文三路100号。"),
    ("transport-shipper-declaration-missing", "transport", "乙方（承运人）",
     "第四条 货物由甲方交乙方运输，运费每车三千元。",
     "第四条 甲方应如实申报货物名称、性质和温控要求，申报不实的由甲方承担责任。"),
])
def test_a_checklist_point_is_met_only_by_a_sentence_that_agrees_it(code, kind, side, lacking, agreed):
    assert code in _missing(lacking, kind, side, code)
    assert code not in _missing(agreed, kind, side, code)


def test_the_client_data_rules_are_not_the_providers_risk():
    text = "4.3 甲方上传的客户联系人信息及订单记录，乙方有权汇集分析，并可用作乙方训练推荐算法的素材。"
    codes = {f.rule_code for f in contract_findings(line_sections(text), "tech_service", RULES, side="乙方（受托方）")}
    assert "client-data-for-provider-purposes" not in codes
