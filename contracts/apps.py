from django.apps import AppConfig


class ContractsConfig(AppConfig):
    name = "contracts"
    verbose_name = "合同审查"
