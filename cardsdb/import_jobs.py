"""A game's catalogue import as a job (kind "catalogue-import", registered by cardsdb/apps.py): what
`manage.py import_cards GAME` does, started over HTTP by a staff user (POST /api/imports/, cardsdb/api/imports.py).

The source is the server's own: CARDSDB_DATA_DIR/<game> when it is there, else the game's pinned public download
(checksum-verified). A request never names a path or URL, so it cannot make the server read another file or
fetch another address. The import takes the database's import lock without waiting (a running import_cards or
another import job: the job fails `import-locked`, nothing changed), is atomic like the command's, and rewrites
the game's bulk file afterwards. Progress is the current step's (the cards written in batches, then their
relations); the result is the import's summary."""

import time
from collections.abc import Iterable

from django.conf import settings

from . import bulk, jobs
from .errors import ERROR_CODES, ApiError
from .games.registry import GAMES
from .importers.errors import ImportProblem
from .importers.lock import ImportLocked, import_lock
from .importers.sources import open_source
from .importers.sync import Counts, apply_snapshot
from .models import Job

KIND = "catalogue-import"


def blocking_job() -> Job | None:
    """The import job that stops a new one from starting: one queued or running. Lost ones are marked failed
    `job-lost` first (cardsdb/jobs.py end_lost) instead of blocking every later import: a running import silent
    for minutes whose process no longer holds the import lock (a worker killed mid-import, whose transaction
    rolled back), or one queued for over an hour."""
    imports = Job.objects.filter(kind=KIND)
    jobs.end_lost(imports)
    return imports.filter(status__in=jobs.OPEN).order_by("created_at").first()


def holds_import_lock(job: Job) -> bool:
    """Whether a silent running import job is alive (cardsdb/jobs.py ALIVE): its progress is written inside the
    import's transaction, unseen by others until it commits, but its process holds the import lock."""
    try:
        with import_lock(wait=False):
            return False
    except ImportLocked:
        return True


def has_source(game: str) -> bool:
    """Whether the game can be imported here: local data, or a known public download."""
    data_dir = settings.CARDSDB_DATA_DIR
    return (data_dir is not None and (data_dir / game).is_dir()) or GAMES[game].pinned_cards is not None


def _counts(counts: Counts) -> dict:
    return {
        "added": counts.added,
        "changed": counts.changed,
        "removed": counts.removed,
        "unchanged": counts.unchanged,
    }


def _problem(problem: ImportProblem) -> ApiError:
    code = problem.code if problem.code in ERROR_CODES else "import-failed"
    return ApiError(code, f"Not imported, nothing was changed: {problem}")


def run_import_job(payload: dict, progress: jobs.Progress) -> dict:
    game, allow_removals = payload["game"], bool(payload.get("allow_removals"))
    plugin = GAMES[game]
    started = time.perf_counter()

    def step(items: Iterable, desc: str, total: int) -> Iterable:
        progress(0, total)
        for done, item in enumerate(items, 1):
            yield item
            progress(done, total)

    try:
        with import_lock(wait=False):
            source = open_source(
                None,
                game=game,
                data_dir=settings.CARDSDB_DATA_DIR,
                pinned=plugin.pinned_cards() if plugin.pinned_cards else None,
            )
            summary = apply_snapshot(plugin.load_cards(source), progress=step, allow_removals=allow_removals)
            written, warnings = None, list(summary.warnings)
            # After the import's transaction, still under the lock: the file is the catalogue just imported.
            if settings.BULK_ON_IMPORT and (summary.changed_anything or not bulk.is_current(game)):
                try:
                    written = bulk.export(game)
                except OSError as exc:  # a full disk: the import stands, the previous file stays
                    warnings.append(f"{game} bulk file not written ({exc.strerror or exc}); run export_bulk.")
    except ImportProblem as problem:
        raise _problem(problem) from None
    return {
        "game": game,
        "source": summary.source,
        "changed": summary.changed_anything,
        "sets": _counts(summary.sets),
        "rarities": _counts(summary.rarities),
        "personas": _counts(summary.personas),
        "cards": _counts(summary.cards),
        "removals": [removal.describe() for removal in summary.removals],
        "warnings": warnings,
        "bulk": {"sha256": written.sha256, "size": written.size} if written else None,
        "seconds": round(time.perf_counter() - started, 1),
    }
