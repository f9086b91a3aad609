from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from cardsdb import backups


class Command(BaseCommand):
    help = (
        "Back up the database into one .tar.gz archive: the engine's own copy (pg_dump, or SQLite's online "
        "backup) and a portable export of the user data, with a manifest of checksums (docs/operations.md)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            "-o",
            type=Path,
            help="The archive to write (default: var/backups/cardsdb-<UTC date and time>.tar.gz).",
        )

    def handle(self, *args, output=None, verbosity=1, **options):
        show = verbosity > 0

        def progress(**kwargs):
            # Bars only for the parts that take a while (delay, seconds).
            return tqdm(disable=not show, leave=False, delay=1, file=self.stderr, **kwargs)

        try:
            result = backups.create_backup(output, progress=progress)
        except backups.BackupError as exc:
            raise CommandError(f"No backup written: {exc}") from None
        if show:
            counts = ", ".join(f"{n} {label}" for label, n in result.manifest["counts"].items())
            self.stdout.write(
                f"Backup written: {result.path} ({result.size:,} bytes, sha256 {result.sha256})\n"
                f"  {result.manifest['engine']} database; user data: {counts}"
            )
