from django.apps import AppConfig


class RulesConfig(AppConfig):
    """The rules app: its engines are plain Python (`rules/odds/`, `rules/<game>/`); its Django layer — the
    odds and rules APIs, the deck page's odds panel — sits beside them (`api/`, `views/`)."""

    name = "rules"
    label = "rules"

    def ready(self):
        from cardsdb import backups, jobs
        from cardsdb.extensions import CARD_EFFECTS, CARD_PAGE
        from decks.extensions import DECK_PAGE

        from .models import SavedGame, SavedReplay
        from .simulation_jobs import run_simulation_job
        from .swccg_effect_index import store_effect_kinds
        from .views.calculators import deck_links
        from .views.card_reading import reading_panel
        from .views.games import play_panel
        from .views.odds_panel import odds_panel

        # What rules adds to the floors below (cardsdb/extensions.py's way): decks and cardsdb never import rules.
        DECK_PAGE.add("odds", odds_panel)
        DECK_PAGE.add("calculators", deck_links)  # an SWCCG deck's link to the battle calculator
        DECK_PAGE.add("play", play_panel)  # a SW:DBG setup's "play this setup"
        # An SWCCG card page's "How the rules read this card" (its template named by the panel: cardsdb's page
        # includes it without naming rules)
        CARD_PAGE.add("gametext_reading", reading_panel)
        # The search's effect: keyword asks for the stored kinds of effect of the cards' text (cardsdb.CardEffect)
        CARD_EFFECTS.provide(store_effect_kinds)
        jobs.register("swdbg-simulation", run_simulation_job)
        # Its share of a backup's user data (cardsdb.backups): its users' saved games and replays.
        backups.register("rules", [SavedGame, SavedReplay])
