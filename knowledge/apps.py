import sys
from typing import Any

from django.apps import AppConfig
from django.conf import settings


def _is_server_process() -> bool:
    argv = " ".join(sys.argv)
    return "daphne" in argv or ("celery" in argv and "worker" in argv)


class KnowledgeConfig(AppConfig):
    name = "knowledge"
    verbose_name = "法规与案例库"

    @staticmethod
    def law_time_status(law: Any) -> str:
        """A law's status today, for the model's properties (``Law.time_status``): the model layer reaches the
        selector through its app config, so it imports nothing that imports it back."""
        from knowledge.selectors.statutes import law_time_status

        return law_time_status(law)

    def ready(self) -> None:
        from core.jobs import job_kind_register
        from knowledge.jobs import CASE_EXTRACTION

        job_kind_register(CASE_EXTRACTION)
        # Web and worker processes load the embedding model and jieba ahead of the first query.
        if settings.KNOWLEDGE_PRELOAD and _is_server_process():
            from knowledge.embeddings import preload_in_background

            preload_in_background()
