"""The ``search_templates`` tool, called through the drafting agent's toolbox."""

from __future__ import annotations

import pytest

from agents.aio import run_sync
from agents.tools import RunContext
from agents.tools import registry as tools


@pytest.mark.django_db
def test_search_templates_finds_the_template_for_a_request(staff_user, compliance_user):
    box = tools.toolbox("drafter", ("search_templates",))
    result = run_sync(box.call("search_templates", {"query": "朋友借了我5万元不还，想起诉他"},
                                  ctx=RunContext(user=staff_user)))
    assert result.ok
    slugs = [t["slug"] for t in result.output["templates"]]
    assert slugs[0] == "complaint-private-loan"
    fields = {f["name"] for f in result.output["templates"][0]["fields"]}
    assert {"principal", "loan_date", "plaintiffs", "defendants"} <= fields
    lease = run_sync(box.call("search_templates", {"query": "房东出租房屋，帮我起草租赁合同"},
                                 ctx=RunContext(user=staff_user)))
    assert lease.output["templates"][0]["slug"] == "house-lease-contract"
    none = run_sync(box.call("search_templates", {"query": "借款起诉"}, ctx=RunContext(user=compliance_user)))
    assert none.output["templates"] == []
