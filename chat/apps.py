from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "法律咨询"
