from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "法律咨询"

    def ready(self) -> None:
        from chat.jobs import TURN
        from core.jobs import job_kind_register

        job_kind_register(TURN)
