from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    label = "decks"

    def ready(self):
        from cardsdb import extensions, jobs

        from .batch import run_legality_job
        from .card_formats import grouped
        from .card_standings import card_standings
        from .collection_services import owned_cards
        from .history_services import decks_stamp

        # What decks adds to the catalogue's pages (cardsdb/extensions.py): cardsdb never imports decks.
        extensions.CARD_PAGE.add("standings", lambda card: grouped(card_standings(card)))
        extensions.OWNED_CARDS.provide(owned_cards)
        extensions.PUBLIC_DECKS_STAMP.provide(decks_stamp)
        jobs.register("legality-batch", run_legality_job)
