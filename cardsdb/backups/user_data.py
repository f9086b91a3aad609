"""The user data's lines (user-data.jsonl): how they are encoded and read back, and which fields name rows."""

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

from django.core.serializers.json import DjangoJSONEncoder

from cardsdb import jsonsafe

from . import registry
from .errors import BackupError

# Saved games and replays are the deepest user data (records of a few levels); far below Python's recursion limit.
MAX_JSON_DEPTH = 64
CHUNK = 500


class Encoder(DjangoJSONEncoder):
    """DjangoJSONEncoder keeps times to the millisecond; a restore must give back the microseconds too."""

    def default(self, o):
        if isinstance(o, dt.datetime | dt.time):
            return o.isoformat()
        return super().default(o)


def reference_fields(model) -> dict[str, str]:
    """The foreign keys written as [game, code] (to cards, formats…): field name to the target's label."""
    named = registry.named_targets()
    refs = {}
    for f in model._meta.concrete_fields:
        if f.is_relation and f.remote_field.model._meta.label_lower in named:
            refs[f.name] = f.remote_field.model._meta.label_lower
    return refs


def read_objects(path: Path, models: dict) -> Iterator[tuple[int, dict]]:
    """The objects of a user-data file with their line numbers; a BackupError at the first line that is not
    one of `models`' objects."""
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


def chunks(items, size):
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
