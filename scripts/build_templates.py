"""Write the shipped Word templates: drafting/templates_docx/<slug>.docx from drafting.catalog.

    .venv/bin/python scripts/build_templates.py

The files are committed; running the script again reproduces them (the core properties carry a
fixed date, so an unchanged catalogue gives unchanged bytes apart from the zip timestamps)."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from drafting.catalog import SHIPPED  # noqa: E402
from drafting.typography import build  # noqa: E402

OUT = ROOT / "drafting" / "templates_docx"
FIXED = datetime(2025, 1, 1, tzinfo=UTC)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for template in SHIPPED:
        document = build(template.blocks)
        props = document.core_properties
        props.title, props.author, props.last_modified_by = template.name, "LegalSite", "LegalSite"
        props.created = props.modified = FIXED
        props.revision = 1
        path = OUT / f"{template.slug}.docx"
        document.save(path)
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
