"""Restoring: checking an archive, replacing a whole database with its copy, or loading its user data."""

from pathlib import Path

from django.db import connections

from .archive_read import open_archive
from .errors import BackupError
from .file_format import NATIVE_PARTS, USER_DATA, engine_of
from .postgresql import restore_postgresql
from .progress import no_progress
from .schema import check_schema
from .sqlite import restore_sqlite
from .user_data_load import load_user_data


def verify_backup(path: Path, *, progress=no_progress) -> dict:
    """Check an archive without restoring anything; its manifest."""
    with open_archive(path, progress=progress) as archive:
        check_schema(archive.manifest, need_applied=False)
        return archive.manifest


def restore_database(path: Path, *, target: dict | None = None, progress=no_progress) -> dict:
    """Replace a whole database with the archive's engine copy: the default database, or `target`
    (PostgreSQL: a settings dict as in DATABASES; SQLite: {"NAME": file}). The engine must be the archive's.
    Changes nothing unless the archive checks out; on PostgreSQL the restore is one transaction."""
    engine = engine_of()
    settings_dict = target or connections["default"].settings_dict
    with open_archive(path, progress=progress) as archive:
        check_schema(archive.manifest, need_applied=False)
        if archive.engine != engine:
            raise BackupError(
                "restore-engine-mismatch",
                f"The backup is of a {archive.engine} database and this one is {engine}: restore its user data "
                "instead (`manage.py restore --user-data`), into a database whose catalogue is imported.",
            )
        part = archive.parts.get(NATIVE_PARTS[engine])
        if part is None:
            raise BackupError("backup-corrupt", f"{path} holds no {engine} database copy.")
        if target is None and engine == "sqlite":
            # Nothing of ours holds the file while it is replaced. (On PostgreSQL the connection stays: it holds
            # the import lock, and an idle session blocks no pg_restore.)
            connections["default"].close()
        if engine == "postgresql":
            restore_postgresql(part, settings_dict, progress)
        else:
            restore_sqlite(part, Path(settings_dict["NAME"]), progress)
        return archive.manifest


def restore_user_data(path: Path, *, replace: bool = False, progress=no_progress) -> dict[str, int]:
    """Load the archive's user data into the default database, whatever its engine: one transaction, after
    every check (archive, schema, catalogue, cards) has passed. The database must hold no user data, or
    `replace` deletes what it holds first (in the same transaction)."""
    with open_archive(path, progress=progress) as archive:
        check_schema(archive.manifest, need_applied=True)
        return load_user_data(
            archive.parts[USER_DATA],
            expected=archive.manifest["counts"],
            replace=replace,
            progress=progress,
        )
