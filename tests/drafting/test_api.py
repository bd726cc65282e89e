"""The drafting API of ARCHITECTURE §8 through HTTP: templates, drafts, render, download, and
every bad input the issue lists."""

from __future__ import annotations

import io

import pytest
from docx import Document

from drafting import render
from drafting.catalog import BY_SLUG
from tracing.models import AuditEvent

LOAN = BY_SLUG["civil-complaint"]


def _create(client, template="civil-complaint", fields=None, **extra):
    return client.post("/api/v1/drafting/drafts", {"template": template, "fields": fields or {}, **extra},
                       format="json")


@pytest.mark.django_db
def test_templates_list_every_shipped_template_with_its_schema(staff_user, client_for):
    client = client_for(staff_user)
    response = client.get("/api/v1/drafting/templates?page_size=100")
    assert response.status_code == 200
    slugs = {t["slug"] for t in response.json()["results"]}
    assert set(BY_SLUG) <= slugs
    detail = client.get("/api/v1/drafting/templates/complaint-private-loan").json()
    names = {f["name"]: f for f in detail["fields"]}
    assert names["principal"]["type"] == "amount" and names["principal"]["required"] is True
    plaintiffs = names["plaintiffs"]
    assert plaintiffs["type"] == "group" and plaintiffs["many"] is True
    assert {"name", "id_number", "credit_code", "phone"} <= {f["name"] for f in plaintiffs["fields"]}
    assert next(f for f in plaintiffs["fields"] if f["name"] == "kind")["choices"] == ["自然人", "法人", "非法人组织"]
    search = client.get("/api/v1/drafting/templates", {"q": "离婚"}).json()["results"]
    assert [t["slug"] for t in search] == ["complaint-divorce"]


@pytest.mark.django_db
def test_create_render_download_one_template_end_to_end(staff_user, client_for):
    client = client_for(staff_user)
    created = _create(client, fields=LOAN.sample)
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["missing"] == []
    rendered = client.post(f"/api/v1/drafting/drafts/{body['id']}/render")
    assert rendered.status_code == 200
    assert rendered.json()["version"] == 1
    download = client.get(rendered.json()["download"])
    assert download.status_code == 200
    assert download["Content-Type"].startswith("application/vnd.openxmlformats")
    text = render.document_text(download.content)
    assert "原告：王小明" in text and "被告：李华" in text and "附：本诉状副本1份" in text
    assert not render.has_leftover(text)
    # a second render keeps the first version
    assert client.post(f"/api/v1/drafting/drafts/{body['id']}/render").json()["version"] == 2
    assert client.get(f"/api/v1/drafting/drafts/{body['id']}/download?version=1").status_code == 200
    events = list(AuditEvent.objects.filter(object_type="drafting.draft", object_id=str(body["id"]))
                  .values_list("event_type", flat=True))
    assert events.count("drafting.draft_rendered") == 2
    assert events.count("drafting.draft_downloaded") == 2
    assert "drafting.draft_created" in events


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "value", "reason"), [
    ("id_number", "110105194912310021", "校验位"),
    ("credit_code", "91110000600037341A", "校验位"),
    ("phone", "12345", "电话"),
    ("birth_date", "2024-02-30", "日期"),
])
def test_invalid_party_values_are_400_naming_the_field(staff_user, client_for, path, value, reason):
    party = {"name": "王小明", path: value}
    response = _create(client_for(staff_user), fields={"plaintiffs": [party]})
    assert response.status_code == 400
    errors = response.json()["fields"]
    assert list(errors) == [f"plaintiffs[0].{path}"]
    assert reason in errors[f"plaintiffs[0].{path}"]


@pytest.mark.django_db
def test_invalid_amount_and_unknown_field_are_400(staff_user, client_for):
    response = _create(client_for(staff_user), template="complaint-private-loan",
                       fields={"principal": "五万块", "nonsense": "x"})
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {"principal", "nonsense"}


@pytest.mark.django_db
def test_render_with_missing_required_fields_lists_them_and_makes_no_file(staff_user, client_for):
    client = client_for(staff_user)
    created = _create(client, fields={"plaintiffs": [{"name": "王小明"}], "court": "北京市朝阳区人民法院"})
    assert created.status_code == 201
    assert set(created.json()["missing"]) == {"defendants", "claims", "facts", "sign_date"}
    response = client.post(f"/api/v1/drafting/drafts/{created.json()['id']}/render")
    assert response.status_code == 400
    assert set(response.json()["missing"]) == {"defendants", "claims", "facts", "sign_date"}
    assert response.json()["fields"]["facts"] == "必填：事实与理由"
    assert client.get(f"/api/v1/drafting/drafts/{created.json()['id']}/download").status_code == 404


@pytest.mark.django_db
def test_user_text_with_markup_and_jinja_is_rendered_literally(staff_user, client_for):
    client = client_for(staff_user)
    hostile = "A&B <公司> 说：{{ 7*7 }} {% for x in y %}{{ config }}{% endfor %}"
    fields = dict(LOAN.sample, facts=hostile, plaintiffs=[{"name": "张&<三>"}])
    created = _create(client, fields=fields)
    assert created.status_code == 201
    rendered = client.post(f"/api/v1/drafting/drafts/{created.json()['id']}/render").json()
    data = client.get(rendered["download"]).content
    text = render.document_text(data)
    assert hostile in text
    assert "原告：张&<三>。" in text
    assert "49" not in text
    Document(io.BytesIO(data))  # still a valid Word file


@pytest.mark.django_db
def test_fifty_parties(staff_user, client_for):
    client = client_for(staff_user)
    defendants = [{"name": f"被告人{i:02d}", "address": f"北京市某区{i}号"} for i in range(50)]
    created = _create(client, fields=dict(LOAN.sample, defendants=defendants))
    assert created.status_code == 201
    rendered = client.post(f"/api/v1/drafting/drafts/{created.json()['id']}/render").json()
    text = render.document_text(client.get(rendered["download"]).content)
    assert sum(1 for line in text.splitlines() if line.startswith("被告：被告人")) == 50
    assert "附：本诉状副本50份" in text


@pytest.mark.django_db
def test_someone_elses_draft_is_404_and_the_matter_team_may_download(team, client_for):
    lead, member, outsider, matter = team["lead"], team["member"], team["outsider"], team["matter"]
    created = _create(client_for(lead), fields=LOAN.sample, matter=matter.pk)
    assert created.status_code == 201
    draft_id = created.json()["id"]
    assert client_for(lead).post(f"/api/v1/drafting/drafts/{draft_id}/render").status_code == 200
    assert client_for(member).get(f"/api/v1/drafting/drafts/{draft_id}/download").status_code == 200
    for path in ("", "/download", "/render"):
        method = "post" if path == "/render" else "get"
        response = getattr(client_for(outsider), method)(f"/api/v1/drafting/drafts/{draft_id}{path}")
        assert response.status_code == 404, path
    downloads = AuditEvent.objects.filter(event_type="drafting.draft_downloaded", object_id=str(draft_id))
    assert [event.actor_id for event in downloads] == [member.pk]


@pytest.mark.django_db
def test_compliance_cannot_draft(compliance_user, client_for):
    assert client_for(compliance_user).get("/api/v1/drafting/templates").status_code == 403


@pytest.mark.django_db
def test_openapi_schema_lists_the_drafting_endpoints(staff_user, client_for):
    response = client_for(staff_user).get("/api/schema/?format=json")
    paths = response.json()["paths"]
    for path in ("/api/v1/drafting/templates", "/api/v1/drafting/templates/{template_id}",
                 "/api/v1/drafting/drafts", "/api/v1/drafting/drafts/{draft_id}/render",
                 "/api/v1/drafting/drafts/{draft_id}/download"):
        assert path in paths


@pytest.mark.django_db
@pytest.mark.parametrize("payload", [
    {"title": "起诉状\x00"},
    {"fields": {"court": "北京市朝阳区人民法院\x00"}},
    {"fields": {"plaintiffs": [{"name": "王\x00小明"}]}},
    {"fields": {"claims\x00": "x"}},
])
def test_nul_anywhere_in_a_draft_is_400_in_the_fields_shape_and_saves_nothing(staff_user, client_for, payload):
    from drafting.models import Draft

    before = Draft.objects.count()
    body = {"template": "civil-complaint", "fields": {}, **payload}
    response = client_for(staff_user).post("/api/v1/drafting/drafts", body, format="json")
    assert response.status_code == 400
    errors = response.json()["fields"]
    assert isinstance(errors, dict) and errors
    assert all(isinstance(reason, str) and reason for reason in errors.values())
    assert Draft.objects.count() == before
