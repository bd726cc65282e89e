"""Ethical walls around contracts: a user not on the matter gets 404 for the contract and
everything under it, through the API and the portal; privileged matters; compliance sees no
client work; moving a contract across a wall follows the one rule of ``work_move_check``.

The firm (tests/contracts/contract_files.py): users A, B, C (staff); matters M1..M4, M2 and M4
privileged; A leads M1, M2 and M4, C is on the teams of M1 and M2; C leads M3, where B sits.
"""

from __future__ import annotations

import pytest

from contracts.models import Contract, ReviewIssue
from contracts.services.issues import issue_add
from tests.contracts.contract_files import api, make_firm, portal, upload
from tracing.models import AuditEvent


@pytest.fixture
def firm(make_user):
    firm = make_firm(make_user)
    for name, matter in (("k1", "M1"), ("k2", "M2")):
        contract_id = upload(firm["A"], name=f"{name}.docx", matter=firm[matter].pk).json()["id"]
        contract = Contract.objects.get(pk=contract_id)
        firm[name] = contract
        firm[f"{name}_issue"] = issue_add(
            actor=firm["A"], contract=contract, section=contract.sections.get(number="第三条"), quote="押金",
            category="押金", severity="medium", description="押金数额需核实")
    return firm


def _api_urls(contract: Contract, issue: ReviewIssue) -> list[str]:
    base = f"/api/v1/contracts/{contract.pk}"
    section = contract.sections.order_by("order").first()
    return [base, f"{base}/sections", f"{base}/issues", f"{base}/issues/{issue.pk}",
            f"{base}/issues/{issue.pk}/history", f"{base}/export?format=docx", f"{base}/export?format=json",
            f"{base}/sections/{section.pk}/split"]


def _portal_urls(contract: Contract, issue: ReviewIssue) -> list[str]:
    return [f"/contracts/{contract.pk}/", f"/contracts/{contract.pk}/issues/{issue.pk}/"]


def _writes(client, contract: Contract, issue: ReviewIssue) -> list[int]:
    base = f"/api/v1/contracts/{contract.pk}"
    sections = list(contract.sections.order_by("order").values_list("pk", flat=True))
    return [
        client.patch(base, {"title": "偷看"}, format="json").status_code,
        client.delete(base).status_code,
        client.post(f"{base}/issues", {"section": None, "category": "x", "severity": "low",
                                       "description": "x"}, format="json").status_code,
        client.patch(f"{base}/issues/{issue.pk}", {"version": 1, "severity": "high"}, format="json").status_code,
        client.delete(f"{base}/issues/{issue.pk}").status_code,
        client.post(f"{base}/issues/{issue.pk}/confirm", {}, format="json").status_code,
        client.post(f"{base}/issues/{issue.pk}/reject", {}, format="json").status_code,
        client.post(f"{base}/sections/merge", {"sections": sections[:2]}, format="json").status_code,
        client.post(f"{base}/sections/{sections[1]}/split", {"at": 1}, format="json").status_code,
    ]


def _unchanged(firm, name: str) -> None:
    contract = Contract.objects.get(pk=firm[name].pk)
    assert contract.title == "房屋租赁合同"
    issue = ReviewIssue.objects.get(pk=firm[f"{name}_issue"].pk)
    assert (issue.status, issue.severity, issue.version) == ("open", "medium", 1)
    assert not AuditEvent.objects.filter(event_type__in=["contract.changed", "contract.deleted",
                                                         "contract.exported", "contract.sections_merged",
                                                         "contract.section_split"]).exists()


@pytest.mark.django_db
def test_a_lawyer_not_on_the_matter_gets_404_everywhere(firm):
    b, k1, issue = firm["B"], firm["k1"], firm["k1_issue"]

    for url in _api_urls(k1, issue):
        method = api(b).post if url.endswith("/split") else api(b).get
        assert method(url).status_code == 404, url
    for url in _portal_urls(k1, issue):
        assert portal(b).get(url).status_code == 404, url
    assert set(_writes(api(b), k1, issue)) == {404}
    assert portal(b).post(f"/contracts/{k1.pk}/issues/{issue.pk}/action/",
                          {"action": "confirm"}).status_code == 404
    assert portal(b).post(f"/contracts/{k1.pk}/delete/").status_code == 404
    assert k1.pk not in [c["id"] for c in api(b).get("/api/v1/contracts").json()["results"]]
    assert "房屋租赁合同" not in portal(b).get("/contracts/").content.decode()
    _unchanged(firm, "k1")


@pytest.mark.django_db
def test_the_team_sees_and_works_on_the_matters_contract(firm):
    c, k1, issue = firm["C"], firm["k1"], firm["k1_issue"]
    for url in _api_urls(k1, issue)[:-1]:
        assert api(c).get(url).status_code == 200, url
    for url in _portal_urls(k1, issue):
        assert portal(c).get(url).status_code == 200, url
    assert api(c).post(f"/api/v1/contracts/{k1.pk}/issues/{issue.pk}/confirm", {"version": 1},
                       format="json").status_code == 200
    assert api(c).delete(f"/api/v1/contracts/{k1.pk}").status_code == 403  # only the owner deletes
    assert Contract.objects.filter(pk=k1.pk).exists()


@pytest.mark.django_db
def test_privileged_work_is_hidden_from_an_admin_off_the_team(firm):
    admin, k1, k2 = firm["admin"], firm["k1"], firm["k2"]

    assert api(admin).get(f"/api/v1/contracts/{k1.pk}").status_code == 200  # not privileged: admins see it
    for url in _api_urls(k2, firm["k2_issue"]):
        method = api(admin).post if url.endswith("/split") else api(admin).get
        assert method(url).status_code == 404, url
    assert portal(admin).get(f"/contracts/{k2.pk}/").status_code == 404
    assert set(_writes(api(admin), k2, firm["k2_issue"])) == {404}
    assert [c["id"] for c in api(admin).get("/api/v1/contracts").json()["results"]] == [k1.pk]
    admin_list = portal(admin).get("/admin/contracts/contract/")
    assert admin_list.status_code == 200
    assert f"/admin/contracts/contract/{k1.pk}/change/" in admin_list.content.decode()
    assert f"/admin/contracts/contract/{k2.pk}/change/" not in admin_list.content.decode()
    assert portal(admin).get(f"/admin/contracts/reviewissue/{firm['k2_issue'].pk}/change/").status_code in (302, 404)
    _unchanged(firm, "k2")


@pytest.mark.django_db
def test_compliance_sees_no_client_work(firm):
    auditor, k1 = firm["auditor"], firm["k1"]
    assert api(auditor).get("/api/v1/contracts").json()["count"] == 0
    for url in _api_urls(k1, firm["k1_issue"]):
        method = api(auditor).post if url.endswith("/split") else api(auditor).get
        assert method(url).status_code == 404, url
    assert portal(auditor).get("/contracts/").status_code == 403
    assert portal(auditor).get(f"/contracts/{k1.pk}/").status_code == 403
    assert portal(auditor).get("/admin/contracts/contract/").status_code == 403
    assert upload(auditor).status_code == 403


def _move(user, contract, matter):
    return api(user).patch(f"/api/v1/contracts/{contract.pk}", {"matter": matter.pk if matter else None},
                           format="json")


@pytest.mark.django_db
def test_moving_a_contract_follows_the_wall_rule(firm):
    a, b, c = firm["A"], firm["B"], firm["C"]
    c_in_m1 = Contract.objects.get(pk=upload(c, name="c1.docx", matter=firm["M1"].pk).json()["id"])
    c_in_m2 = Contract.objects.get(pk=upload(c, name="c2.docx", matter=firm["M2"].pk).json()["id"])

    assert _move(c, firm["k1"], firm["M3"]).status_code == 403  # not the owner, not M1's lead
    assert _move(c, c_in_m2, firm["M1"]).status_code == 403  # privileged work leaves only by the lead's hand
    assert _move(c, c_in_m2, None).status_code == 403
    assert _move(a, c_in_m1, firm["M4"]).status_code == 403  # the owner (C) is not on M4
    assert _move(a, firm["k1"], firm["M3"]).status_code == 404  # A is not on M3: it does not exist for A
    assert Contract.objects.get(pk=c_in_m2.pk).matter_id == firm["M2"].pk
    assert not AuditEvent.objects.filter(event_type="contract.moved").exists()

    assert _move(c, c_in_m1, firm["M3"]).status_code == 200
    assert api(b).get(f"/api/v1/contracts/{c_in_m1.pk}").status_code == 200  # B sits on M3
    moved = _move(a, firm["k2"], firm["M4"])  # the lead moves privileged work between matters A leads
    assert moved.status_code == 200 and moved.json()["matter"] == firm["M4"].pk
    event = AuditEvent.objects.get(event_type="contract.moved", object_id=str(firm["k2"].pk))
    assert event.actor == a and event.matter == firm["M2"]
    assert (event.old_data["matter"]["number"], event.new_data["matter"]["number"]) == ("M2", "M4")
    assert event.detail_data == {"from_privileged": True, "to_privileged": True}
    assert api(c).get(f"/api/v1/contracts/{firm['k2'].pk}").status_code == 404  # C is not on M4
