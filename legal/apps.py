from django.apps import AppConfig
from django.db.models.signals import post_migrate


class LegalConfig(AppConfig):
    name = "legal"
    verbose_name = "法律要点卡片"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from legal import checks  # noqa: F401  (registers the card-file check)
        from legal.cardfile import shipped_cards

        shipped_cards()  # an invalid card file stops start-up with one line naming file, card and field
        from knowledge.selectors.arrange import register_ranker
        from legal.retrieval import card_first

        register_ranker(card_first)  # the chat's and research's search: the cards' provisions first
        post_migrate.connect(_seed, sender=self)


def _seed(sender, **kwargs) -> None:
    """After migrate: the table follows the shipped card files (new cards, changed files)."""
    from legal.services import cards_seed

    cards_seed()
