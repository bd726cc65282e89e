"""Reads for research tasks: always scoped to what the user may see (owner or matter team)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.http import Http404

from firm.selectors import visible_to
from research.models import ResearchStep, ResearchTask

UserLike = AbstractBaseUser | AnonymousUser


def task_list(*, user: UserLike, matter_id: int | None = None) -> QuerySet[ResearchTask]:
    queryset = visible_to(ResearchTask, user=user).select_related("matter", "owner")
    if matter_id is not None:
        queryset = queryset.filter(matter_id=matter_id)
    return queryset


def task_get(*, user: UserLike, task_id: int) -> ResearchTask:
    """Raises ``ResearchTask.DoesNotExist`` when absent *or* not visible (the caller answers 404)."""
    return task_list(user=user).get(pk=task_id)


def task_get_or_404(*, user: UserLike, task_id: int) -> ResearchTask:
    try:
        return task_get(user=user, task_id=task_id)
    except ResearchTask.DoesNotExist:
        raise Http404("研究任务不存在或无权查看") from None


def task_steps(*, task: ResearchTask) -> QuerySet[ResearchStep]:
    return task.steps.order_by("order")
