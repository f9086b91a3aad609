"""Backups (docs/operations.md): one .tar.gz archive holding

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
"""

import contextlib
import datetime as dt
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
import zlib
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import django
from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, connections, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from cardsdb import jsonsafe

FORMAT = "cardsdb-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
USER_DATA = "user-data.jsonl"
NATIVE_PARTS = {"postgresql": "database.pgdump", "sqlite": "database.sqlite3"}
MEMBERS = {MANIFEST, USER_DATA, *NATIVE_PARTS.values()}
# A real manifest is a few kilobytes; anything larger is not one of ours and is not read into memory.
MAX_MANIFEST_BYTES = 1 << 20
# Saved games and replays are the deepest user data (records of a few levels); far below Python's recursion limit.
MAX_JSON_DEPTH = 64
CHUNK = 500
# SQLite copies retry a locked database every 0.25 s (sqlite3's default): this many times, then give up.
BUSY_TRIES = 240

# The user data, in the order it loads (each after what it refers to). Sessions, jobs and admin log entries are
# left out: they are transient, and a restored site asks everyone to log in again. API tokens (cardsdb.apitoken)
# are included when the model exists. Card facts are what owners entered about their cards
# (import_card_facts): not in the public data, so kept here.
USER_MODELS = (
    "auth.group",
    "auth.user",
    "decks.deck",
    "decks.deckcard",
    "decks.deckversion",
    "decks.collectionitem",
    "decks.collectionchange",
    "rules.savedgame",
    "rules.savedreplay",
    "cardsdb.apitoken",
    "cardsdb.cardfact",
)
# Models whose foreign keys are written as Django natural keys (groups and permissions by name).
NATURAL_KEY_MODELS = {"auth.group", "auth.user"}
# The apps whose migrations the user data depends on: a restore needs them applied in the target first.
SCHEMA_APPS = ("auth", "contenttypes", "cardsdb", "decks", "rules")


class BackupError(Exception):
    """Why a backup or restore did not go ahead; nothing was changed."""

    def __init__(self, code: str, message: str, *, cards: list[str] | None = None):
        self.code = code
        self.message = message
        self.cards = cards or []
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


class _Encoder(DjangoJSONEncoder):
    """DjangoJSONEncoder keeps times to the millisecond; a restore must give back the microseconds too."""

    def default(self, o):
        if isinstance(o, dt.datetime | dt.time):
            return o.isoformat()
        return super().default(o)


class _NoProgress:
    def __init__(self, **_):
        pass

    def update(self, n=1):
        pass

    def close(self):
        pass


def _no_progress(**kwargs):
    return _NoProgress(**kwargs)


@dataclass
class BackupResult:
    path: Path
    size: int
    sha256: str
    manifest: dict


@dataclass
class Archive:
    """A verified archive, its members extracted into `directory` (removed with it)."""

    manifest: dict
    directory: Path
    parts: dict[str, Path] = field(default_factory=dict)

    @property
    def engine(self) -> str:
        return self.manifest["engine"]


def user_models() -> list:
    """The user-data models this code has (API tokens may not exist in every version)."""
    found = []
    for label in USER_MODELS:
        try:
            found.append(apps.get_model(label))
        except LookupError:
            continue
    return found


def engine_of(alias: str = "default") -> str:
    vendor = connections[alias].vendor
    if vendor not in NATIVE_PARTS:
        raise BackupError("backup-engine", f"Backups support PostgreSQL and SQLite, not {vendor}.")
    return vendor


# --- making a backup -----------------------------------------------------------------------------------------


def default_path() -> Path:
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    return Path(settings.VAR_DIR) / "backups" / f"cardsdb-{stamp}.tar.gz"


def create_backup(path: Path | None = None, *, progress=_no_progress) -> BackupResult:
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
            counts, migrations = _backup_postgresql(native, user_data, progress)
        else:
            counts, migrations = _backup_sqlite(native, user_data, progress)
        manifest = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "engine": engine,
            "django": django.get_version(),
            "migrations": migrations,
            "counts": counts,
            "parts": {part.name: _describe_file(part) for part in (native, user_data)},
        }
        partial = work / "archive.tar.gz"
        _write_archive(partial, manifest, [native, user_data], progress)
        os.replace(partial, path)
    digest, size = _sha256(path)
    return BackupResult(path=path, size=size, sha256=digest, manifest=manifest)


def _backup_postgresql(native: Path, user_data: Path, progress) -> tuple[dict, dict]:
    connection = connections["default"]
    pg_dump = _tool("pg_dump")
    with _snapshot_transaction(connection):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot = cursor.fetchone()[0]
        # The dump sees exactly what this transaction sees, so both copies agree row for row.
        bar = progress(desc="pg_dump", total=None, unit="B", unit_scale=True)
        try:
            _run(
                [pg_dump, "--format=custom", f"--snapshot={snapshot}", f"--file={native}"],
                connection.settings_dict,
                "pg_dump",
            )
            bar.update(native.stat().st_size)
        finally:
            bar.close()
        counts = export_user_data(user_data, progress=progress)
        migrations = applied_migrations()
    return counts, migrations


@contextlib.contextmanager
def _snapshot_transaction(connection) -> Iterator[None]:
    """A REPEATABLE READ transaction: one snapshot for every query in it. Inside a caller's transaction (the
    tests') that transaction is used as it is: pg_export_snapshot() refuses a savepoint."""
    if connection.in_atomic_block:
        yield
        return
    with transaction.atomic(using=connection.alias):
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield


def _backup_sqlite(native: Path, user_data: Path, progress) -> tuple[dict, dict]:
    connection = connections["default"]
    if connection.in_atomic_block:
        # SQLite cannot copy a database from a connection that is writing to it (transaction_mode IMMEDIATE:
        # every transaction here writes); the copy would wait for ever.
        raise BackupError(
            "backup-in-transaction",
            "An SQLite database is backed up outside a transaction; run the command alone.",
        )
    connection.ensure_connection()
    target = sqlite3.connect(native)
    try:
        _copy_sqlite(connection.connection, target, progress, "database copy")
    finally:
        target.close()
    # The user data comes from the copy: the same snapshot, and writers are never held up by a long read.
    with _sqlite_alias(native) as alias:
        counts = export_user_data(user_data, using=alias, progress=progress)
        migrations = applied_migrations(alias)
    return counts, migrations


def _copy_sqlite(source: sqlite3.Connection, target: sqlite3.Connection, progress, desc: str) -> None:
    """sqlite3's online backup: a consistent copy of a database in use (a write in between restarts it)."""
    bar = progress(desc=desc, total=None, unit="page")
    done = 0
    waits = 0

    def step(status, remaining, total):
        nonlocal done, waits
        # Python retries a busy or locked step for ever; another process holding the database that long is
        # reported instead.
        waits = waits + 1 if status in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) else 0
        if waits > BUSY_TRIES:
            raise BackupError(
                "database-busy", f"The database stayed locked for {BUSY_TRIES // 4} s; try again."
            )
        bar.total = total
        bar.update(total - remaining - done)
        done = total - remaining

    try:
        source.backup(target, pages=4096, progress=step)
    finally:
        bar.close()


@contextlib.contextmanager
def _sqlite_alias(path: Path) -> Iterator[str]:
    """A temporary database alias for an SQLite file, so the ORM (and Django's serializers) can read it."""
    alias = "cardsdb_backup_copy"
    base = connections["default"].settings_dict
    # Read-only, and without the live database's WAL switch: the copy stays byte for byte as taken.
    options = {
        k: v for k, v in base.get("OPTIONS", {}).items() if k not in {"init_command", "transaction_mode"}
    }
    connections.settings[alias] = {**base, "NAME": f"{path.as_uri()}?mode=ro", "OPTIONS": options}
    try:
        yield alias
    finally:
        if alias in connections:
            connections[alias].close()
            del connections[alias]
        del connections.settings[alias]


def applied_migrations(alias: str = "default") -> dict[str, list[str]]:
    applied: dict[str, list[str]] = defaultdict(list)
    for app, name in sorted(MigrationRecorder(connections[alias]).applied_migrations()):
        applied[app].append(name)
    return dict(applied)


def export_user_data(path: Path, *, using: str = "default", progress=_no_progress) -> dict[str, int]:
    """Write every user-data object to `path`, one JSON object per line; the rows per model."""
    from cardsdb.models import Card
    from decks.models import Format

    counts = {}
    with open(path, "w", encoding="utf-8") as out:
        for model in user_models():
            label = model._meta.label_lower
            queryset = model._default_manager.using(using).order_by("pk")
            m2m = [f.name for f in model._meta.many_to_many]
            if m2m:
                queryset = queryset.prefetch_related(*m2m)
            total = queryset.count()
            counts[label] = total
            bar = progress(desc=label, total=total, unit="row")
            try:
                for chunk in _chunks(queryset.iterator(chunk_size=CHUNK), CHUNK):
                    objects = serializers.serialize(
                        "python", chunk, use_natural_foreign_keys=label in NATURAL_KEY_MODELS
                    )
                    _name_references(objects, model, using, Card, Format)
                    for obj in objects:
                        out.write(json.dumps(obj, cls=_Encoder, ensure_ascii=False))
                        out.write("\n")
                    bar.update(len(objects))
            finally:
                bar.close()
    return counts


def _reference_fields(model) -> dict[str, str]:
    """The foreign keys written as (game, code): to cards and to formats."""
    refs = {}
    for f in model._meta.concrete_fields:
        if f.is_relation and f.remote_field.model._meta.label_lower in {"cardsdb.card", "decks.format"}:
            refs[f.name] = f.remote_field.model._meta.label_lower
    return refs


def _name_references(objects: list[dict], model, using: str, Card, Format) -> None:
    refs = _reference_fields(model)
    for name, target in refs.items():
        ids = {obj["fields"][name] for obj in objects if obj["fields"].get(name) is not None}
        if not ids:
            continue
        target_model = Card if target == "cardsdb.card" else Format
        keys = {
            pk: [game, code]
            for pk, game, code in target_model.objects.using(using)
            .filter(pk__in=ids)
            .values_list("pk", "game_id", "code")
        }
        for obj in objects:
            if obj["fields"].get(name) is not None:
                obj["fields"][name] = keys[obj["fields"][name]]


def _chunks(items, size):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _write_archive(path: Path, manifest: dict, parts: list[Path], progress) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    now = int(dt.datetime.now(dt.UTC).timestamp())
    with os.fdopen(fd, "wb") as raw, tarfile.open(fileobj=raw, mode="w:gz", compresslevel=6) as tar:
        body = json.dumps(manifest, indent=2, sort_keys=True).encode()
        tar.addfile(_tarinfo(MANIFEST, len(body), now), _BytesReader(body))
        for part in parts:
            size = part.stat().st_size
            bar = progress(desc=f"archive {part.name}", total=size, unit="B", unit_scale=True)
            try:
                with open(part, "rb") as handle:
                    tar.addfile(_tarinfo(part.name, size, now), _ProgressReader(handle, bar))
            finally:
                bar.close()


def _tarinfo(name: str, size: int, mtime: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size = size
    info.mtime = mtime
    info.mode = 0o600
    return info


class _BytesReader:
    def __init__(self, data: bytes):
        self.data = data
        self.offset = 0

    def read(self, n=-1):
        end = len(self.data) if n is None or n < 0 else self.offset + n
        chunk = self.data[self.offset : end]
        self.offset += len(chunk)
        return chunk


class _ProgressReader:
    def __init__(self, handle, bar):
        self.handle = handle
        self.bar = bar

    def read(self, n=-1):
        chunk = self.handle.read(n)
        self.bar.update(len(chunk))
        return chunk


def _describe_file(path: Path) -> dict:
    digest, size = _sha256(path)
    return {"sha256": digest, "bytes": size}


def _sha256(path: Path) -> tuple[str, int]:
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
            size += len(block)
    return digest.hexdigest(), size


# --- reading and checking an archive -------------------------------------------------------------------------


@contextlib.contextmanager
def open_archive(path: Path, *, progress=_no_progress) -> Iterator[Archive]:
    """The archive's members, extracted to a temporary folder and each checked against the manifest; a
    BackupError (backup-corrupt, backup-unsafe…) before anything is changed when one is not as stated."""
    path = Path(path)
    if not path.is_file():
        raise BackupError("backup-not-found", f"No backup file at {path}.")
    directory = Path(tempfile.mkdtemp(prefix="cardsdb-restore-"))
    try:
        yield _extract(path, directory, progress)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _extract(path: Path, directory: Path, progress) -> Archive:
    try:
        with tarfile.open(path, mode="r:gz") as tar:
            return _extract_members(tar, path, directory, progress)
    except BackupError:
        raise
    except (tarfile.TarError, EOFError, zlib.error, OSError) as exc:
        raise BackupError(
            "backup-corrupt", f"{path} is not a complete backup archive ({exc or type(exc).__name__})."
        ) from None


def _extract_members(tar: tarfile.TarFile, path: Path, directory: Path, progress) -> Archive:
    manifest = None
    archive = None
    seen = set()
    while (member := tar.next()) is not None:
        name = member.name
        # Only the few names a backup has, as plain files: no paths (../x, /etc/x), links, devices or folders.
        if name not in MEMBERS:
            raise BackupError(
                "backup-unsafe", f"{path} holds an unexpected member {name!r}; not a cardsdb backup."
            )
        if not member.isreg():
            raise BackupError("backup-unsafe", f"{path}: {name!r} is not a plain file (a link or a folder).")
        if name in seen:
            raise BackupError("backup-unsafe", f"{path} holds {name!r} twice.")
        seen.add(name)
        if manifest is None:
            if name != MANIFEST:
                raise BackupError(
                    "backup-corrupt", f"{path}: the manifest is not the archive's first member."
                )
            if member.size > MAX_MANIFEST_BYTES:
                raise BackupError(
                    "backup-unsafe", f"{path}: the manifest is {member.size:,} bytes; a real one is a few KB."
                )
            manifest = _read_manifest(tar.extractfile(member).read(), path)
            archive = Archive(manifest=manifest, directory=directory)
            continue
        expected = manifest["parts"].get(name)
        if expected is None:
            raise BackupError("backup-corrupt", f"{path}: {name!r} is not listed in the manifest.")
        if member.size != expected["bytes"]:
            raise BackupError(
                "backup-corrupt",
                f"{path}: {name} is {member.size:,} bytes; the manifest says {expected['bytes']:,}.",
            )
        target = directory / name
        digest = hashlib.sha256()
        bar = progress(desc=f"check {name}", total=member.size, unit="B", unit_scale=True)
        try:
            with tar.extractfile(member) as source, open(target, "wb") as out:
                while block := source.read(1 << 20):
                    digest.update(block)
                    out.write(block)
                    bar.update(len(block))
        finally:
            bar.close()
        if digest.hexdigest() != expected["sha256"]:
            raise BackupError("backup-corrupt", f"{path}: {name} does not match its SHA-256 in the manifest.")
        archive.parts[name] = target
    if manifest is None:
        raise BackupError("backup-corrupt", f"{path} holds no manifest; not a cardsdb backup.")
    missing = sorted(set(manifest["parts"]) - set(archive.parts))
    if missing:
        raise BackupError("backup-corrupt", f"{path} lacks {', '.join(missing)}, listed in its manifest.")
    return archive


def _read_manifest(body: bytes, path: Path) -> dict:
    try:
        manifest = jsonsafe.loads(body)
    except jsonsafe.JSONInputError as exc:
        raise BackupError("backup-corrupt", f"{path}: the manifest cannot be read: {exc.message}") from None
    problem = _manifest_problem(manifest)
    if problem:
        raise BackupError("backup-corrupt", f"{path}: {problem}")
    return manifest


def _manifest_problem(manifest) -> str | None:
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        return "the manifest is not a cardsdb backup's."
    if manifest.get("version") != FORMAT_VERSION:
        return f"backup format version {manifest.get('version')!r}; this code reads version {FORMAT_VERSION}."
    if manifest.get("engine") not in NATIVE_PARTS:
        return f"unknown database engine {manifest.get('engine')!r} in the manifest."
    parts = manifest.get("parts")
    if not isinstance(parts, dict) or USER_DATA not in parts:
        return "the manifest lists no user data."
    for name, part in parts.items():
        if name not in MEMBERS or name == MANIFEST:
            return f"the manifest lists an unexpected part {name!r}."
        if not (
            isinstance(part, dict)
            and isinstance(part.get("sha256"), str)
            and len(part["sha256"]) == 64
            and isinstance(part.get("bytes"), int)
            and part["bytes"] >= 0
        ):
            return f"the manifest's entry for {name} has no valid size and SHA-256."
    counts = manifest.get("counts")
    if not isinstance(counts, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and v >= 0 for k, v in counts.items()
    ):
        return "the manifest's counts per model are not valid."
    migrations = manifest.get("migrations")
    if not isinstance(migrations, dict) or not all(
        isinstance(names, list) and all(isinstance(n, str) for n in names) for names in migrations.values()
    ):
        return "the manifest's migrations are not valid."
    return None


def _check_schema(manifest: dict, *, alias: str = "default", need_applied: bool) -> None:
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
        applied = set(MigrationRecorder(connections[alias]).applied_migrations())
        lacking = sorted(m for m in backed_up if m[0] in SCHEMA_APPS and m not in applied)
        if lacking:
            listed = ", ".join(f"{app}.{name}" for app, name in lacking[:5])
            raise BackupError(
                "restore-migrate-first",
                f"This database lacks migrations the backup had ({listed}); run `manage.py migrate` first.",
            )


def verify_backup(path: Path, *, progress=_no_progress) -> dict:
    """Check an archive without restoring anything; its manifest."""
    with open_archive(path, progress=progress) as archive:
        _check_schema(archive.manifest, need_applied=False)
        return archive.manifest


# --- restoring the whole database ----------------------------------------------------------------------------


def restore_database(path: Path, *, target: dict | None = None, progress=_no_progress) -> dict:
    """Replace a whole database with the archive's engine copy: the default database, or `target`
    (PostgreSQL: a settings dict as in DATABASES; SQLite: {"NAME": file}). The engine must be the archive's.
    Changes nothing unless the archive checks out; on PostgreSQL the restore is one transaction."""
    engine = engine_of()
    settings_dict = target or connections["default"].settings_dict
    with open_archive(path, progress=progress) as archive:
        _check_schema(archive.manifest, need_applied=False)
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
            _restore_postgresql(part, settings_dict, progress)
        else:
            _restore_sqlite(part, Path(settings_dict["NAME"]), progress)
        return archive.manifest


def _restore_postgresql(part: Path, settings_dict: dict, progress) -> None:
    pg_restore = _tool("pg_restore")
    bar = progress(desc="pg_restore", total=None, unit="B", unit_scale=True)
    try:
        _run(
            [
                pg_restore,
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                "--exit-on-error",
                f"--dbname={settings_dict['NAME']}",
                str(part),
            ],
            settings_dict,
            "restore-failed",
        )
        bar.update(part.stat().st_size)
    finally:
        bar.close()


def _restore_sqlite(part: Path, target: Path, progress) -> None:
    source = sqlite3.connect(f"{part.as_uri()}?mode=ro", uri=True)
    try:
        try:
            verdict = source.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            verdict = str(exc)
        if verdict != "ok":
            raise BackupError("backup-corrupt", f"The archive's SQLite database is damaged: {verdict}.")
        target.parent.mkdir(parents=True, exist_ok=True)
        destination = sqlite3.connect(target, timeout=30)
        try:
            # The backup API writes the whole file under one lock: readers see the old or the new database.
            _copy_sqlite(source, destination, progress, "restore database")
        finally:
            destination.close()
    finally:
        source.close()


def _tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BackupError(
            "backup-tool-missing",
            f"{name} is not on PATH; install the PostgreSQL client tools (Debian: postgresql-client) of the "
            "server's major version.",
        )
    return found


def _run(command: list[str], settings_dict: dict, code: str) -> None:
    """Run pg_dump / pg_restore against a database of DATABASES; the password goes in the environment, never
    on the command line (other users can read that)."""
    env = dict(os.environ)
    env.update(
        {
            key: str(value)
            for key, value in (
                ("PGHOST", settings_dict.get("HOST")),
                ("PGPORT", settings_dict.get("PORT")),
                ("PGUSER", settings_dict.get("USER")),
                ("PGPASSWORD", settings_dict.get("PASSWORD")),
                ("PGDATABASE", settings_dict.get("NAME")),
                ("PGSSLMODE", (settings_dict.get("OPTIONS") or {}).get("sslmode")),
            )
            if value
        }
    )
    result = subprocess.run(command, env=env, capture_output=True, text=True, errors="replace")
    if result.returncode != 0:
        detail = result.stderr.strip().splitlines()[-5:]
        tool = Path(command[0]).name
        raise BackupError(code, f"{tool} stopped (exit status {result.returncode}): " + " / ".join(detail))


# --- restoring the user data ---------------------------------------------------------------------------------


def restore_user_data(path: Path, *, replace: bool = False, progress=_no_progress) -> dict[str, int]:
    """Load the archive's user data into the default database, whatever its engine: one transaction, after
    every check (archive, schema, catalogue, cards) has passed. The database must hold no user data, or
    `replace` deletes what it holds first (in the same transaction)."""
    with open_archive(path, progress=progress) as archive:
        _check_schema(archive.manifest, need_applied=True)
        return load_user_data(
            archive.parts[USER_DATA],
            expected=archive.manifest["counts"],
            replace=replace,
            progress=progress,
        )


def load_user_data(
    path: Path, *, expected: dict[str, int] | None = None, replace: bool = False, progress=_no_progress
) -> dict[str, int]:
    from cardsdb.models import Card
    from decks.models import Format

    models = {model._meta.label_lower: model for model in user_models()}
    refs = {label: _reference_fields(model) for label, model in models.items()}
    counts = Counter()
    wanted = {"cardsdb.card": set(), "decks.format": set()}
    games = set()
    for line_number, obj in _read_objects(path, models):
        label = obj["model"]
        counts[label] += 1
        for name, target in refs[label].items():
            value = obj["fields"].get(name)
            if value is None:
                continue
            if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
                raise BackupError(
                    "backup-invalid", f"Line {line_number}: {label}.{name} is not a [game, code] pair."
                )
            wanted[target].add(tuple(value))
            if target == "cardsdb.card":
                games.add(value[0])
    if expected is not None:
        stated = {label: n for label, n in expected.items() if label in models}
        if stated != {label: counts.get(label, 0) for label in stated} or set(counts) - set(stated):
            raise BackupError(
                "backup-corrupt", "The user data's rows per model differ from the manifest's counts."
            )
    without = sorted(g for g in games if not Card.objects.filter(game_id=g).exists())
    if without:
        raise BackupError(
            "restore-no-catalogue",
            f"The catalogue of {', '.join(without)} is not imported: import it first (`make run`, or "
            f"`manage.py import_cards {without[0]}` and `import_formats {without[0]}`), then restore.",
        )
    card_ids = _resolve(Card, wanted["cardsdb.card"])
    format_ids = _resolve(Format, wanted["decks.format"])
    missing_cards = sorted(wanted["cardsdb.card"] - set(card_ids))
    if missing_cards:
        names = [f"{game} {code}" for game, code in missing_cards]
        raise BackupError(
            "restore-missing-cards",
            f"{len(names)} card(s) the user data holds are not in the catalogue: {', '.join(names[:20])}"
            f"{' …' if len(names) > 20 else ''}. Import the catalogue the backup was made with, then restore.",
            cards=names,
        )
    missing_formats = sorted(wanted["decks.format"] - set(format_ids))
    if missing_formats:
        listed = ", ".join(f"{game} {code}" for game, code in missing_formats)
        raise BackupError(
            "restore-missing-formats",
            f"Formats the decks use are not imported: {listed}. Run `manage.py import_formats <game>` first.",
        )
    ids = {"cardsdb.card": card_ids, "decks.format": format_ids}
    alias = "default"
    try:
        with transaction.atomic(using=alias):
            _empty_or_refuse(models, replace)
            bars = {}
            try:
                for label, chunk in _chunks_by_model(_read_objects(path, models), CHUNK):
                    if label not in bars:
                        for bar in bars.values():
                            bar.close()
                        bars[label] = progress(desc=f"restore {label}", total=counts[label], unit="row")
                    for obj in chunk:
                        for name, target in refs[label].items():
                            value = obj["fields"].get(name)
                            if value is not None:
                                obj["fields"][name] = ids[target][tuple(value)]
                    for item in serializers.deserialize("python", chunk, using=alias):
                        # raw, as loaddata: times kept as they were (no auto_now); force_insert: one query a row.
                        item.object.save_base(using=alias, raw=True, force_insert=True)
                        for accessor, values in (item.m2m_data or {}).items():
                            getattr(item.object, accessor).set(values)
                    bars[label].update(len(chunk))
            finally:
                for bar in bars.values():
                    bar.close()
            # Foreign keys are checked at commit on both engines; checked here, a bad row is a refusal like the
            # others, also inside a caller's transaction.
            connections[alias].check_constraints(table_names=_tables(models.values()))
            _reset_sequences(models.values(), alias)
            found = {label: model._default_manager.using(alias).count() for label, model in models.items()}
            if found != {label: counts.get(label, 0) for label in models}:
                raise BackupError(
                    "restore-failed", f"After loading, the rows per model are {found}; rolled back."
                )
    except BackupError:
        raise
    except (DeserializationError, DatabaseError, ValueError, TypeError, KeyError) as exc:
        raise BackupError(
            "restore-failed", f"The user data could not be loaded, nothing was changed: {exc}"
        ) from None
    return dict(counts)


def _read_objects(path: Path, models: dict) -> Iterator[tuple[int, dict]]:
    with open(path, encoding="utf-8", errors="strict") as handle:
        try:
            for line_number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    obj = jsonsafe.loads(line, max_depth=MAX_JSON_DEPTH)
                except jsonsafe.JSONInputError as exc:
                    raise BackupError(
                        "backup-invalid", f"Line {line_number} of the user data: {exc.message}"
                    ) from None
                if not (
                    isinstance(obj, dict)
                    and obj.get("model") in models
                    and isinstance(obj.get("fields"), dict)
                    and isinstance(obj.get("pk"), int)
                    and not isinstance(obj.get("pk"), bool)
                ):
                    raise BackupError(
                        "backup-invalid",
                        f"Line {line_number} of the user data is not a user-data object "
                        f"(model one of {', '.join(models)}, an integer pk, fields).",
                    )
                yield line_number, obj
        except UnicodeDecodeError as exc:
            raise BackupError("backup-invalid", f"The user data is not UTF-8 text ({exc.reason}).") from None


def _chunks_by_model(objects: Iterator[tuple[int, dict]], size: int) -> Iterator[tuple[str, list[dict]]]:
    label, chunk = None, []
    for _line, obj in objects:
        if obj["model"] != label or len(chunk) == size:
            if chunk:
                yield label, chunk
            label, chunk = obj["model"], []
        chunk.append(obj)
    if chunk:
        yield label, chunk


def _resolve(model, keys: set[tuple[str, str]]) -> dict[tuple[str, str], int]:
    by_game = defaultdict(list)
    for game, code in keys:
        by_game[game].append(code)
    found = {}
    for game, codes in by_game.items():
        for chunk in _chunks(codes, CHUNK):
            for pk, code in model.objects.filter(game_id=game, code__in=chunk).values_list("pk", "code"):
                found[(game, code)] = pk
    return found


def _empty_or_refuse(models: dict, replace: bool) -> None:
    held = {label: model._default_manager.count() for label, model in models.items()}
    held = {label: n for label, n in held.items() if n}
    if not held:
        return
    if not replace:
        listed = ", ".join(f"{n} {label}" for label, n in held.items())
        raise BackupError(
            "restore-not-empty",
            f"This database already holds user data ({listed}); restore into an empty one, or pass --replace to "
            "delete it first.",
        )
    # Users first: their decks, collections, games, replays and tokens go with them (CASCADE).
    for label in ("auth.user", *reversed(list(models))):
        models[label]._default_manager.all().delete()


def _tables(models) -> list[str]:
    tables = []
    for model in models:
        tables.append(model._meta.db_table)
        tables += [f.remote_field.through._meta.db_table for f in model._meta.many_to_many]
    return tables


def _reset_sequences(models, alias: str) -> None:
    """Rows came with their ids: the next id each table hands out must follow them (PostgreSQL sequences;
    SQLite's AUTOINCREMENT follows by itself)."""
    connection = connections[alias]
    tables = list(models)
    for model in models:
        tables += [f.remote_field.through for f in model._meta.many_to_many]
    statements = connection.ops.sequence_reset_sql(no_style(), tables)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
