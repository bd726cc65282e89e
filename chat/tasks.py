from celery import shared_task

from chat import services
from chat.constants import SUMMARY_TASK, TURN_TASK
from chat.summary import summary_run


@shared_task(name=SUMMARY_TASK, acks_late=True, ignore_result=True)
def chat_summary_run(session_id: int, actor_id: int | None) -> None:
    """Summarise one session for the user who asked (a trace of kind ``summary``)."""
    summary_run(session_id=session_id, actor_id=actor_id)

@shared_task(name=TURN_TASK, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def turn_run(answer_id: int) -> None:
    """Produce the answer of one turn. The answer is the message row; the task stores no result. A
    turn whose worker died mid-way is marked failed when the task comes back."""
    services.turn_run(answer_id=answer_id)
