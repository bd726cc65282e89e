"""``manage.py export_graph [--out PATH] [--rebuild]``: write the citation graph as GraphML."""

from __future__ import annotations

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from knowledge import graph


class Command(BaseCommand):
    help = "Write the statute citation graph (laws, chapters, articles; contains/cites/mentions edges) as GraphML."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", default=None,
                            help="output file (default: <data dir>/knowledge/citation-graph.graphml)")
        parser.add_argument("--rebuild", action="store_true", help="build from the database, ignoring the cache")

    def handle(self, *args, **options) -> None:
        out = Path(options["out"] or Path(settings.DATA_DIR) / "knowledge" / "citation-graph.graphml")
        started = time.perf_counter()
        if options["rebuild"]:
            graph.graph_invalidate()
            for cached in graph.cache_dir().glob("citation-graph-*.pickle"):
                cached.unlink(missing_ok=True)
        stats = graph.graph_stats()
        loaded = time.perf_counter() - started
        written = time.perf_counter()
        graph.graph_export(path=out)
        written = time.perf_counter() - written
        self.stdout.write(
            f"{stats['nodes']} nodes ({stats['laws']} laws, {stats['chapters']} chapters, "
            f"{stats['articles']} articles), "
            f"{stats['edges']} edges ({stats['contains_edges']} contains, {stats['cites_edges']} cites, "
            f"{stats['mentions_edges']} mentions); graph ready in {loaded:.2f} s "
            f"(a build takes {stats['build_seconds']:.2f} s), GraphML written in {written:.2f} s"
        )
        self.stdout.write(self.style.SUCCESS(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB)"))
