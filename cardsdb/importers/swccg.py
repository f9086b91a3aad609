"""SWCCG: the Players Committee's swccg-card-json files plus GEMP's blueprint export.

Traps handled here (each has a test): several records per GEMP id (alternate images, and shields printed
under two titles), GEMP ids whose only record is an (AI) image, GEMP's X_BACK ids for the back of two-sided
cards and its Anthology reprint ids (105_*, 107_*), titles shared by Light and Dark locations, the same source id
used twice across files, legacy cards without GEMP ids, stats like "2 or 5", "π", "*", and icon counts
spelled two ways.
"""

import re
from datetime import date
from pathlib import Path

from django.conf import settings

from .errors import ImportProblem, describe_record
from .schema import SchemaChecker
from .snapshot import SetData, Snapshot
from .sources import PinnedFile, PinnedSource, Source
from .swccg_cards import CardBuilder, CardRecord, record_uniqueness

GAME = "swccg"
CARD_JSON_COMMIT = "3331981e2cf39ca1309c08c27419eb6e2d034868"
GEMP_COMMIT = "948de41637c007c0545cb113a91cc5094f581de7"
_CARD_JSON = f"https://raw.githubusercontent.com/swccgpc/swccg-card-json/{CARD_JSON_COMMIT}/"
_GEMP = (
    f"https://raw.githubusercontent.com/PlayersCommittee/gemp-swccg-public/{GEMP_COMMIT}"
    "/src/gemp-swccg-cards/src/main/resources/"
)
PINNED_FILES = [
    PinnedFile(
        "Dark.json",
        _CARD_JSON + "Dark.json",
        "3f2460d67f94a83dcc42df3ca325deb0760c3dea233774614bc64720818e7f69",
    ),
    PinnedFile(
        "Light.json",
        _CARD_JSON + "Light.json",
        "ffa85b07a6ebb8969ae462ca9d77326fdd5615ffbde5a9926bbf4ce64759c20d",
    ),
    PinnedFile(
        "DarkLegacy.json",
        _CARD_JSON + "DarkLegacy.json",
        "5e9097f913b5a200343e7d2ba46443665c49e9ae0b62878ef97b22bc2c8c7e9b",
    ),
    PinnedFile(
        "LightLegacy.json",
        _CARD_JSON + "LightLegacy.json",
        "a5dd533d0da07160fb1785c7b1db65459a60d383d95db5479d4fdbcc8c9c2376",
    ),
    PinnedFile(
        "DarkPreErrata.json",
        _CARD_JSON + "DarkPreErrata.json",
        "20c75f8bf53c11fda63e455274c8ed842f866f01781f3f14e4e4af5978e69e42",
    ),
    PinnedFile(
        "LightPreErrata.json",
        _CARD_JSON + "LightPreErrata.json",
        "9f14e6fdee15bb623f96abb821ed54d20e476821e4017e8247980e554b6193ea",
    ),
    PinnedFile(
        "sets.json",
        _CARD_JSON + "sets.json",
        "d10e3e4efd10b5601d7e74eabb6961f7ed82cf0eccf3f95bc60d891c9c6e9c74",
    ),
    PinnedFile(
        "rarity.json",
        _CARD_JSON + "rarity.json",
        "10b34f1010d4d0552f882aba003d668b7d2d614ac5e1c6d58598a742da14d7fd",
    ),
    PinnedFile(
        "card-schema.json",
        _CARD_JSON + "card-schema.json",
        "798044e09f6c32f9366412b7a9bf149caceb8839c496beac86b3258c28787e5b",
    ),
    PinnedFile(
        "gemp/card_blueprint_database_dark.json",
        _GEMP + "card_blueprint_database_dark.json",
        "cafc69a477525331ebefa9d0fe1dcbc891454d94dd5a064182a510aeabe505b0",
    ),
    PinnedFile(
        "gemp/swccgFormats.json",
        f"https://raw.githubusercontent.com/PlayersCommittee/gemp-swccg-public/{GEMP_COMMIT}"
        "/src/gemp-swccg-server/src/main/resources/swccgFormats.json",
        "77f38f7536f913002e3a5a887c23d820a6e9b59fbdcf266ae5f6e0f3e697973d",
    ),
    PinnedFile(
        "gemp/card_blueprint_database_light.json",
        _GEMP + "card_blueprint_database_light.json",
        "5e84f0c4295d062d567e21d28e7143d136214c3fea8c5b6963c2f376bae071ce",
    ),
]

CARD_FILES = {
    "Dark.json": "current",
    "Light.json": "current",
    "DarkLegacy.json": "legacy",
    "LightLegacy.json": "legacy",
    "DarkPreErrata.json": "pre-errata",
    "LightPreErrata.json": "pre-errata",
}
GEMP_FILES = ["gemp/card_blueprint_database_dark.json", "gemp/card_blueprint_database_light.json"]
SIDES = {"Light", "Dark"}


# The uniqueness marks a title starts with, as the JSON's uniqueness codes: legacy records have no uniqueness
# field, and their titles carry the marks ("•••Rodian (V)", "<>Remote Depot").
def pinned_source() -> PinnedSource:
    return PinnedSource(
        PINNED_FILES,
        Path(settings.CARDSDB_CACHE_DIR) / "sources" / GAME,
        version=f"swccg-card-json@{CARD_JSON_COMMIT[:7]}, gemp@{GEMP_COMMIT[:7]}",
    )


def load(source: Source) -> Snapshot:
    """Read, validate and assemble the whole SWCCG catalogue; raises ImportProblem before anything is written."""
    sets = _load_sets(source)
    rarities = _load_rarities(source)
    records = _load_card_records(source, set(s.code for s in sets))
    blueprints = _load_blueprints(source)
    builder = CardBuilder(records, blueprints)
    cards = builder.build()
    return Snapshot(
        game=GAME,
        source=source.description,
        version=source.version,
        sets=sets,
        rarities=rarities,
        personas=builder.personas,
        cards=cards,
        warnings=builder.warnings,
    )


# --- reading and validation -------------------------------------------------------------------------------


def _require_list(value: object, file: str, key: str | None = None) -> list:
    if key is not None:
        if not isinstance(value, dict) or key not in value:
            raise ImportProblem(f"expected an object with a {key!r} list", file=file)
        value = value[key]
    if not isinstance(value, list):
        raise ImportProblem("expected a list of records", file=file)
    return value


def _load_sets(source: Source) -> list[SetData]:
    file = "sets.json"
    rows = _require_list(source.read_json(file), file)
    result, seen = [], set()
    for i, row in enumerate(rows):
        where = describe_record(i, row)
        if not isinstance(row, dict):
            raise ImportProblem("a set must be an object", file=file, record=where)
        for key, kind in (("id", str), ("name", str), ("abbr", str), ("legacy", bool)):
            if not isinstance(row.get(key), kind):
                raise ImportProblem(f"{key!r} missing or not a {kind.__name__}", file=file, record=where)
        code = row["id"]
        if code in seen:
            raise ImportProblem(f"set id {code!r} appears twice", file=file, record=where)
        seen.add(code)
        try:
            # "0000-00-00" stands for "never released" (Dream Cards, Playtesting).
            raw_date = row.get("date_release")
            released = date.fromisoformat(raw_date) if raw_date and raw_date != "0000-00-00" else None
        except (TypeError, ValueError):
            raise ImportProblem(
                f"bad date_release {row.get('date_release')!r}", file=file, record=where
            ) from None
        size = row.get("size")
        if size is not None and not isinstance(size, int):
            raise ImportProblem("size must be an integer", file=file, record=where)
        number = int(code.rstrip("d")) if code.rstrip("d").isdigit() else None
        result.append(
            SetData(
                code=code,
                fields={
                    "name": row["name"],
                    "abbr": row["abbr"],
                    "gemp_name": row.get("gempName") or "",
                    "release_date": released,
                    # The source writes -99 for "size unknown".
                    "size": size if isinstance(size, int) and size >= 0 else None,
                    "legacy": row["legacy"],
                    "kind": "decipher" if number is not None and number < 200 else "virtual",
                    "cycle": row.get("cycle_code") or "",
                    "position": row.get("position") if isinstance(row.get("position"), int) else 0,
                },
            )
        )
    return result


def _load_rarities(source: Source) -> dict[str, str]:
    file = "rarity.json"
    data = source.read_json(file)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise ImportProblem("expected an object of rarity code → name", file=file)
    return dict(data)


def _load_card_records(source: Source, set_codes: set[str]) -> list[CardRecord]:
    schema_file = "card-schema.json"
    schema = source.read_json(schema_file)
    if not isinstance(schema, dict) or "$defs" not in schema or "card" not in schema["$defs"]:
        raise ImportProblem("not the card schema (no $defs.card)", file=schema_file)
    records = []
    for file, edition in CARD_FILES.items():
        checker = SchemaChecker(schema, file)
        rows = _require_list(source.read_json(file), file, key="cards")
        if not rows:
            raise ImportProblem("no cards in file", file=file)
        for i, row in enumerate(rows):
            where = describe_record(i, row)
            if not isinstance(row, dict):
                raise ImportProblem("a card must be an object", file=file, record=where)
            checker.check(row, {"$ref": "#/$defs/card"}, where)
            record = CardRecord(row, file, edition, where)
            _check_card(record, set_codes)
            records.append(record)
    return records


def _check_card(record: CardRecord, set_codes: set[str]) -> None:
    row = record.data
    if not isinstance(row.get("id"), int):
        raise record.problem("'id' missing or not an integer")
    front = row.get("front")
    if not isinstance(front, dict) or not isinstance(front.get("title"), str) or not front["title"].strip():
        raise record.problem("'front.title' missing")
    if not isinstance(front.get("type"), str):
        raise record.problem("'front.type' missing")
    if row.get("side") not in SIDES:
        raise record.problem(f"'side' must be Light or Dark, got {row.get('side')!r}")
    if row.get("set") not in set_codes:
        raise record.problem(f"set {row.get('set')!r} is not in sets.json")
    for printing in row.get("printings", []):
        if not isinstance(printing, dict) or printing.get("set") not in set_codes:
            raise record.problem(f"printing in unknown set {printing!r}")
    if record.edition != "legacy" and not re.fullmatch(r"\d+_\d+", str(row.get("gempId", ""))):
        raise record.problem(f"'gempId' missing or malformed: {row.get('gempId')!r}")
    try:
        record_uniqueness(front)
    except ValueError as exc:
        raise record.problem(str(exc)) from None


def _load_blueprints(source: Source) -> dict[str, dict]:
    blueprints: dict[str, dict] = {}
    for file in GEMP_FILES:
        rows = _require_list(source.read_json(file), file)
        for i, row in enumerate(rows):
            where = describe_record(i, row)
            if not isinstance(row, dict) or not isinstance(row.get("cardId"), str):
                raise ImportProblem("blueprint without a 'cardId'", file=file, record=where)
            if not isinstance(row.get("title"), str):
                raise ImportProblem(
                    "blueprint without a 'title'", file=file, record=f"{where} {row['cardId']}"
                )
            personas = row.get("personas", [])
            if not isinstance(personas, list) or not all(isinstance(p, str) for p in personas):
                raise ImportProblem("'personas' must be a list of names", file=file, record=row["cardId"])
            if row["cardId"] in blueprints:
                raise ImportProblem("blueprint id appears twice", file=file, record=row["cardId"])
            blueprints[row["cardId"]] = row
    return blueprints


# --- assembling cards -------------------------------------------------------------------------------------
