"""The Celery application: configuration comes from Django settings (``CELERY_*``)."""

import os

from celery import Celery
from kombu.transport import redis as kombu_redis

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "legalsite.settings")


class RedisChannel(kombu_redis.Channel):
    """kombu's Redis channel, still able to reach the broker after its connection was collected.

    When the worker loses its Redis broker, Celery collects the broken connection (which drops the
    transport's connection info) and then closes it, and tasks that were running finish and
    acknowledge their messages on this old channel. kombu then builds a new client pool from the
    dropped connection info and fails with AttributeError, which Celery takes as an unrecoverable
    error: the worker shuts down instead of reconnecting. Keeping the connection info lets the old
    channel put its unacknowledged messages back (or acknowledge them) once Redis answers again,
    and the worker reconnects (docs/operations.md)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._client_info = self.connection.client

    def _connparams(self, asynchronous=False):
        if self.connection.client is None:
            self.connection.client = self._client_info
        return super()._connparams(asynchronous=asynchronous)


class RedisTransport(kombu_redis.Transport):
    """The Redis transport with :class:`RedisChannel` (``CELERY_BROKER_TRANSPORT``)."""

    Channel = RedisChannel


app = Celery("legalsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
