from django.apps import AppConfig


class LegalConfig(AppConfig):
    name = "legal"
    verbose_name = "法律要点卡片"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from legal import checks  # noqa: F401  (registers the card-file check)
        from legal.cardfile import shipped_cards

        shipped_cards()  # an invalid card file stops start-up with one line naming file, card and field
