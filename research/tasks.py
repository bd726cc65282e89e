from celery import shared_task

from research import services
from research.constants import TASK_NAME


@shared_task(name=TASK_NAME, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def task_run(task_id: int) -> None:
    """Run one research task. The result is the task's rows; a task whose worker died mid-way is
    marked failed (its finished steps kept) when the message comes back."""
    services.task_run(task_id=task_id)
