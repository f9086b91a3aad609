from django.apps import AppConfig


class RulesConfig(AppConfig):
    """The rules app: its engines are plain Python (`rules/odds/`, `rules/<game>/`); its Django layer — the
    odds and rules APIs, the deck page's odds panel — sits beside them (`api/`, `views/`)."""

    name = "rules"
    label = "rules"

    def ready(self):
        from cardsdb.backups import register

        from .models import SavedGame, SavedReplay

        # The rules app's share of a backup's user data (cardsdb.backups): its users' saved games and replays.
        register("rules", [SavedGame, SavedReplay])
