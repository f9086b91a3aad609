from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.lock import import_lock
from cardsdb.importers.sources import open_source
from cardsdb.importers.swccg import pinned_source
from cardsdb.management.commands._import_options import (
    add_lock_argument,
    add_removals_argument,
    problem_error,
)
from decks.legality.formats_import import (
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
        add_removals_argument(parser, kinds="formats")
        add_lock_argument(parser)

    def handle(self, *args, game, source=None, verbosity=1, allow_removals=False, no_wait=False, **options):
        try:
            with import_lock(wait=not no_wait, on_wait=lambda message: self.stderr.write(message)):
                if game in ("swtcg", "swdbg"):
                    path = Path(source) if source else {"swtcg": SWTCG_FORMATS, "swdbg": SWDBG_FORMATS}[game]
                    load = import_swtcg_formats if game == "swtcg" else import_swdbg_formats
                    summary, where = load(path, allow_removals=allow_removals), str(path)
                else:
                    src = open_source(
                        source, game=game, data_dir=settings.CARDSDB_DATA_DIR, pinned=pinned_source()
                    )
                    summary, where = import_formats(src, game, allow_removals=allow_removals), src.description
        except ImportProblem as problem:
            raise problem_error(problem) from None
        if verbosity:
            self.stdout.write(f"{game} formats from {where}: {summary}")
