"""One permission for client work (``firm.permissions.ClientWork``) on every API view that serves it,
and one lookup of a matter named in a request (``firm.selectors.matter_get_or_404``)."""

from __future__ import annotations

import pytest
from django.http import Http404
from django.urls import URLPattern, URLResolver, get_resolver

from firm.models import Matter
from firm.permissions import ClientWork
from firm.selectors import matter_get_or_404

#: The API modules whose views serve client work.
CLIENT_WORK_MODULES = ("chat.api.views", "contracts.api.", "research.api.views", "drafting.api.views",
                       "knowledge.api.cases")
#: Views of those modules that serve no client work: firm-wide feedback counts, classifying a question.
NOT_CLIENT_WORK = {"FeedbackStatsApi", "IntentClassifyApi"}


def _api_views(patterns=None, prefix=""):
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            yield from _api_views(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and hasattr(entry.callback, "cls"):
            yield prefix + str(entry.pattern), entry.callback.cls


def test_every_client_work_api_view_uses_the_one_permission():
    checked = []
    for route, view in _api_views():
        if view.__module__.startswith(CLIENT_WORK_MODULES) and view.__name__ not in NOT_CLIENT_WORK:
            assert ClientWork in view.permission_classes, route
            checked.append(view.__module__.split(".")[0])
    assert set(checked) == {"chat", "contracts", "research", "drafting", "knowledge"}


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "message"), [
    ("/api/v1/research/tasks", "合规人员不能使用研究任务"),
    ("/api/v1/drafting/templates", "合规人员不能起草文书"),
])
def test_a_compliance_officer_is_refused_with_the_views_reason(url, message, compliance_user, staff_user,
                                                                api_client):
    api_client.force_authenticate(compliance_user)
    refused = api_client.get(url)
    assert refused.status_code == 403 and refused.json()["detail"] == message
    api_client.force_authenticate(staff_user)
    assert api_client.get(url).status_code == 200


@pytest.mark.django_db
def test_anonymous_requests_are_401_not_403(api_client):
    assert api_client.get("/api/v1/research/tasks").status_code == 401
    assert api_client.get("/api/v1/contracts").status_code == 401


@pytest.mark.django_db
def test_a_matter_in_a_request_is_found_through_the_firms_scope(staff_user, make_user):
    own = Matter.objects.create(number="CW-1", title="甲诉乙", client="甲", owner=staff_user)
    other = Matter.objects.create(number="CW-2", title="丙诉丁", client="丙", owner=make_user("staff"))
    assert matter_get_or_404(user=staff_user, matter_id=own.pk) == own
    assert matter_get_or_404(user=staff_user, matter_id=str(own.pk)) == own  # a form value
    assert matter_get_or_404(user=staff_user, matter_id=None) is None
    assert matter_get_or_404(user=staff_user, matter_id="  ") is None  # left blank: unfiled work
    for hidden in (other.pk, "abc", 999_999):
        with pytest.raises(Http404):
            matter_get_or_404(user=staff_user, matter_id=hidden)
