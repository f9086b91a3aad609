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


def create_cache_tables(using, verbosity=1, **kwargs):
    from django.core.management import call_command

    call_command("createcachetable", database=using, verbosity=verbosity)
