"""Every article the playbook cites decides the risk it is cited for (docs/decisions/contract-basis-audit.md):
it exists and is in force in the corpus the suite reads, and its text holds the words of its subject
(tests/contracts/basis_articles.py); the facts of a clause choose between articles where the law does."""

from __future__ import annotations

import pytest

from contracts.playbook import contract_findings, starter_rules
from contracts.playbook.deciding import deciding_basis, deciding_table, rule_entries
from contracts.types import SectionDraft
from knowledge.selectors import article_lookup, versions
from tests.contracts.basis_articles import ARTICLE_WORDS, CIVIL
from tests.contracts.playbook_support import playbook_corpus  # noqa: F401 - fixture
from tests.legal.citation_audit import Citation, audit, audit_days

RULES = starter_rules()
BY_CODE = {r.code: r for r in RULES}


def cited() -> dict[tuple[str, int], set[str]]:
    """Every article a finding may cite, with who cites it (a rule, its ``basis_by``, a table entry)."""
    refs: dict[tuple[str, int], set[str]] = {}
    for rule in RULES:
        for ref in rule.basis:
            refs.setdefault((ref.law, ref.article), set()).add(rule.code)
        for entry in rule_entries(rule.params):
            for ref in entry.basis:
                refs.setdefault((ref.law, ref.article), set()).add(f"{rule.code} basis_by")
    for entry in deciding_table():
        for ref in entry.basis:
            refs.setdefault((ref.law, ref.article), set()).add(f"deciding.toml {entry.name}")
    return refs


def test_every_cited_article_has_the_words_of_its_subject_and_none_is_stale():
    refs = cited()
    unknown = sorted((law, article, sorted(who)) for (law, article), who in refs.items()
                     if article not in ARTICLE_WORDS.get(law, {}))
    assert not unknown, unknown
    stale = sorted((law, article) for law, articles in ARTICLE_WORDS.items() for article in articles
                   if (law, article) not in refs)
    assert not stale, stale


def editions() -> dict[tuple[str, int], tuple]:
    """The versions each cited article names (docs/decisions/laws-in-force-on-a-date.md, "Versioned citations")."""
    refs = [ref for rule in RULES for ref in rule.basis]
    refs += [ref for rule in RULES for entry in rule_entries(rule.params) for ref in entry.basis]
    refs += [ref for entry in deciding_table() for ref in entry.basis]
    return {(ref.law, ref.article): ref.editions for ref in refs if ref.editions}


@pytest.mark.django_db
def test_every_cited_article_is_in_force_and_speaks_of_its_subject(playbook_corpus):  # noqa: F811
    """Date-proof: an article naming its versions is read in each (tests/legal/citation_audit.py), and every
    article as of today and of each later day a stored text of its law takes effect."""
    wrong = []
    versioned = editions()
    for (law, number), who in sorted(cited().items()):
        if (law, number) in versioned:
            continue  # read in each version it names, below
        article = article_lookup(law=law, article=number)
        words = ARTICLE_WORDS[law][number]
        if article.law.name != law or article.number != number or not article.law.in_force:
            wrong.append((law, number, article.law.time_status, sorted(who)))
        elif not any(w in article.text for w in words):
            wrong.append((law, number, words, article.text[:60], sorted(who)))
    assert not wrong, wrong
    assert len(cited()) > 300
    assert ("中华人民共和国商标法", 43) in versioned
    citations = [Citation(", ".join(sorted(who)), law, number, versioned.get((law, number), ()),
                          ARTICLE_WORDS[law][number]) for (law, number), who in sorted(cited().items())]
    assert audit(citations, audit_days(citations, versions.today())) == []


# -- the facts of the clause choose the article -----------------------------------------------------------------

def _findings(contract_type: str, lines: list[str], side: str):
    sections = [SectionDraft(order=i + 1, kind="clause", number="", title="", text=line,
                             para_start=i + 1, para_end=i + 1) for i, line in enumerate(lines)]
    return [f for f in contract_findings(sections, contract_type, RULES, side=side) if f.section_order is not None]


def _cites(found, code: str) -> list[tuple[str, int]]:
    hit = [f for f in found if f.rule_code == code]
    assert hit, [(f.rule_code, f.basis) for f in found]
    return [(b.law, b.article) for b in hit[0].basis]


LABOR = "中华人民共和国劳动合同法"


@pytest.mark.parametrize(("clause", "probation"), [
    ("第五条 乙方试用期工资为每月人民币一千二百元。", True),
    ("第五条 乙方月工资为人民币一千二百元。", False),
])
def test_a_wage_below_the_minimum_cites_the_probation_article_only_in_probation(clause, probation):
    found = _findings("labor", ["甲方（用人单位）：某某公司", "乙方（劳动者）：某某", clause], side="乙方（劳动者）")
    basis = _cites(found, "labor-minimum-wage")
    assert ((LABOR, 20) in basis) is probation, basis
    assert ("中华人民共和国劳动法", 48) in basis


def test_a_unilateral_change_leads_with_the_agreement_a_change_needs():
    found = _findings("sale", ["甲方（买方）：某某公司", "乙方（卖方）：某某公司",
                               "第六条 乙方有权单方调整产品规格，无需征得甲方同意。"], side="甲方（买方）")
    # (a change of the goods' specification is also read as a unilateral change of scope: either rule leads with 543)
    either = ("generic-unilateral-change", "fact-unilateral-scope-change")
    code = next(f.rule_code for f in found if f.rule_code in either)
    assert _cites(found, code)[0] == (CIVIL, 543)


FINANCE_LEASE = "最高人民法院关于审理融资租赁合同纠纷案件适用法律问题的解释"


def test_recovered_goods_whose_value_is_never_credited_cite_758_and_the_difference_rule():
    got = deciding_basis([], "出租人收回租赁物后，其价值无论高低，均不冲抵承租人应付的任何款项。",
                         {"finance_lease"}, "违约责任")
    assert [(b.law, b.article) for b in got][:2] == [(CIVIL, 758), (FINANCE_LEASE, 11)]
    # an ordinary lease's deposit is no finance-lease matter
    assert not deciding_basis([], "押金不冲抵租金。", {"lease"}, "违约责任")


def test_a_perpetual_licence_of_a_likeness_is_1022s_and_of_a_work_is_not():
    got = deciding_basis([], "乙方授权甲方使用其肖像、姓名及声音，该授权为永久、不可撤销的授权。",
                         {"performance"}, "格式条款")
    assert (CIVIL, 1022) in {(b.law, b.article) for b in got}
    work = deciding_basis([], "乙方授予甲方永久、不可撤销的作品使用许可。", {"performance"}, "格式条款")
    assert (CIVIL, 1022) not in {(b.law, b.article) for b in work}


@pytest.mark.parametrize(("kinds", "supported"), [({"service"}, True), ({"labor"}, False)])
def test_a_cap_in_standard_terms_is_supported_by_497_but_not_in_a_labour_contract(kinds, supported):
    got = deciding_basis([(ref := BY_CODE["fact-liability-cap-low"].basis[0])],
                         "乙方的赔偿责任以本合同服务费总额的百分之五为限。", kinds, "免责条款")
    assert got[0] == ref
    assert ((CIVIL, 497) in {(b.law, b.article) for b in got}) is supported


def test_a_refused_house_loan_cites_the_house_sale_interpretation_only_for_housing():
    words = "因银行贷款未获批准导致买方无法支付房款的，买方已付款项不予退还。"
    housing = deciding_basis([], words, {"intermediary"}, "违约责任")
    assert ("最高人民法院关于审理商品房买卖合同纠纷案件适用法律若干问题的解释", 19) in {
        (b.law, b.article) for b in housing}
    assert not deciding_basis([], words, {"sale"}, "违约责任")


@pytest.mark.parametrize(("words", "kinds", "law", "article"), [
    ("甲方有权根据平台运营需要随时修改平台规则，修改后的规则自公布之日起生效。", {"service"},
     "中华人民共和国电子商务法", 34),
    ("乙方不得以低于甲方指导价的价格对外销售产品。", {"sale"}, "中华人民共和国反垄断法", 18),
    ("本项目开发的软件著作权归乙方所有。", {"tech_dev"}, "计算机软件保护条例", 11),
    ("乙方逾期交付的，甲方有权立即解除合同。", {"tech_dev"},
     "最高人民法院关于审理技术合同纠纷案件适用法律若干问题的解释", 15),  # read in a termination finding
    ("乙方有权扣留提单直至甲方付清全部费用。", {"entrustment"},
     "最高人民法院关于审理海上货运代理纠纷案件若干问题的规定", 7),
    ("乙方可将设计工作转包给其他设计单位。", {"construction"}, "建设工程勘察设计管理条例", 20),
])
def test_the_special_law_of_the_clause_decides_and_stays_in_its_field(words, kinds, law, article):
    category = "合同解除" if "解除" in words else "格式条款"
    assert (law, article) in {(b.law, b.article) for b in deciding_basis([], words, kinds, category)}
    # the same words in a contract the special law is not about do not call for it
    other = {"labor"} if "labor" not in kinds else {"sale"}
    field_free = {"中华人民共和国电子商务法", "中华人民共和国反垄断法"}
    if law not in field_free:
        assert (law, article) not in {(b.law, b.article) for b in deciding_basis([], words, other, category)}


def test_a_change_of_a_price_list_is_no_platform_rule():
    got = deciding_basis([], "甲方有权根据市场行情调整供货价格。", {"sale"}, "格式条款")
    assert ("中华人民共和国电子商务法", 34) not in {(b.law, b.article) for b in got}
