from django.apps import AppConfig


class TracingConfig(AppConfig):
    name = "tracing"
    verbose_name = "审计追踪"
