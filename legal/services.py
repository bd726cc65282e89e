"""Writes on issue cards: seeding from the files, a firm's edits (a new draft version), approval.
Every change leaves an audit event (``issue_card.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import JSONField, Max, Value
from django.utils import timezone

from firm import roles
from legal import cardfile, selectors
from legal.cardfile import Card, CardFileError, card_from_dict, card_to_dict
from legal.models import IssueCard, IssueCardVersion
from tracing.services import audit_event_record, audit_events_record


def _can_edit(actor: AbstractUser) -> bool:
    return roles.does_client_work(actor)


def _can_approve(actor: AbstractUser) -> bool:
    return roles.is_admin(actor)


def card_validate(data: Mapping[str, Any]) -> Card:
    """The card ``data`` describes, or a ValidationError naming the field. A citation of a law whose next text is
    already in the corpus must name the text it cites (selectors.unversioned_citations): otherwise, on the new
    text's first day, its article number would be read against a text numbered differently."""
    try:
        card = card_from_dict(data, source="firm")
    except CardFileError as exc:
        raise ValidationError({"data": str(exc).removeprefix("firm: ")}) from exc
    found = selectors.unversioned_citations(card)
    if found:
        raise ValidationError({"data": selectors.unversioned_message(found)})
    return card


def _json_parameter(value: dict[str, Any]) -> Value:
    """A JSON value for ``bulk_create`` sent as one parameter of its own. Django 5.2 bulk-inserts plain values as
    one array per column (``UNNEST``), and psycopg writes an array's text escaping every quote of every element
    in Python: ~1.6 s of CPU per column for the shipped cards' JSON, against a few milliseconds as parameters."""
    return Value(value, output_field=JSONField())


def cards_seed(*, cards: Sequence[Card] | None = None) -> dict[str, int]:
    """Bring the table up to the shipped files: a new file card is created with an approved
    version 1; a file card whose file changed gets a new approved version unless the firm has
    versions of its own (then the firm's stays and the new file data is kept for comparison).
    One transaction for the whole seed (the first start creates ~500 cards: their rows and versions
    are inserted in bulk), one audit event per card created or updated, in the cards' order."""
    cards = cardfile.shipped_cards() if cards is None else cards
    counts = {"created": 0, "updated": 0, "kept": 0}
    with transaction.atomic():
        rows = {row.slug: row for row in IssueCard.objects.select_for_update().filter(
            slug__in=[card.slug for card in cards])}
        data = {card.slug: card_to_dict(card) for card in cards}
        fresh = IssueCard.objects.bulk_create([
            IssueCard(slug=card.slug, title=card.title, domain=card.domain, origin=IssueCard.Origin.FILE,
                      file_data=_json_parameter(data[card.slug])) for card in cards if card.slug not in rows])
        versions = IssueCardVersion.objects.bulk_create([
            IssueCardVersion(card=row, number=1, data=_json_parameter(data[row.slug]), note=selectors.SHIPPED_NOTE,
                             status=IssueCardVersion.Status.APPROVED, approved_at=timezone.now()) for row in fresh])
        for row, version in zip(fresh, versions, strict=True):
            row.file_data = version.data = data[row.slug]
            row.current = version
        IssueCard.objects.bulk_update(fresh, ["current"])
        created = {row.slug for row in fresh}
        rows.update({row.slug: row for row in fresh})
        events: list[dict[str, Any]] = []
        for card in cards:
            row = rows[card.slug]
            if card.slug in created:
                events.append(dict(actor=None, event_type="issue_card.seeded", obj=row,
                                   new={"slug": card.slug, "version": 1}, actor_name="system"))
                counts["created"] += 1
                continue
            if row.file_data == data[card.slug]:
                continue
            firm_versions = row.versions.exclude(note=selectors.SHIPPED_NOTE).exists()
            row.file_data = data[card.slug]
            if firm_versions:
                row.save(update_fields=["file_data", "updated_at"])
                counts["kept"] += 1
                continue
            number = (row.versions.aggregate(n=Max("number"))["n"] or 0) + 1
            row.versions.filter(status=IssueCardVersion.Status.APPROVED).update(
                status=IssueCardVersion.Status.SUPERSEDED)
            version = IssueCardVersion.objects.create(card=row, number=number, data=data[card.slug],
                                                      note=selectors.SHIPPED_NOTE,
                                                      status=IssueCardVersion.Status.APPROVED,
                                                      approved_at=timezone.now())
            row.current, row.title, row.domain = version, card.title, card.domain
            row.save(update_fields=["current", "title", "domain", "file_data", "updated_at"])
            events.append(dict(actor=None, event_type="issue_card.file_updated", obj=row,
                               new={"version": number}, actor_name="system"))
            counts["updated"] += 1
        audit_events_record(events)
    selectors.cards_changed()
    return counts


@transaction.atomic
def card_create(*, actor: AbstractUser, data: Mapping[str, Any], note: str = "") -> IssueCard:
    """A firm's own card, as a draft version 1 awaiting approval."""
    if not _can_edit(actor):
        raise PermissionDenied("无权编辑卡片")
    card = card_validate(data)
    if IssueCard.objects.filter(slug=card.slug).exists():
        raise ValidationError({"slug": "该标识已存在"})
    row = IssueCard.objects.create(slug=card.slug, title=card.title, domain=card.domain, origin=IssueCard.Origin.FIRM)
    IssueCardVersion.objects.create(card=row, number=1, data=card_to_dict(card), author=actor, note=note[:300])
    audit_event_record(actor=actor, event_type="issue_card.created", obj=row, new={"slug": card.slug, "version": 1})
    return row


@transaction.atomic
def card_edit(*, actor: AbstractUser, card: IssueCard, data: Mapping[str, Any], note: str = "") -> IssueCardVersion:
    """A new draft version of ``card`` (the approved one stays in use until this one is approved)."""
    if not _can_edit(actor):
        raise PermissionDenied("无权编辑卡片")
    parsed = card_validate(data)
    if parsed.slug != card.slug:
        raise ValidationError({"slug": "不能修改卡片标识"})
    number = (card.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    version = IssueCardVersion.objects.create(card=card, number=number, data=card_to_dict(parsed), author=actor,
                                              note=note[:300])
    old = card.current.data if card.current else None
    changed = sorted(k for k in version.data if not old or old.get(k) != version.data[k])
    audit_event_record(actor=actor, event_type="issue_card.edited", obj=card,
                       old={"version": card.current.number if card.current else None},
                       new={"version": number, "changed": changed}, detail={"note": note[:300]})
    return version


@transaction.atomic
def card_version_approve(*, actor: AbstractUser, version: IssueCardVersion) -> IssueCard:
    """Make ``version`` the card's current one (admins)."""
    if not _can_approve(actor):
        raise PermissionDenied("只有管理员可以批准卡片")
    if version.status != IssueCardVersion.Status.DRAFT:
        raise ValidationError({"version": "只能批准待审批的版本"})
    # a law's new text may have been imported since the draft was written
    card_validate(version.data)
    card = IssueCard.objects.select_for_update().get(pk=version.card_id)
    previous = card.current
    card.versions.filter(status=IssueCardVersion.Status.APPROVED).update(status=IssueCardVersion.Status.SUPERSEDED)
    version.status, version.approved_by, version.approved_at = (IssueCardVersion.Status.APPROVED, actor,
                                                                timezone.now())
    version.save(update_fields=["status", "approved_by", "approved_at"])
    card.current, card.title, card.domain = version, version.data["title"], version.data["domain"]
    card.save(update_fields=["current", "title", "domain", "updated_at"])
    audit_event_record(actor=actor, event_type="issue_card.approved", obj=card,
                       old={"version": previous.number if previous else None}, new={"version": version.number})
    transaction.on_commit(selectors.cards_changed)
    return card


@transaction.atomic
def card_version_reject(*, actor: AbstractUser, version: IssueCardVersion, reason: str = "") -> IssueCardVersion:
    if not _can_approve(actor):
        raise PermissionDenied("只有管理员可以驳回卡片")
    if version.status != IssueCardVersion.Status.DRAFT:
        raise ValidationError({"version": "只能驳回待审批的版本"})
    version.status = IssueCardVersion.Status.REJECTED
    version.save(update_fields=["status"])
    audit_event_record(actor=actor, event_type="issue_card.rejected", obj=version.card,
                       new={"version": version.number}, detail={"reason": reason[:300]})
    return version
