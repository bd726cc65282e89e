"""The contract page's live state besides review runs: chat messages, the chat's current section and
the issue counters, published to the contract's group (``contract.<id>``) so every open page of the
contract shows the same thing.

- ``message`` {message: {id, role, content, command, author, trace_id, created_at}, reply_to}: one
  event per stored chat message (the lawyer's and the assistant's), sent once committed. The page
  renders chat bubbles from these (and from the POST answer) keyed by message id, in id order: a
  reply is never shown twice nor above the message it answers.
- ``cursor`` {section: {id, order, number} | null, run_id}: the chat's current section (the manual
  run's cursor) as read back from the database after it moved; the page moves its highlight, its
  当前章节 label and its scroll position there.
- ``counts`` {total, open, status, open_severity, sections}: every issue counter, recounted from the
  database (``selectors.issue_tally``) after each committed issue change, whatever its surface (API,
  portal form, chat, agent tool, review run). The page never adds or subtracts on its own.

A failure to publish is logged: the page reads the state again on reload and on reconnect.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from agents.events import now_iso
from contracts.constants import contract_group
from contracts.models import ContractMessage, ReviewIssue, ReviewRun, Section
from contracts.selectors import reviews as selectors
from core import realtime

logger = logging.getLogger("legalsite.contracts")


def _send(contract_id: int, event: dict[str, Any]) -> None:
    try:
        realtime.group_publish(contract_group(contract_id), event)
    except Exception:
        logger.warning("contract %s: could not publish a %s event", contract_id, event.get("type"), exc_info=True)


def _after_commit(contract_id: int, build: Any) -> None:
    """Build the event once the transaction commits (so it reads committed rows) and send it."""
    transaction.on_commit(lambda: _send(contract_id, build()))


def _envelope(contract_id: int, kind: str) -> dict[str, Any]:
    return {"type": kind, "trace_id": f"contract-{contract_id}", "ts": now_iso(), "contract_id": contract_id}


# --- counters -------------------------------------------------------------------------------------------
def counts_event(*, contract_id: int) -> dict[str, Any]:
    return _envelope(contract_id, "counts") | selectors.issue_tally(contract_id=contract_id)


def counts_publish(*, contract_id: int) -> None:
    """Recount the contract's issues once the current change commits and tell every open page."""
    _after_commit(contract_id, lambda: counts_event(contract_id=contract_id))


# --- the chat's current section -----------------------------------------------------------------------------
def section_ref(section: Section | None) -> dict[str, Any] | None:
    if section is None:
        return None
    return {"id": section.pk, "order": section.order, "number": section.number or section.title or str(section.order)}


def cursor_event(*, contract_id: int) -> dict[str, Any]:
    """The chat's current section, read back from the database."""
    run = selectors.review_latest(contract_id=contract_id, mode=ReviewRun.Mode.MANUAL)
    running = run is not None and run.status == ReviewRun.Status.RUNNING
    return _envelope(contract_id, "cursor") | {
        "run_id": run.pk if running else None,
        "section": section_ref(run.current_section) if running else None}


def cursor_publish(*, contract_id: int) -> dict[str, Any]:
    """Tell every open page where the chat's cursor is now; returns the event (the POST answer carries
    it too). Sent after commit; the event itself is read at once, inside the caller's transaction."""
    event = cursor_event(contract_id=contract_id)
    transaction.on_commit(lambda: _send(contract_id, event))
    return event


# --- chat messages ------------------------------------------------------------------------------------------
def message_publish(*, message: ContractMessage, reply_to: int | None = None) -> None:
    """Tell every open page about a stored chat message (the lawyer's, or a reply to ``reply_to``)."""
    event = _envelope(message.contract_id, "message") | {"message": selectors.message_dict(message),
                                                         "reply_to": reply_to}
    transaction.on_commit(lambda: _send(message.contract_id, event))


# --- issues ---------------------------------------------------------------------------------------------------
def issue_changed(*, issue: ReviewIssue, action: str, by_agent: bool) -> None:
    """After an issue change (``contracts.services.issues``): recount, and — for a lawyer's change,
    which no run or tool publishes — send the issue itself so other pages swap its card."""
    contract_id = issue.contract_id
    if not by_agent:
        event = _envelope(contract_id, "issue") | {"action": action, "issue": selectors.issue_dict(issue)}
        transaction.on_commit(lambda: _send(contract_id, event))
    counts_publish(contract_id=contract_id)
