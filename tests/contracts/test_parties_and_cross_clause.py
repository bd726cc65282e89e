"""Issue 21: parties named as the contract names them (the party block read into the contract's own labels,
bound to the roles of its type's lexicon), and risks read across clauses (a penalty and a waiver of its
adjustment, a right and the clause that takes it back), in wordings of our own."""

from __future__ import annotations

import pytest

from contracts.ingest.parties import party_labels
from contracts.playbook import contract_facts, contract_findings, sides, starter_rules
from contracts.playbook.engine import _in_contract_names, role_names
from contracts.playbook.facts import controlling_clause
from contracts.playbook.quality import suggestion_defects
from contracts.types import Finding, SectionDraft
from tests.contracts.playbook_support import line_sections

RULES = starter_rules()
LINKED = ("penalty-adjustment-waived-elsewhere", "right-taken-back-elsewhere")


def _sections(preamble: str) -> list[SectionDraft]:
    return [SectionDraft(order=1, kind="preamble", number="", title="", text=preamble, para_start=1, para_end=1),
            SectionDraft(order=2, kind="clause", number="1", title="", text="第一条 双方应当诚信履行本合同。",
                         para_start=2, para_end=2)]


def _rendered(preamble: str, kind: str, suggestion: str) -> tuple[str, list[str]]:
    sections = _sections(preamble)
    facts = contract_facts(sections, contract_type=kind)
    f = Finding(rule_code="x", section_order=None, quote="", start=0, end=0, category="", severity="medium",
                description="", suggestion=suggestion)
    f = _in_contract_names(f, facts)
    return f.suggestion, suggestion_defects(f, sections, contract_facts(sections, contract_type=kind))


# (type, party block, a rule's wording with the type's own role word, that word, the labels the contract gives
# that party: the rendering must name it by one of them)
ROLE_CASES = [
    ("franchise", "甲方（品牌方）：某某餐饮管理有限公司\n乙方（加盟商）：某某小吃店\n",
     "被特许人有权在合同期满前三十日书面通知解除合同。", "被特许人", ("乙方", "加盟商")),
    ("advertising", "甲方（委托方）：某某食品有限公司\n乙方（媒体方）：某某传媒有限公司\n",
     "广告主对投放数据有异议的，可委托第三方监测。", "广告主", ("甲方", "委托方")),
    ("transport", "货主：某某贸易有限公司（以下简称“货主”）\n承运方：某某物流有限公司\n",
     "承运人应当在约定期限内将货物安全运到约定地点。", "承运人", ("承运方",)),
    ("storage", "寄存方（甲方）：某某冷链食品有限公司\n保管方（乙方）：某某仓储有限公司\n",
     "存货人可以随时提取仓储物。", "存货人", ("甲方", "寄存方")),
    ("lease", "车主（甲方）：张某某\n承租方（乙方）：某某汽车服务有限公司\n",
     "出租人应当保证车辆符合约定的用途。", "出租人", ("甲方", "车主")),
    ("service", "委托方（甲方）：某某商贸有限公司\n服务商（乙方）：某某信息技术有限公司\n",
     "服务方未达到服务标准的，应当免费补正。", "服务方", ("乙方", "服务商")),
    ("guarantee", "债权人（甲方）：某某小额贷款有限公司\n保证人（乙方）：李某某\n",
     "保证方在保证期间内承担保证责任。", "保证方", ("乙方", "保证人")),
    ("construction", "业主（甲方）：王某某\n施工方（乙方）：某某装饰工程有限公司\n",
     "承包人应当按照设计图纸施工。", "承包人", ("乙方", "施工方")),
    # 承包人 is a word of both classes: in a 分包 contract the party beside the 分包方 is the one paying
    ("construction", "承包方（甲方）：某某建工集团有限公司\n分包方（乙方）：某某劳务有限公司\n",
     "发包人应当按月向分包方支付进度款。", "发包人", ("甲方", "承包方")),
]


@pytest.mark.parametrize(("kind", "block", "wording", "word", "labels"), ROLE_CASES,
                         ids=[f"{c[0]}-{c[3]}" for c in ROLE_CASES])
def test_a_rule_worded_with_the_types_role_word_reads_the_contracts_own_label(kind, block, wording, word, labels):
    text, defects = _rendered(block, kind, wording)
    assert text in {wording.replace(word, label) for label in labels}, text
    assert defects == [], defects


def test_the_party_block_and_its_definitions_are_read_into_labels():
    block = ("（1）某某科技有限公司，住所地某市某区（以下简称“平台”或“服务提供方”）\n"
             "（2）某某食品有限公司（以下简称“客户”，即存货人）\n"
             "本合同中，“加盟方”是指乙方。\n")
    groups = party_labels(block, sides.lexicon_words())
    assert ["平台", "服务提供方"] in groups and ["客户", "存货人"] in groups
    table = "│ 出借人（甲方） │ 张某 │\n│ 借款人（乙方） │ 某某公司 │\n第一条 借款金额"
    assert party_labels(table, sides.lexicon_words()) == [["出借人", "甲方"], ["借款人", "乙方"]]


def test_an_unknown_role_word_is_bound_by_its_place_and_no_name_is_invented():
    # 车主 is no word of a lease's lexicon here only as the one party left beside a 承租方
    text = "车主：张某某\n承租方：某某租车有限公司\n第一条 租期一年。"
    bound = {b.role: (b.label, b.how) for b in sides.bind_labels(party_labels(text), "lease", text)}
    assert bound["lessee"] == ("承租方", "word")
    # a contract whose parties carry no role word at all: a 赠与 rule's words stay as written when its parties
    # are bound by nothing but order, and nothing invents a third label
    plain = "甲方：张某某\n乙方：李某某\n第一条 双方应诚信履行。"
    assert all(name in ("甲方", "乙方") for _, name in role_names(plain, "gift"))


def test_the_firms_side_takes_the_role_its_label_is_bound_to():
    sections = _sections("甲方（品牌方）：某某餐饮管理有限公司\n乙方（加盟店）：某某小吃店\n")
    assert "franchisee" in contract_facts(sections, side="乙方", contract_type="franchise").side_roles
    assert "franchisor" in contract_facts(sections, side="甲方", contract_type="franchise").side_roles


# -- across clauses ---------------------------------------------------------------------------------------

PENALTY = "第六条 乙方逾期付款的，每逾期一日按未付金额的千分之五向甲方支付违约金。"
WAIVER = "第十三条 乙方确认上述违约金标准合理，承诺不以违约金过分高于损失为由要求调减。"
HEAD = "甲方（出卖人）：某某机械有限公司\n乙方（买受人）：某某制造有限公司\n"


@pytest.mark.parametrize("order", ["penalty first", "waiver first"])
def test_a_penalty_and_a_waiver_of_its_adjustment_in_another_clause_are_read_together(order):
    body = f"{PENALTY}\n{WAIVER}" if order == "penalty first" else f"{WAIVER}\n{PENALTY}"
    found = [f for f in contract_findings(line_sections(HEAD + body), "sale", RULES, side="乙方")
             if f.rule_code == "penalty-adjustment-waived-elsewhere"]
    assert len(found) == 1
    assert "违约金" in found[0].quote and "第十三条" in found[0].description
    assert {(b.law, b.article) for b in found[0].basis} == {
        ("最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释", 64)}


def test_a_waiver_scoped_to_another_clause_or_none_at_all_is_silent():
    scoped = "第十三条 本合同第九条约定的违约金，任何一方不得以过高为由请求调整违约金。"
    lawful = "第十三条 违约金过分高于造成的损失的，违约方可以请求人民法院予以适当减少。"
    for other in (scoped, lawful):
        codes = {f.rule_code for f in contract_findings(line_sections(f"{HEAD}{PENALTY}\n{other}"), "sale", RULES,
                                                        side="乙方")}
        assert not codes & set(LINKED), other
    # the penalty is the other side's: not our risk
    theirs = "第六条 甲方逾期交货的，每逾期一日按合同总价的千分之五向乙方支付违约金。"
    codes = {f.rule_code for f in contract_findings(line_sections(f"{HEAD}{theirs}\n{WAIVER}"), "sale", RULES,
                                                    side="乙方")}
    assert "penalty-adjustment-waived-elsewhere" not in codes


RIGHT = "第五条 乙方迟延交付成果超过二十日的，甲方可以解除本合同，但本协议另有约定的除外。"
TAKEN = "第十条 项目启动后，甲方不得以任何理由单方解除本合同。"
SERVICE_HEAD = "甲方（委托方）：某某实业有限公司\n乙方（服务方）：某某咨询有限公司\n"


@pytest.mark.parametrize("order", ["right first", "removal first"])
def test_a_right_taken_back_by_another_clause_is_reported_on_the_right_citing_the_other(order):
    body = f"{RIGHT}\n{TAKEN}" if order == "right first" else f"{TAKEN}\n{RIGHT}"
    found = [f for f in contract_findings(line_sections(SERVICE_HEAD + body), "service", RULES, side="甲方")
             if f.rule_code == "right-taken-back-elsewhere"]
    assert len(found) == 1
    assert "解除本合同" in found[0].quote and "第十条" in found[0].description


def test_a_clause_that_says_it_prevails_takes_back_a_plain_right():
    prevails = "第十条 甲方无权解除本合同；本条与本合同其他条款不一致的，以本条为准。"
    plain = "第五条 乙方迟延交付成果超过二十日的，甲方可以解除本合同。"
    control = controlling_clause("right_overridden", f"{SERVICE_HEAD}{plain}\n{prevails}", plain)
    assert control is not None and control.label == "第十条"


def test_a_carve_out_nothing_uses_and_a_right_only_regulated_elsewhere_are_silent():
    regulated = "第十条 甲方解除本合同的，应当提前十日书面通知乙方。"
    codes = {f.rule_code for f in contract_findings(line_sections(f"{SERVICE_HEAD}{RIGHT}\n{regulated}"),
                                                    "service", RULES, side="甲方")}
    assert "right-taken-back-elsewhere" not in codes
    # the other side's right taken back is not our risk
    theirs = "第五条 甲方逾期付款超过三十日的，乙方有权解除本合同，但本合同另有约定的除外。"
    gone = "第十条 乙方不得单方解除本合同。"
    codes = {f.rule_code for f in contract_findings(line_sections(f"{SERVICE_HEAD}{theirs}\n{gone}"),
                                                    "service", RULES, side="甲方")}
    assert "right-taken-back-elsewhere" not in codes


DEEMED = "第八条 甲方未在上述检验期限内书面提出异议的，视为货物质量符合约定。"
SHORT = "第四条 甲方应在货物到达后二日内完成检验。"
LONG = "第四条 甲方应在货物到达后三十日内完成检验。"
BUYER_HEAD = "甲方（买受人）：某某制造有限公司\n乙方（出卖人）：某某机械有限公司\n"


@pytest.mark.parametrize("order", ["period first", "deemed first"])
def test_a_deemed_acceptance_is_read_with_the_period_another_clause_sets(order):
    def findings(period: str) -> list[Finding]:
        body = f"{period}\n{DEEMED}" if order == "period first" else f"{DEEMED}\n{period}"
        return [f for f in contract_findings(line_sections(BUYER_HEAD + body), "sale", RULES, side="甲方")
                if f.rule_code == "fact-deemed-acceptance"]

    short = findings(SHORT)
    assert len(short) == 1 and "视为" in short[0].quote and "第四条" in short[0].description
    assert findings(LONG) == []


def test_another_one_of_a_kind_and_ordinary_nouns_are_not_renamed():
    block = "托运方（甲方）：某某贸易有限公司\n承运方（乙方）：某某物流有限公司\n"
    text, defects = _rendered(block, "transport", "承运人不得将货物交由其他承运人或者新的承运人运输。")
    assert text.startswith(("乙方不得", "承运方不得")) and "其他承运人" in text and "新的承运人" in text
    labor = "甲方（用人单位）：某某餐饮有限公司\n乙方（劳动者）：王某\n"
    text, _ = _rendered(labor, "labor", "女职工在孕期、产期、哺乳期的，用人单位不得降低其工资。")
    assert text.startswith("女职工在孕期")


def test_the_quality_check_flags_a_party_the_contract_lacks_but_not_another_of_its_kind():
    block = "托运方（甲方）：某某贸易有限公司\n承运方（乙方）：某某物流有限公司\n"
    sections = _sections(block)
    facts = contract_facts(sections, contract_type="transport")

    def defects(suggestion: str) -> list[str]:
        f = Finding(rule_code="x", section_order=None, quote="", start=0, end=0, category="", severity="medium",
                    description="", suggestion=suggestion)
        return suggestion_defects(f, sections, facts)

    assert defects("乙方不得将货物交由其他承运人运输。") == []
    assert defects("承运人应当按期运达。") and defects("加盟商应当按期付款。")


@pytest.mark.parametrize("line", [
    "出租人：某物业管理有限公司；承租人：某餐饮店。",
    "委托方：某科技有限公司; 受托方：某软件工作室",
])
def test_two_parties_on_one_line_are_two_parties(line):
    groups = party_labels(line + "\n第一条 总则", sides.lexicon_words())
    assert len(groups) == 2 and not set(groups[0]) & set(groups[1]), groups


def test_a_semicolon_inside_one_partys_line_does_not_split_it():
    groups = party_labels("甲方：某某有限公司；地址：某市某区\n乙方：某某\n第一条 总则", sides.lexicon_words())
    assert len(groups) == 2, groups
