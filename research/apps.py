from django.apps import AppConfig


class ResearchConfig(AppConfig):
    name = "research"
    verbose_name = "研究任务"
