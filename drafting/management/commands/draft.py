import getpass
import json
import socket
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from drafting.models import DocumentTemplate
from drafting.services import DraftingError, document_render


class Command(BaseCommand):
    help = ("Render a document template with the values of a JSON file into a .docx: "
            "manage.py draft TEMPLATE --fields FILE.json --out FILE.docx (TEMPLATE: slug or id; "
            "--schema prints the template's fields instead).")

    def add_arguments(self, parser) -> None:
        parser.add_argument("template", help="template slug (e.g. complaint-private-loan) or id")
        parser.add_argument("--fields", type=Path, help="JSON object of field values")
        parser.add_argument("--out", type=Path, help="the .docx to write")
        parser.add_argument("--schema", action="store_true", help="print the template's field schema as JSON")

    def handle(self, *args, **options) -> None:
        key = options["template"]
        template = DocumentTemplate.objects.filter(**({"pk": int(key)} if key.isdigit() else {"slug": key})).first()
        if template is None:
            slugs = ", ".join(DocumentTemplate.objects.order_by("slug").values_list("slug", flat=True))
            raise CommandError(f"no template {key!r}; known: {slugs}")
        if options["schema"]:
            version = template.versions.filter(status="approved").order_by("-number").first()
            self.stdout.write(json.dumps(version.fields if version else [], ensure_ascii=False, indent=2))
            return
        if not options["fields"] or not options["out"]:
            raise CommandError("--fields FILE.json and --out FILE.docx are required")
        try:
            values = json.loads(options["fields"].read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CommandError(f"cannot read {options['fields']}: {exc}") from None
        if not isinstance(values, dict):
            raise CommandError("the fields file must hold a JSON object")
        try:
            data = document_render(template=template, values=values,
                                   actor_name=f"{getpass.getuser()}@{socket.gethostname()} (manage.py draft)")
        except DraftingError as exc:
            problems = "; ".join(f"{path}: {reason}" for path, reason in exc.fields.items())
            raise CommandError(f"{exc.message}: {problems}") from None
        options["out"].write_bytes(data)
        self.stdout.write(f"wrote {options['out']} ({len(data)} bytes) from {template.slug}")
