from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.sources import open_source
from cardsdb.importers.swccg import pinned_source
from decks.formats_import import import_formats


class Command(BaseCommand):
    help = "Import the deck formats (GEMP's swccgFormats.json): atomic, idempotent, re-run to update."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["swccg"])
        parser.add_argument("--source", help="Folder or base URL laid out like CARDSDB_DATA_DIR/swccg.")

    def handle(self, *args, game, source=None, verbosity=1, **options):
        try:
            src = open_source(source, game=game, data_dir=settings.CARDSDB_DATA_DIR, pinned=pinned_source())
            summary = import_formats(src, game)
        except ImportProblem as problem:
            raise CommandError(f"Import failed, nothing was changed. {problem}") from None
        if verbosity:
            self.stdout.write(f"{game} formats from {src.description}: {summary}")
