from django.apps import AppConfig


class LegalsiteConfig(AppConfig):
    name = "legalsite"
    verbose_name = "LegalSite"
