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
        register_backup_tables()


def register_backup_tables():
    """The decks app's share of a backup's user data (cardsdb.backups): decks, their cards and versions, and
    collections with their history; the formats decks target are named by [game, code], like cards."""
    from cardsdb.backups import BackupError, NamedByKey, register
    from decks.models import CollectionChange, CollectionItem, Deck, DeckCard, DeckVersion, Format

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
