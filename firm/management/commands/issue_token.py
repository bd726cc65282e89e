from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from firm.services import token_issue


class Command(BaseCommand):
    help = "Print a DRF API token for USERNAME (a new one when none exists, it expired, or --rotate)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--rotate", action="store_true", help="replace the current token")

    def handle(self, *args, **options) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no such user: {options['username']}")
        if not user.is_active:
            raise CommandError(f"user {user.username} is inactive")
        self.stdout.write(token_issue(user=user, rotate=options["rotate"]).key)
