from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.module_loading import import_string


def load_starter_playbook(sender: AppConfig, apps=None, **kwargs) -> None:
    """After migrate (and after a test flush), add the starter playbook rules the table lacks; rules the
    firm edited or disabled are left as they are (docs/decisions/contract-playbook.md)."""
    if apps is not None:
        try:
            apps.get_model("contracts", "PlaybookRule")
        except LookupError:  # migrated back before the table existed
            return
    import_string("contracts.services.playbook.playbook_load_starter")(audit=False)


class ContractsConfig(AppConfig):
    name = "contracts"
    verbose_name = "合同审查"

    def ready(self) -> None:
        post_migrate.connect(load_starter_playbook, sender=self, dispatch_uid="contracts.playbook_starter")
        from contracts.jobs import REVIEW, SPLIT
        from core.jobs import job_kind_register

        job_kind_register(SPLIT)
        job_kind_register(REVIEW)
