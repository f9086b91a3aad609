"""SW:DBG: the original edition (2023) from original_2023.json in the source folder, and the Clone Wars Edition
(2024) from the project's own cardsdb/data/swdbg_clone_wars_2024.json (what its rulebook states, nothing more).

Both files hold one record per card title in one shape. Null means unknown (or not on the card): the field is
listed in extra["unknown"]. A `<field>_candidates` entry (traits_candidates, hp_candidates) means the sources
disagree: the field stays empty, extra["disputed"] holds the candidates and a stat's printed text shows them
("14 or 16"), so the dispute is visible and nothing is picked. A field the card's type does not print
(printed_fields) is empty and not unknown. Stored CardFacts fill the unknowns, faction and card type included,
on every import (cardsdb/importers/facts.py). Starter and Outer Rim Pilot counts (starter_copies,
outer_rim_pilot_stack_count) become extra["copies"] like the galaxy cards' copies.
"""

import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from core.text import fold, fold_words

from . import facts as card_facts
from .errors import ImportProblem, describe_record
from .facts import printed_fields
from .snapshot import CardData, SetData, Snapshot
from .sources import LocalSource, Source

GAME = "swdbg"
# The folder that holds the `cardsdb` package, so the bundled file reads as cardsdb/data/… in messages.
PACKAGE_PARENT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Edition:
    code: str  # the CardSet code, and each record's "edition"
    name: str
    abbr: str
    prefix: str  # of card codes: "sw23_tie-fighter"
    file: str
    bundled: bool  # in this package rather than in the source folder
    complete: bool  # the file lists every card title of the edition, so their count is the set's size


EDITIONS = [
    Edition("original_2023", "Original edition (2023)", "SW23", "sw23", "original_2023.json", False, True),
    # Only the cards its rulebook names: its size stays unknown rather than a count of what we happen to know.
    Edition(
        "clone_wars_2024",
        "Clone Wars Edition (2024)",
        "CW24",
        "cw24",
        "cardsdb/data/swdbg_clone_wars_2024.json",
        True,
        False,
    ),
]
FACTIONS = {f.casefold(): f for f in card_facts.FACTIONS}
CARD_TYPES = card_facts.CARD_TYPES  # the rulebook's three card types → Card.type
DECKS = {"galaxy": "galaxy", "starter": "starter", "base": "base", "outer_rim_pilot_stack": "outer_rim"}
CANDIDATES = {"traits_candidates": "traits", "hp_candidates": "hit_points"}

_TEXT, _INT, _BOOL, _LIST, _NULL = (str,), (int,), (bool,), (list,), (type(None),)
REQUIRED = {
    "title": _TEXT,
    "edition": _TEXT,
    "faction": _TEXT + _NULL,
    "card_type": _TEXT + _NULL,
    "deck": _TEXT,
    **{n: _INT + _NULL for n in ("cost", "attack", "resources", "force", "hit_points", "target_value")},
    "unique": _BOOL + _NULL,
    "traits": _LIST + _NULL,
    "reward": _TEXT + _NULL,
    "copies": _INT + _NULL,
    "ability": _TEXT + _NULL,
    "notes": _TEXT + _NULL,
    "source": _LIST,
    "verified": _BOOL,
}
OPTIONAL = {
    "starting_base": _BOOL,
    "beginner_base_deck": _BOOL,
    "starter_copies": _INT,
    "outer_rim_pilot_stack_count": _INT,
    "traits_candidates": _LIST,
    "hp_candidates": (dict, list),
}
_LABEL = re.compile(r"\s*\([^()]*\)\s*$")  # "Trooper (Dart)": the source that says so


def load(
    source: Source,
    *,
    bundled: Source | None = None,
    known_facts: dict[str, dict[str, card_facts.Fact]] | None = None,
) -> Snapshot:
    """Read and validate both editions, then apply the stored facts (or `known_facts`); raises ImportProblem,
    naming the file and the record, before anything is written."""
    bundled = bundled or LocalSource(PACKAGE_PARENT)
    sets, records, digest = [], [], hashlib.sha256()
    for position, edition in enumerate(EDITIONS):
        doc = (bundled if edition.bundled else source).read_json(edition.file)
        digest.update(json.dumps(doc, sort_keys=True).encode())
        found = [(edition, where, record) for where, record in _records(doc, edition)]
        records += found
        fields = {"name": edition.name, "abbr": edition.abbr, "kind": "ffg", "position": position}
        sets.append(SetData(edition.code, {**fields, "size": len(found) if edition.complete else None}))
    cards = [
        _card(code, edition, record, file=edition.file, where=where)
        for code, (edition, where, record) in zip(_codes(records), records, strict=True)
    ]
    stored = card_facts.stored_facts(GAME) if known_facts is None else known_facts
    warnings = card_facts.apply_to_cards(cards, stored)
    return Snapshot(
        game=GAME,
        source=f"{source.description} + {EDITIONS[1].file}",
        version=f"sha256:{digest.hexdigest()[:16]}",
        sets=sets,
        rarities={},
        personas={},
        cards=cards,
        warnings=warnings,
    )


# --- validation -------------------------------------------------------------------------------------------


def _records(doc: object, edition: Edition) -> list[tuple[str, dict]]:
    """(record description, record) for every card; every problem names the file and the record."""
    cards = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(cards, list):
        raise ImportProblem('expected an object with a "cards" list', file=edition.file)
    found = []
    for index, record in enumerate(cards):
        where = describe_record(index, record)
        problem = _problem(record, edition)
        if problem:
            raise ImportProblem(problem, file=edition.file, record=where)
        found.append((where, record))
    return found


def _problem(record: object, edition: Edition) -> str | None:
    if not isinstance(record, dict):
        return f"a card record must be an object, not {type(record).__name__}"
    missing = [key for key in REQUIRED if key not in record]
    if missing:
        return f"missing {', '.join(missing)}"
    unexpected = sorted(set(record) - set(REQUIRED) - set(OPTIONAL))
    if unexpected:
        return f"unexpected field {', '.join(unexpected)}"
    for key, value in record.items():
        allowed = REQUIRED.get(key) or OPTIONAL[key]
        if isinstance(value, bool) and bool not in allowed or not isinstance(value, allowed):
            names = " or ".join("null" if t is type(None) else t.__name__ for t in allowed)
            return f"{key} should be {names}, not {json.dumps(value)}"
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            return f"{key} is negative ({value})"
    if not record["title"].strip():
        return "title is empty"
    if record["edition"] != edition.code:
        return f"edition is {record['edition']!r}, not {edition.code!r} as the file's"
    if record["faction"] is not None and record["faction"].casefold() not in FACTIONS:
        return f"unknown faction {record['faction']!r} (expected one of {', '.join(FACTIONS.values())})"
    if record["card_type"] is not None and record["card_type"] not in CARD_TYPES:
        return f"unknown card_type {record['card_type']!r} (expected one of {', '.join(sorted(CARD_TYPES))})"
    if record["deck"] not in DECKS:
        return f"unknown deck {record['deck']!r} (expected one of {', '.join(DECKS)})"
    for key in ("traits", "source"):
        if record[key] is not None and not all(isinstance(v, str) and v.strip() for v in record[key]):
            return f"{key} should be a list of non-empty strings"
    for key, field in CANDIDATES.items():
        if key in record:
            if record[field] is not None:
                return f"{field} is both given ({json.dumps(record[field])}) and disputed ({key})"
            if len(_candidates(key, record[key])) < 2:
                return f"{key} should list at least two different values"
    return None


def _candidates(key: str, raw: list | dict) -> list:
    """hp_candidates {"swdb": 14, "bga": 16} → [14, 16]; traits_candidates ["Trooper (Dart)", …] →
    [["Trooper"], …] (the values, each in the field's own shape; who says which stays in the notes)."""
    values = list(raw.values()) if isinstance(raw, dict) else list(raw)
    found: list = []
    for value in values:
        if key == "traits_candidates":
            if not isinstance(value, str):
                return []
            value = [t.strip() for t in _LABEL.sub("", value).split(",") if t.strip()]
        elif isinstance(value, bool) or not isinstance(value, int):
            return []
        if value not in found:
            found.append(value)
    return found


# --- assembling cards -------------------------------------------------------------------------------------


def slug(title: str) -> str:
    """'Twi'lek Smuggler' → 'twilek-smuggler', 'Venator-Class Destroyer' → 'venator-class-destroyer'."""
    return "-".join(fold_words(fold(title).replace("'", "")).split()) or "card"


def _codes(records: list[tuple[Edition, str, dict]]) -> list[str]:
    """f"{prefix}_{slug}"; a title printed twice in one edition adds the faction ("unknown" where the source
    gives none), then the deck. From the source records alone: facts, applied later, never change a code."""

    def code(edition: Edition, record: dict, detail: int) -> str:
        parts = [slug(record["title"]), slug(record["faction"] or "unknown"), DECKS[record["deck"]]]
        return f"{edition.prefix}_{'-'.join(parts[: detail + 1])}"[:64]

    detail = [0] * len(records)
    for level in (1, 2):
        counts = Counter(code(e, r, d) for (e, _, r), d in zip(records, detail, strict=True))
        detail = [
            level if counts[code(e, r, d)] > 1 else d for (e, _, r), d in zip(records, detail, strict=True)
        ]
    codes = [code(e, r, d) for (e, _, r), d in zip(records, detail, strict=True)]
    seen: set[str] = set()
    for (edition, where, _), card_code in zip(records, codes, strict=True):
        if card_code in seen:
            raise ImportProblem(
                f"an earlier record gives the same card {card_code!r}", file=edition.file, record=where
            )
        seen.add(card_code)
    return codes


def _card(code: str, edition: Edition, record: dict, *, file: str, where: str) -> CardData:
    title = " ".join(record["title"].split())
    faction = FACTIONS[record["faction"].casefold()] if record["faction"] else ""
    card_type = CARD_TYPES.get(record["card_type"] or "", "")
    deck = DECKS[record["deck"]]
    extra: dict = {
        "edition": edition.code,
        "deck": deck,
        **{field: None for field in card_facts.IN_EXTRA},
        "verified": record["verified"],
        "sources": record["source"],
        "notes": record["notes"],
        "disputed": {},
        "unknown": [],
    }
    if deck == "base":
        extra["starting_base"] = bool(record.get("starting_base"))
        extra["beginner_base_deck"] = record.get("beginner_base_deck")
    fields = {
        "title": title,
        "name": title,
        "side": faction,
        "type": card_type,
        "subtype": "",
        "rarity": "",
        "stats_text": {},
        "extra": extra,
        "search_title": fold(title),
    }
    unknown = [name for name in ("faction", "card_type") if record[name] is None]
    disputed = {CANDIDATES[key]: _candidates(key, record[key]) for key in CANDIDATES if key in record}
    values = dict(record)
    values["copies"] = next(
        (record.get(k) for k in ("copies", "starter_copies", "outer_rim_pilot_stack_count") if record.get(k)),
        None,
    )
    printed = printed_fields(card_type, faction, deck)
    for field in card_facts.VALUES:
        card_facts.clear(fields, field)
        if field in disputed:
            card_facts.write_disputed(fields, field, disputed[field])
        elif values[field] is None:
            if field in printed:
                unknown.append(field)  # printed on such a card (or it may be), but no source gives it
        else:
            try:
                value = card_facts.check_value(field, values[field])
            except ValueError as exc:
                raise ImportProblem(str(exc), file=file, record=where) from None
            card_facts.write(fields, field, value)
    extra["unknown"] = card_facts.ordered(unknown)
    return card_facts.card_data(code, fields, edition.code)
