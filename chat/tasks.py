from celery import shared_task

from chat.constants import SUMMARY_TASK, TURN_TASK

# The tasks import what they run when they run: chat.apps imports this module in every process (to
# register the tasks by name), and the turn's services bring the card engine and its fact readers with
# them, which a process that never runs a turn (daphne before its first request, beat, manage.py) needn't.


@shared_task(name=SUMMARY_TASK, acks_late=True, ignore_result=True)
def chat_summary_run(session_id: int, actor_id: int | None) -> None:
    """Summarise one session for the user who asked (a trace of kind ``summary``)."""
    from chat.summary import summary_run

    summary_run(session_id=session_id, actor_id=actor_id)

@shared_task(name=TURN_TASK, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def turn_run(answer_id: int) -> None:
    """Produce the answer of one turn. The answer is the message row; the task stores no result. A
    turn whose worker died mid-way is marked failed when the task comes back."""
    from chat import services

    services.turn_run(answer_id=answer_id)
