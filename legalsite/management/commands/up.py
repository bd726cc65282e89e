from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from legalsite.supervisor import Supervisor, SupervisorError


class Command(BaseCommand):
    help = "Start LegalSite: services, migrations, first-run data, a Celery worker and daphne."
    # the system checks (the URL conf imports the engine: ~3 s of CPU) run after the refusals that need none
    # (another `up` on the data dir, a busy port, no database): Supervisor.run calls them
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default=settings.HOST)
        parser.add_argument("--port", type=int, default=settings.PORT)
        parser.add_argument("--keep-services", action="store_true",
                            help="leave embedded PostgreSQL/Redis running on exit")
        parser.add_argument("--health-timeout", type=float, default=120.0)
        parser.add_argument("--skip-checks", action="store_true", help="Skip system checks.")

    def handle(self, *args, **options) -> None:
        supervisor = Supervisor(
            host=options["host"], port=options["port"], stdout=self.stdout,
            keep_services=options["keep_services"], health_timeout=options["health_timeout"],
            checks=None if options.get("skip_checks") else self.check,
        )
        try:
            status = supervisor.run()
        except SupervisorError as exc:
            raise CommandError(str(exc)) from None
        if status:
            raise CommandError("stopped after a child process kept failing", returncode=status)
