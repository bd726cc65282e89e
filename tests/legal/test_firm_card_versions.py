"""A firm's own card must say which text of a law it cites when the law's next text is already in the corpus
(docs/decisions/laws-in-force-on-a-date.md, "A firm's cards"): an edit citing such a law by a bare article number
is refused with what to add; an approval checks again; an approved firm copy written before the new text was
imported is listed on the cards page until mended. 商标法 is stored in its 2019 text and its 2026 text (in force
from 2027-01-01), numbered differently."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from knowledge.selectors import versions
from legal import selectors, services
from legal.cardfile import card_from_dict
from legal.models import IssueCard, IssueCardVersion

pytestmark = pytest.mark.django_db

BEFORE = dt.date(2026, 11, 28)  # the day the services read as today: 商标法 2026 not yet in force


@pytest.fixture(autouse=True)
def before_the_new_text(monkeypatch):
    monkeypatch.setattr(versions, "today", lambda: BEFORE)

TM = "中华人民共和国商标法"
LABOR = "中华人民共和国劳动合同法"


def card_data(slug: str, *citations: dict) -> dict:
    provisions = [{**c, "role": "controlling", "decides": "所问事项", "keywords": ["所问事项"]} for c in citations]
    return {"slug": slug, "title": "本所示例问题", "domain": "intellectual_property", "summary": "本所自拟。",
            "phrasings": ["甲乙丙丁", "戊己庚辛", "子丑寅卯", "辰巳午未", "申酉戌亥", "天地玄黄"],
            "terms": ["示例"], "question_types": ["valid"],
            "answers": {"valid": {"conclusion": "属于。", "basis": [dict(citations[0])]}},
            "provisions": provisions}


def stored(slug: str, data: dict, *, note: str = "本所意见") -> IssueCard:
    """A card whose approved version is stored as given (as one approved before the new text was imported)."""
    row = IssueCard.objects.create(slug=slug, title=data["title"], domain=data["domain"],
                                   origin=IssueCard.Origin.FIRM)
    version = IssueCardVersion.objects.create(card=row, number=1, data=data, note=note,
                                              status=IssueCardVersion.Status.APPROVED)
    row.current = version
    row.save(update_fields=["current"])
    return row


def test_a_bare_article_of_a_law_with_a_pending_text_is_named_with_the_new_texts_first_day(statutes):
    bare = card_from_dict(card_data("firm.tm", {"law": TM, "article": 57}), source="firm")
    assert selectors.unversioned_citations(bare, day=BEFORE) == [(TM, 57, dt.date(2027, 1, 1))]
    # once the new text is in force there is no later text to be read against
    assert selectors.unversioned_citations(bare, day=dt.date(2027, 1, 1)) == []
    named = card_from_dict(card_data("firm.tm", {"law": TM, "article": 57, "version": "2019-11-01",
                                                 "articles": {"2027-01-01": 72}}), source="firm")
    assert selectors.unversioned_citations(named, day=BEFORE) == []
    # a law with one text: a bare article number is the one in force, nothing to name
    labour = card_from_dict(card_data("firm.labour", {"law": LABOR, "article": 47}), source="firm")
    assert selectors.unversioned_citations(labour, day=BEFORE) == []


def test_a_firms_edit_citing_a_changing_law_without_its_text_is_refused_saying_what_to_add(statutes, staff_user):
    with pytest.raises(ValidationError) as refused:
        services.card_create(actor=staff_user, data=card_data("firm.tm-new", {"law": TM, "article": 60}))
    message = "".join(refused.value.messages)
    assert f"《{TM}》第60条" in message and "2027年1月1日" in message and "version" in message
    assert not IssueCard.objects.filter(slug="firm.tm-new").exists()
    row = services.card_create(actor=staff_user, data=card_data(
        "firm.tm-new", {"law": TM, "article": 60, "version": "2019-11-01", "articles": {"2027-01-01": 74}}))
    assert row.versions.count() == 1


def test_an_approval_checks_the_draft_again(statutes, admin_user):
    row = stored("firm.tm-draft", card_data("firm.tm-draft", {"law": LABOR, "article": 47}))
    draft = IssueCardVersion.objects.create(card=row, number=2, data=card_data("firm.tm-draft", {"law": TM,
                                                                                                 "article": 57}))
    with pytest.raises(ValidationError, match="2027年1月1日"):
        services.card_version_approve(actor=admin_user, version=draft)
    draft.refresh_from_db()
    assert draft.status == IssueCardVersion.Status.DRAFT


def test_the_cards_page_lists_an_approved_firm_copy_to_mend_and_never_a_shipped_one(statutes, client, staff_user):
    firm = stored("firm.tm-old", card_data("firm.tm-old", {"law": TM, "article": 63}))
    stored("file.tm-old", card_data("file.tm-old", {"law": TM, "article": 64}), note=selectors.SHIPPED_NOTE)
    assert [(row.slug, found) for row, found in selectors.firm_cards_unversioned(day=BEFORE)] == [
        ("firm.tm-old", [(TM, 63, dt.date(2027, 1, 1))])]
    client.force_login(staff_user)
    index = client.get("/cards/").content.decode()
    assert "需注明所引文本的卡片" in index and f"《{TM}》第63条" in index and "第64条" not in index
    page = client.get(f"/cards/{firm.pk}/").content.decode()
    assert "本卡片现行版本的引用需注明所引文本" in page and "2027年1月1日" in page
