"""The test database: built once per run, cloned per pytest-xdist worker, its fixed content kept out of the flush.

1. **One template per run.** The first process to need a database (under a file lock in the run's data dir)
   creates ``test_<name>_template``: migrations, the post-migrate seeds (issue cards, the starter playbook,
   document templates, content types, permissions) and the test statute corpus (tests/statutes.py) imported
   through the real importer. Every process then gets its own database with ``CREATE DATABASE … TEMPLATE``
   (a file copy, about a second), named with the xdist worker id by pytest-django.
2. **A flush that keeps the template's content.** A ``transaction=True`` test ends with a flush. Django's
   truncates every table and re-runs post_migrate, so each one re-seeded ~1,800 issue cards and the next
   test needing the laws re-imported them (20–30 s a test on a loaded machine). Here the tables that hold
   rows in the template (the *kept* tables) are copied into the schema ``test_template`` when the template
   is built, and statement triggers (test databases only) record each write to them in
   ``test_template.dirty``. The flush truncates every other table, plus the kept tables a test wrote to (and
   kept tables referencing a truncated one), then refills those from the copy: the database is back in the
   state post_migrate would leave it, without running it. A restore bumps the corpus generation and drops
   the in-process caches, as a re-import and re-seed did. A kept table whose shape a test changed (a new
   vector dimension) makes that flush Django's own, followed by post_migrate and a fresh copy; the next
   ``statutes`` fixture re-imports the laws and copies them again.

The production schema is untouched: the triggers and the copies exist only in test databases.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

logger = logging.getLogger(__name__)

SCHEMA = "test_template"


def corpus_tables() -> list[str]:
    """The statute corpus: always kept, even when a table of it happens to be empty."""
    from knowledge.models import Article, CorpusState, Law, TermStat

    return [model._meta.db_table for model in (Law, Article, TermStat, CorpusState)]


def _django_tables(connection) -> list[str]:
    return sorted(connection.introspection.django_table_names(only_existing=True, include_views=False))


def _columns(cursor, table: str) -> str:
    cursor.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = %s "
        "AND is_generated = 'NEVER' ORDER BY ordinal_position", [table])
    return ", ".join(f'"{row[0]}"' for row in cursor.fetchall())


def _shape(cursor, table: str) -> str:
    """A table's columns (with types) and indexes: its copy can only be restored into the same shape."""
    cursor.execute(
        "SELECT string_agg(attname || ':' || format_type(atttypid, atttypmod), ',' ORDER BY attnum) "
        "FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0 AND NOT attisdropped", [table])
    columns = cursor.fetchone()[0] or ""
    cursor.execute("SELECT string_agg(indexdef, ',' ORDER BY indexname) FROM pg_indexes "
                   "WHERE schemaname = 'public' AND tablename = %s", [table])
    return f"{columns}|{cursor.fetchone()[0] or ''}"


# -- the copy, the triggers, the restore -------------------------------------------------------------------


def install(connection) -> list[str]:
    """In the template: choose the kept tables, put the write triggers on them and copy them."""
    from django.db import transaction

    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        kept = []
        for table in _django_tables(connection):
            cursor.execute(f'SELECT EXISTS (SELECT 1 FROM "{table}")')
            if cursor.fetchone()[0] or table in corpus_tables():
                kept.append(table)
        cursor.execute(f"CREATE SCHEMA {SCHEMA}")
        cursor.execute(f"CREATE TABLE {SCHEMA}.kept (name text PRIMARY KEY, shape text NOT NULL DEFAULT '')")
        cursor.execute(f"CREATE TABLE {SCHEMA}.dirty (name text NOT NULL)")
        cursor.execute(
            f"CREATE FUNCTION {SCHEMA}.mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$ "
            f"BEGIN INSERT INTO {SCHEMA}.dirty VALUES (TG_TABLE_NAME); RETURN NULL; END $$")
        for table in kept:
            cursor.execute(f"INSERT INTO {SCHEMA}.kept (name) VALUES (%s)", [table])
            cursor.execute(f'CREATE TRIGGER test_template_dirty AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE '
                           f'ON "{table}" FOR EACH STATEMENT EXECUTE FUNCTION {SCHEMA}.mark_dirty()')
    copy(connection, kept)
    return kept


def copy(connection, tables: Iterable[str]) -> None:
    """(Re)take the copy of ``tables`` that a flush restores from; they count as clean after it."""
    from django.db import transaction

    tables = list(tables)
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f'DROP TABLE IF EXISTS {SCHEMA}."{table}"')
            cursor.execute(f'CREATE TABLE {SCHEMA}."{table}" AS SELECT {_columns(cursor, table)} '
                           f'FROM public."{table}"')
            cursor.execute(f"UPDATE {SCHEMA}.kept SET shape = %s WHERE name = %s", [_shape(cursor, table), table])
        cursor.execute(f"DELETE FROM {SCHEMA}.dirty WHERE name = ANY(%s)", [tables])


def installed(connection) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [f"{SCHEMA}.kept"])
        return bool(cursor.fetchone()[0])


def _referencing(cursor) -> dict[str, set[str]]:
    """table -> the tables with a foreign key to it."""
    cursor.execute("SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint "
                   "WHERE contype = 'f' AND connamespace = 'public'::regnamespace")
    graph: dict[str, set[str]] = {}
    for source, target in cursor.fetchall():
        graph.setdefault(target.strip('"'), set()).add(source.strip('"'))
    return graph


def flush(connection) -> dict[str, list[str]]:
    """Back to the template's content: truncate every table that was empty in the template, and the kept
    tables a test wrote to (with the kept tables referencing them); refill those from the copy.

    Returns ``{"truncated": [...], "restored": [...]}``, or ``{"full": [...]}`` when a restored table changed
    shape and the flush had to be Django's own."""
    from django.db import transaction

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT name, shape FROM {SCHEMA}.kept")
        kept = dict(cursor.fetchall())
        cursor.execute(f"SELECT DISTINCT name FROM {SCHEMA}.dirty")
        dirty = {row[0] for row in cursor.fetchall()} & set(kept)
        tables = set(_django_tables(connection))
        truncate = (tables - set(kept)) | dirty
        referencing = _referencing(cursor)
        pending = list(truncate)
        while pending:  # TRUNCATE needs every table referencing a truncated one in the same statement
            for source in referencing.get(pending.pop(), ()):
                if source in tables and source not in truncate:
                    truncate.add(source)
                    pending.append(source)
        restore = sorted(truncate & set(kept))
        if any(_shape(cursor, table) != kept[table] for table in restore):
            return {"full": _full_flush(connection, list(kept))}
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        if truncate:
            cursor.execute("TRUNCATE " + ", ".join(f'"{table}"' for table in sorted(truncate)))
        for table in restore:
            columns = _columns(cursor, table)
            cursor.execute(f'INSERT INTO public."{table}" ({columns}) SELECT {columns} FROM {SCHEMA}."{table}"')
        if set(restore) & set(corpus_tables()):
            # A generation never repeats (knowledge.services.imports.corpus_generation_bump): no process may
            # trust a cache it filled while the corpus was the test's.
            cursor.execute(
                "UPDATE knowledge_corpusstate SET value = jsonb_build_object('n', "
                "(extract(epoch FROM clock_timestamp()) * 1000)::bigint) WHERE key = 'generation'")
        cursor.execute(f"DELETE FROM {SCHEMA}.dirty")
    if restore:
        _caches_changed()
    return {"truncated": sorted(truncate), "restored": restore}


def _full_flush(connection, kept: list[str]) -> list[str]:
    from django.core.management import call_command

    call_command("flush", verbosity=0, interactive=False, database=connection.alias)  # and post_migrate
    copy(connection, kept)
    _caches_changed()
    return kept


def _caches_changed() -> None:
    from knowledge.selectors import invalidate_caches
    from legal.selectors import cards_changed

    invalidate_caches()
    cards_changed()


def patch_transaction_test_case() -> None:
    """Make TransactionTestCase (pytest-django's ``transaction=True`` tests) end with :func:`flush`."""
    from django.db import connections
    from django.test import TransactionTestCase

    original = TransactionTestCase._fixture_teardown
    if getattr(original, "keeps_template", False):
        return

    def _fixture_teardown(self) -> None:
        if self.available_apps is not None or self.serialized_rollback:
            return original(self)
        for alias in self._databases_names(include_mirrors=False):
            if installed(connections[alias]):
                flush(connections[alias])
            else:
                original(self)

    _fixture_teardown.keeps_template = True  # type: ignore[attr-defined]
    TransactionTestCase._fixture_teardown = _fixture_teardown


# -- the template and the per-process clone ----------------------------------------------------------------


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _database_exists(connection, name: str) -> bool:
    with connection._nodb_cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        return cursor.fetchone() is not None


def _close(connection) -> None:
    connection.close()
    connection.close_pool()


def _build_template(connection, template: str) -> None:
    """Migrate a new database ``template`` and import the test corpus into it (under a temporary name, renamed
    when complete, so a failed build never leaves a half template for the other workers)."""
    from django.conf import settings

    from tests.statutes import import_corpus

    building = f"{template}_building"
    test_settings = connection.settings_dict.setdefault("TEST", {})
    saved_test_name = test_settings.get("NAME")
    test_settings["NAME"] = building
    try:
        original_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        import_corpus()
        install(connection)
        _close(connection)
        with connection._nodb_cursor() as cursor:
            cursor.execute(f'ALTER DATABASE "{building}" RENAME TO "{template}"')
    finally:
        test_settings["NAME"] = saved_test_name
    connection.settings_dict["NAME"] = original_name
    settings.DATABASES[connection.alias]["NAME"] = original_name


def setup_database(connection, data_dir: Path) -> tuple[str, str]:
    """Give this process its test database, cloned from the run's template. Returns (old name, test name)."""
    from django.conf import settings

    original_name = connection.settings_dict["NAME"]
    test_name = connection.creation._get_test_db_name()  # with the xdist worker suffix
    template = f"test_{original_name}_template"
    _close(connection)
    with _file_lock(data_dir / "run" / "test-template.lock"):
        if not _database_exists(connection, template):
            _build_template(connection, template)
    _close(connection)
    with connection._nodb_cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{test_name}"')
        cursor.execute(f'CREATE DATABASE "{test_name}" TEMPLATE "{template}"')
    connection.settings_dict["NAME"] = test_name
    settings.DATABASES[connection.alias]["NAME"] = test_name
    return original_name, test_name


def teardown_database(connection, original_name: str) -> None:
    connection.creation.destroy_test_db(original_name, verbosity=0)


@pytest.fixture(scope="session")
def django_db_setup(request, django_test_environment, django_db_blocker, django_db_modify_db_settings):
    """pytest-django's test database, as a clone of the run's template (see the module docstring)."""
    from django.conf import settings
    from django.db import connections

    assert list(settings.DATABASES) == ["default"], "the template covers the one database LegalSite has"
    connection = connections["default"]
    with django_db_blocker.unblock():
        run_dir = os.environ.get("LEGALSITE_TEST_RUN_DIR") or os.environ["LEGALSITE_DATA_DIR"]
        original_name, _ = setup_database(connection, Path(run_dir))
        patch_transaction_test_case()
    yield
    with django_db_blocker.unblock():
        try:
            teardown_database(connection, original_name)
        except Exception as exc:  # the server is thrown away with the run anyway
            request.node.warn(pytest.PytestWarning(f"could not drop the test database: {exc!r}"))
