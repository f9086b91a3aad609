"""SWCCG: the Players Committee's swccg-card-json files plus GEMP's blueprint export.

Traps handled here (each has a test): several records per GEMP id (alternate images, and shields printed
under two titles), GEMP ids whose only record is an (AI) image, GEMP's X_BACK ids for the back of two-sided
cards and its Anthology reprint ids (105_*, 107_*), titles shared by Light and Dark locations, the same source id
used twice across files, legacy cards without GEMP ids, stats like "2 or 5", "π", "*", and icon counts
spelled two ways.
"""

import re
from collections import defaultdict
from datetime import date
from pathlib import Path

from django.conf import settings

from core.text import fold, fold_words, printed_title, strip_marks
from core.uniqueness import swccg_uniqueness
from core.values import parse_alternatives, parse_number

from .errors import ImportProblem, describe_record
from .schema import SchemaChecker
from .snapshot import CardData, SetData, Snapshot
from .sources import PinnedFile, PinnedSource, Source

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
TITLE_MARKS = re.compile(r"^\s*(?P<marks>•{1,3}|(?:<>|◇){1,3})")
# What an alternate image or merged record may print unlike its card (front fields → Variant.differences keys).
VARIANT_TEXT_FIELDS = {
    "gametext": "gametext",
    "lore": "lore",
    "extraText": "extra_text",
    "characteristics": "characteristics",
}
# Alternate-image records: same card, another picture.
VARIANT_SUFFIX = re.compile(r"\s*\((?P<kind>AI|Holo AI|C-Slip AI(?: \d+)?|Border Breaker AI|Readable)\)\s*$")
STATS = [
    "destiny",
    "power",
    "ability",
    "deploy",
    "forfeit",
    "armor",
    "maneuver",
    "hyperspeed",
    "landspeed",
    "parsec",
    "politics",
    "ferocity",
]
# The source spells the Force icon counts two ways (lightSideIcons and, once, lightsideIcons).
ICON_COUNTS = {
    "light_icons": ("lightSideIcons", "lightsideIcons"),
    "dark_icons": ("darkSideIcons", "darksideIcons"),
}
RELATIONS = {
    "counterpart": "counterpart",
    "matching": "matching",
    "matchingWeapon": "matching-weapon",
    "pulls": "pulls",
    "pulledBy": "pulled-by",
    "cancels": "cancels",
    "canceledBy": "canceled-by",
    "combo": "combo",
    "underlyingCardFor": "underlying-card-for",
}
# Relations that name a card on the other side of the table.
OPPOSITE_SIDE_RELATIONS = {"counterpart", "cancels", "canceled-by"}


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
    builder = _Builder(records, blueprints)
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


class _Record:
    """One card record with where it came from."""

    __slots__ = ("data", "file", "edition", "where")

    def __init__(self, data: dict, file: str, edition: str, where: str):
        self.data, self.file, self.edition, self.where = data, file, edition, where

    @property
    def title(self) -> str:
        return self.data["front"]["title"]

    def problem(self, message: str) -> ImportProblem:
        return ImportProblem(message, file=self.file, record=self.where)


def _load_card_records(source: Source, set_codes: set[str]) -> list[_Record]:
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
            record = _Record(row, file, edition, where)
            _check_card(record, set_codes)
            records.append(record)
    return records


def _check_card(record: _Record, set_codes: set[str]) -> None:
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


def _persona_name(code: str) -> str:
    return " ".join(part.capitalize() for part in code.split("_"))


def _gemp_word(value: str) -> str:
    """GEMP's enum spelling (BOUNTY_HUNTER) as words (bounty hunter)."""
    return value.replace("_", " ").lower()


class _Builder:
    def __init__(self, records: list[_Record], blueprints: dict[str, dict]):
        self.records = records
        self.blueprints = blueprints
        self.personas: dict[str, str] = {}
        self.warnings: list[str] = []
        self.code_of_record: dict[tuple[str, int], str] = {}  # (edition, source id) → card code

    def build(self) -> list[CardData]:
        groups = self._group()
        cards: list[CardData] = []
        for code, edition, base, variants in groups:
            cards.append(self._card(code, edition, base, variants))
            for record in [base, *variants]:
                self.code_of_record[(edition, record.data["id"])] = code
        by_code = {c.code: c for c in cards}
        self._link_versions(cards, by_code)
        self._resolve_relations(cards)
        self._add_aliases(by_code)
        return cards

    def _group(self) -> list[tuple[str, str, _Record, list[_Record]]]:
        """One card per GEMP id (current), per (GEMP id, title) (pre-errata), per (side, set, title) (legacy)."""
        buckets: dict[tuple, list[_Record]] = defaultdict(list)
        for record in self.records:
            base_title = VARIANT_SUFFIX.sub("", record.title)
            row = record.data
            if record.edition == "current":
                key = ("current", row["gempId"])
            elif record.edition == "pre-errata":
                key = ("pre-errata", row["gempId"], base_title)
            else:
                key = ("legacy", row["side"], row["set"], base_title)
            buckets[key].append(record)
        groups = []
        for key, members in buckets.items():
            edition = key[0]
            plain = [r for r in members if not VARIANT_SUFFIX.search(r.title)]
            if edition == "pre-errata" and len(plain) > 1:
                # Several earlier wordings of one card: each is its own version.
                for record in plain:
                    groups.append((f"pre-{record.data['id']}", edition, record, []))
                members = [r for r in members if r not in plain]
                plain = plain[:1]
                if members:
                    groups.append((f"pre-{members[0].data['id']}", edition, members[0], members[1:]))
                continue
            # The plain record is the card; shields printed under two titles keep the shorter one as the card.
            ordered = sorted(plain, key=lambda r: (len(r.title), r.data["id"])) or sorted(
                members, key=lambda r: r.data["id"]
            )
            base = ordered[0]
            # With no plain record, the card is built from its first image, which stays listed as a variant.
            variants = [r for r in sorted(members, key=lambda r: r.data["id"]) if r is not base or not plain]
            if edition == "current":
                code = base.data["gempId"]
            elif edition == "pre-errata":
                code = f"pre-{base.data['id']}"
            else:
                code = f"legacy-{base.data['id']}"
            groups.append((code, edition, base, variants))
        return groups

    def _card(self, code: str, edition: str, base: _Record, variants: list[_Record]) -> CardData:
        row = base.data
        front = row["front"]
        title = printed_title(VARIANT_SUFFIX.sub("", front["title"]))
        name = strip_marks(title)
        uniqueness = record_uniqueness(front)
        blueprint = self.blueprints.get(row.get("gempId", "")) if edition != "legacy" else None

        stats_text: dict[str, str] = {}
        numbers: dict[str, float | None] = {}
        for stat in STATS:
            raw = front.get(stat)
            if raw is None:
                numbers[stat] = None
                continue
            stats_text[stat] = str(raw)
            numbers[stat] = parse_number(str(raw))
        # The source's destinyValues, where given, say what an odd destiny counts as ("*" = 0 on the EG droids).
        destiny_values = [float(v) for v in front.get("destinyValues", [])] or parse_alternatives(
            front.get("destiny")
        )
        if len(destiny_values) == 1:
            numbers["destiny"] = destiny_values[0]
        for column, keys in ICON_COUNTS.items():
            value = next((front[k] for k in keys if k in front), None)
            numbers[column] = float(value) if isinstance(value, int) else None
            if value is not None:
                stats_text[column] = str(value)

        back = self._face(row["back"]) if isinstance(row.get("back"), dict) else None
        keywords = [_gemp_word(k) for k in blueprint.get("keywords", [])] if blueprint else []
        species = [_gemp_word(k) for k in blueprint.get("species", [])] if blueprint else []
        subtype = front.get("subType") or (
            _gemp_word(blueprint["cardSubtype"]).title() if blueprint and blueprint.get("cardSubtype") else ""
        )
        extra = {k: row[k] for k in ("conceptBy", "sourceType") if k in row}
        if blueprint:
            extra["gemp"] = {
                k: blueprint[k]
                for k in (
                    "cardCategory",
                    "cardSubtype",
                    "cardTypes",
                    "modelTypes",
                    "pilotCapacity",
                    "passengerCapacity",
                    "vehicleCapacity",
                    "astromechCapacity",
                    "isComboCard",
                    "hasVirtualSuffix",
                    "hasAlternateImageSuffix",
                    "doesNotCountTowardDeckLimit",
                    "rarity",
                    "title",
                )
                if k in blueprint
            }
            # GEMP's icon vocabulary (DEFENSIVE_SHIELD, EPISODE_I…), which its format rules ban by name.
            extra["gemp"]["icons"] = sorted(
                {i["icon"] for i in blueprint.get("icons", []) if isinstance(i, dict)}
            )
        errata = {
            key: front[src]
            for key, src in (("symbol", "errataSymbol"), ("notes", "errataNotes"), ("date", "errataDate"))
            if front.get(src)
        }
        gametext = front.get("gametext", "")
        back_text = (back or {}).get("gametext", "")
        fields = {
            "source_id": row["id"],
            "edition": edition,
            "title": title,
            "name": name,
            "side": row["side"],
            "type": front["type"],
            "subtype": subtype,
            "uniqueness_kind": uniqueness.kind.value,
            "uniqueness_limit": uniqueness.limit,
            "rarity": row.get("rarity", ""),
            **numbers,
            "stats_text": stats_text,
            "destiny_values": destiny_values,
            "icons": list(front.get("icons", [])),
            "characteristics": list(front.get("characteristics", [])),
            "keywords": keywords,
            "species": species,
            "extra_text": list(front.get("extraText", [])),
            "gametext": gametext,
            "lore": front.get("lore", ""),
            "back": back,
            "image_url": front.get("imageUrl", ""),
            "nicknames": list(row.get("abbr", [])),
            "rulings": list(row.get("rulings", [])),
            "errata": errata,
            "printable_slip_url": front.get("printableSlipUrl", ""),
            "printable_slip_type": front.get("printableSlipType", ""),
            "extra": extra,
            "search_title": " / ".join(
                fold(t) for t in [name, *([back["name"]] if back else []), *row.get("abbr", [])]
            ),
            "search_text": fold(" ".join(filter(None, [gametext, back_text, *front.get("extraText", [])]))),
            "search_lore": fold(
                " ".join(filter(None, [front.get("lore", ""), (back or {}).get("lore", "")]))
            ),
            "search_icons": _tags(front.get("icons", []) + (back or {}).get("icons", [])),
            "search_chars": _tags(front.get("characteristics", []) + keywords + species),
        }
        personas = sorted(blueprint.get("personas", [])) if blueprint else []
        for persona in personas:
            self.personas[persona] = _persona_name(persona)
        printings = [(p["set"], row.get("rarity", "")) for p in row.get("printings", [])]
        if row["set"] not in {s for s, _ in printings}:
            printings.insert(0, (row["set"], row.get("rarity", "")))
        relations = []
        for key, kind in RELATIONS.items():
            for item in [row[key]] if isinstance(row.get(key), str) else row.get(key, []):
                if isinstance(item, dict):  # underlyingCardFor names some cards as {title, cardId}
                    source_id = item.get("cardId")
                    relations.append(
                        (kind, str(item.get("title", "")), f"#{source_id}" if source_id else None)
                    )
                elif isinstance(item, str):
                    relations.append((kind, item, None))
                else:
                    raise base.problem(f"{key!r} entries must be text or {{title, cardId}}, got {item!r}")
        return CardData(
            code=code,
            fields=fields,
            set_code=row["set"],
            printings=printings,
            variants=[self._variant(r, base) for r in variants],
            relations=relations,
            personas=personas,
        )

    @staticmethod
    def _face(face: dict) -> dict:
        result = {k: v for k, v in face.items() if k != "title"}
        result["title"] = printed_title(face.get("title", ""))
        result["name"] = strip_marks(result["title"])
        return result

    @staticmethod
    def _variant(record: _Record, base: _Record) -> dict:
        front = record.data["front"]
        match = VARIANT_SUFFIX.search(front["title"])
        return {
            "source_id": record.data["id"],
            "title": printed_title(front["title"]),
            "kind": match.group("kind") if match else "alternate title",
            "image_url": front.get("imageUrl", ""),
            "printable_slip_url": front.get("printableSlipUrl", ""),
            "rarity": record.data.get("rarity", ""),
            "differences": variant_differences(front, base.data["front"]),
        }

    def _link_versions(self, cards: list[CardData], by_code: dict[str, CardData]) -> None:
        """Point each pre-errata card at the current card, through nextId chains or previousId back-links."""
        records = {(r.edition, r.data["id"]): r for r in self.records}
        previous_of = {
            r.data["previousId"]: r
            for r in self.records
            if r.edition == "current" and r.data.get("previousId")
        }
        current_by_gemp = {c.code: c for c in cards if c.fields["edition"] == "current"}
        for card in cards:
            if card.fields["edition"] != "pre-errata":
                continue
            record = records[("pre-errata", card.fields["source_id"])]
            target = None
            seen = set()
            while record is not None and record.data["id"] not in seen:
                seen.add(record.data["id"])
                next_id = record.data.get("nextId")
                if next_id is None:
                    break
                if ("current", next_id) in records:
                    target = self.code_of_record[("current", next_id)]
                    break
                record = records.get(("pre-errata", next_id))
            if target is None and card.fields["source_id"] in previous_of:
                target = self.code_of_record[("current", previous_of[card.fields["source_id"]].data["id"])]
            if target is None:
                gemp = records[("pre-errata", card.fields["source_id"])].data["gempId"]
                target = gemp if gemp in current_by_gemp else None
            if target is None and record is not None and record.data["id"] != card.fields["source_id"]:
                # The chain ends at a later pre-errata wording of a card that has no current version (blanked,
                # 20010 → 6590): that wording is the latest there is.
                target = self.code_of_record.get(("pre-errata", record.data["id"]))
            # None is real: some versions were retired or merged into combo cards under new GEMP ids.
            card.current_version_code = target

    def _resolve_relations(self, cards: list[CardData]) -> None:
        """Link relation texts that name a current card (same side first; other side for counterparts)."""
        by_name: dict[tuple[str, str], str] = {}
        for card in sorted(cards, key=lambda c: c.code):
            if card.fields["edition"] == "current":
                by_name.setdefault((fold(card.fields["name"]), card.fields["side"]), card.code)
        for card in cards:
            side = card.fields["side"]
            other = "Light" if side == "Dark" else "Dark"
            resolved = []
            for kind, text, hint in card.relations:
                if hint and hint.startswith("#"):
                    source_id = int(hint[1:])
                    key = next(
                        (
                            k
                            for k in ((card.fields["edition"], source_id), ("current", source_id))
                            if k in self.code_of_record
                        ),
                        None,
                    )
                    if key:
                        resolved.append((kind, text, self.code_of_record[key]))
                        continue
                name = fold(re.sub(r"\s+-\s+[^-]+$", "", text)) if kind == "counterpart" else fold(text)
                sides = (other, side) if kind in OPPOSITE_SIDE_RELATIONS else (side, other)
                target = next((by_name[(name, s)] for s in sides if (name, s) in by_name), None)
                resolved.append((kind, text, target))
            card.relations = resolved

    def _add_aliases(self, by_code: dict[str, CardData]) -> None:
        """GEMP ids that are not a card's own: X_BACK (back face) and reprint ids in other sets."""
        by_printing: dict[tuple[str, str], str] = {}
        for card in by_code.values():
            if card.fields["edition"] != "current":
                continue
            for set_code, _ in card.printings:
                by_printing.setdefault((set_code, fold_words(card.fields["name"])), card.code)
        for gemp_id, blueprint in sorted(self.blueprints.items()):
            if gemp_id in by_code:
                continue
            if gemp_id.endswith("_BACK") and gemp_id.removesuffix("_BACK") in by_code:
                by_code[gemp_id.removesuffix("_BACK")].aliases.append(
                    (gemp_id, "back", "GEMP id of the back face")
                )
                continue
            set_code = gemp_id.split("_", 1)[0]
            target = by_printing.get((set_code, fold_words(blueprint["title"])))
            if target:
                card = by_code[target]
                card.aliases.append((gemp_id, "front", f"GEMP id of its printing in set {set_code}"))
                # The reprint's own rarity (the Anthologies' previews are PV).
                card.printings = [
                    (s, blueprint.get("rarity", r) if s == set_code else r) for s, r in card.printings
                ]
            else:
                self.warnings.append(f"GEMP blueprint {gemp_id} ({blueprint['title']}) matches no card")


def record_uniqueness(front: dict):
    """The uniqueness field, or, where a record has none (legacy cards), the marks its title starts with."""
    if front.get("uniqueness"):
        return swccg_uniqueness(front["uniqueness"])
    found = TITLE_MARKS.match(front.get("title", ""))
    return swccg_uniqueness(found["marks"].replace("•", "*").replace("◇", "<>") if found else None)


def variant_differences(front: dict, base: dict) -> dict:
    """What a merged record prints unlike the card's record (lists compared as sets: icons come in any order)."""
    found = {}
    for key, name in VARIANT_TEXT_FIELDS.items():
        mine, theirs = front.get(key), base.get(key)
        if (
            isinstance(mine, list)
            and isinstance(theirs, list)
            and sorted(map(str, mine)) == sorted(map(str, theirs))
        ):
            continue
        if (mine or None) != (theirs or None):
            found[name] = mine if mine is not None else ([] if isinstance(theirs, list) else "")
    return found


def _tags(values: list[str]) -> str:
    """'|a|b|': the bars let icon:/char: match whole values (=) or value prefixes (:)."""
    return "|" + "|".join(fold(v) for v in values) + "|"
