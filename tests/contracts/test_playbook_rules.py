"""Playbook storage: the services (validation naming the field, basis verified in the corpus, an audit
event per change), the selector the reviewer reads, the page and the admin."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from contracts.models import PlaybookRule
from contracts.playbook import section_findings
from contracts.selectors.playbook import playbook_rules
from contracts.services import playbook as services
from contracts.types import SectionDraft
from tests.conftest import PASSWORD
from tracing.models import AuditEvent

pytestmark = pytest.mark.django_db

DEPOSIT = "generic-deposit-over-20"


def events(code: str) -> list[str]:
    rule = PlaybookRule.objects.get(code=code)
    return list(AuditEvent.objects.filter(object_type="contracts.playbookrule", object_id=str(rule.pk))
                .order_by("chain_index").values_list("event_type", flat=True))


def client_for(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def section(text: str) -> SectionDraft:
    return SectionDraft(order=1, kind="clause", number="第一条", title="", text=text, para_start=0, para_end=0)


NEW_RULE = {
    "code": "firm-no-auto-renewal", "title": "自动续期条款", "detection": "pattern", "category": "期限",
    "severity": "low", "description": "合同到期自动续期，可能被动延长履约义务。",
    "suggestion": "改为：“期满前三十日内双方书面确认续期的，本合同续期一年。”",
    "basis": [{"law": "民法典", "article": 470}], "contract_types": ["service"],
    "params": {"patterns": ["自动续(期|约|签)"]},
}


# -- the selector the reviewer reads -------------------------------------------------------------------


def test_playbook_rules_for_a_type_include_generic_and_skip_disabled(admin_user):
    labor = {r.code for r in playbook_rules("labor")}
    assert "labor-probation-vs-term" in labor and DEPOSIT in labor and "lease-term-over-20y" not in labor
    services.playbook_rule_set_enabled(actor=admin_user, rule=PlaybookRule.objects.get(code=DEPOSIT), enabled=False)
    assert DEPOSIT not in {r.code for r in playbook_rules("labor")}
    assert events(DEPOSIT) == ["playbook_rule.disabled"]


# -- services ------------------------------------------------------------------------------------------


def test_create_verifies_the_basis_and_records_an_event(admin_user, statutes):
    rule = services.playbook_rule_create(actor=admin_user, data=NEW_RULE)
    assert rule.basis == [{"law": "中华人民共和国民法典", "article": 470}]
    assert events(rule.code) == ["playbook_rule.created"]
    found = section_findings(section("本合同期满后自动续期一年。"), "service", playbook_rules("service"))
    assert [f.rule_code for f in found if f.rule_code == rule.code] == [rule.code]


def test_unknown_article_is_refused_naming_the_basis(admin_user, statutes):
    with pytest.raises(ValidationError) as err:
        services.playbook_rule_create(actor=admin_user, data={**NEW_RULE, "basis": [
            {"law": "民法典", "article": 470}, {"law": "民法典", "article": 9999}]})
    assert "basis[1]" in err.value.message_dict
    assert not PlaybookRule.objects.filter(code=NEW_RULE["code"]).exists()


def test_an_alternative_basis_is_verified_and_cited_by_its_words(admin_user, statutes):
    by_words = [{"words": ["定金"], "basis": [{"law": "民法典", "article": 9999}], "keywords": ["定金"]}]
    with pytest.raises(ValidationError) as err:
        services.playbook_rule_create(actor=admin_user, data={**NEW_RULE, "params": {
            "patterns": ["自动续(期|约|签)"], "basis_by": by_words}})
    assert "params.basis_by[0].basis[0]" in err.value.message_dict
    by_words[0]["basis"] = [{"law": "中华人民共和国民法典", "article": 586}]
    rule = services.playbook_rule_create(actor=admin_user, data={**NEW_RULE, "params": {
        "patterns": ["自动续(期|约|签)"], "basis_by": by_words}})
    found = section_findings(section("本合同期满后自动续期一年，已付定金转作续期租金。"), "service",
                             playbook_rules("service"))
    (mine,) = [f for f in found if f.rule_code == rule.code]
    assert (mine.basis[0].law, mine.basis[0].article) == ("中华人民共和国民法典", 586)
    plain = section_findings(section("本合同期满后自动续期一年。"), "service", playbook_rules("service"))
    (mine,) = [f for f in plain if f.rule_code == rule.code]
    assert [b.article for b in mine.basis] == [470]


@pytest.mark.parametrize(("change", "field"), [
    ({"params": {"fact": "figure", "thresholds": ["deposit_share"], "gt": "二十"}}, "params.gt"),
    ({"params": {"fact": "figure", "thresholds": ["deposit_share"], "window": 30}}, "params.window"),
    ({"severity": "urgent"}, "severity"),
    ({"detection": "pattern"}, "params.patterns"),
    ({"colour": "red"}, "colour"),
])
def test_update_errors_name_the_field_and_change_nothing(admin_user, change, field):
    rule = PlaybookRule.objects.get(code=DEPOSIT)
    with pytest.raises(ValidationError) as err:
        services.playbook_rule_update(actor=admin_user, rule=rule, data=change)
    assert field in err.value.message_dict
    rule.refresh_from_db()
    assert rule.params["thresholds"] == ["deposit_share", "deposit_amount_share"] and "gt" not in rule.params
    assert rule.severity == "high" and events(DEPOSIT) == []


def test_update_then_reset_to_starter(admin_user, statutes):
    rule = PlaybookRule.objects.get(code=DEPOSIT)
    services.playbook_rule_update(actor=admin_user, rule=rule, data={
        "params": {**rule.params, "gt": 10}, "severity": "medium"})
    rule.refresh_from_db()
    assert rule.params["gt"] == 10 and rule.severity == "medium" and rule.updated_by == admin_user
    event = AuditEvent.objects.get(event_type="playbook_rule.updated", object_id=str(rule.pk))
    assert json.loads(event.new)["severity"] == "medium" and json.loads(event.old)["severity"] == "high"
    fifteen = section("定金为合同总价的百分之十五。")
    assert [f.rule_code for f in section_findings(fifteen, "sale", playbook_rules("sale"))] == [DEPOSIT]
    services.playbook_rule_reset(actor=admin_user, rule=rule)
    rule.refresh_from_db()
    assert "gt" not in rule.params and rule.severity == "high"
    assert section_findings(fifteen, "sale", playbook_rules("sale")) == []
    assert events(DEPOSIT) == ["playbook_rule.updated", "playbook_rule.reset"]


def test_only_admins_change_rules(staff_user):
    with pytest.raises(PermissionDenied):
        services.playbook_rule_set_enabled(actor=staff_user, rule=PlaybookRule.objects.get(code=DEPOSIT),
                                           enabled=False)
    assert PlaybookRule.objects.get(code=DEPOSIT).enabled


def test_load_adds_missing_rules_and_keeps_firm_edits(admin_user):
    PlaybookRule.objects.filter(code="lease-term-over-20y").delete()
    PlaybookRule.objects.filter(code=DEPOSIT).update(severity="low", enabled=False)
    call_command("playbook_load", stdout=open("/dev/null", "w"))
    assert PlaybookRule.objects.filter(code="lease-term-over-20y").exists()
    kept = PlaybookRule.objects.get(code=DEPOSIT)
    assert kept.severity == "low" and not kept.enabled
    loaded = AuditEvent.objects.get(event_type="playbook_rule.loaded")
    assert json.loads(loaded.detail) == {"codes": ["lease-term-over-20y"]}
    call_command("playbook_load", "--reset", DEPOSIT, stdout=open("/dev/null", "w"))
    kept.refresh_from_db()
    assert kept.severity == "high" and kept.enabled


def test_load_disables_a_retired_starter_rule_a_database_still_has(admin_user):
    # a database loaded before two rules on one risk became one still holds the retired one
    kept = PlaybookRule.objects.get(code="carveout-that-exempts")
    PlaybookRule.objects.create(code="fact-exception-only-intent", title="例外仅限故意", contract_types=[],
                                detection=kept.detection, params=kept.params, category=kept.category,
                                severity=kept.severity, description=kept.description, suggestion=kept.suggestion,
                                basis=kept.basis, enabled=True)
    call_command("playbook_load", stdout=open("/dev/null", "w"))
    assert not PlaybookRule.objects.get(code="fact-exception-only-intent").enabled
    assert PlaybookRule.objects.get(code="carveout-that-exempts").enabled
    event = AuditEvent.objects.get(event_type="playbook_rule.retired", object_id="fact-exception-only-intent")
    assert json.loads(event.detail) == {"read_by": "carveout-that-exempts"}
    # loading again changes nothing more
    call_command("playbook_load", stdout=open("/dev/null", "w"))
    assert AuditEvent.objects.filter(event_type="playbook_rule.retired").count() == 1


# -- the page -------------------------------------------------------------------------------------------


def test_staff_reads_the_playbook_but_cannot_edit(staff_user, statutes):
    client = client_for(staff_user)
    page = client.get(reverse("contracts:playbook"), {"type": "labor"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "审查规则" in html and "试用期超过法定上限" in html and "租赁期限超过二十年" not in html
    detail = client.get(reverse("contracts:playbook-rule", args=[DEPOSIT]))
    html = detail.content.decode()
    assert "定金超过主合同标的额的20%" in html and "第五百八十六条" in html and "✓" in html
    assert "编辑规则" not in html
    refused = client.post(reverse("contracts:playbook-rule", args=[DEPOSIT]), {"action": "disable"})
    assert refused.status_code == 403
    assert PlaybookRule.objects.get(code=DEPOSIT).enabled


def test_admin_edits_a_rule_on_the_page(admin_user, statutes):
    client = client_for(admin_user)
    url = reverse("contracts:playbook-rule", args=[DEPOSIT])
    assert "编辑规则" in client.get(url).content.decode()
    rule = PlaybookRule.objects.get(code=DEPOSIT)
    form = {"action": "save", "title": rule.title, "category": rule.category, "severity": "medium",
            "description": rule.description, "suggestion": rule.suggestion, "enabled": "on",
            "params": json.dumps({**rule.params, "gt": 15}), "basis": "《民法典》第586条\n《民法典》第五百八十七条"}
    assert client.post(url, form).status_code == 302
    rule.refresh_from_db()
    assert rule.params["gt"] == 15 and rule.severity == "medium"
    civil = "中华人民共和国民法典"
    assert rule.basis == [{"law": civil, "article": 586}, {"law": civil, "article": 587}]
    bad = client.post(url, {**form, "params": json.dumps({"fact": "figure", "thresholds": ["no_such_limit"]})})
    assert bad.status_code == 400 and "未知的 threshold" in bad.content.decode()
    assert client.post(url, {"action": "disable"}).status_code == 302
    assert not PlaybookRule.objects.get(code=DEPOSIT).enabled
    assert events(DEPOSIT) == ["playbook_rule.updated", "playbook_rule.disabled"]


def test_page_needs_login():
    response = Client().get(reverse("contracts:playbook"))
    assert response.status_code == 302 and "login" in response["Location"]


# -- the admin ------------------------------------------------------------------------------------------


def test_admin_change_goes_through_the_service(admin_user, statutes):
    client = client_for(admin_user)
    rule = PlaybookRule.objects.get(code=DEPOSIT)
    url = reverse("admin:contracts_playbookrule_change", args=[rule.pk])
    assert client.get(url).status_code == 200
    form = {"title": rule.title, "contract_types": "[]", "detection": rule.detection,
            "params": json.dumps({**rule.params, "gt": 25}), "category": rule.category, "severity": "low",
            "description": rule.description, "suggestion": rule.suggestion, "basis": json.dumps(rule.basis),
            "enabled": "on"}
    response = client.post(url, form)
    assert response.status_code == 302, response.context["adminform"].form.errors
    rule.refresh_from_db()
    assert rule.params["gt"] == 25 and rule.severity == "low" and rule.updated_by == admin_user
    assert events(DEPOSIT) == ["playbook_rule.updated"]
    bad = client.post(url, {**form, "basis": json.dumps([{"law": "民法典", "article": 9999}])})
    assert bad.status_code == 200 and "basis[0]" in bad.content.decode()
    rule.refresh_from_db()
    assert rule.basis == [{"law": "中华人民共和国民法典", "article": 586}]


def test_admin_disable_action_records_events(admin_user):
    client = client_for(admin_user)
    ids = list(PlaybookRule.objects.filter(code__in=[DEPOSIT, "lease-term-over-20y"]).values_list("pk", flat=True))
    response = client.post(reverse("admin:contracts_playbookrule_changelist"),
                           {"action": "disable_rules", "_selected_action": [str(i) for i in ids]})
    assert response.status_code == 302
    assert not PlaybookRule.objects.filter(pk__in=ids, enabled=True).exists()
    assert events("lease-term-over-20y") == ["playbook_rule.disabled"]
