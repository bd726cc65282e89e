"""PostgreSQL backend: Django's own, plus one check before a process opens its connection pool.

An unreachable database makes a pooled ``getconn`` wait for the pool timeout (30 s) and the pool
log its retries; a command would then report a time-out instead of the reason. So the first
connection of a process is made directly (``connect_timeout`` applies and the driver's message,
e.g. "connection refused", is what the user reads); only then is the pool opened.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        pool = self.pool
        if pool is not None and pool.closed:
            self.Database.connect(**conn_params).close()
        return super().get_new_connection(conn_params)
