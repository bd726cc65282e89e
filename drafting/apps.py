from django.apps import AppConfig
from django.db.models.signals import post_migrate


def load_shipped_templates(sender: AppConfig, **kwargs: object) -> None:
    """After every ``migrate`` (the first run included): the shipped templates, new versions only
    when a file or schema changed (docs/decisions/drafting.md)."""
    from drafting.services import shipped_templates_sync

    shipped_templates_sync()


class DraftingConfig(AppConfig):
    name = "drafting"
    verbose_name = "文书起草"

    def ready(self) -> None:
        post_migrate.connect(load_shipped_templates, sender=self, dispatch_uid="drafting.load_shipped_templates")
