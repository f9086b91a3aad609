"""Sync the Format rows (atomic, idempotent, every problem named): SWCCG's from GEMP's swccgFormats.json, SWTCG's
from the project's own decks/data/swtcg_formats.json."""

import json
from pathlib import Path

from django.db import transaction

from cardsdb.importers import swtcg as swtcg_sets
from cardsdb.importers.errors import ImportProblem, describe_record
from cardsdb.importers.removals import diff, guard
from cardsdb.importers.sources import Source, parse_json
from cardsdb.importers.swccg import GEMP_COMMIT
from cardsdb.importers.sync import Counts, prune_by_code, upsert_by_code
from cardsdb.models import Game
from core.swtcg.usage import USAGE_SCOPES
from decks.legality.formats import expand_ids, from_gemp
from decks.legality.swdbg import rules_from_definition
from decks.legality.swtcg import NUMBER_KEYS, format_from_definition
from decks.models import Format

FORMATS_FILE = "gemp/swccgFormats.json"
HOUSE_RULES = Path(__file__).resolve().parents[1] / "data" / "swccg_house_rules.json"
SWTCG_FORMATS = Path(__file__).resolve().parents[1] / "data" / "swtcg_formats.json"
SWDBG_FORMATS = Path(__file__).resolve().parents[1] / "data" / "swdbg_formats.json"
SOURCE = f"gemp@{GEMP_COMMIT[:7]}"


def _identify(definition: object, index: int, seen: set[str], file: str) -> str:
    """A format entry must be an object with a code and a name, its code not seen before; returns how problems
    name the record."""
    where = describe_record(index, definition)
    if not isinstance(definition, dict):
        raise ImportProblem("a format must be an object", file=file, record=where)
    for key in ("code", "name"):
        if not isinstance(definition.get(key), str) or not definition[key]:
            raise ImportProblem(f"{key!r} missing", file=file, record=where)
    if definition["code"] in seen:
        raise ImportProblem(f"format code {definition['code']!r} appears twice", file=file, record=where)
    seen.add(definition["code"])
    return where


def load_definitions(source: Source) -> list[dict]:
    data = source.read_json(FORMATS_FILE)
    if not isinstance(data, list) or not data:
        raise ImportProblem("expected a non-empty list of formats", file=FORMATS_FILE)
    seen: set[str] = set()
    for i, definition in enumerate(data):
        where = _identify(definition, i, seen, FORMATS_FILE)
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


def _read_json(path: Path) -> object:
    """A formats file's JSON, strings checked as the card data's are (NUL, lone surrogates)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImportProblem(f"cannot read the formats file: {exc.strerror or exc}", file=path.name) from None
    return parse_json(data, path.name)


def house_rules() -> dict:
    return json.loads(HOUSE_RULES.read_text())


def load_swtcg_definitions(path: Path = SWTCG_FORMATS) -> tuple[list[dict], str]:
    """The SWTCG formats file: (definitions, source tag); every problem names the format."""
    name = path.name
    data = _read_json(path)
    definitions = data.get("formats") if isinstance(data, dict) else None
    if not isinstance(definitions, list) or not definitions or not isinstance(data.get("source"), str):
        raise ImportProblem("expected {'source': str, 'formats': [...]} with at least one format", file=name)
    seen: set[str] = set()
    for i, definition in enumerate(definitions):
        where = _identify(definition, i, seen, name)
        for key in NUMBER_KEYS:
            value = definition.get(key, 1)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ImportProblem(f"{key!r} must be a whole number ≥ 0", file=name, record=where)
        for key in ("sets", "ban_scopes", "banned", "restricted"):
            value = definition.get(key) or []
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ImportProblem(f"{key!r} must be a list of strings", file=name, record=where)
        # A typo must not quietly disable bans or empty the card pool.
        for key, known in (("ban_scopes", USAGE_SCOPES), ("sets", set(swtcg_sets.SET_CODES))):
            unknown = sorted(set(definition.get(key) or []) - set(known))
            if unknown:
                raise ImportProblem(
                    f"{key!r} has unknown values {unknown}; known: {', '.join(sorted(known))}",
                    file=name,
                    record=where,
                )
    return definitions, data["source"]


def import_swtcg_formats(path: Path = SWTCG_FORMATS, *, allow_removals: bool = False) -> Counts:
    definitions, source = load_swtcg_definitions(path)
    wanted = {
        d["code"]: {
            "name": d["name"],
            "version": format_from_definition(d, source=source).version,
            "position": position,
            "definition": d,
            "house_rules": {},
            "source": source,
        }
        for position, d in enumerate(definitions)
    }
    return _sync("swtcg", wanted, allow_removals)


def import_swdbg_formats(path: Path = SWDBG_FORMATS, *, allow_removals: bool = False) -> Counts:
    """The SW:DBG setup formats: each stored with the file's shared keys merged in, so a row is self-contained."""
    name = path.name
    data = _read_json(path)
    try:
        shared = {k: v for k, v in data.items() if k not in ("formats", "_comment")}
        definitions = [{**shared, **f} for f in data["formats"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ImportProblem(f"cannot read the formats file: {exc!r}", file=name) from None
    wanted = {}
    for position, definition in enumerate(definitions):
        try:
            rules = rules_from_definition(definition)
        except (KeyError, ValueError, TypeError) as exc:
            where = describe_record(position, definition)
            raise ImportProblem(f"bad format: {exc!r}", file=name, record=where) from None
        if rules.code in wanted:
            raise ImportProblem(f"format code {rules.code!r} appears twice", file=name)
        wanted[rules.code] = {
            "name": rules.name,
            "version": rules.version,
            "position": position,
            "definition": definition,
            "house_rules": {},
            "source": "cardsdb-swdbg",
        }
    return _sync("swdbg", wanted, allow_removals)


def _sync(game: str, wanted: dict, allow_removals: bool) -> Counts:
    summary = Counts()
    with transaction.atomic():
        game_row = Game.objects.get(code=game)
        existing = dict(Format.objects.filter(game=game_row).values_list("code", "name"))
        labels = {code: f"{name} ({code})" for code, name in existing.items()}
        guard(game, [diff("formats", labels, wanted)], allow=allow_removals)
        _, stale = upsert_by_code(Format, game_row, wanted, summary)
        prune_by_code(Format, game_row, stale, summary)
    return summary


def import_formats(source: Source, game: str = "swccg", *, allow_removals: bool = False) -> Counts:
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
    return _sync(game, wanted, allow_removals)
