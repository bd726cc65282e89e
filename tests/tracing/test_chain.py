"""Tamper evidence: the global seal chain under concurrency, the append-only trigger,
verify_audit naming the first broken link, and purging under legal hold."""

from __future__ import annotations

import io
import json
import threading
from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.db import DatabaseError, connection, connections, transaction
from django.utils import timezone

from firm.services import matter_create
from tests.support import manage
from tests.tracing.factories import chat_trace
from tracing import services
from tracing.models import LegalHold, PurgeRecord, ToolCall, Trace, TraceSeal
from tracing.selectors import audit_verify


def _verify() -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("verify_audit", stdout=out, stderr=err)
    except SystemExit as exc:
        return int(exc.code), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_traces_keep_valid_chains(make_user):
    users = [make_user("staff") for _ in range(10)]
    barrier = threading.Barrier(10)
    errors: list[BaseException] = []

    def work(user) -> None:
        try:
            barrier.wait(timeout=30)
            for _ in range(2):
                chat_trace(user)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=work, args=(user,)) for user in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors
    seals = list(TraceSeal.objects.order_by("chain_index"))
    assert [seal.chain_index for seal in seals] == list(range(1, 21))
    assert all(b.prev_seal_hash == a.hash for a, b in zip(seals, seals[1:], strict=False))
    report = audit_verify()
    assert report.ok, report.broken
    assert (report.traces, report.seals, report.records) == (20, 20, 160)


@pytest.mark.django_db
@pytest.mark.parametrize("table", ["tracing_trace", "tracing_toolcall", "tracing_traceseal", "tracing_llmcall",
                                   "tracing_routingdecision", "tracing_agentrun"])
def test_the_trigger_refuses_update_and_delete(staff_user, table):
    chat_trace(staff_user)
    column = "hash"
    for statement in (f"UPDATE {table} SET {column} = 'x'", f"DELETE FROM {table}"):  # noqa: S608
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table} WHERE {column} <> 'x'")  # noqa: S608
        assert cursor.fetchone()[0] >= 1


@pytest.mark.django_db
def test_the_purge_flag_allows_delete_only_not_update_and_not_on_holds(staff_user, admin_user):
    recorder = chat_trace(staff_user)
    services.legal_hold_place(actor=admin_user, reason="诉讼保全", trace_id=recorder.trace_id)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL legalsite.audit_purge = 'on'")
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            cursor.execute("UPDATE tracing_toolcall SET error = 'changed'")
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            cursor.execute("DELETE FROM tracing_legalhold")
        cursor.execute("DELETE FROM tracing_toolcall WHERE seq = 3")
        transaction.set_rollback(True)
    assert ToolCall.objects.filter(trace_id=recorder.trace_id).count() == 3


@pytest.mark.django_db
def test_the_orm_cannot_delete_a_trace_either(staff_user):
    recorder = chat_trace(staff_user)
    with pytest.raises(DatabaseError), transaction.atomic():
        ToolCall.objects.filter(trace_id=recorder.trace_id).delete()


def _tamper(sql: str, table: str, params: list | None = None) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # flush deferred FK checks before ALTER TABLE
        cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only")
        cursor.execute(sql, params)
        cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_append_only")


@pytest.mark.django_db
def test_verify_audit_passes_on_an_intact_trail(staff_user):
    chat_trace(staff_user)
    chat_trace(staff_user)
    status, out, _ = _verify()
    assert status == 0 and out.startswith("OK: 2 traces, 16 records, 2 seals")


@pytest.mark.django_db
def test_verify_audit_names_a_changed_record(staff_user):
    chat_trace(staff_user)
    victim = chat_trace(staff_user)
    tool = ToolCall.objects.filter(trace_id=victim.trace_id).order_by("seq").first()
    _tamper("UPDATE tracing_toolcall SET output = '没有找到相关法条' WHERE id = %s", "tracing_toolcall", [tool.pk])
    tool.output = "没有找到相关法条"
    status, _, err = _verify()
    assert status == 1
    first = err.splitlines()[0]
    assert f"trace {victim.trace_id} ToolCall seq {tool.seq}" in first
    assert f"expected {tool.compute_hash()}, found {tool.hash}" in first


@pytest.mark.django_db
def test_verify_audit_names_a_deleted_record(staff_user):
    victim = chat_trace(staff_user)
    _tamper("DELETE FROM tracing_routingdecision WHERE trace_id = %s", "tracing_routingdecision", [victim.trace_id])
    status, _, err = _verify()
    assert status == 1
    assert f"trace {victim.trace_id} LLMCall seq 2: a record before it is missing; expected seq 1, found seq 2" in err


@pytest.mark.django_db
def test_verify_audit_notices_a_rehashed_record_through_the_next_link(staff_user):
    """Changing a record *and* its hash still breaks the next record's prev_hash."""
    victim = chat_trace(staff_user)
    tool = ToolCall.objects.filter(trace_id=victim.trace_id).order_by("seq").first()
    tool.output = "篡改"
    forged = tool.compute_hash()
    _tamper("UPDATE tracing_toolcall SET output = '篡改', hash = %s WHERE id = %s", "tracing_toolcall",
            [forged, tool.pk])
    status, _, err = _verify()
    assert status == 1
    assert f"seq {tool.seq + 1}: prev_hash does not match the previous record; expected {forged}" in err


@pytest.mark.django_db
def test_verify_audit_notices_a_whole_trace_removed_from_the_global_chain(staff_user):
    chat_trace(staff_user)
    victim = chat_trace(staff_user)
    chat_trace(staff_user)
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table in ("tracing_routingdecision", "tracing_agentrun", "tracing_llmcall", "tracing_toolcall",
                      "tracing_traceseal", "tracing_trace"):
            cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only")
            cursor.execute(f"DELETE FROM {table} WHERE trace_id = %s", [victim.trace_id])  # noqa: S608
            cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER {table}_append_only")
    status, _, err = _verify()
    assert status == 1 and "global chain TraceSeal seq 2: global chain position 2 is missing" in err


@pytest.mark.django_db(transaction=True)
def test_verify_audit_command_exits_non_zero_in_a_real_process(staff_user, subprocess_env):
    victim = chat_trace(staff_user)
    assert manage("verify_audit", env=subprocess_env).returncode == 0
    seal = TraceSeal.objects.get(trace_id=victim.trace_id)
    _tamper("UPDATE tracing_traceseal SET tokens_in = 1 WHERE id = %s", "tracing_traceseal", [seal.pk])
    result = manage("verify_audit", env=subprocess_env)
    assert result.returncode == 1
    assert f"trace {victim.trace_id} TraceSeal seq 9: content does not match its hash" in result.stderr


# --- purge and legal hold --------------------------------------------------------------------
@pytest.mark.django_db
def test_purge_honours_legal_holds_and_records_what_it_removed(make_user, admin_user):
    lawyer = make_user("staff")
    matter = matter_create(actor=lawyer, number="M-HOLD", title="保全案件", client="甲")
    old = timezone.now() - timedelta(days=400)
    held_trace = chat_trace(lawyer, started_at=old)
    held_matter_trace = chat_trace(lawyer, matter=matter, started_at=old + timedelta(minutes=1))
    gone = [chat_trace(lawyer, started_at=old + timedelta(minutes=2 + i)) for i in range(2)]
    recent = chat_trace(lawyer)
    services.legal_hold_place(actor=admin_user, reason="劳动仲裁证据保全", trace_id=held_trace.trace_id)
    services.legal_hold_place(actor=admin_user, reason="案件诉讼保全", matter=matter)

    outcome = services.traces_purge(before=timezone.now() - timedelta(days=365), performed_by="admin-test",
                                    actor=admin_user)

    remaining = set(Trace.objects.values_list("pk", flat=True))
    assert {str(pk) for pk in remaining} == {held_trace.trace_id, held_matter_trace.trace_id, recent.trace_id}
    record = PurgeRecord.objects.get()
    assert record == outcome.record
    assert (record.trace_count, record.record_count, record.held_skipped) == (2, 16, 2)
    assert sorted(record.trace_id_list) == sorted(r.trace_id for r in gone)
    assert [link[0] for link in record.removed_seal_links] == [3, 4]
    assert record.last_removed_seal_hash == gone[-1].seal.hash
    assert (record.performed_by, record.actor) == ("admin-test", admin_user)
    report = audit_verify()
    assert report.ok, report.broken


@pytest.mark.django_db
def test_after_release_a_purge_removes_the_trace_and_the_chain_still_verifies(staff_user, admin_user):
    old = timezone.now() - timedelta(days=30)
    first = chat_trace(staff_user, started_at=old)
    second = chat_trace(staff_user, started_at=old)
    hold = services.legal_hold_place(actor=admin_user, reason="调查", trace_id=first.trace_id)
    services.traces_purge(before=timezone.now() - timedelta(days=1), performed_by="cron")
    assert list(Trace.objects.values_list("pk", flat=True)) == [first.trace.pk]
    services.legal_hold_release(actor=admin_user, hold=hold, reason="调查结束")
    services.traces_purge(before=timezone.now() - timedelta(days=1), performed_by="cron")
    assert not Trace.objects.exists()
    later = chat_trace(staff_user)  # the global chain continues across the purged gap
    assert later.seal.chain_index == 3 and later.seal.prev_seal_hash == second.seal.hash
    assert LegalHold.objects.count() == 2  # hold history outlives the traces
    status, out, _ = _verify()
    assert status == 0, out


@pytest.mark.django_db
def test_purge_traces_command(staff_user, admin_user):
    old = timezone.now() - timedelta(days=10)
    chat_trace(staff_user, started_at=old)
    out = io.StringIO()
    before = (timezone.localdate() - timedelta(days=2)).isoformat()
    call_command("purge_traces", "--before", before, "--dry-run", stdout=out)
    assert "would remove 1 trace(s) and 8 record(s)" in out.getvalue() and Trace.objects.count() == 1
    call_command("purge_traces", "--before", before, "--by", admin_user.username, stdout=out)
    assert "removed 1 trace(s)" in out.getvalue() and not Trace.objects.exists()
    record = PurgeRecord.objects.get()
    assert record.performed_by == admin_user.username
    assert json.loads(record.trace_ids) == record.trace_id_list
    assert _verify()[0] == 0


@pytest.mark.django_db
def test_only_holders_of_the_hold_permission_place_holds(staff_user, compliance_user):
    recorder = chat_trace(staff_user)
    with pytest.raises(PermissionDenied):
        services.legal_hold_place(actor=compliance_user, reason="x", trace_id=recorder.trace_id)


@pytest.mark.django_db
def test_a_seal_links_the_last_record_and_refuses_a_second_seal_or_an_unknown_trace(staff_user):
    from tracing.exceptions import TraceAlreadySealed
    from tracing.models import RECORD_MODELS

    recorder = chat_trace(staff_user)
    trace, seal = recorder.trace, recorder.seal
    records = sorted((r for model in RECORD_MODELS for r in model.objects.filter(trace_id=trace.pk)),
                     key=lambda r: r.seq)
    assert (seal.seq, seal.prev_hash, seal.record_count) == (records[-1].seq + 1, records[-1].hash, len(records))
    llm_calls = [r for r in records if r._meta.model_name == "llmcall"]
    assert seal.tokens_in == sum(c.tokens_in or 0 for c in llm_calls) > 0
    with pytest.raises(TraceAlreadySealed):
        services.trace_seal(trace_id=trace.pk, status="success")
    with pytest.raises(Trace.DoesNotExist):
        services.trace_seal(trace_id="00000000-0000-4000-8000-000000000000", status="success")
    empty = services.trace_create(kind="chat", user=staff_user)
    bare = services.trace_seal(trace_id=empty.pk, status="error", error="nothing happened")
    assert (bare.seq, bare.prev_hash, bare.record_count, bare.tokens_in) == (1, empty.hash, 0, 0)
    assert (bare.chain_index, bare.prev_seal_hash) == (seal.chain_index + 1, seal.hash)
