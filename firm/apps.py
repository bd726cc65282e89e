from django.apps import AppConfig


class FirmConfig(AppConfig):
    name = "firm"
    verbose_name = "律所：人员、角色与案件"

    def ready(self) -> None:
        # Django's way to connect receivers: firm.signals imports models, not importable before ready().
        from firm import checks, signals  # noqa: F401
