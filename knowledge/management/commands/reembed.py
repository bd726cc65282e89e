"""``manage.py reembed [--missing]``: recompute article (and case-library) vectors after a backend change."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge import services
from knowledge.embeddings import EmbeddingConfigError, get_embedder
from knowledge.progress import TqdmProgress


class Command(BaseCommand):
    help = ("Recompute every article vector with the configured embedder (EMBEDDING_*); alters the column when "
            "EMBEDDING_DIM changed and rebuilds the HNSW index. --missing only fills articles without a vector.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--missing", action="store_true", help="only embed articles that have no vector")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **options) -> None:
        progress = TqdmProgress(self.stderr._out, disable=options["no_progress"])
        try:
            embedder = get_embedder()
            if options["missing"]:
                count = services.statute_embed_missing(embedder=embedder, progress=progress)
            else:
                count = services.statute_reembed(embedder=embedder, progress=progress)
                cases = services.case_reembed(embedder=embedder)
                self.stdout.write(f"re-embedded {cases} case-library chunks")
        except (EmbeddingConfigError, services.StatuteImportError) as exc:
            raise CommandError(str(exc)) from None
        except Exception as exc:
            if type(exc).__name__ == "EmbeddingsError":
                raise CommandError(str(exc)) from None
            raise
        finally:
            progress.close()
        self.stdout.write(self.style.SUCCESS(
            f"embedded {count} articles with {embedder.backend}/{embedder.model} ({embedder.dim} dimensions)"))
