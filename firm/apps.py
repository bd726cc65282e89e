from django.apps import AppConfig


class FirmConfig(AppConfig):
    name = "firm"
    verbose_name = "律所：人员、角色与案件"
