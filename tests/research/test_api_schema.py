"""One API operation per research action, each described by the schema with its typed request and the
task it answers with (research.api.serializers.TaskOutput)."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator

TASK = "/api/v1/research/tasks/{task_id}"
ACTIONS = {"cancel": None, "approve": "PlanApproveInputRequest", "replan": None, "resume": None,
           "attach": "AttachInputRequest"}


@pytest.fixture(scope="module")
def schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _ref(content: dict) -> str:
    return content["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]


@pytest.mark.parametrize(("action", "body"), ACTIONS.items())
def test_each_action_is_its_own_typed_operation(schema, action, body):
    operation = schema["paths"][f"{TASK}/{action}"]["post"]
    assert operation["operationId"] == f"research_task_{action}"
    assert _ref(operation["responses"]["200"]["content"]) == "TaskOutput"
    if body is None:
        assert "requestBody" not in operation
    else:
        assert _ref(operation["requestBody"]["content"]) == body


def test_no_operation_takes_the_action_as_a_string(schema):
    assert f"{TASK}/{{action}}" not in schema["paths"]


def test_the_task_and_its_list_are_typed(schema):
    task = schema["components"]["schemas"]["TaskOutput"]
    assert {"status", "steps", "answer", "citations", "trace_id"} <= set(task["required"])
    assert task["properties"]["steps"]["items"]["$ref"].endswith("/StepOutput")
    assert _ref(schema["paths"][TASK]["get"]["responses"]["200"]["content"]) == "TaskOutput"
    listing = schema["paths"]["/api/v1/research/tasks"]
    assert _ref(listing["post"]["responses"]["202"]["content"]) == "TaskCreatedOutput"
    page = listing["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert page["$ref"].endswith("/PaginatedTaskSummaryOutputList")


@pytest.mark.django_db
def test_an_unknown_action_is_404(staff_user, api_client):
    api_client.force_authenticate(staff_user)
    assert api_client.post("/api/v1/research/tasks/1/explode").status_code == 404


def test_the_action_apis_share_one_table_of_services_and_no_abstract_method():
    from django.urls import resolve, reverse

    from research import services
    from research.api import views

    assert set(views.TASK_ACTIONS) == set(ACTIONS)
    for name, action in views.TASK_ACTIONS.items():
        view = resolve(reverse(f"api-research-{name}", kwargs={"task_id": 1})).func.view_class
        assert issubclass(view, views.TaskActionApi) and view.action_name == name
        assert action.service is getattr(services, f"task_{name}")
        assert (action.payload is None) == (ACTIONS[name] is None)
    # the shared base is complete on its own: no method left for each action to fill in
    assert not [attr for cls in views.TaskActionApi.__mro__ for attr in vars(cls) if attr == "act"]
