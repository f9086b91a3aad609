import time

from django.conf import settings
from django.core.management.base import BaseCommand
from tqdm import tqdm

from cardsdb import bulk
from cardsdb.games.registry import GAMES
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.lock import import_lock
from cardsdb.importers.removals import REMOVAL_SHARE
from cardsdb.importers.sources import open_source
from cardsdb.importers.sync import apply_snapshot
from cardsdb.models import Card

from ._import_options import add_lock_argument, add_removals_argument, problem_error
from .export_bulk import write_bulk


class Command(BaseCommand):
    help = (
        "Import a game's cards: atomic (a failure changes nothing) and idempotent (a re-run changes nothing). "
        "One import runs at a time per database; an import that would remove more than "
        f"{REMOVAL_SHARE:.0%} of a game's cards (or personas, sets, printings…) stops unless --allow-removals."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=sorted(GAMES), help="Which game's catalogue to import.")
        parser.add_argument(
            "--source",
            help="A folder or base URL laid out like CARDSDB_DATA_DIR/<game>. "
            "Default: $CARDSDB_DATA_DIR/<game>, else the pinned public files (downloaded and checksum-verified).",
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="Do nothing when the game already has cards (first run)."
        )
        parser.add_argument(
            "--if-available",
            action="store_true",
            help="Skip, with a note, a game that has no local data and no public download (`make run`).",
        )
        add_removals_argument(parser)
        add_lock_argument(parser)

    def handle(self, *args, game, verbosity=1, no_wait=False, **options):
        show = verbosity > 0
        try:
            with import_lock(wait=not no_wait, on_wait=lambda message: self.stderr.write(message)):
                self._import(game, show=show, **options)
        except ImportProblem as problem:
            raise problem_error(problem) from None

    def _import(
        self, game, *, show, source=None, if_empty=False, if_available=False, allow_removals=False, **_
    ):
        # Checked under the lock: an import running alongside may just have filled the catalogue.
        if if_empty and Card.objects.filter(game_id=game).exists():
            if show:
                self.stdout.write(f"{game}: catalogue already imported; nothing to do.")
            return
        plugin = GAMES[game]
        data_dir = settings.CARDSDB_DATA_DIR
        local = data_dir is not None and (data_dir / game).is_dir()
        if if_available and not source and not local and plugin.pinned_cards is None:
            self.stdout.write(
                self.style.WARNING(
                    f"{game}: skipped: no local data (set CARDSDB_DATA_DIR) and no public download is known."
                )
            )
            return
        started = time.perf_counter()

        def progress(items, desc, total):
            return tqdm(
                items, desc=f"{game} {desc}", total=total, disable=not show, leave=False, file=self.stderr
            )

        src = open_source(
            source,
            game=game,
            data_dir=settings.CARDSDB_DATA_DIR,
            pinned=plugin.pinned_cards() if plugin.pinned_cards else None,
        )
        if show:
            self.stderr.write(f"Reading {game} from {src.description} …")
        snapshot = plugin.load_cards(src)
        summary = apply_snapshot(snapshot, progress=progress, allow_removals=allow_removals)
        elapsed = time.perf_counter() - started
        if show:
            self.stdout.write(f"{game} import from {summary.source} in {elapsed:.1f} s")
            for label in ("sets", "rarities", "personas", "cards"):
                self.stdout.write(f"  {label:9} {getattr(summary, label)}")
            for removal in summary.removals:
                self.stdout.write(f"  removed {removal.describe()}")
            for warning in summary.warnings:
                self.stdout.write(self.style.WARNING(f"  warning: {warning}"))
            if not summary.changed_anything:
                self.stdout.write("  nothing changed")
        # After the import's transaction, still under the lock: the file is the catalogue just imported.
        if settings.BULK_ON_IMPORT and (summary.changed_anything or not bulk.is_current(game)):
            write_bulk(self, game, show=show)
