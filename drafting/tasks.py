"""Drafting's background work: the assistant's turn on a draft (``services.draft_assist_run``)."""

from celery import shared_task

from drafting import services


@shared_task(name=services.ASSIST_TASK, ignore_result=True)
def draft_assist_run(draft_id: int, actor_id: int, message: str = "") -> None:
    services.draft_assist_run(draft_id=draft_id, actor_id=actor_id, message=message)
