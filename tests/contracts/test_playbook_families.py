"""The families where the reviewer was weakest (issue #21): each rule of ``rules/58-*.toml`` onwards fires on
its risk (test_playbook_breadth.py runs the cases), and the finding on the risky clause cites the article
that decides it — the parallel article of the other law included (民法典 合伙合同 and 合伙企业法, 个人信息保护法
and 数据安全法) — while the look-alike stays silent for every rule."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_facts, contract_findings, starter_rules
from contracts.playbook.facts import read_clause
from contracts.playbook.quality import suggestion_defects
from contracts.types import SectionDraft
from tests.contracts.family_cases import CIVIL, FAMILY_CASES

RULES = starter_rules()
#: The title and party block a contract of the type opens with (the suggestion names parties it declares).
HEADERS = {
    "partnership": "合伙协议\n合伙人甲方：张某\n合伙人乙方：李某",
    "sale": "买卖合同\n出卖人（甲方）：某某机械有限公司\n买受人（乙方）：某某贸易有限公司",
    "data": "个人信息委托处理协议\n委托方（甲方）：某某科技有限公司\n受托方（乙方）：某某数据服务有限公司",
    "construction": "建设工程施工合同\n发包人（甲方）：某某置业有限公司\n承包人（乙方）：某某建设集团有限公司",
    "franchise": "特许经营合同\n特许人（甲方）：某某餐饮管理有限公司\n被特许人（乙方）：刘某",
    "service": "培训服务合同\n甲方（培训机构）：某某教育科技有限公司\n乙方（学员）：王某",
}


def _sections(text: str) -> list[SectionDraft]:
    return [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line, para_start=i + 1,
                         para_end=i + 1) for i, line in enumerate(text.split("\n"))]


def _clause_findings(kind: str, text: str):
    return [f for f in contract_findings(_sections(text), kind, RULES) if f.section_order is not None]


@pytest.mark.parametrize("case", FAMILY_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(FAMILY_CASES)])
def test_the_risk_is_reported_on_the_deciding_article(case):
    code, kind, risky, _lawful, article = case
    cited = {(b.law, b.article) for f in _clause_findings(kind, risky) for b in f.basis}
    assert article in cited, (code, sorted(cited))


@pytest.mark.parametrize("case", FAMILY_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(FAMILY_CASES)])
def test_the_look_alike_draws_no_issue(case):
    code, kind, _risky, lawful, _article = case
    assert not _clause_findings(kind, lawful), [(f.rule_code, f.quote) for f in _clause_findings(kind, lawful)]


@pytest.mark.parametrize("case", FAMILY_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(FAMILY_CASES)])
def test_the_suggestion_can_be_sent(case):
    _code, kind, risky, _lawful, _article = case
    sections = _sections(HEADERS.get(kind, "") + "\n" + risky)
    facts = contract_facts(sections)
    for f in contract_findings(sections, kind, RULES):
        assert suggestion_defects(f, sections, facts) == [], (f.rule_code, f.suggestion)


# -- the reader, on wordings of the new tuning contracts' classes ---------------------------------------------


def test_a_penalty_formula_over_the_days_late_is_a_daily_rate():
    (rate,) = read_clause("违约金＝逾期付款金额×逾期天数×0.3%。").rates
    assert rate.per == "day" and rate.annual_percent == pytest.approx(109.5)
    (rate,) = read_clause("违约金按未付款项×0.5%×实际逾期天数计算。").rates
    assert rate.per == "day"


def test_an_exemption_from_losses_caused_by_a_named_cause_is_read():
    (ex,) = read_clause("乙方不承担任何因设备质量问题导致的停产损失、利润损失及人身损害赔偿责任。").exemptions
    assert ex.party == "乙方" and "personal_injury" in ex.covers


def test_a_role_inside_the_sides_description_names_the_side():
    sections = _sections("合伙协议\n第七条 合伙人未按期缴纳出资的，每逾期一日，按应缴未缴出资额的百分之一支付违约金。")
    side = "丙方（出资的普通合伙人郑一鸣）"
    assert "合伙人" in contract_facts(sections, side=side).side_names
    found = {f.rule_code for f in contract_findings(sections, "partnership", RULES, side=side)}
    assert "fact-late-fee-annual" in found


GENERAL_WORDINGS = [
    ("service", "8.2 乙方同意甲方将其姓名、联系方式及学习评价提供给甲方合作企业，用于商业推广，本同意不可撤回。",
     "8.2 甲方仅为教学管理使用乙方的姓名和联系方式，未经乙方单独同意不向任何第三方提供。", "fact-personal-info-share"),
    ("service", "8.2 乙方同意甲方将其姓名、联系方式及学习评价提供给甲方合作企业，用于商业推广，本同意不可撤回。",
     "8.2 甲方仅为教学管理使用乙方的姓名和联系方式，乙方可以随时撤回同意。", "pi-irrevocable-consent"),
    # a forum at a party's seat is lawful between businesses; in a house lease it breaks the exclusive
    # jurisdiction of the place where the house is
    ("lease", "十、因本合同发生的争议，由甲方住所地（北京市海淀区）人民法院管辖。",
     "十、因本合同发生的争议，由房屋所在地人民法院管辖。", "forum-against-exclusive-jurisdiction"),
    ("service", "第十条 甲方有权将乙方的身份证号码、手机号码提供给合作的金融机构用于营销。",
     "第十条 甲方仅为履行本合同使用乙方的手机号码，未经乙方单独同意不向任何机构提供。", "fact-personal-info-share"),
    ("entrustment", "第四条 乙方有权在认为必要时将委托事项交由其合作律师事务所办理，无需告知甲方。",
     "第四条 乙方经甲方书面同意，可以将委托事项交由其他律师事务所办理。", "subdelegate-any-wording"),
    ("property", "第九条 业主拖欠物业服务费的，乙方有权停止为其提供门禁卡、电梯卡服务。",
     "第九条 业主拖欠物业服务费的，乙方可以书面催交，逾期仍不交纳的，可以依法提起诉讼。", "property-utility-cutoff"),
    ("labor", "第九条 女职工在孕期内不能适应工作的，甲方可以调整其岗位并相应降低工资。",
     "第九条 女职工在孕期内不能适应原劳动的，甲方应予以减轻劳动量，不得降低其工资。",
     "labor-marriage-pregnancy-ban"),
    ("entrustment", "第五条 乙方超越授权范围签订的合同，甲方同意一并予以认可。",
     "第五条 乙方应在授权范围内签订合同，超越授权的，须经甲方书面追认。", "agency-bound-beyond-authority"),
]


@pytest.mark.parametrize(("kind", "risky", "lawful", "code"), GENERAL_WORDINGS)
def test_wordings_of_the_general_families(kind, risky, lawful, code):
    assert code in {f.rule_code for f in _clause_findings(kind, risky)}
    assert code not in {f.rule_code for f in _clause_findings(kind, lawful)}


@pytest.mark.parametrize(("kind", "risky", "lawful", "code"), GENERAL_WORDINGS)
def test_wordings_of_the_general_families_for_the_side(kind, risky, lawful, code):
    side = "甲方（委托人）" if kind == "entrustment" else ""
    assert code in {f.rule_code for f in contract_findings(_sections(risky), kind, RULES, side=side)}


@pytest.mark.parametrize(("kind", "clause", "article"), [
    ("work", "第六条 定作人收到成品后三日内未提出书面异议的，视为验收合格。", 780),
    ("construction",
     "第十二条 发包人收到竣工验收申请后三日内未组织验收的，视为工程质量合格，承包人不再承担保修责任。", 799),
])
def test_deemed_acceptance_cites_the_types_own_acceptance_article(kind, clause, article):
    cited = {(b.law, b.article) for f in _clause_findings(kind, clause) for b in f.basis}
    assert (CIVIL, article) in cited, sorted(cited)


@pytest.mark.parametrize(("text", "payer"), [
    ("甲方逾期付款的，乙方有权停止供货，并按每日千分之五收取滞纳金。", "甲方"),
    ("乙方逾期支付租金的，每逾期一日，按月租金的百分之五，加收滞纳金。", "乙方"),
])
def test_a_late_fee_belongs_to_its_payer_not_its_collector(text, payer):
    (rate,) = read_clause(text).rates
    assert rate.party == payer
