"""The drafting agent (role ``drafting``, declared in drafting/specialists.py): fills the fields from
the conversation, the state memory and the matter; asks one question for what is missing; writes
the narrative with verified citations; offline, the pre-fill and an assembled narrative labelled
离线模式. Never overwrites what the lawyer typed, never keeps a value the schema refuses."""

from __future__ import annotations

import pytest

from agents.registry import registry
from drafting import services
from drafting.models import TemplateVersion
from tests.fakellm import FakeLLM, Reply
from tracing.models import AgentRun, Trace


def _version(slug: str) -> TemplateVersion:
    return TemplateVersion.objects.filter(template__slug=slug, status="approved").order_by("-number").first()


def test_the_drafting_agent_is_declared_once_with_its_role():
    agent = registry.get("drafter")
    assert agent.role == "drafting"
    assert "search_templates" in agent.tools and agent.offline is not None


@pytest.mark.django_db
def test_offline_the_form_is_prefilled_and_the_narrative_assembled(statutes, loan_session, staff_user):
    draft = services.draft_create(actor=staff_user, version=_version("civil-complaint"), session=loan_session)
    draft = services.draft_assist(actor=staff_user, draft=draft)
    assert draft.fields["defendants"][0]["name"] == "张三"
    assert draft.fields["facts"].startswith("2024年1月10日原告借给被告张三5万元")
    assert "《中华人民共和国民法典》第六百七十五条" in draft.fields["facts"]
    assert draft.notes["offline"] is True
    assert draft.notes["question"] == "请提供：受诉人民法院。"  # one question, the first missing field
    cited = [(c["law"], c["article"], c["valid"]) for c in draft.notes["citations"]]
    assert cited == [("中华人民共和国民法典", "第六百七十五条", True)]
    trace = Trace.objects.get(kind="drafting", object_id=str(draft.pk))
    assert AgentRun.objects.filter(trace=trace, agent="drafter").exists()


@pytest.mark.django_db
def test_with_a_model_valid_proposals_fill_empty_fields_only(statutes, loan_session, staff_user, settings):
    draft = services.draft_create(actor=staff_user, version=_version("civil-complaint"), session=loan_session,
                                  values={"court": "北京市海淀区人民法院"})
    proposal = {
        "fields": {
            "court": "北京市朝阳区人民法院",  # the lawyer's value stays
            "facts": "2024年1月10日，原告向被告出借5万元。依据《中华人民共和国民法典》第六百七十五条，被告应按期还款。"
                     "另依据《中华人民共和国民法典》第九千九百九十九条主张利息。",
            "evidence": [{"name": "借条"}],
            "sign_date": "2025-13-45",  # refused by the schema: dropped
        },
        "question": "被告张三的住址是哪里？",
    }
    with FakeLLM() as fake:
        fake.script(Reply.json(proposal))
        settings.LLM_BASE_URL = fake.base_url
        settings.LLM_API_KEY = "sk-test-0123456789"
        settings.LLM_TIMEOUT = 10
        # the pre-fill put a narrative in facts and today's date; empty them so the model proposes
        draft = services.draft_update(actor=staff_user, draft=draft, values={"facts": "", "sign_date": ""})
        draft = services.draft_assist(actor=staff_user, draft=draft, message="被告住在北京市海淀区")
        request = fake.chat_requests[0].json
    system = request["messages"][0]["content"]
    assert "字段定义" in system and "principal" not in system  # the civil complaint's own schema
    assert "被告住在北京市海淀区" in request["messages"][-1]["content"]
    assert draft.fields["court"] == "北京市海淀区人民法院"
    assert draft.fields["facts"] == proposal["fields"]["facts"]
    assert draft.fields["evidence"] == [{"name": "借条"}]
    assert draft.fields["sign_date"] == ""
    assert services.draft_missing(draft) == ["sign_date"]
    assert draft.notes["offline"] is False
    assert draft.notes["question"] == "被告张三的住址是哪里？"
    verdicts = {c["article"]: c["valid"] for c in draft.notes["citations"]}
    assert verdicts == {"第六百七十五条": True, "第九千九百九十九条": False}
