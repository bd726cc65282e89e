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

        register_ranker(_card_first)  # the chat's and research's search: the cards' provisions first
        post_migrate.connect(_seed, sender=self)


def _card_first(query, hits, top_k):
    """:func:`legal.retrieval.card_first`, imported at the first search: the card matcher's module (its
    vocabularies and patterns) is not needed by a process that never searches (docs/decisions/test-suite.md)."""
    from legal.retrieval import card_first

    return card_first(query, hits, top_k)


def _seed(sender, **kwargs) -> None:
    """After migrate: the table follows the shipped card files (new cards, changed files)."""
    from legal.services import cards_seed

    cards_seed()
