"""Bulk downloads: each game's whole catalogue as one gzipped JSON file, for clients that want every card at once
instead of thousands of API pages (docs/api.md, "Bulk downloads").

The file holds {"format", "game", "catalogue_version", "catalogue_updated_at", "sets", "personas", "cards"}: sets
as GET /api/sets/ gives them, cards (every edition: current, legacy, pre-errata) as GET /api/cards/<game>/<id>/
does, with their printings, variants, relations and facts. It holds no time of its own, and gzip is written
without a time or name, so the same catalogue always gives the same bytes and the same SHA-256.

Files live in settings.BULK_DIR. A game's file is named by its content (<game>-<first 16 hex of sha256>.json.gz)
and <game>.meta.json says which one is current with its size, SHA-256 and catalogue version. A new file is
written beside the old under a temporary name, then renamed; the meta file is then replaced the same way, so a
reader sees the old pair or the new, never a partial file. An import (import_cards, import_card_facts) writes the
file of the game it changed once its transaction has committed; `manage.py export_bulk` writes it on demand.
"""

import gzip
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder

from .catalogue_versions import catalogue_version
from .models import CardSet, Persona

FORMAT = 1  # raised when the file's shape changes incompatibly
CHUNK = 500  # cards read (with their related rows) per query round

Progress = Callable[[Iterable, str, int], Iterable]


def no_progress(items: Iterable, desc: str, total: int) -> Iterable:
    return items


@dataclass(frozen=True)
class BulkFile:
    game: str
    name: str  # the content file's name in BULK_DIR
    sha256: str
    size: int
    catalogue_version: int | None  # the ImportRun id the file was made from
    catalogue_updated_at: str | None
    generated_at: str

    @property
    def path(self) -> Path:
        return bulk_dir() / self.name


def bulk_dir() -> Path:
    return Path(settings.BULK_DIR)


def _meta_path(game: str) -> Path:
    return bulk_dir() / f"{game}.meta.json"


def current(game: str) -> BulkFile | None:
    """The game's current file as its meta file describes it; None when none has been written (or the meta file
    cannot be read: the next export replaces it)."""
    try:
        meta = json.loads(_meta_path(game).read_text(encoding="utf-8"))
        found = BulkFile(**meta)
    except (OSError, ValueError, TypeError):
        return None
    return found if found.game == game and "/" not in found.name else None


def is_current(game: str) -> bool:
    """Whether the game's file exists and was made from the game's catalogue as it is now."""
    found = current(game)
    return found is not None and found.path.is_file() and found.catalogue_version == _version(game)[0]


def _version(game: str) -> tuple[int | None, str | None]:
    version = catalogue_version(game)
    return (version[0], version[1].isoformat()) if version else (None, None)


def export(game: str, progress: Progress = no_progress) -> BulkFile:
    """Write the game's bulk file and make it current; returns what the listing shows. On any failure nothing
    changes: the temporary file is removed and the previous file stays current."""
    directory = bulk_dir()
    directory.mkdir(parents=True, exist_ok=True)
    version, updated_at = _version(game)
    handle = tempfile.NamedTemporaryFile(dir=directory, prefix=f".{game}-", suffix=".tmp", delete=False)
    temporary = Path(handle.name)
    try:
        with handle:
            hashing = _Hashing(handle)
            with gzip.GzipFile(filename="", mode="wb", fileobj=hashing, compresslevel=6, mtime=0) as zipped:
                for piece in _document(game, version, updated_at, progress):
                    zipped.write(piece.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        digest = hashing.sha256.hexdigest()
        written = BulkFile(
            game=game,
            name=f"{game}-{digest[:16]}.json.gz",
            sha256=digest,
            size=hashing.size,
            catalogue_version=version,
            catalogue_updated_at=updated_at,
            generated_at=datetime.now(UTC).isoformat(),
        )
        temporary.chmod(0o644)
        os.replace(temporary, written.path)
        _write_atomically(_meta_path(game), json.dumps(asdict(written), indent=2).encode("utf-8"))
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _remove_old(game, keep=written.name)
    return written


def _document(game: str, version: int | None, updated_at: str | None, progress: Progress) -> Iterator[str]:
    """The file's JSON, a piece at a time: the whole catalogue is never one string in memory."""
    from .api.serializers import CardDetailSerializer, SetSerializer
    from .api.views import api_detail_queryset

    def dumps(value) -> str:
        return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False, separators=(",", ":"))

    head = {"format": FORMAT, "game": game, "catalogue_version": version, "catalogue_updated_at": updated_at}
    yield dumps(head)[:-1]  # the object stays open for the lists
    sets = SetSerializer(CardSet.objects.filter(game_id=game).select_related("game"), many=True).data
    yield ',"sets":' + dumps(sets)
    personas = Persona.objects.filter(game_id=game).order_by("code").values("code", "name")
    yield ',"personas":' + dumps(list(personas))
    yield ',"cards":['
    cards = api_detail_queryset().filter(game_id=game).order_by("code")  # the card API's shape
    # One serializer per chunk: DRF builds a serializer's fields anew for each instance, which costs more than
    # the card itself.
    serializer = CardDetailSerializer(many=True)
    chunk: list = []
    first = True
    for card in progress(cards.iterator(chunk_size=CHUNK), f"{game} bulk", cards.count()):
        chunk.append(card)
        if len(chunk) == CHUNK:
            yield ("" if first else ",") + dumps(serializer.to_representation(chunk))[1:-1]
            first, chunk = False, []
    if chunk:
        yield ("" if first else ",") + dumps(serializer.to_representation(chunk))[1:-1]
    yield "]}"


def _write_atomically(path: Path, data: bytes) -> None:
    handle = tempfile.NamedTemporaryFile(
        dir=path.parent, prefix=f".{path.name}-", suffix=".tmp", delete=False
    )
    try:
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        Path(handle.name).chmod(0o644)
        os.replace(handle.name, path)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise


def _remove_old(game: str, *, keep: str) -> None:
    """Earlier files of the game. A download already reading one keeps its open file (POSIX); one about to open
    it reads the meta file again (cardsdb/api/bulk.py)."""
    for path in bulk_dir().glob(f"{game}-*.json.gz"):
        if path.name != keep:
            path.unlink(missing_ok=True)


class _Hashing:
    """A file that hashes and counts what is written to it (the gzip stream, as it is stored)."""

    def __init__(self, file):
        self.file = file
        self.sha256 = hashlib.sha256()
        self.size = 0

    def write(self, data) -> int:
        self.sha256.update(data)
        self.size += len(data)
        return self.file.write(data)

    def flush(self) -> None:
        self.file.flush()
