import getpass
import socket

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from firm.models import Role
from firm.services import user_create


class Command(BaseCommand):
    help = "Create a user in a role (staff, compliance, admin); prints a generated password when none is given."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--role", required=True, choices=Role.values)
        parser.add_argument("--password", default=None)
        parser.add_argument("--email", default="")
        parser.add_argument("--name", default="", help="display name (姓名)")

    def handle(self, *args, **options) -> None:
        try:
            user, password = user_create(
                username=options["username"], role=options["role"], password=options["password"],
                email=options["email"], display_name=options["name"],
                actor_name=f"{getpass.getuser()}@{socket.gethostname()} (manage.py create_user)",
            )
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from None
        self.stdout.write(f"created {user.username} ({options['role']})")
        if options["password"] is None:
            self.stdout.write(f"password: {password}")
