"""Serializers of the research API: inputs validated here, outputs built from the rows."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from research.models import ResearchTask
from research.services.store import step_as_dict

#: The fields of a step the API shows (ARCHITECTURE §8), beyond which the page reads more.
STEP_FIELDS = ("id", "description", "tool_type", "status", "method", "result", "verified", "confidence")
STEP_DETAIL_FIELDS = (*STEP_FIELDS, "input", "depends_on", "result_summary", "sources", "verification",
                      "duration_ms", "error")


class PredictInput(serializers.Serializer):
    question = serializers.CharField(help_text="研究问题，2–2000 字")


class TaskInput(serializers.Serializer):
    question = serializers.CharField(help_text="研究问题，2–2000 字")
    matter = serializers.IntegerField(required=False, allow_null=True, default=None)
    review_plan = serializers.BooleanField(required=False, default=False)


class PlanApproveInput(serializers.Serializer):
    steps = serializers.ListField(child=serializers.DictField(), required=False, allow_null=True, default=None,
                                  help_text="修改后的步骤（可改写、调整顺序、删除）；省略则按原计划执行")


class AttachInput(serializers.Serializer):
    matter = serializers.IntegerField()


# --- outputs: what the views return, described for the schema ------------------------------------------------
class StepOutput(serializers.Serializer):
    """One step of a task's plan and its run (STEP_DETAIL_FIELDS)."""

    id = serializers.CharField()
    description = serializers.CharField()
    tool_type = serializers.CharField()
    status = serializers.CharField()
    method = serializers.CharField(allow_blank=True)
    result = serializers.CharField(allow_blank=True)
    verified = serializers.BooleanField(allow_null=True)
    confidence = serializers.FloatField(allow_null=True)
    input = serializers.JSONField()
    depends_on = serializers.ListField(child=serializers.CharField())
    result_summary = serializers.CharField(allow_blank=True)
    sources = serializers.JSONField()
    verification = serializers.JSONField()
    duration_ms = serializers.FloatField(allow_null=True)
    error = serializers.CharField(allow_blank=True)


class TaskCitationOutput(serializers.Serializer):
    law = serializers.CharField(allow_blank=True)
    article = serializers.CharField(allow_blank=True)
    valid = serializers.BooleanField()
    reason = serializers.CharField(required=False, help_text="为何无效（仅无效时）")


class TaskOutput(serializers.Serializer):
    """A research task: status, plan, steps, answer (:func:`task_out`)."""

    id = serializers.IntegerField()
    question = serializers.CharField()
    status = serializers.ChoiceField(choices=ResearchTask.Status.choices)
    matter = serializers.IntegerField(allow_null=True)
    owner = serializers.CharField()
    review_plan = serializers.BooleanField()
    replan_rounds = serializers.IntegerField()
    current_step = serializers.CharField(allow_blank=True)
    plan = serializers.JSONField(help_text="计划（来源、是否已确认）与其步骤")
    steps = StepOutput(many=True)
    answer = serializers.CharField(allow_blank=True)
    confidence = serializers.FloatField(allow_null=True)
    citations = TaskCitationOutput(many=True)
    conclusions = serializers.JSONField()
    sources = serializers.JSONField()
    notices = serializers.JSONField()
    error = serializers.CharField(allow_blank=True)
    cancel_requested = serializers.BooleanField()
    trace_id = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class TaskSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    question = serializers.CharField()
    status = serializers.ChoiceField(choices=ResearchTask.Status.choices)
    matter = serializers.IntegerField(allow_null=True)
    confidence = serializers.FloatField(allow_null=True)
    created_at = serializers.DateTimeField()


class TaskCreatedOutput(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ResearchTask.Status.choices)


def citations_out(citations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"law": c.get("law", ""), "article": c.get("article", ""), "valid": bool(c.get("valid")),
             **({"reason": c["reason"]} if c.get("reason") else {})} for c in citations or []]


def step_out(step: dict[str, Any], *, detail: bool = False) -> dict[str, Any]:
    return {name: step.get(name) for name in (STEP_DETAIL_FIELDS if detail else STEP_FIELDS)}


def task_out(task: ResearchTask, *, steps: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    steps = steps if steps is not None else [step_as_dict(row) for row in task.steps.order_by("order")]
    plan = dict(task.plan or {})
    plan["steps"] = [{k: s.get(k) for k in ("id", "description", "tool_type", "input", "depends_on")} for s in steps]
    return {
        "id": task.pk, "question": task.question, "status": task.status, "matter": task.matter_id,
        "owner": task.owner.get_username(), "review_plan": task.review_plan, "replan_rounds": task.replan_rounds,
        "current_step": task.current_step, "plan": plan, "steps": [step_out(s, detail=True) for s in steps],
        "answer": task.answer, "confidence": task.confidence, "citations": citations_out(task.citations),
        "conclusions": list(task.conclusions or []),
        "sources": task.sources, "notices": task.notices, "error": task.error,
        "cancel_requested": task.cancel_requested,
        "trace_id": str(task.trace_id) if task.trace_id else None, "created_at": task.created_at,
        "updated_at": task.updated_at, "finished_at": task.finished_at,
    }


def task_summary_out(task: ResearchTask) -> dict[str, Any]:
    return {"id": task.pk, "question": task.question, "status": task.status, "matter": task.matter_id,
            "confidence": task.confidence, "created_at": task.created_at}
