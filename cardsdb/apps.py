from django.apps import AppConfig
from django.db.backends.signals import connection_created


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    label = "cardsdb"
    verbose_name = "Card catalogue"

    def ready(self):
        from .search.regex import install_sqlite_regexp

        # Search regexes run on RE2 on SQLite too (Django's REGEXP is Python's re, which can backtrack for ever).
        connection_created.connect(install_sqlite_regexp, dispatch_uid="cardsdb-sqlite-regexp")
