"""Read GEMP's swccgFormats.json and sync the Format rows (atomic, idempotent, every problem named)."""

import json
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from cardsdb.importers.errors import ImportProblem, describe_record
from cardsdb.importers.sources import Source
from cardsdb.importers.swccg import GEMP_COMMIT
from cardsdb.models import Game

from .legality.formats import expand_ids, from_gemp
from .models import Format

FORMATS_FILE = "gemp/swccgFormats.json"
HOUSE_RULES = Path(__file__).parent / "data" / "swccg_house_rules.json"
SOURCE = f"gemp@{GEMP_COMMIT[:7]}"


@dataclass
class FormatSummary:
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return (
            f"{self.added} added, {self.changed} changed, {self.removed} removed, {self.unchanged} unchanged"
        )


def load_definitions(source: Source) -> list[dict]:
    data = source.read_json(FORMATS_FILE)
    if not isinstance(data, list) or not data:
        raise ImportProblem("expected a non-empty list of formats", file=FORMATS_FILE)
    seen = set()
    for i, definition in enumerate(data):
        where = describe_record(i, definition)
        if not isinstance(definition, dict):
            raise ImportProblem("a format must be an object", file=FORMATS_FILE, record=where)
        for key in ("code", "name"):
            if not isinstance(definition.get(key), str) or not definition[key]:
                raise ImportProblem(f"{key!r} missing", file=FORMATS_FILE, record=where)
        if definition["code"] in seen:
            raise ImportProblem(
                f"format code {definition['code']!r} appears twice", file=FORMATS_FILE, record=where
            )
        seen.add(definition["code"])
        sets = definition.get("set", [])
        if not isinstance(sets, list) or not all(isinstance(s, int) for s in sets):
            raise ImportProblem("'set' must be a list of set numbers", file=FORMATS_FILE, record=where)
        for key in ("banned", "restricted", "valid", "bannedIcons", "bannedRarities"):
            value = definition.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ImportProblem(f"{key!r} must be a list of strings", file=FORMATS_FILE, record=where)
        try:
            for key in ("banned", "restricted", "valid"):
                expand_ids(definition.get(key, []))
        except ValueError as exc:
            raise ImportProblem(str(exc), file=FORMATS_FILE, record=where) from None
        if "deckSize" in definition and (
            not isinstance(definition["deckSize"], int) or definition["deckSize"] < 1
        ):
            raise ImportProblem("'deckSize' must be a positive whole number", file=FORMATS_FILE, record=where)
    return data


def house_rules() -> dict:
    return json.loads(HOUSE_RULES.read_text())


def import_formats(source: Source, game: str = "swccg") -> FormatSummary:
    definitions = load_definitions(source)
    rules = house_rules()
    summary = FormatSummary()
    with transaction.atomic():
        game_row = Game.objects.get(code=game)
        existing = {f.code: f for f in Format.objects.filter(game=game_row)}
        for position, definition in enumerate(definitions):
            version = from_gemp(definition, rules, source=SOURCE).version
            values = {
                "name": definition["name"],
                "version": version,
                "position": position,
                "definition": definition,
                "house_rules": rules,
                "source": SOURCE,
            }
            row = existing.pop(definition["code"], None)
            if row is None:
                Format.objects.create(game=game_row, code=definition["code"], **values)
                summary.added += 1
            elif any(getattr(row, k) != v for k, v in values.items()):
                for k, v in values.items():
                    setattr(row, k, v)
                row.save()
                summary.changed += 1
            else:
                summary.unchanged += 1
        if existing:
            Format.objects.filter(pk__in=[f.pk for f in existing.values()]).delete()
            summary.removed = len(existing)
    return summary
