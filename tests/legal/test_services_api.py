"""Cards in the table: seeded from the files, edited as draft versions, approved by an admin, each
change an audit event; the API lists, shows and matches them."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from legal import selectors, services
from legal.cardfile import card_to_dict
from legal.models import IssueCard, IssueCardVersion
from tracing.models import AuditEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeded(fixture_cards):
    IssueCard.objects.all().delete()
    services.cards_seed()
    return fixture_cards


def test_seeding_creates_an_approved_version_per_card(seeded):
    assert IssueCard.objects.count() == len(seeded)
    card = IssueCard.objects.get(slug="labor.unlawful-dismissal")
    assert card.current.number == 1 and card.current.status == IssueCardVersion.Status.APPROVED
    assert AuditEvent.objects.filter(event_type="issue_card.seeded", object_id=str(card.pk)).exists()
    assert services.cards_seed() == {"created": 0, "updated": 0, "kept": 0}


def test_an_edit_waits_for_approval_then_the_engine_uses_it(seeded, staff_user, admin_user):
    card = IssueCard.objects.get(slug="labor.unlawful-dismissal")
    data = card_to_dict(next(c for c in seeded if c.slug == card.slug))
    data["answers"]["valid"]["conclusion"] = "不合法。本所意见：末位淘汰不是法定解除理由。"
    version = services.card_edit(actor=staff_user, card=card, data=data, note="本所意见")
    cards, _ = selectors.active_cards()
    assert "本所意见" not in next(c for c in cards if c.slug == card.slug).answers["valid"].conclusion
    with pytest.raises(PermissionDenied):
        services.card_version_approve(actor=staff_user, version=version)
    services.card_version_approve(actor=admin_user, version=version)
    selectors.cards_changed()
    cards, _ = selectors.active_cards()
    assert "本所意见" in next(c for c in cards if c.slug == card.slug).answers["valid"].conclusion
    events = list(AuditEvent.objects.filter(object_id=str(card.pk)).values_list("event_type", flat=True))
    assert "issue_card.edited" in events and "issue_card.approved" in events


def test_an_invalid_edit_is_refused_naming_the_field(seeded, staff_user):
    card = IssueCard.objects.get(slug="labor.unlawful-dismissal")
    data = card_to_dict(next(c for c in seeded if c.slug == card.slug))
    data["phrasings"] = ["只有一句"]
    with pytest.raises(ValidationError, match="phrasings"):
        services.card_edit(actor=staff_user, card=card, data=data)


def test_api_lists_shows_and_matches(seeded, api_client, staff_user):
    api_client.force_authenticate(staff_user)
    listed = api_client.get("/api/v1/knowledge/cards", {"domain": "labor"}).json()
    slugs = [c["slug"] for c in listed["results"]]
    assert "labor.unlawful-dismissal" in slugs and "company.capital-reserve" not in slugs
    card_id = IssueCard.objects.get(slug="labor.unlawful-dismissal").pk
    detail = api_client.get(f"/api/v1/knowledge/cards/{card_id}").json()
    assert detail["provisions"][0]["article"] == "第八十七条" and detail["calculators"][0]["calculator"] == \
        "unlawful_termination_damages"
    matched = api_client.post("/api/v1/knowledge/cards/match",
                              {"question": "公司不给交住房公积金怎么办？另外离职了还能补吗？"}, format="json").json()
    assert matched["parts"][0]["decided"] is True
    assert matched["parts"][0]["cards"][0]["slug"] == "policy.housing-fund-arrears"
    assert matched["parts"][0]["cards"][0]["id"] == IssueCard.objects.get(slug="policy.housing-fund-arrears").pk
    assert api_client.post("/api/v1/knowledge/cards/match", {}, format="json").status_code == 400
    assert api_client.get("/api/v1/knowledge/cards", {"domain": "nope"}).status_code == 400
    assert api_client.get("/api/v1/knowledge/cards/999999").status_code == 404


def test_the_portal_page_lists_and_edits(seeded, client, staff_user):
    client.force_login(staff_user)
    assert "用人单位违法解除劳动合同" in client.get("/cards/").content.decode()
    card = IssueCard.objects.get(slug="company.capital-reserve")
    page = client.get(f"/cards/{card.pk}/")
    assert page.status_code == 200
    bad = client.post(f"/cards/{card.pk}/", {"toml": "[[card]]\nslug = 1"})
    assert bad.status_code == 400
    good = client.post(f"/cards/{card.pk}/", {"toml": page.context["text"], "note": "原样保存"})
    assert good.status_code == 302
    assert card.versions.filter(status=IssueCardVersion.Status.DRAFT).count() == 1


def test_a_firms_cases_are_approved_used_and_shown(seeded, api_client, staff_user, admin_user):
    card = IssueCard.objects.get(slug="labor.unlawful-dismissal")
    data = card_to_dict(next(c for c in seeded if c.slug == card.slug))
    data["answers"]["valid"]["cases"] = [{"when": [{"fact": "service_months", "op": "<", "value": 1}],
                                          "conclusion": "本所意见：入职不足一个月的，先核实是否在试用期。"}]
    version = services.card_edit(actor=staff_user, card=card, data=data, note="按工龄分情形")
    services.card_version_approve(actor=admin_user, version=version)
    selectors.cards_changed()
    cards, _ = selectors.active_cards()
    assert next(c for c in cards if c.slug == card.slug).answers["valid"].cases[0].when[0].fact == "service_months"
    api_client.force_authenticate(staff_user)
    answers = api_client.get(f"/api/v1/knowledge/cards/{card.pk}").json()["answers"]
    assert answers["valid"]["cases"][0]["when"] == [{"fact": "service_months", "op": "<", "value": 1}]
    assert "cases" not in answers["how_much"]


def test_a_seed_records_one_event_per_card_in_order_on_a_whole_chain(seeded):
    """The seed inserts the cards in bulk within one transaction: still an approved version 1 and one
    ``issue_card.seeded`` event per card, in the cards' order, each naming its own row, the chain whole."""
    from tracing.selectors import audit_verify

    rows = {row.slug: row for row in IssueCard.objects.select_related("current")}
    assert [rows[card.slug].current.data for card in seeded] == [card_to_dict(card) for card in seeded]
    assert all(row.current.card_id == row.pk and row.current.number == 1 for row in rows.values())
    events = list(AuditEvent.objects.filter(event_type="issue_card.seeded").order_by("chain_index"))
    assert [event.object_id for event in events[-len(seeded):]] == [str(rows[card.slug].pk) for card in seeded]
    assert [event.new for event in events[-len(seeded):]] == [
        f'{{"slug":"{card.slug}","version":1}}' for card in seeded]
    assert audit_verify().ok


def test_a_changed_file_gets_a_new_version_unless_the_firm_has_its_own(seeded, staff_user, monkeypatch):
    from legal import cardfile
    from legal.cardfile import card_from_dict

    first, second = seeded[0], seeded[1]
    services.card_edit(actor=staff_user, card=IssueCard.objects.get(slug=second.slug),
                       data={**card_to_dict(second), "summary": "事务所自己的版本"}, note="")
    changed = [card_from_dict({**card_to_dict(card), "summary": card.summary + "（修订）"}, source=card.source)
               if card in (first, second) else card for card in seeded]
    monkeypatch.setattr(cardfile, "shipped_cards", lambda: tuple(changed))
    last = AuditEvent.objects.order_by("-chain_index").first().chain_index
    assert services.cards_seed() == {"created": 0, "updated": 1, "kept": 1}
    row = IssueCard.objects.get(slug=first.slug)
    assert (row.current.number, row.current.status) == (2, IssueCardVersion.Status.APPROVED)
    assert row.current.data["summary"].endswith("（修订）")
    assert row.versions.get(number=1).status == IssueCardVersion.Status.SUPERSEDED
    kept = IssueCard.objects.get(slug=second.slug)
    assert kept.current.number == 1 and kept.file_data["summary"].endswith("（修订）")
    assert list(AuditEvent.objects.filter(chain_index__gt=last).values_list("event_type", "object_id")) == [
        ("issue_card.file_updated", str(row.pk))]
