"""The audit tables are append-only: a trigger refuses UPDATE and DELETE.

The one exception is ``manage.py purge_traces``: inside its transaction it runs
``SET LOCAL legalsite.audit_purge = 'on'``, and only then may rows of the trace tables be
deleted (never updated). Legal holds and purge records cannot be deleted at all.
"""

from django.db import migrations

TRACE_TABLES = [
    "tracing_trace",
    "tracing_routingdecision",
    "tracing_agentrun",
    "tracing_llmcall",
    "tracing_toolcall",
    "tracing_traceseal",
]
PERMANENT_TABLES = ["tracing_legalhold", "tracing_purgerecord"]

FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION tracing_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND TG_ARGV[0] = 'purgeable'
       AND coalesce(current_setting('legalsite.audit_purge', true), '') = 'on' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit table % is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege',
              HINT = 'Traces are removed only by manage.py purge_traces.';
END;
$$;
"""


def _trigger_sql(table: str, kind: str) -> str:
    return (
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
        f"FOR EACH ROW EXECUTE FUNCTION tracing_append_only('{kind}');"
    )


FORWARD = [
    FUNCTIONS,
    *[_trigger_sql(table, "purgeable") for table in TRACE_TABLES],
    *[_trigger_sql(table, "permanent") for table in PERMANENT_TABLES],
]
BACKWARD = [
    *[f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};" for table in TRACE_TABLES + PERMANENT_TABLES],
    "DROP FUNCTION IF EXISTS tracing_append_only();",
]


class Migration(migrations.Migration):
    dependencies = [("tracing", "0001_initial")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
