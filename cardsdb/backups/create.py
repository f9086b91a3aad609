"""Making a backup: the engine's copy and the user data from one snapshot, written into one archive."""

import datetime as dt
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from .archive_write import describe_file, sha256, write_archive
from .file_format import NATIVE_PARTS, USER_DATA, engine_of, new_manifest
from .postgresql import backup_postgresql
from .progress import no_progress
from .sqlite import backup_sqlite


@dataclass
class BackupResult:
    path: Path
    size: int
    sha256: str
    manifest: dict


def default_path() -> Path:
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    return Path(settings.VAR_DIR) / "backups" / f"cardsdb-{stamp}.tar.gz"


def create_backup(path: Path | None = None, *, progress=no_progress) -> BackupResult:
    """Write one archive of the default database to `path` (default: var/backups/cardsdb-<UTC time>.tar.gz).
    The file appears only once complete; it holds password hashes, so only its owner may read it."""
    engine = engine_of()
    path = Path(path) if path else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardsdb-backup-", dir=path.parent) as work:
        work = Path(work)
        native = work / NATIVE_PARTS[engine]
        user_data = work / USER_DATA
        if engine == "postgresql":
            counts, migrations = backup_postgresql(native, user_data, progress)
        else:
            counts, migrations = backup_sqlite(native, user_data, progress)
        parts = {part.name: describe_file(part) for part in (native, user_data)}
        manifest = new_manifest(engine, migrations, counts, parts)
        partial = work / "archive.tar.gz"
        write_archive(partial, manifest, [native, user_data], progress)
        os.replace(partial, path)
    digest, size = sha256(path)
    return BackupResult(path=path, size=size, sha256=digest, manifest=manifest)
