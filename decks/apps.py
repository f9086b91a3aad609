from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    label = "decks"

    def ready(self):
        register_backup_tables()


def register_backup_tables():
    """The decks app's share of a backup's user data (cardsdb.backups): decks, their cards and versions, and
    collections with their history; the formats decks target are named by [game, code], like cards."""
    from cardsdb.backups import BackupError, NamedByKey, register

    from .models import CollectionChange, CollectionItem, Deck, DeckCard, DeckVersion, Format

    def missing_formats(keys: list[tuple[str, str]]) -> BackupError:
        listed = ", ".join(f"{game} {code}" for game, code in keys)
        return BackupError(
            "restore-missing-formats",
            f"Formats the decks use are not imported: {listed}. Run `manage.py import_formats <game>` first.",
        )

    register(
        "decks",
        [Deck, DeckCard, DeckVersion, CollectionItem, CollectionChange],
        named=[NamedByKey(Format, missing_formats)],
    )
