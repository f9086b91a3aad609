from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.sources import open_source
from cardsdb.importers.swccg import pinned_source
from decks.formats_import import (
    SWDBG_FORMATS,
    SWTCG_FORMATS,
    import_formats,
    import_swdbg_formats,
    import_swtcg_formats,
)


class Command(BaseCommand):
    help = (
        "Import a game's deck formats (SWCCG: GEMP's swccgFormats.json; SWTCG and SW:DBG: decks/data/<game>_formats.json): "
        "atomic, idempotent, re-run to update."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=["swccg", "swtcg", "swdbg"])
        parser.add_argument(
            "--source",
            help="SWCCG: folder or base URL laid out like CARDSDB_DATA_DIR/swccg. SWTCG, SW:DBG: a formats file.",
        )

    def handle(self, *args, game, source=None, verbosity=1, **options):
        try:
            if game in ("swtcg", "swdbg"):
                path = Path(source) if source else {"swtcg": SWTCG_FORMATS, "swdbg": SWDBG_FORMATS}[game]
                load = import_swtcg_formats if game == "swtcg" else import_swdbg_formats
                summary, where = load(path), str(path)
            else:
                src = open_source(
                    source, game=game, data_dir=settings.CARDSDB_DATA_DIR, pinned=pinned_source()
                )
                summary, where = import_formats(src, game), src.description
        except ImportProblem as problem:
            raise CommandError(f"Import failed, nothing was changed. {problem}") from None
        if verbosity:
            self.stdout.write(f"{game} formats from {where}: {summary}")
