"""The migrations a backup records, and the checks that the code and the target database can take it."""

from collections import defaultdict

from django.db import connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from . import registry
from .errors import BackupError


def applied_migrations(alias: str = "default") -> dict[str, list[str]]:
    applied: dict[str, list[str]] = defaultdict(list)
    for app, name in sorted(MigrationRecorder(connections[alias]).applied_migrations()):
        applied[app].append(name)
    return dict(applied)


def check_schema(manifest: dict, *, alias: str = "default", need_applied: bool) -> None:
    """Refuse a backup made by newer code (migrations this code does not have); for user data, also a target
    database that lacks migrations the backup had (run migrate first)."""
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    backed_up = {(app, name) for app, names in manifest["migrations"].items() for name in names}
    unknown = sorted(m for m in backed_up if m not in known and m[0] in {a for a, _ in known})
    if unknown:
        listed = ", ".join(f"{app}.{name}" for app, name in unknown[:5])
        raise BackupError(
            "backup-newer-schema",
            f"The backup was made by a newer cardsdb (migrations {listed} are unknown here); "
            "restore it with that version.",
        )
    if need_applied:
        schema_apps = registry.schema_apps()
        applied = set(MigrationRecorder(connections[alias]).applied_migrations())
        lacking = sorted(m for m in backed_up if m[0] in schema_apps and m not in applied)
        if lacking:
            listed = ", ".join(f"{app}.{name}" for app, name in lacking[:5])
            raise BackupError(
                "restore-migrate-first",
                f"This database lacks migrations the backup had ({listed}); run `manage.py migrate` first.",
            )
