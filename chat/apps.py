from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "法律咨询"

    def ready(self) -> None:
        # Offline handlers of the chat specialists join the runtime's offline engine.
        from chat import offline  # noqa: F401
