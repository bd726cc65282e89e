"""The Celery app Celery beat runs (``celery -A legalsite.beat beat``; ``manage.py up`` starts it so).

Beat only sends the schedule's tasks by name (``CELERY_BEAT_SCHEDULE``) to the broker; it runs none. So this app
has the project's Celery configuration (``CELERY_*`` settings: broker, transport, schedule, time zone) and nothing
else: no Django fixup (``django.setup()``, the system checks) and no task modules (every app's tasks import the
engine). The full app (``legalsite.celery``) cost a beat ~5 s of CPU at each start for code it never ran
(docs/decisions/test-suite.md, stop 41); ``celery -A legalsite beat`` still works, with that cost.
"""

from celery import Celery

#: not the current app: a process that imports this module beside the project's app (the suite does) keeps
#: ``celery.current_app`` on the project's app, whose tasks and configuration the services send through.
app = Celery("legalsite", fixups=[], set_as_current=False)
app.config_from_object("django.conf:settings", namespace="CELERY")
