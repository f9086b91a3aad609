"""The archive's file format: its member names, the manifest and its version, and the engines it knows."""

import datetime as dt
from pathlib import Path

import django
from django.db import connections

from cardsdb import jsonsafe

from .errors import BackupError

FORMAT = "cardsdb-backup"
# Version 1 is the only one written so far; a restore refuses any other (made by code it does not know).
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
USER_DATA = "user-data.jsonl"
NATIVE_PARTS = {"postgresql": "database.pgdump", "sqlite": "database.sqlite3"}
MEMBERS = {MANIFEST, USER_DATA, *NATIVE_PARTS.values()}
# A real manifest is a few kilobytes; anything larger is not one of ours and is not read into memory.
MAX_MANIFEST_BYTES = 1 << 20


def engine_of(alias: str = "default") -> str:
    vendor = connections[alias].vendor
    if vendor not in NATIVE_PARTS:
        raise BackupError("backup-engine", f"Backups support PostgreSQL and SQLite, not {vendor}.")
    return vendor


def new_manifest(engine: str, migrations: dict, counts: dict, parts: dict) -> dict:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "engine": engine,
        "django": django.get_version(),
        "migrations": migrations,
        "counts": counts,
        "parts": parts,
    }


def read_manifest(body: bytes, path: Path) -> dict:
    try:
        manifest = jsonsafe.loads(body)
    except jsonsafe.JSONInputError as exc:
        raise BackupError("backup-corrupt", f"{path}: the manifest cannot be read: {exc.message}") from None
    problem = manifest_problem(manifest)
    if problem:
        raise BackupError("backup-corrupt", f"{path}: {problem}")
    return manifest


def manifest_problem(manifest) -> str | None:
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
