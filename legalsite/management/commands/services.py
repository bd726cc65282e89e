from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from legalsite import embedded


class Command(BaseCommand):
    help = "Manage the embedded PostgreSQL and Redis: status, start or stop."
    # The servers are managed whatever the project's checks say (and the checks import every URL and view).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("action", choices=["status", "start", "stop"])

    def handle(self, *args, **options) -> None:
        action = options["action"]
        for service in embedded.services(settings.DATA_DIR):
            if service.name not in settings.EMBEDDED_SERVICES:
                variable = "DATABASE_URL" if service.name == "postgres" else "REDIS_URL"
                self.stdout.write(f"{service.name}: external ({variable}), not managed here")
                continue
            try:
                if action == "start":
                    state = service.start()
                elif action == "stop":
                    stopped = service.stop()
                    self.stdout.write(f"{service.name}: {'stopped' if stopped else 'was not running'}")
                    continue
                else:
                    state = service.status()
            except embedded.EmbeddedError as exc:
                raise CommandError(f"{service.name}: {exc}") from None
            where = f"pid {state.pid}, {state.url}" if state.running else "stopped"
            running = "running" if state.running else "stopped"
            self.stdout.write(f"{service.name}: {running} ({where}) data {state.detail}")
