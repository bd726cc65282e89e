import sys

from django.apps import AppConfig
from django.conf import settings


def _is_server_process() -> bool:
    argv = " ".join(sys.argv)
    return "daphne" in argv or ("celery" in argv and "worker" in argv)


class KnowledgeConfig(AppConfig):
    name = "knowledge"
    verbose_name = "法规与案例库"

    def ready(self) -> None:
        from core.jobs import job_kind_register
        from knowledge.jobs import CASE_EXTRACTION

        job_kind_register(CASE_EXTRACTION)
        # Web and worker processes load the embedding model and jieba ahead of the first query.
        if settings.KNOWLEDGE_PRELOAD and _is_server_process():
            from knowledge.embeddings import preload_in_background

            preload_in_background()
