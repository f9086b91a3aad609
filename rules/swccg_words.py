"""SWCCG record events in words, for the replay viewer: "Dark Side deploys •Darth Vader to •Tatooine: Cantina".

Plain Python over an already checked record (rules/swccg/record.py check_shape): every field an event type
needs is there with its documented kind. Cards are named by `title(card_id)`; a key naming a later copy
("1_194#2") says which copy. Every text taken from the record is cut short, so a line stays a line.
"""

from collections.abc import Callable

SIDES = {"dark": "Dark Side", "light": "Light Side"}
PILES = {"used": "Used Pile", "lost": "Lost Pile", "table": "table"}
FORCE_SOURCES = {"reserve": "Reserve Deck", "force": "Force Pile", "used": "Used Pile", "hand": "hand"}
DRAW_KINDS = {
    "opening": "an opening hand",
    "hand": "into hand",
    "destiny": "for destiny",
    "battle_destiny": "for battle destiny",
    "weapon_destiny": "for weapon destiny",
    "sabacc": "for sabacc",
}
MOVE_KINDS = {
    "site": "to the next site",
    "landing": "by landing",
    "takeoff": "by taking off",
    "shuttle": "by shuttling",
    "hyperspace": "through hyperspace",
    "landspeed": "by landspeed",
    "docking_bay": "by docking bay transit",
    "aboard": "aboard",
}
UNTIL = {"battle": "the end of the battle", "turn": "the end of the turn", "game": "the end of the game"}
MAX_NAMED = 12  # cards named in one line; the rest are counted
MAX_TEXT = 120  # characters of a note or a reason shown


def _carried(e: dict, card: Callable) -> str:
    """The event's card, or its permanent weapon when the event names that ("weapon": "permanent")."""
    named = card(e.get("card"))
    return f"{named}'s permanent weapon" if e.get("weapon") == "permanent" else named


def _cut(text: object, limit: int = MAX_TEXT) -> str:
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _number(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def event_words(event: dict, title: Callable[[str], str | None]) -> str:
    """One event of a checked record in words; `title` names a GEMP id (None: unknown, the id is shown)."""

    def card(key: object) -> str:
        if not isinstance(key, str):
            return "?"
        card_id, _, copy = key.partition("#")
        name = title(card_id) or card_id
        return _cut(f"{name} (copy {copy})" if copy and copy != "1" else name)

    def cards(keys: object) -> str:
        keys = keys if isinstance(keys, list) else []
        named = ", ".join(card(k) for k in keys[:MAX_NAMED])
        more = len(keys) - MAX_NAMED
        return named + (f" and {more} more" if more > 0 else "") if keys else "nothing"

    kind = event.get("type")
    player = event.get("player")
    who = (SIDES.get(player) if isinstance(player, str) else None) or "A player"
    words = _WORDS.get(kind) if isinstance(kind, str) else None
    if words is not None:
        text = words(event, who, card, cards)
    else:  # a type added to the record since these words were written: named as it is
        text = f"{who}: {_cut(kind, 40).replace('_', ' ')}."
    note = event.get("note")
    return f"{text} — {_cut(note)}" if isinstance(note, str) and note else text


def _draw(e, who, card, cards) -> str:
    value = f" (destiny {_number(e['value'])})" if e.get("value") is not None else ""
    if e["kind"] == "opening":
        return f"{who} draws an opening hand: {cards(e['cards'])}."
    return f"{who} draws {cards(e['cards'])} {DRAW_KINDS[e['kind']]}{value}."


def _deploy(e, who, card, cards) -> str:
    where = f" to {card(e['to'])}" if e.get("to") else ""
    aboard = f" aboard {card(e['on'])}" if e.get("on") else ""
    cost = f" for {_number(e['cost'])} Force" if e.get("cost") is not None else ""
    reaction = " as a react" if e.get("reaction") else ""
    return f"{who} deploys {card(e['card'])}{where}{aboard}{cost}{reaction}."


def _move(e, who, card, cards) -> str:
    how = MOVE_KINDS[e["kind"]]
    cost = f" for {_number(e['cost'])} Force" if e.get("cost") is not None else ""
    if e["kind"] == "aboard":
        return f"{who} moves {card(e['card'])} aboard {card(e['to'])}{cost}."
    return f"{who} moves {card(e['card'])} to {card(e['to'])} {how}{cost}."


def _modify(e, who, card, cards) -> str:
    target = card(e["card"]) if e.get("card") else card(e["location"]) if e.get("location") else None
    whose = f"{SIDES[e['player']]}'s " if e.get("player") else ""
    subject = (
        f"{target}'s {e['stat'].replace('_', ' ')}" if target else f"{whose}{e['stat'].replace('_', ' ')}"
    )
    by = e["by"]
    change = f"+{_number(by)}" if by >= 0 else _number(by)
    until = f" until {UNTIL[e['until']]}" if e.get("until") else ""
    source = f" ({card(e['source'])})" if e.get("source") else ""
    return f"{subject[:1].upper()}{subject[1:]} {change}{until}{source}."


def _lose(e, who, card, cards) -> str:
    named = f": {cards(e['cards'])}" if e.get("cards") else ""
    return f"{who} loses {e['amount']} Force from the {FORCE_SOURCES[e['from']]}{named}."


def _game_end(e, who, card, cards) -> str:
    winner = SIDES.get(e["winner"])
    result = f"{winner} wins" if winner else "nobody wins"
    return f"The game ends: {result} ({_cut(e['reason'])})."


def _optional(e: dict, key: str, words: str, card) -> str:
    return words.format(card(e[key])) if isinstance(e.get(key), str) else ""


def _sabacc(e, who, card, cards) -> str:
    hands = f"Dark Side holds {cards(e.get('dark'))}; Light Side holds {cards(e.get('light'))}"
    winner = SIDES.get(e.get("winner"))
    result = f"{winner} wins" if winner else "nobody wins"
    gives_up = _optional(e, "gives_up", "; the loser gives up {}", card)
    return f"{who} plays sabacc: {hands}; {result}{gives_up}."


_WORDS: dict[str, Callable] = {
    "start_location": lambda e, who, card, cards: f"{who} starts at {card(e['card'])}.",
    "objective": lambda e, who, card, cards: f"{who} deploys its objective {card(e['card'])}.",
    "starting": lambda e, who, card, cards: (
        f"{who} deploys the starting card {card(e['card'])}"
        + (f" to {card(e['to'])}." if e.get("to") else ".")
    ),
    "shuffle": lambda e, who, card, cards: f"{who} shuffles the Reserve Deck.",
    "draw": _draw,
    "activate": lambda e, who, card, cards: f"{who} activates {e['amount']} Force.",
    "drain": lambda e, who, card, cards: f"{who} drains {e['amount']} Force at {card(e['location'])}.",
    "deploy": _deploy,
    "play": lambda e, who, card, cards: (
        f"{who} plays {card(e['card'])}"
        + (f" for {_number(e['cost'])} Force" if e.get("cost") is not None else "")
        + f" (to the {PILES[e['to']]})."
    ),
    "move": _move,
    "battle": lambda e, who, card, cards: f"{who} starts a battle at {card(e['location'])}.",
    "hit": lambda e, who, card, cards: f"{card(e['card'])} is hit.",
    "forfeit": lambda e, who, card, cards: f"{who} forfeits {_carried(e, card)}.",
    "battle_end": lambda e, who, card, cards: f"The battle at {card(e['location'])} ends.",
    "lose_force": _lose,
    "use_force": lambda e, who, card, cards: f"{who} uses {e['amount']} Force.",
    "retrieve": lambda e, who, card, cards: f"{who} retrieves {cards(e['cards'])}.",
    "place_out_of_play": lambda e, who, card, cards: f"{who} places {_carried(e, card)} out of play.",
    "modify": _modify,
    "end_phase": lambda e, who, card, cards: f"{who} ends the {e['phase']} phase.",
    "end_turn": lambda e, who, card, cards: f"{who} ends the turn.",
    "game_end": _game_end,
    # the advanced rules
    "capture": lambda e, who, card, cards: (
        f"{who} captures {card(e.get('card'))}"
        + _optional(e, "escort", ", escorted by {}", card)
        + _optional(e, "prison", ", imprisoned at {}", card)
        + "."
    ),
    "release": lambda e, who, card, cards: f"{who} releases {card(e.get('card'))}.",
    "cross_over": lambda e, who, card, cards: f"{who} crosses {card(e.get('card'))} over.",
    "convert": lambda e, who, card, cards: (
        f"{who} converts {card(e.get('replaces'))} with {card(e.get('card'))}"
        + (f" for {_number(e['cost'])} Force" if e.get("cost") is not None else "")
        + "."
    ),
    "sabacc": _sabacc,
    "steal": lambda e, who, card, cards: (
        f"{who} steals {_carried(e, card)}" + _optional(e, "to", " to {}", card) + "."
    ),
    "fire_weapon": lambda e, who, card, cards: (
        f"{who} fires {_carried(e, card)} at {card(e.get('target'))}"
        + (f" for {_number(e['cost'])} Force" if e.get("cost") is not None else "")
        + "."
    ),
}
