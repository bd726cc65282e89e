from django.apps import AppConfig


class ResearchConfig(AppConfig):
    name = "research"
    verbose_name = "研究任务"

    def ready(self) -> None:
        from core.jobs import job_kind_register
        from research.jobs import TASK

        job_kind_register(TASK)
