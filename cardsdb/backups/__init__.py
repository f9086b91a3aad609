"""Backups and restores of the whole site (docs/operations.md); the names callers use.

A backup is one .tar.gz archive holding

- `manifest.json` (first member): when and from which engine, the Django migrations applied, the rows per model
  of the user data, and the size and SHA-256 of every other member;
- the engine's own copy of the whole database: `database.pgdump` (`pg_dump --format=custom`) on PostgreSQL,
  `database.sqlite3` (sqlite3's online backup API, never a file copy of a live database) on SQLite;
- `user-data.jsonl`: users and everything they own, one Django-serialised object per line, with cards and
  formats named by (game, code) instead of row ids, so it loads into any database whose catalogue was imported
  (another engine, or the same one after a re-import gave the cards new ids).

Both copies are taken from one snapshot: on PostgreSQL pg_dump imports the exporting transaction's snapshot; on
SQLite the user data is read from the database copy itself.

Restoring reads and checks the whole archive first (member names, types, sizes, checksums) and refuses a
corrupted, truncated or hostile one before anything is changed. Every refusal is a `BackupError` with a stable
code, a message and, where there are some, the cards involved.

Which tables the user data holds is not listed here: each app registers its own (`registry.register`, from its
AppConfig.ready()), so this bottom-floor package knows nothing of the apps above it.
"""

from .archive_read import Archive, open_archive
from .create import BackupResult, create_backup, default_path
from .errors import BackupError
from .file_format import (
    FORMAT,
    FORMAT_VERSION,
    MANIFEST,
    MAX_MANIFEST_BYTES,
    MEMBERS,
    NATIVE_PARTS,
    USER_DATA,
    engine_of,
)
from .registry import NamedByKey, register, user_models
from .restore import restore_database, restore_user_data, verify_backup
from .schema import applied_migrations
from .user_data_export import export_user_data
from .user_data_load import load_user_data

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MANIFEST",
    "MAX_MANIFEST_BYTES",
    "MEMBERS",
    "NATIVE_PARTS",
    "USER_DATA",
    "Archive",
    "BackupError",
    "BackupResult",
    "NamedByKey",
    "applied_migrations",
    "create_backup",
    "default_path",
    "engine_of",
    "export_user_data",
    "load_user_data",
    "open_archive",
    "register",
    "restore_database",
    "restore_user_data",
    "user_models",
    "verify_backup",
]
