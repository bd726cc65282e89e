from celery import shared_task

from contracts.constants import CHAT_TASK, REVIEW_TASK, SPLIT_SOFT_TIME_LIMIT, SPLIT_TASK
from contracts.services import chat, contracts, review


@shared_task(name=REVIEW_TASK, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def review_run(run_id: int) -> None:
    """Run or resume one auto-review; the run row holds its progress, the task stores no result."""
    review.review_run(run_id=run_id)


@shared_task(name=CHAT_TASK, acks_late=True, ignore_result=True)
def chat_reply(message_id: int, section_id: int | None = None) -> None:
    """The review agent's reply to one contract chat message (stored and sent over the websocket)."""
    chat.chat_reply(message_id=message_id, section_id=section_id)


@shared_task(name=SPLIT_TASK, acks_late=True, reject_on_worker_lost=True, ignore_result=True,
             soft_time_limit=SPLIT_SOFT_TIME_LIMIT, time_limit=SPLIT_SOFT_TIME_LIMIT + 30)
def contract_split(contract_id: int) -> None:
    """Read and split one uploaded contract; a worker lost mid-way redelivers the message and the
    contract is claimed again (its bytes are stored)."""
    contracts.contract_split(contract_id=contract_id)
