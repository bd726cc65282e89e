"""Who sees which matter and which work: the rule every app's selectors apply."""

import pytest

from firm import selectors, services
from firm.models import Matter

pytestmark = pytest.mark.django_db


@pytest.fixture
def firm(make_user):
    lawyer, colleague, outsider = make_user("staff"), make_user("staff"), make_user("staff")
    admin, auditor = make_user("admin"), make_user("compliance")
    open_matter = services.matter_create(actor=lawyer, number="2026-民-001", title="买卖合同纠纷", client="甲公司",
                                         members=[colleague])
    secret = services.matter_create(actor=lawyer, number="2026-刑-002", title="职务侵占", client="乙某",
                                    privileged=True)
    return locals()


def test_staff_see_only_their_team_matters(firm):
    assert set(selectors.matter_list(user=firm["lawyer"])) == {firm["open_matter"], firm["secret"]}
    assert list(selectors.matter_list(user=firm["colleague"])) == [firm["open_matter"]]
    assert list(selectors.matter_list(user=firm["outsider"])) == []
    with pytest.raises(Matter.DoesNotExist):
        selectors.matter_get(user=firm["outsider"], matter_id=firm["open_matter"].pk)


def test_compliance_sees_no_client_matters(firm):
    assert list(selectors.matter_list(user=firm["auditor"])) == []


def test_admin_sees_all_matter_metadata(firm):
    assert set(selectors.matter_list(user=firm["admin"])) == {firm["open_matter"], firm["secret"]}


def _visible_work(user):
    # Matters stand in for work objects: each matter's lead membership points back at it, so
    # `memberships__matter` behaves like a work object's `matter` foreign key.
    q = selectors.work_visible_q(user=user, owner_field="owner", matter_field="memberships__matter")
    return set(Matter.objects.filter(q).distinct())


def test_work_visibility_follows_owner_team_and_privilege(firm):
    assert _visible_work(firm["auditor"]) == set()
    assert _visible_work(firm["outsider"]) == set()
    assert _visible_work(firm["colleague"]) == {firm["open_matter"]}
    assert _visible_work(firm["lawyer"]) == {firm["open_matter"], firm["secret"]}
    assert _visible_work(firm["admin"]) == {firm["open_matter"]}  # the privileged matter stays walled off
    services.matter_member_add(actor=firm["lawyer"], matter=firm["secret"], user=firm["admin"])
    assert _visible_work(firm["admin"]) == {firm["open_matter"], firm["secret"]}


def test_only_owner_lead_or_admin_manage_the_team(firm):
    from django.core.exceptions import PermissionDenied, ValidationError

    with pytest.raises(PermissionDenied):
        services.matter_member_add(actor=firm["colleague"], matter=firm["open_matter"], user=firm["outsider"])
    with pytest.raises(ValidationError):
        services.matter_member_add(actor=firm["lawyer"], matter=firm["open_matter"], user=firm["auditor"])
    services.matter_member_add(actor=firm["admin"], matter=firm["open_matter"], user=firm["outsider"])
    assert firm["open_matter"] in selectors.matter_list(user=firm["outsider"])
    with pytest.raises(PermissionDenied):
        services.matter_create(actor=firm["auditor"], number="X-1", title="t", client="c")


def test_a_user_objects_role_is_read_once_and_follows_its_groups(make_user, django_assert_num_queries):
    """A request asks its user's role for every scope it builds: the role is read from the groups once per
    user object, and any change of the groups — the role service, or the groups set by hand — is seen."""
    from django.contrib.auth.models import Group

    from firm.roles import user_role

    user = make_user("staff")
    fresh = type(user).objects.get(pk=user.pk)  # as a request reads its user
    with django_assert_num_queries(1):
        assert [user_role(fresh) for _ in range(3)] == ["staff"] * 3
    services.user_role_set(user=fresh, role="compliance")
    assert user_role(fresh) == "compliance"
    fresh.groups.set([Group.objects.get_or_create(name="staff")[0]])
    assert user_role(fresh) == "staff"
    fresh.groups.clear()
    assert user_role(fresh) is None
    fresh.groups.add(Group.objects.get_or_create(name="admin")[0])
    assert user_role(fresh) == "admin"
