from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    label = "decks"

    def ready(self):
        from cardsdb import extensions, jobs
        from decks.collection.services import owned_cards
        from decks.history.services import decks_stamp
        from decks.legality.batch import run_legality_job
        from decks.legality.card_formats import grouped
        from decks.legality.card_standings import card_standings

        # What decks adds to the catalogue's pages (cardsdb/extensions.py): cardsdb never imports decks.
        extensions.CARD_PAGE.add("standings", lambda card: grouped(card_standings(card)))
        extensions.OWNED_CARDS.provide(owned_cards)
        extensions.PUBLIC_DECKS_STAMP.provide(decks_stamp)
        jobs.register("legality-batch", run_legality_job)
