"""SWCCG: from the card JSON's records and GEMP's blueprints to the catalogue's cards (cardsdb/importers/swccg.py
reads the files). One CardBuilder groups each GEMP id's records (alternate images, (AI) variants, legacy cards),
reads the stats, icons, personas and relations, and says what it could not read as warnings."""

import re
from collections import defaultdict

from core.text import fold, fold_words, printed_title, strip_marks
from core.uniqueness import swccg_uniqueness
from core.values import parse_alternatives, parse_number

from .errors import ImportProblem
from .snapshot import CardData

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


class CardRecord:
    """One card record with where it came from."""

    __slots__ = ("data", "file", "edition", "where")

    def __init__(self, data: dict, file: str, edition: str, where: str):
        self.data, self.file, self.edition, self.where = data, file, edition, where

    @property
    def title(self) -> str:
        return self.data["front"]["title"]

    def problem(self, message: str) -> ImportProblem:
        return ImportProblem(message, file=self.file, record=self.where)


def _persona_name(code: str) -> str:
    return " ".join(part.capitalize() for part in code.split("_"))


def _gemp_word(value: str) -> str:
    """GEMP's enum spelling (BOUNTY_HUNTER) as words (bounty hunter)."""
    return value.replace("_", " ").lower()


class CardBuilder:
    def __init__(self, records: list[CardRecord], blueprints: dict[str, dict]):
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

    def _group(self) -> list[tuple[str, str, CardRecord, list[CardRecord]]]:
        """One card per GEMP id (current), per (GEMP id, title) (pre-errata), per (side, set, title) (legacy)."""
        buckets: dict[tuple, list[CardRecord]] = defaultdict(list)
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

    def _card(self, code: str, edition: str, base: CardRecord, variants: list[CardRecord]) -> CardData:
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
        # A GEMP id whose only record is an alternate image (11_55 "•Darth Maul (AI)") reads like a duplicate
        # of the plain card in a list; the mark tells them apart.
        alternate = VARIANT_SUFFIX.search(front["title"])
        if alternate:
            extra["alternate_image"] = alternate.group("kind")
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
    def _variant(record: CardRecord, base: CardRecord) -> dict:
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
