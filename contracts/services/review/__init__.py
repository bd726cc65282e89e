"""Review runs of a contract: starting, cancelling and running them, and one agent review of one section.

An **auto** review walks every reviewed section (``contracts.constants.REVIEWED_KINDS``) in order in
a Celery task (:func:`review_run`): :func:`review_start` stores a queued run and sends the task by
name once committed; one auto-review at a time per contract (the partial unique index
``one_auto_review_in_flight`` makes that hold for concurrent starts too: the loser gets
:class:`ReviewInProgress`). The run

- opens a trace (kind ``contract_review``, user: who started it, the contract's matter);
- snapshots the contract's issues grouped by section (``ReviewRun.snapshot``, the agent's prompt);
- reviews each section after ``last_completed_order``: offline (no LLM configured) with the
  playbook (``contracts.playbook.section_findings``), the findings written and the run advanced
  in ONE transaction; with an LLM as one ``run_agent`` of the ``contract_review`` agent with its
  tools, the run advanced once the agent is done (an interrupted section's half-written agent issues
  are removed before it is reviewed again). So a worker killed mid-review resumes after the last
  completed section with no duplicate issue;
- checks ``cancel_requested`` and beats its heartbeat between sections;
- publishes ``progress`` {done, total, section} and ``issue`` {action, issue} events and the agent's
  §5 events to the group ``contract.<id>``;
- ends with the playbook's missing-clause check, the contract ``reviewed``.

A run whose heartbeat is older than ``settings.REVIEW_STALE_SECONDS`` was interrupted (its worker
died): starting an auto-review again marks it failed with its progress kept and resumes it (the same
run, queued again). The periodic sweep does the same on its own (:func:`review_resume_stale`), and
sends again a run still queued after ``settings.SWEEP_QUEUED_GRACE_SECONDS`` (its message was lost,
or could not be sent: the run then says ``WAITING_FOR_BROKER_TEXT``).

A **manual** run is the cursor of the per-contract chat: the console words move it section by
section and :func:`section_review` runs the agent on one section.

The package, by the seams the module marked (docs/decisions/module-splits.md):

- ``sink``: a run's events (the stream, ``progress`` and ``issue`` events, the agent's ``RunSink``,
  the run's last event);
- ``start``: starting, resuming and cancelling runs (``review_start``, ``review_resume_stale``,
  ``review_cancel``, ``manual_run``);
- ``task``: the auto-review task (``review_run``: claim, each section offline or with the agent,
  the missing-clause check, the end) and the agent's system prompt;
- ``section``: one section on request, the chat's and the console's (``section_review``, the cursor).

The names other modules import are re-exported here, so ``from contracts.services.review import X``
and ``review.X`` keep working. A test that patches a helper patches it in the module that calls it
(``contracts.services.review.task._section_offline``), not here.
"""

from contracts.services.review.section import (
    agent_offline,
    contract_for_run,
    manual_reset,
    run_dict,
    section_move,
    section_review,
)
from contracts.services.review.sink import Listener, RunSink, issue_event, progress_event, publish, run_stream, trace_of
from contracts.services.review.start import (
    QUEUED_STALE_EXTRA_SECONDS,
    ReviewInProgress,
    manual_run,
    review_cancel,
    review_resume_stale,
    review_start,
    reviews_settle_stale,
)
from contracts.services.review.task import contract_sections, review_run, section_message, system_prompt

__all__ = [
    "Listener",
    "QUEUED_STALE_EXTRA_SECONDS",
    "ReviewInProgress",
    "RunSink",
    "agent_offline",
    "contract_for_run",
    "contract_sections",
    "issue_event",
    "manual_reset",
    "manual_run",
    "progress_event",
    "publish",
    "review_cancel",
    "review_resume_stale",
    "review_run",
    "review_start",
    "reviews_settle_stale",
    "run_dict",
    "run_stream",
    "section_message",
    "section_move",
    "section_review",
    "system_prompt",
    "trace_of",
]
