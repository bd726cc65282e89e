"""Writes and orchestration of research tasks. One module per area:

- ``tasks``: the task's lifecycle (create, run, cancel, approve or re-plan, resume, attach, export),
  question validation and the synchronous ``predict``;
- ``pipeline``: one run (plan → execute → verify → synthesize), its heartbeat, cancellation and
  deadline, its events;
- ``planner``, ``executor``, ``verifier``, ``synthesis``: the agents' parts of a run;
- ``store``: the rows a run updates.
"""

from research.services.tasks import (
    InvalidQuestion,
    PredictFailed,
    PredictResult,
    PredictTimeout,
    predict,
    question_validate,
    task_approve,
    task_attach,
    task_cancel,
    task_create,
    task_export,
    task_queue,
    task_replan,
    task_resume,
    task_run,
    tasks_abandon_stale,
    tasks_resume_stale,
)

__all__ = ["InvalidQuestion", "PredictFailed", "PredictResult", "PredictTimeout", "predict", "question_validate",
           "task_approve", "task_attach", "task_cancel", "task_create", "task_export", "task_queue", "task_replan",
           "task_resume", "task_run", "tasks_abandon_stale", "tasks_resume_stale"]
