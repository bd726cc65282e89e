"""Portal pages of 研究任务: the task list with the ask form (``research:index``) and one task
(``research:detail``): the plan as a checklist that fills in live, the answer with its citations
and sources, plan editing and approval when the task waits for it, cancel and resume.

Views check access through ``research.selectors`` (owner or matter team; 404 otherwise) and refuse
compliance officers (no client work). The live part is ``static/js/research.js`` on the task's
websocket; on reload the page renders the same from the rows.
"""

from __future__ import annotations

import json

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from core.markdown import render_markdown
from firm.models import Matter
from firm.permissions import client_work_required
from firm.selectors import matter_get_or_404, matter_list
from research import selectors, services
from research.constants import MAX_REPLAN_ROUNDS, MAX_STEPS, TOOL_TYPE_LABELS
from research.models import ResearchTask
from research.presenters import step_input_text
from research.services.store import step_as_dict

CLIENT_WORK_DENIED = "合规人员不能使用研究任务"


def _task_or_404(request: HttpRequest, task_id: int) -> ResearchTask:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    return selectors.task_get_or_404(user=request.user, task_id=task_id)


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    matter = request.GET.get("matter", "")
    tasks = selectors.task_list(user=request.user, matter_id=int(matter) if matter.isdigit() else None)
    return render(request, "research/index.html", {
        "tasks": tasks[:100],
        "matters": matter_list(user=request.user, status=Matter.Status.OPEN),
        "selected_matter": matter,
        "question": request.GET.get("q", "")[:2000],
    })


@login_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    client_work_required(request.user, CLIENT_WORK_DENIED)
    matter = matter_get_or_404(user=request.user, matter_id=request.POST.get("matter", ""))
    try:
        task = services.task_create(actor=request.user, question=request.POST.get("question", ""), matter=matter,
                                    review_plan=request.POST.get("review_plan") == "on")
    except ValidationError as exc:
        flash.error(request, "；".join(exc.messages))
        return redirect("research:index")
    return redirect(task)


@login_required
@require_GET
def detail(request: HttpRequest, task_id: int) -> HttpResponse:
    task = _task_or_404(request, task_id)  # a read: a stale task is the sweep's to settle
    steps = [step_as_dict(row) for row in selectors.task_steps(task=task)]
    for step in steps:
        step["input_text"] = step_input_text(step.get("input"))
    config = {
        "taskId": task.pk,
        "status": task.status,
        "wsPath": f"/ws/research/{task.pk}/",
        "csrfToken": get_token(request),
        "apiUrl": reverse("api-research-task", args=[task.pk]),
        "toolLabels": TOOL_TYPE_LABELS,
        "maxSteps": MAX_STEPS,
        "steps": [{k: s.get(k) for k in ("id", "description", "tool_type", "input", "input_text", "depends_on")}
                  for s in steps],
    }
    return render(request, "research/detail.html", {
        "task": task,
        "steps": steps,
        "answer_html": render_markdown(task.answer) if task.answer else "",
        "tool_labels": TOOL_TYPE_LABELS,
        "tool_types": list(TOOL_TYPE_LABELS.items()),
        "history": selectors.task_list(user=request.user).exclude(pk=task.pk)[:20],
        "matters": matter_list(user=request.user, status=Matter.Status.OPEN),
        "can_replan": task.replan_rounds < MAX_REPLAN_ROUNDS,
        "research_config": config,
    })


@login_required
@require_POST
def action(request: HttpRequest, task_id: int, name: str) -> HttpResponse:
    """The page's buttons without JavaScript: cancel, approve (with the edited steps), replan,
    resume, attach."""
    task = _task_or_404(request, task_id)
    try:
        if name == "cancel":
            services.task_cancel(actor=request.user, task=task)
        elif name == "approve":
            raw = request.POST.get("steps", "").strip()
            services.task_approve(actor=request.user, task=task, steps=json.loads(raw) if raw else None)
        elif name == "replan":
            services.task_replan(actor=request.user, task=task)
        elif name == "resume":
            services.task_resume(actor=request.user, task=task)
        elif name == "attach":
            matter = matter_get_or_404(user=request.user, matter_id=request.POST.get("matter", ""))
            if matter is None:
                raise ValidationError("请选择案件")
            services.task_attach(actor=request.user, task=task, matter=matter)
        else:
            raise Http404("未知的操作")
    except (ValidationError, ValueError) as exc:
        flash.error(request, "；".join(getattr(exc, "messages", None) or [str(exc)]))
    return redirect(task)
