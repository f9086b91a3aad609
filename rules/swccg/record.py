"""The SWCCG game record: its shape, checked before any rule is (rules/swccg/record_schema.json documents it).

A record is the referee's copy of a game: both decks as GEMP ids, optionally each Reserve Deck's order, and the
events in order. A card on the table is named by its GEMP id, or "id#n" for the n-th copy of that id in the
player's deck list when there are several (the first copy still answers to the plain id). Card text that changes
a number is an explicit `modify` event, so the referee never guesses what a card's text did. A character's
permanent weapon is part of its text, not a card: an event names it as the character's `card` with
`"weapon": "permanent"` (firing it, or — a violation — stealing, forfeiting or placing it out of play apart).
"""

from dataclasses import dataclass

from .cards import DARK, LIGHT

RECORD_VERSION = 1
MAX_EVENTS = 20_000
MAX_DECK = 130  # a 60-card deck and its outside-the-deck cards, with room to spare
MAX_TEXT = 200
MAX_LIST = 130
# What a record may ask of the referee, checked with its shape before it is replayed, so that no record keeps a
# request past a couple of seconds: the card keys listed by all the events together (draws, losses, sabacc
# hands…: each costs what an event does; a whole game lists a few hundred), and the events that cost far more
# than others (a battle is resolved, ~0.1 ms; a sabacc searched for each side's best values, up to ~13 ms; a
# whole game has a few dozen battles and a sabacc or two).
MAX_LISTED_CARDS = 20_000
MAX_OF_KIND = {"battle": 1_000, "sabacc": 20}
MAX_NUMBER = 10_000
PHASES = ("activate", "control", "deploy", "battle", "move", "draw")

_ID = "card"  # a card key: "1_168" or "1_194#2"
# Each event type: its fields beyond "type" (and the optional "turn", "phase", "note") with their kinds; a trailing
# "?" marks an optional field.
EVENTS: dict[str, dict[str, str]] = {
    "start_location": {"player": "side", "card": _ID},
    "objective": {"player": "side", "card": _ID},
    "starting": {"player": "side", "card": _ID, "to": "card?"},
    "shuffle": {"player": "side", "order": "cards?"},
    "draw": {"player": "side", "kind": "draw_kind", "cards": "cards", "value": "number?"},
    "activate": {"player": "side", "amount": "count"},
    "drain": {"player": "side", "location": _ID, "amount": "count"},
    "deploy": {
        "player": "side",
        "card": _ID,
        "to": "card?",
        "on": "card?",
        "cost": "number?",
        "reaction": "bool?",
    },
    "play": {"player": "side", "card": _ID, "to": "pile", "cost": "number?"},
    "move": {"player": "side", "card": _ID, "to": _ID, "kind": "move_kind", "cost": "number?"},
    "battle": {"player": "side", "location": _ID},
    "hit": {"player": "side", "card": _ID},
    "forfeit": {"player": "side", "card": _ID, "weapon": "weapon?"},
    "battle_end": {"location": _ID},
    "lose_force": {"player": "side", "amount": "count", "from": "force_source", "cards": "cards?"},
    "use_force": {"player": "side", "amount": "count"},
    "retrieve": {"player": "side", "cards": "cards"},
    "place_out_of_play": {"player": "side", "card": _ID, "weapon": "weapon?"},
    "modify": {
        "card": "card?",
        "location": "card?",
        "player": "side?",
        "stat": "stat",
        "by": "number",
        "until": "until?",
        "source": "card?",
    },  # fmt: skip
    "end_phase": {"player": "side", "phase": "phase"},
    "end_turn": {"player": "side"},
    "game_end": {"winner": "side_or_none", "reason": "text"},
    # the advanced rules
    "capture": {"player": "side", "card": _ID, "escort": "card?", "prison": "card?"},
    "release": {"player": "side", "card": _ID},
    "cross_over": {"player": "side", "card": _ID},
    "convert": {"player": "side", "card": _ID, "replaces": _ID, "cost": "number?"},
    "sabacc": {
        "player": "side",
        "dark": "cards",
        "light": "cards",
        "wild": "cards?",
        "wild_low": "number?",
        "wild_high": "number?",
        "clones": "cards?",
        "stakes": "cards?",
        "assigned": "sabacc_choices?",
        "winner": "side_or_none",
        "gives_up": "card?",
    },  # fmt: skip
    "steal": {"player": "side", "card": _ID, "to": "card?", "weapon": "weapon?"},
    "fire_weapon": {"player": "side", "card": _ID, "target": _ID, "cost": "number?", "weapon": "weapon?"},
}
CHOICES = {
    "side": (DARK, LIGHT),
    "draw_kind": ("opening", "hand", "destiny", "battle_destiny", "weapon_destiny", "sabacc"),
    "pile": ("used", "lost", "table"),
    "move_kind": (
        "site",
        "landing",
        "takeoff",
        "shuttle",
        "hyperspace",
        "landspeed",
        "docking_bay",
        "aboard",
    ),
    "force_source": ("reserve", "force", "used", "hand"),
    "stat": (
        "power",
        "ability",
        "forfeit",
        "deploy",
        "drain",
        "force_generation",
        "icons",
        "immune_to_attrition",
        "battle_destinies",
        "hyperspeed",
        "landspeed",
        "move_cost",
    ),  # fmt: skip
    "until": ("battle", "turn", "game"),
    # "weapon": "permanent" names the permanent weapon of the character in "card" (its text: "Permanent weapon is
    # •Luke's Lightsaber"), which is not a card of its own
    "weapon": ("permanent",),
    "phase": PHASES,
}


class RecordError(ValueError):
    """A record that is not the documented shape: `code`, a message, and the event's index when one is at fault."""

    def __init__(
        self,
        code: str,
        message: str,
        index: int | None = None,
        *,
        bound: str | None = None,
        limit: int | None = None,
    ):
        super().__init__(message)
        self.code, self.message, self.index, self.bound, self.limit = code, message, index, bound, limit

    def as_dict(self) -> dict:
        found: dict = {"code": self.code, "message": self.message}
        if self.index is not None:
            found["index"] = self.index
        return found


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    name: str
    side: str
    deck: tuple[str, ...]  # GEMP ids, with repeats
    outside: tuple[str, ...]
    reserve_order: tuple[str, ...] | None  # card keys, top first, after the opening set-up (if known)


@dataclass(frozen=True, slots=True)
class Record:
    players: tuple[PlayerRecord, PlayerRecord]
    events: tuple[dict, ...]
    result: dict | None

    def card_ids(self) -> set[str]:
        return {i for p in self.players for i in p.deck + p.outside}


def _text(value: object, where: str, limit: int = MAX_TEXT) -> str:
    if type(value) is not str or not value or len(value) > limit:
        raise RecordError("bad-record", f"{where} must be a text of 1 to {limit} characters.")
    return value


def _ids(value: object, where: str) -> tuple[str, ...]:
    if type(value) is not list or len(value) > MAX_DECK:
        raise RecordError("bad-record", f"{where} must be a list of at most {MAX_DECK} GEMP ids.")
    return tuple(_text(v, f"{where}[{i}]", 64) for i, v in enumerate(value))


def _player(value: object, index: int) -> PlayerRecord:
    where = f"players[{index}]"
    if type(value) is not dict:
        raise RecordError(
            "bad-record", f"{where} must be an object {{name, side, deck, outside, reserve_order}}."
        )
    unknown = set(value) - {"name", "side", "deck", "outside", "reserve_order"}
    if unknown:
        raise RecordError("bad-record", f"{where} has unknown keys: {', '.join(sorted(unknown))}.")
    side = value.get("side")
    if side not in (DARK, LIGHT):
        raise RecordError("bad-record", f'{where}.side must be "dark" or "light".')
    order = value.get("reserve_order")
    return PlayerRecord(
        name=_text(value.get("name", side), f"{where}.name"),
        side=side,
        deck=_ids(value.get("deck"), f"{where}.deck"),
        outside=_ids(value.get("outside", []), f"{where}.outside"),
        reserve_order=None if order is None else _ids(order, f"{where}.reserve_order"),
    )


def _field(kind: str, value: object, where: str) -> None:
    optional = kind.endswith("?")
    kind = kind.rstrip("?")
    if value is None and (optional or kind == "side_or_none"):
        return
    if kind in ("card", _ID):
        _text(value, where, 64)
    elif kind == "cards":
        if type(value) is not list or len(value) > MAX_LIST:
            raise RecordError("bad-record", f"{where} must be a list of at most {MAX_LIST} card keys.")
        for i, item in enumerate(value):
            _text(item, f"{where}[{i}]", 64)
    elif kind == "count":
        if type(value) is not int or not 0 <= value <= MAX_NUMBER:
            raise RecordError("bad-record", f"{where} must be a whole number from 0 to {MAX_NUMBER}.")
    elif kind == "number":
        if type(value) not in (int, float) or not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise RecordError("bad-record", f"{where} must be a number within ±{MAX_NUMBER}.")
    elif kind == "bool":
        if type(value) is not bool:
            raise RecordError("bad-record", f"{where} must be true or false.")
    elif kind == "text":
        _text(value, where)
    elif kind == "sabacc_choices":
        _sabacc_choices(value, where)
    else:
        choices = CHOICES["side" if kind == "side_or_none" else kind]
        if value not in choices:
            raise RecordError("bad-record", f"{where} must be one of {', '.join(choices)}.")


def _sabacc_choices(value: object, where: str) -> None:
    """{"dark": {"wild": {"0": 6}, "clones": {"2": 0}, "printed": {"1": 5}}, "light": {…}}: each side's sabacc
    choices by card index in its hand (rules/swccg/sabacc/ checks them against the rules)."""
    shape = f'{where} is {{"dark"|"light": {{"wild"|"clones"|"printed": {{"card index": number}}}}}}.'
    if type(value) is not dict or not set(value) <= {DARK, LIGHT}:
        raise RecordError("bad-record", shape)
    for choices in value.values():
        if type(choices) is not dict or not set(choices) <= {"wild", "clones", "printed"}:
            raise RecordError("bad-record", shape)
        for entries in choices.values():
            if type(entries) is not dict or len(entries) > 6:
                raise RecordError("bad-record", shape)
            for key, number in entries.items():
                if (
                    key not in "012345"
                    or len(key) != 1
                    or type(number) not in (int, float)
                    or abs(number) > 20
                ):
                    raise RecordError("bad-record", shape)


def _event(value: object, index: int) -> dict:
    where = f"events[{index}]"
    if type(value) is not dict or type(value.get("type")) is not str:
        raise RecordError("bad-record", f"{where} must be an object with a type.", index)
    kind = value["type"]
    fields = EVENTS.get(kind)
    if fields is None:
        raise RecordError(
            "bad-record", f"{where}.type {kind[:40]!r} is not an event type of record version 1.", index
        )
    unknown = set(value) - set(fields) - {"type", "turn", "phase", "note"}
    if unknown:
        raise RecordError(
            "bad-record", f"{where} ({kind}) has unknown keys: {', '.join(sorted(unknown))}.", index
        )
    try:
        for name, field_kind in fields.items():
            if name not in value and not field_kind.endswith("?"):
                raise RecordError("bad-record", f"{where} ({kind}) needs {name}.")
            _field(field_kind, value.get(name), f"{where}.{name}")
        if "turn" in value:
            _field("count", value["turn"], f"{where}.turn")
        if "phase" in value:
            _field("phase", value["phase"], f"{where}.phase")
        if "note" in value:
            _field("text", value["note"], f"{where}.note")
    except RecordError as error:
        raise RecordError(error.code, error.message, index) from None
    return dict(value)


def check_shape(record: object) -> Record:
    """The record as typed data, or RecordError naming the first thing wrong with its shape."""
    if type(record) is not dict:
        raise RecordError("bad-record", "A record is a JSON object (GET /api/games/swccg/record-schema).")
    unknown = set(record) - {"game", "record_version", "players", "events", "result"}
    if unknown:
        raise RecordError("bad-record", f"The record has unknown keys: {', '.join(sorted(unknown))}.")
    if record.get("game") != "swccg" or record.get("record_version") != RECORD_VERSION:
        raise RecordError(
            "bad-record", f'A SWCCG record says "game": "swccg", "record_version": {RECORD_VERSION}.'
        )
    players = record.get("players")
    if type(players) is not list or len(players) != 2:
        raise RecordError("bad-record", "players must list the two players.")
    both = tuple(_player(p, i) for i, p in enumerate(players))
    if {p.side for p in both} != {DARK, LIGHT}:
        raise RecordError("bad-record", "One player plays the Dark Side and the other the Light Side.")
    events = record.get("events")
    if type(events) is not list:
        raise RecordError("bad-record", "events must be a list.")
    if len(events) > MAX_EVENTS:
        raise RecordError(
            "too-many-events", f"A record holds at most {MAX_EVENTS:,} events; this one {len(events):,}."
        )
    result = record.get("result")
    if result is not None and type(result) is not dict:
        raise RecordError("bad-record", "result must be an object {winner, reason} or absent.")
    if result is not None:
        _field("side_or_none", result.get("winner"), "result.winner")
    checked = tuple(_event(e, i) for i, e in enumerate(events))
    _check_work(checked)
    return Record(players=both, events=checked, result=result)


def _check_work(events: tuple[dict, ...]) -> None:
    """RecordError record-too-large when the events ask more of the referee than one request may."""
    listed = sum(len(v) for e in events for v in e.values() if type(v) is list)
    if listed > MAX_LISTED_CARDS:
        raise RecordError(
            "record-too-large",
            f"The events list {listed:,} cards together; a record lists at most {MAX_LISTED_CARDS:,}.",
            bound="listed_cards",
            limit=MAX_LISTED_CARDS,
        )
    for kind, limit in MAX_OF_KIND.items():
        count = sum(e["type"] == kind for e in events)
        if count > limit:
            raise RecordError(
                "record-too-large",
                f"The record has {count:,} {kind} events; a record has at most {limit:,}.",
                bound=f"{kind}_events",
                limit=limit,
            )


_FIELD_SCHEMAS = {
    "card": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "description": 'A card: "1_168" or "1_194#2".',
    },
    "cards": {
        "type": "array",
        "maxItems": MAX_LIST,
        "items": {"type": "string", "minLength": 1, "maxLength": 64},
    },
    "count": {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER},
    "number": {"type": "number", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER},
    "bool": {"type": "boolean"},
    "text": {"type": "string", "minLength": 1, "maxLength": MAX_TEXT},
    "side_or_none": {"enum": [DARK, LIGHT, None]},
    "weapon": {
        "enum": ["permanent"],
        "description": "The permanent weapon the character in card carries by its text (not a card of its own).",
    },
    "sabacc_choices": {
        "type": "object",
        "description": 'Each side\'s choices: {"dark": {"wild": {"0": 6}, "clones": {"2": 0}, "printed": {"1": 5}}}.',
        "additionalProperties": False,
        "properties": {
            side: {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    name: {
                        "type": "object",
                        "maxProperties": 6,
                        "patternProperties": {"^[0-5]$": {"type": "number", "minimum": -20, "maximum": 20}},
                        "additionalProperties": False,
                    }
                    for name in ("wild", "clones", "printed")
                },
            }
            for side in (DARK, LIGHT)
        },
    },
}


def _field_schema(kind: str) -> dict:
    kind = kind.rstrip("?")
    if kind == _ID:
        kind = "card"
    return dict(_FIELD_SCHEMAS.get(kind) or {"enum": list(CHOICES[kind])})


def record_schema() -> dict:
    """The record's JSON Schema, built from EVENTS so that the two never disagree."""
    common = {"turn": _field_schema("count"), "phase": {"enum": list(PHASES)}, "note": _field_schema("text")}
    events = []
    for kind, fields in EVENTS.items():
        events.append(
            {
                "type": "object",
                "title": kind,
                "properties": {"type": {"const": kind}, **common}
                | {name: _field_schema(field_kind) for name, field_kind in fields.items()},
                "required": ["type", *(n for n, k in fields.items() if not k.endswith("?"))],
                "additionalProperties": False,
            }
        )
    ids = {
        "type": "array",
        "maxItems": MAX_DECK,
        "items": {"type": "string", "minLength": 1, "maxLength": 64},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://cardsdb.example/schemas/swccg-record-1.json",
        "title": "SWCCG game record, version 1",
        "type": "object",
        "required": ["game", "record_version", "players", "events"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "swccg"},
            "record_version": {"const": RECORD_VERSION},
            "players": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": {
                    "type": "object",
                    "required": ["side", "deck"],
                    "additionalProperties": False,
                    "properties": {
                        "name": _field_schema("text"),
                        "side": {"enum": [DARK, LIGHT]},
                        "deck": ids | {"description": "GEMP ids of the deck's cards, repeats for copies."},
                        "outside": ids | {"description": "Cards outside the deck (Defensive Shields…)."},
                        "reserve_order": ids | {"description": "The Reserve Deck, top first, if known."},
                    },
                },
            },
            "events": {"type": "array", "maxItems": MAX_EVENTS, "items": {"oneOf": events}},
            "result": {
                "type": ["object", "null"],
                "properties": {"winner": {"enum": [DARK, LIGHT, None]}, "reason": _field_schema("text")},
            },
        },
    }
