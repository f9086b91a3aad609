from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from tqdm import tqdm

from cardsdb import backups
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.lock import import_lock


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py backup`. The archive is checked first (checksums, members) and a "
        "damaged one changes nothing. Default: the whole database from the engine's copy (same engine only). "
        "--user-data: only the users and what they own, in one transaction, into a database whose catalogue is "
        "imported (any engine). --check: verify the archive only."
    )

    def add_arguments(self, parser):
        parser.add_argument("archive", type=Path, help="The backup archive (.tar.gz).")
        mode = parser.add_mutually_exclusive_group()
        mode.add_argument(
            "--user-data",
            action="store_true",
            help="Load the portable user data instead of replacing the whole database.",
        )
        mode.add_argument("--check", action="store_true", help="Verify the archive; change nothing.")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="With --user-data: delete the users (and all they own) this database holds first.",
        )
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="Do not ask for confirmation before replacing data.",
        )

    def handle(
        self, *args, archive, user_data=False, check=False, replace=False, interactive=True, **options
    ):
        show = options.get("verbosity", 1) > 0
        if replace and not user_data:
            raise CommandError("--replace applies to --user-data only (a whole restore always replaces).")

        def progress(**kwargs):
            # Bars only for the parts that take a while (delay, seconds).
            return tqdm(disable=not show, leave=False, delay=1, file=self.stderr, **kwargs)

        try:
            if check:
                manifest = backups.verify_backup(archive, progress=progress)
                self.stdout.write(f"{archive}: intact ({describe(manifest)}).")
                return
            if interactive and (replace or not user_data) and not self._confirm(archive, user_data):
                raise CommandError("Restore cancelled; nothing was changed.")
            # Never alongside an import: both rewrite tables the other reads.
            with import_lock(on_wait=lambda message: self.stderr.write(message)):
                if user_data:
                    counts = backups.restore_user_data(archive, replace=replace, progress=progress)
                    restored = ", ".join(f"{n} {label}" for label, n in counts.items())
                    self.stdout.write(f"User data restored from {archive}: {restored}.")
                else:
                    manifest = backups.restore_database(archive, progress=progress)
                    self.stdout.write(
                        f"Database restored from {archive} ({describe(manifest)}). "
                        "Run `manage.py migrate` if this code is newer than the backup."
                    )
        except backups.BackupError as exc:
            raise CommandError(f"Not restored, nothing was changed: {exc}") from None
        except ImportProblem as exc:
            raise CommandError(f"Not restored: {exc}") from None

    def _confirm(self, archive: Path, user_data: bool) -> bool:
        name = connections["default"].settings_dict["NAME"]
        what = "every user and all they own" if user_data else "the whole database"
        try:
            answer = input(f"This replaces {what} in {name} with {archive}. Type 'yes' to go on: ")
        except EOFError:  # no terminal to answer from: --noinput is the way to say yes
            return False
        return answer.strip().lower() == "yes"


def describe(manifest: dict) -> str:
    users = manifest["counts"].get("auth.user", 0)
    decks = manifest["counts"].get("decks.deck", 0)
    return f"{manifest['engine']}, made {manifest['created_at']}, {users} users, {decks} decks"
