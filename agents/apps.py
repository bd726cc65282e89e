from django.apps import AppConfig


class AgentsConfig(AppConfig):
    name = "agents"
    verbose_name = "智能体运行时"

    def ready(self) -> None:
        # Every installed app's specialists.py declares its agents (and their offline handlers).
        from agents.registry import registry

        registry.autodiscover()
