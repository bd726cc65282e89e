"""The two ways a lower or sibling app reaches a higher one without importing it
(docs/decisions/layers.md): ``core.hooks`` and the audit backend of ``core.audit``."""

from __future__ import annotations

import pytest

from core import audit, hooks


def test_a_hook_calls_the_function_registered_under_its_name(monkeypatch):
    monkeypatch.setattr(hooks, "_hooks", {})
    hooks.hook_register("test.double", lambda *, n: 2 * n)
    assert hooks.hook_call("test.double", n=21) == 42


def test_a_hook_nobody_registered_is_a_lookup_error_naming_it(monkeypatch):
    monkeypatch.setattr(hooks, "_hooks", {})
    with pytest.raises(LookupError, match="test.absent"):
        hooks.hook_call("test.absent")


def test_a_second_function_for_the_same_hook_is_refused_and_the_same_one_is_not(monkeypatch):
    monkeypatch.setattr(hooks, "_hooks", {})

    def first() -> int:
        return 1

    hooks.hook_register("test.once", first)
    hooks.hook_register("test.once", first)  # a second ready() of the same app
    with pytest.raises(RuntimeError, match="test.once"):
        hooks.hook_register("test.once", lambda: 2)
    assert hooks.hook_call("test.once") == 1


def test_chat_registers_what_drafting_reads_of_a_session():
    from chat.selectors import session_facts, session_get_or_404

    assert hooks._hooks["chat.session_get_or_404"] is session_get_or_404
    assert hooks._hooks["chat.session_facts"] is session_facts


def test_tracing_registers_the_audit_writer_and_reader():
    from tracing.selectors import audit_event_latest
    from tracing.services import audit_event_record

    backend = audit._registered()
    assert backend.writer is audit_event_record and backend.latest is audit_event_latest


def test_audit_calls_go_to_the_registered_backend_with_every_argument(monkeypatch):
    calls = []
    monkeypatch.setattr(audit, "_backend", audit.AuditBackend(
        writer=lambda **kwargs: calls.append(("write", kwargs)) or "event",
        latest=lambda **kwargs: calls.append(("latest", kwargs)) or None))
    assert audit.audit_event_record(actor=None, event_type="matter.changed", object_type="firm.matter",
                                    object_id=7, actor_name="shell") == "event"
    assert audit.audit_event_latest(event_type="matter.changed", object_type="firm.matter", object_id=7) is None
    assert calls[0] == ("write", {"actor": None, "event_type": "matter.changed", "obj": None,
                                  "object_type": "firm.matter", "object_id": 7, "matter": None, "old": None,
                                  "new": None, "detail": None, "actor_name": "shell"})
    assert calls[1] == ("latest", {"event_type": "matter.changed", "object_type": "firm.matter", "object_id": 7})


def test_audit_without_a_backend_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(audit, "_backend", None)
    with pytest.raises(RuntimeError, match="no audit backend"):
        audit.audit_event_record(actor=None, event_type="matter.changed", object_type="firm.matter")
