"""Writes of the contracts app, one module per area:

- :mod:`contracts.services.issues` — review issues (add, update, confirm, reject, resolve, delete),
  each an audit event with its change history.
"""

from contracts.services.issues import (
    IssueConflict,
    basis_verify,
    issue_add,
    issue_confirm,
    issue_delete,
    issue_reject,
    issue_reopen,
    issue_resolve,
    issue_update,
)

__all__ = [
    "IssueConflict", "basis_verify", "issue_add", "issue_confirm", "issue_delete", "issue_reject", "issue_reopen",
    "issue_resolve", "issue_update",
]
