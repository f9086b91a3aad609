"""Read GEMP's swccgFormats.json and sync the Format rows (atomic, idempotent, every problem named)."""

import json
from pathlib import Path

from django.db import transaction

from cardsdb.importers.errors import ImportProblem, describe_record
from cardsdb.importers.sources import Source
from cardsdb.importers.swccg import GEMP_COMMIT
from cardsdb.importers.sync import Counts, prune_by_code, upsert_by_code
from cardsdb.models import Game

from .legality.formats import expand_ids, from_gemp
from .models import Format

FORMATS_FILE = "gemp/swccgFormats.json"
HOUSE_RULES = Path(__file__).parent / "data" / "swccg_house_rules.json"
SOURCE = f"gemp@{GEMP_COMMIT[:7]}"


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


def import_formats(source: Source, game: str = "swccg") -> Counts:
    definitions = load_definitions(source)
    rules = house_rules()
    wanted = {
        d["code"]: {
            "name": d["name"],
            "version": from_gemp(d, rules, source=SOURCE).version,
            "position": position,
            "definition": d,
            "house_rules": rules,
            "source": SOURCE,
        }
        for position, d in enumerate(definitions)
    }
    summary = Counts()
    with transaction.atomic():
        game_row = Game.objects.get(code=game)
        _, stale = upsert_by_code(Format, game_row, wanted, summary)
        prune_by_code(Format, game_row, stale, summary)
    return summary
