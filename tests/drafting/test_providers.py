"""A drafting fill on every provider profile: the drafting agent's JSON proposal read whatever the
provider wraps around it (thinking in a field or in tags), empty fields filled, citations checked
in the narrative only."""

from __future__ import annotations

import pytest

from drafting import services
from drafting.models import TemplateVersion
from tests.fakellm import FakeLLM, Reply
from tests.provider_shapes import FLOW_PROVIDERS, use_provider
from tracing.models import Trace

FACTS = "2024年1月10日，原告向被告出借5万元。依据《中华人民共和国民法典》第六百七十五条，被告应按期还款。"


@pytest.mark.django_db
@pytest.mark.parametrize(("provider", "model"), FLOW_PROVIDERS)
def test_a_drafting_fill_on_each_provider(statutes, loan_session, staff_user, settings, provider, model):
    version = (TemplateVersion.objects.filter(template__slug="civil-complaint", status="approved")
               .order_by("-number").first())
    draft = services.draft_create(actor=staff_user, version=version, session=loan_session,
                                  values={"court": "北京市海淀区人民法院"})
    proposal = {"fields": {"facts": FACTS, "evidence": [{"name": "借条"}]}, "question": "被告张三的住址是哪里？"}
    with FakeLLM(provider=provider) as fake:
        use_provider(settings, fake, provider, model)
        fake.script(Reply.json(proposal, reasoning="思考：也许引用民法典第九千九百九十九条。", usage=(800, 120)))
        draft = services.draft_update(actor=staff_user, draft=draft, values={"facts": ""})
        draft = services.draft_assist(actor=staff_user, draft=draft)
        assert fake.rejections == []
    assert draft.fields["facts"] == FACTS and draft.fields["evidence"] == [{"name": "借条"}]
    assert draft.fields["court"] == "北京市海淀区人民法院"
    assert draft.notes["offline"] is False
    assert {c["article"]: c["valid"] for c in draft.notes["citations"]} == {"第六百七十五条": True}
    trace = Trace.objects.filter(kind="drafting").latest("started_at")
    assert [(c.tokens_in, c.tokens_out) for c in trace.llm_calls.all()] == [(800, 120)]
