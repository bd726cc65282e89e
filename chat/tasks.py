from celery import shared_task


@shared_task(name="chat.chat_turn_run", acks_late=True, reject_on_worker_lost=True)
def chat_turn_run(answer_id: int) -> None:
    """Produce the answer of one turn (re-run from scratch if a worker died mid-turn)."""
    from chat.pipeline import chat_turn_run as run

    run(answer_id=answer_id)
