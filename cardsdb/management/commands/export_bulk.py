from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from cardsdb import bulk
from cardsdb.games.registry import GAMES
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.lock import import_lock
from cardsdb.models import Game

from ._import_options import add_lock_argument


class Command(BaseCommand):
    help = (
        "Write the bulk download of a game's whole catalogue (or of every game): gzipped JSON in BULK_DIR, "
        "served at /api/bulk/<game>.json.gz. Imports write it themselves; this is for a first run or a lost file."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", nargs="?", choices=sorted(GAMES), help="One game (default: every game).")
        parser.add_argument(
            "--if-stale",
            action="store_true",
            help="Only the games whose file is missing or older than their catalogue (make run's first start).",
        )
        add_lock_argument(parser)

    def handle(self, *args, game=None, verbosity=1, no_wait=False, if_stale=False, **options):
        show = verbosity > 0
        games = [game] if game else [g for g in GAMES if Game.objects.filter(code=g).exists()]
        if if_stale:
            games = [code for code in games if not bulk.is_current(code)]
        try:
            # Under the import lock: the file is one catalogue version, never half of an import's changes.
            with import_lock(wait=not no_wait, on_wait=lambda message: self.stderr.write(message)):
                for code in games:
                    written = export_with_progress(code, show=show, stderr=self.stderr)
                    if show:
                        self.stdout.write(describe(written))
        except ImportProblem as problem:
            raise CommandError(f"Not exported: {problem}") from None


def write_bulk(command: BaseCommand, game: str, *, show: bool) -> bulk.BulkFile | None:
    """An import's bulk file, written after the import committed. A failure to write it (a full disk) does not
    undo the import: it is reported, the previous file stays, and the listing shows it is not current."""
    try:
        written = export_with_progress(game, show=show, stderr=command.stderr)
    except OSError as exc:
        command.stderr.write(
            command.style.WARNING(f"{game}: bulk file not written ({exc}); run export_bulk.")
        )
        return None
    if show:
        command.stdout.write(f"  {describe(written)}")
    return written


def export_with_progress(game: str, *, show: bool, stderr) -> bulk.BulkFile:
    def progress(items, desc, total):
        return tqdm(items, desc=desc, total=total, disable=not show, leave=False, file=stderr)

    return bulk.export(game, progress)


def describe(written: bulk.BulkFile) -> str:
    return (
        f"{written.game} bulk file: {written.path} ({written.size:,} bytes, sha256 {written.sha256}, "
        f"catalogue version {written.catalogue_version})"
    )
