from django.apps import AppConfig
from django.urls import register_converter

from core.converters import IdConverter


class LegalsiteConfig(AppConfig):
    name = "legalsite"
    verbose_name = "LegalSite"

    def ready(self) -> None:
        register_converter(IdConverter, "id")
        from legalsite import checks  # noqa: F401  (registers the tool check)
