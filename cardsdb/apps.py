from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    label = "cardsdb"
    verbose_name = "Card catalogue"

    def ready(self):
        from . import jobs
        from .import_jobs import holds_import_lock, run_import_job
        from .search.regex import install_sqlite_regexp

        jobs.register("catalogue-import", run_import_job, alive=holds_import_lock)

        # Search regexes run on RE2 on SQLite too (Django's REGEXP is Python's re, which can backtrack for ever).
        connection_created.connect(install_sqlite_regexp, dispatch_uid="cardsdb-sqlite-regexp")
        # The shared cache's tables (settings.CACHES without REDIS_URL) come with every migrate: a database set
        # up by any script (benchmarks, the browser tests' site) has them as `make run` does.
        post_migrate.connect(create_cache_tables, sender=self, dispatch_uid="cardsdb-cache-tables")
        register_backup_tables()


def create_cache_tables(using, verbosity=1, **kwargs):
    from django.core.management import call_command

    call_command("createcachetable", database=using, verbosity=verbosity)


def register_backup_tables():
    """cardsdb's share of a backup's user data: the accounts (Django's auth: groups before the users in them,
    both by natural key), API tokens and card facts; cards are named by [game, code]."""
    from django.contrib.auth.models import Group, User

    from .backups import BackupError, NamedByKey, register
    from .models import ApiToken, Card, CardFact

    def missing_cards(keys: list[tuple[str, str]]) -> BackupError:
        names = [f"{game} {code}" for game, code in keys]
        return BackupError(
            "restore-missing-cards",
            f"{len(names)} card(s) the user data holds are not in the catalogue: {', '.join(names[:20])}"
            f"{' …' if len(names) > 20 else ''}. Import the catalogue the backup was made with, then restore.",
            cards=names,
        )

    register(
        "cardsdb",
        [Group, User, ApiToken, CardFact],
        natural_keys=[Group, User],
        named=[NamedByKey(Card, missing_cards)],
    )
