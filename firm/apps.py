from django.apps import AppConfig


class FirmConfig(AppConfig):
    name = "firm"
    verbose_name = "律所：人员、角色与案件"

    def ready(self) -> None:
        from firm import signals  # noqa: F401  (connects the login signal receivers)
