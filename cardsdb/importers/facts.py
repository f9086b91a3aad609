"""Facts that people who own the cards enter for what the source leaves unknown (CardFact), and how they apply.

A card's fields say what its source states about each fact field: a value, nothing (listed in
extra["unknown"]) or a dispute (extra["disputed"]: the candidates). A fact fills an unknown field, or settles a
disputed one when it is one of the candidates; a fact that contradicts a stated value is not applied, and a
warning names the card and the field. Applied facts are listed in extra["facts"], which is what lets them be
taken off and applied afresh: the importer does so on every import, the admin and `import_card_facts` when
facts are saved, so both paths give the same card (and the same digest, so the next import writes nothing).

Faction and card type (Card.side, Card.type) decide which other fields a card prints (printed_fields), and a
field the card does not print is never unknown. So a faction or card_type fact also takes the fields the card
turns out not to print off extra["unknown"], and lists them with the fact ("not_printed") so that taking the
fact off puts them back; it is refused when the source states a value for one of them, and a card_type fact
must agree with the card's deck. Facts never touch the card's code: codes come from the source alone.
"""

import copy
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from django.db import transaction

from core.text import fold

from ..models import Card, CardFact, ImportRun
from .snapshot import CardData

GAMES = ("swdbg",)  # the games whose importer applies facts
FIELDS: tuple[str, ...] = tuple(CardFact.Field.values)
SHAPING = ("faction", "card_type")  # they decide which of the other fields a card prints: applied first
VALUES = tuple(field for field in FIELDS if field not in SHAPING)
NUMBERS = ("cost", "attack", "resources", "force", "hit_points", "target_value")
COLUMNS = ("cost", "attack", "resources", "force", "hit_points")  # numeric Card columns
IN_EXTRA = ("target_value", "reward", "copies")
# extra["unknown"] lists these in this order ("deck" is not a fact: the source must state it).
UNKNOWN_ORDER = (*SHAPING, "deck", *VALUES)

FACTIONS = ("Empire", "Rebel", "Neutral", "Republic", "Separatist")
CARD_TYPES = {"unit": "Unit", "capital_ship": "Capital Ship", "base": "Base"}  # the data's name → Card.type
# What each card type prints (by Card.type). Only faction cards of the galaxy deck can be attacked, so only
# they print a target value and reward.
_UNIT = {"cost", "attack", "resources", "force", "unique", "traits", "ability", "copies"}
# A base's uniqueness is on record for some bases only: where the source leaves it empty it is unknown.
PRINTED = {"Unit": _UNIT, "Capital Ship": _UNIT | {"hit_points"}, "Base": {"hit_points", "ability", "unique"}}
GALAXY_FACTION_ONLY = {"target_value", "reward"}
# The Card columns a fact-bearing card's CardData carries: all of them are rebuilt when facts change.
CARD_COLUMNS = (
    "title", "name", "side", "type", "subtype", "uniqueness_kind", "uniqueness_limit", "rarity", *COLUMNS,
    "stats_text", "characteristics", "gametext", "extra", "search_title", "search_text", "search_chars",
)  # fmt: skip


class Fact(NamedTuple):
    value: object
    note: str = ""


# --- values -----------------------------------------------------------------------------------------------


def printed_fields(card_type: str, faction: str, deck: str) -> set[str]:
    """The fields a card prints as far as its type (Card.type), faction and deck tell; "" is unknown. What may
    be printed counts: a card of unknown type may print what any type prints, a galaxy card of unknown
    faction may be a faction card with a target value and reward. So learning the type or faction never adds
    a field."""
    fields = set(PRINTED[card_type]) if card_type in PRINTED else set().union(*PRINTED.values())
    if deck == "galaxy" and faction != "Neutral":
        fields |= GALAXY_FACTION_ONLY
    return fields


def check_value(field: str, value: object) -> object:
    """The value in its normal form (16.0 → 16, traits stripped, "separatist" → "Separatist", "unit" or
    "Unit" → "Unit" as Card.type shows it); ValueError says what is wrong."""
    if field not in FIELDS:
        raise ValueError(f"unknown field {field!r}; facts can be given for: {', '.join(FIELDS)}")
    if field == "faction":
        found = [f for f in FACTIONS if isinstance(value, str) and fold(value) == fold(f)]
        if not found:
            raise ValueError(f"faction must be one of {', '.join(FACTIONS)}, not {value!r}")
        return found[0]
    if field == "card_type":
        key = "_".join(fold(value).split()) if isinstance(value, str) else None  # "Capital Ship" as well
        if key not in CARD_TYPES:
            raise ValueError(f"card_type must be one of {', '.join(CARD_TYPES)}, not {value!r}")
        return CARD_TYPES[key]
    if field in NUMBERS or field == "copies":
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        least = 1 if field == "copies" else 0
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{field} must be a whole number of at least {least}, not {value!r}")
        return value
    if field == "unique":
        if not isinstance(value, bool):
            raise ValueError(f"unique must be true or false, not {value!r}")
        return value
    if field == "traits":
        if not isinstance(value, list) or not all(isinstance(t, str) and t.strip() for t in value):
            raise ValueError(f'traits must be a list of trait names such as ["Trooper"], not {value!r}')
        return [" ".join(t.split()) for t in value]
    if not isinstance(value, str) or (field == "reward" and not value.strip()):
        raise ValueError(f"{field} must be text, not {value!r}")
    return value.strip()


def _same(field: str, a: object, b: object) -> bool:
    if field == "traits":
        return sorted(fold(t) for t in a) == sorted(fold(t) for t in b)  # type: ignore[union-attr]
    if field in ("reward", "ability"):
        return fold(str(a)) == fold(str(b))
    return a == b


def _shown(value: object) -> str:
    return ", ".join(value) if isinstance(value, list) else str(value)


def tags(values: list[str]) -> str:
    """'|a|b|', as the search's char: expects."""
    return "|" + "|".join(fold(v) for v in values) + "|"


# --- reading and writing one field of a card's fields ----------------------------------------------------


def write(fields: dict, field: str, value: object) -> None:
    """Set a known value in every column that shows it."""
    if field in COLUMNS:
        fields[field] = float(value)  # type: ignore[arg-type]
    if field in IN_EXTRA:
        fields["extra"][field] = value
    if field in NUMBERS:
        fields["stats_text"][field] = str(value)
    elif field == "faction":
        fields["side"] = value
    elif field == "card_type":
        fields["type"] = value
    elif field == "unique":
        fields["uniqueness_kind"], fields["uniqueness_limit"] = ("unique", 1) if value else ("none", None)
    elif field == "traits":
        fields["characteristics"], fields["search_chars"] = list(value), tags(value)  # type: ignore[arg-type]
    elif field == "ability":
        fields["gametext"], fields["search_text"] = value, fold(str(value))


def clear(fields: dict, field: str) -> None:
    """The field as a source without a value leaves it (the columns empty; unique keeps 'none')."""
    if field in COLUMNS:
        fields[field] = None
    if field in IN_EXTRA:
        fields["extra"][field] = None
    if field in NUMBERS:
        fields["stats_text"].pop(field, None)
    elif field == "faction":
        fields["side"] = ""
    elif field == "card_type":
        fields["type"] = ""
    elif field == "unique":
        fields["uniqueness_kind"], fields["uniqueness_limit"] = "none", None
    elif field == "traits":
        fields["characteristics"], fields["search_chars"] = [], tags([])
    elif field == "ability":
        fields["gametext"], fields["search_text"] = "", ""


def write_disputed(fields: dict, field: str, candidates: list) -> None:
    """No value, and the candidates on show: a stat's printed text reads '14 or 16'."""
    clear(fields, field)
    fields["extra"]["disputed"][field] = candidates
    if field in NUMBERS:
        fields["stats_text"][field] = " or ".join(_shown(c) for c in candidates)


def read(fields: dict, field: str) -> object:
    """The value the fields state (for a field that is neither unknown nor disputed)."""
    if field in IN_EXTRA:
        return fields["extra"][field]
    if field in COLUMNS:
        number = fields[field]
        return int(number) if number is not None and float(number).is_integer() else number
    return {
        "faction": lambda: fields["side"],
        "card_type": lambda: fields["type"],
        "unique": lambda: fields["uniqueness_kind"] == "unique",
        "traits": lambda: list(fields["characteristics"]),
        "ability": lambda: fields["gametext"],
    }[field]()


def _has_value(fields: dict, field: str) -> bool:
    """Whether the fields state something for this field (not unique reads as nothing: a base has none)."""
    value = read(fields, field)
    return value is not None and value is not False and value != "" and value != []


def ordered(names: Iterable[str]) -> list[str]:
    wanted = set(names)
    return [name for name in UNKNOWN_ORDER if name in wanted]


def _printed(fields: dict) -> set[str]:
    return printed_fields(fields["type"], fields["side"], fields["extra"]["deck"])


def _why_not_printed(fields: dict, field: str) -> str:
    if field in GALAXY_FACTION_ONLY:
        return f"only faction cards of the galaxy deck have a {field}"
    return f"a {fields['type']} card prints no {field}"


# --- applying facts -----------------------------------------------------------------------------------------


def strip_facts(fields: dict) -> dict:
    """A copy of the fields as the source left them: the facts applied earlier taken off again."""
    fields = copy.deepcopy(fields)
    extra = fields["extra"]
    applied = extra.pop("facts", {})
    unknown = set(extra["unknown"])
    for field, fact in applied.items():
        unknown.update(fact.get("not_printed", ()))
        if field in extra["disputed"]:
            write_disputed(fields, field, extra["disputed"][field])
        else:
            clear(fields, field)
            unknown.add(field)
    extra["unknown"] = ordered(unknown)
    return fields


def apply_facts(fields: dict, facts: Mapping[str, Fact], *, card: str) -> tuple[dict, list[str]]:
    """The fields with the facts applied (on a fresh copy, earlier facts taken off), and a warning for each
    fact not applied. `card` names the card in the warnings."""
    fields = strip_facts(fields)
    extra = fields["extra"]
    applied: dict[str, dict] = {}
    warnings: list[str] = []
    for field in (*SHAPING, *VALUES):  # faction and type first: they decide which other fields are unknown
        if field not in facts:
            continue
        fact = facts[field]
        try:
            value = check_value(field, fact.value)
        except ValueError as exc:
            warnings.append(f"{card}: the stored fact for {field} is not valid ({exc}); not applied")
            continue
        problem = _refusal(fields, field, value)
        if problem:
            warnings.append(f"{card}: fact {field} = {_shown(value)} {problem}; not applied")
        elif field in extra["disputed"] or field in extra["unknown"]:
            applied[field] = {"value": value, "note": fact.note}
            if field in SHAPING:
                before = _printed(fields)
                write(fields, field, value)
                gone = before - _printed(fields)
                if hidden := [name for name in extra["unknown"] if name in gone]:
                    applied[field]["not_printed"] = hidden
                    extra["unknown"] = [name for name in extra["unknown"] if name not in gone]
            else:
                write(fields, field, value)
    extra["unknown"] = [name for name in extra["unknown"] if name not in applied]
    if applied:
        extra["facts"] = applied
    return fields, warnings


def _refusal(fields: dict, field: str, value: object) -> str | None:
    """Why the fact is not applied (the end of a warning), or None: it applies, or agrees with the source."""
    extra = fields["extra"]
    disputed = extra["disputed"].get(field)
    if disputed is not None:
        if any(_same(field, value, c) for c in disputed):
            return None
        return f"is none of the disputed values ({' or '.join(_shown(c) for c in disputed)})"
    if field in extra["unknown"]:
        return _misfit(fields, field, value) if field in SHAPING else None
    stated = read(fields, field)
    if _same(field, value, stated):
        return None
    if field not in SHAPING and not _has_value(fields, field) and field not in _printed(fields):
        return f"does not fit the card ({_why_not_printed(fields, field)})"
    return f"contradicts the source, which states {_shown(stated)}"


def _misfit(fields: dict, field: str, value: object) -> str | None:
    """Why a faction or card type the source leaves unknown cannot be this value: the card's deck, or a value
    the source states for a field such a card does not print."""
    deck = fields["extra"]["deck"]
    if field == "card_type" and (value == "Base") != (deck == "base"):
        return f"contradicts the source, which puts the card in the {deck} deck"
    trial = {**fields, ("side" if field == "faction" else "type"): value}
    for name in ordered(_printed(fields) - _printed(trial)):
        candidates = fields["extra"]["disputed"].get(name)
        if candidates is not None or _has_value(fields, name):
            stated = " or ".join(_shown(c) for c in candidates) if candidates else _shown(read(fields, name))
            return f"contradicts the source, which states {name} {stated} ({_why_not_printed(trial, name)})"
    return None


def card_label(code: str, title: str) -> str:
    return f"{title} ({code})"


def apply_to_cards(cards: list[CardData], facts: Mapping[str, Mapping[str, Fact]]) -> list[str]:
    """Apply each card's facts to a snapshot's cards in place; warnings for facts not applied."""
    warnings: list[str] = []
    codes = {c.code for c in cards}
    for data in cards:
        if data.code in facts:
            label = card_label(data.code, data.fields["title"])
            data.fields, found = apply_facts(data.fields, facts[data.code], card=label)
            warnings += found
    for code in sorted(set(facts) - codes):
        warnings.append(
            f"facts for {code} ({', '.join(facts[code])}) name no card of the source; kept, not applied"
        )
    return warnings


def card_data(code: str, fields: dict, set_code: str) -> CardData:
    """The CardData of a card facts apply to: its columns, its set and its one printing. The importer builds
    its cards with this, and refresh_cards rebuilds it from the row, so both compute the same digest."""
    if set(fields) != set(CARD_COLUMNS):
        raise ValueError(f"card fields differ from CARD_COLUMNS: {sorted(set(fields) ^ set(CARD_COLUMNS))}")
    return CardData(code=code, fields=fields, set_code=set_code, printings=[(set_code, "")])


# --- the database -------------------------------------------------------------------------------------------


def stored_facts(game: str, codes: Iterable[str] | None = None) -> dict[str, dict[str, Fact]]:
    """code → field → Fact, for a game's cards (or only for the codes given)."""
    rows = CardFact.objects.filter(game_id=game)
    if codes is not None:
        rows = rows.filter(card_code__in=list(codes))
    found: dict[str, dict[str, Fact]] = {}
    for code, field, value, note in rows.values_list("card_code", "field", "value", "note"):
        found.setdefault(code, {})[field] = Fact(value, note)
    return found


def refresh_cards(game: str, codes: Iterable[str]) -> list[str]:
    """Apply the stored facts to these cards' rows now (facts taken off where they were deleted) and link the
    facts to their cards; warnings for facts not applied."""
    codes = sorted(set(codes))
    facts = stored_facts(game, codes)
    warnings: list[str] = []
    changed = 0
    with transaction.atomic():
        for card in Card.objects.filter(game_id=game, code__in=codes).select_related("card_set"):
            before = {column: getattr(card, column) for column in CARD_COLUMNS}
            label = card_label(card.code, card.title)
            after, found = apply_facts(before, facts.get(card.code, {}), card=label)
            warnings += found
            if after != before:
                for column, value in after.items():
                    setattr(card, column, value)
                set_code = card.card_set.code if card.card_set else ""
                card.source_hash = card_data(card.code, after, set_code).digest()
                card.save(update_fields=[*CARD_COLUMNS, "source_hash"])
                changed += 1
            CardFact.objects.filter(game_id=game, card_code=card.code).exclude(card=card).update(card=card)
        if changed:
            # A new catalogue version: caches built from the cards (legality pools, name index) are rebuilt.
            ImportRun.objects.create(game_id=game, source="card facts", changed=changed)
    return warnings
