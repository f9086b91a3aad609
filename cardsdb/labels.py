"""The interface's words for the English labels the data and the game profiles carry: stat names, sides,
card types, deck zones, and the other interface words the importers store as data (why a card has another id,
the kinds of alternate image, SWTCG's bans and restrictions, SW:DBG's decks, SWCCG's set cycles).

Those labels stay English where they are made (cardsdb/face_facts.py, cardsdb/games/, the importers, the models'
choices) because the API, the exports and the drawn card faces read them there; the pages show them through
`shown` and the functions below (and the template filters in cardsdb/templatetags/data_labels.py), in the
active language. A label not listed here (a card's name, a set's, a type the data adds later, a reason an
importer words anew) is shown as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.utils.functional import Promise
from django.utils.translation import gettext, npgettext, pgettext, pgettext_lazy

from core.swtcg.usage import ALL_PLAY

if TYPE_CHECKING:
    from .face_facts import Fact
    from .models import Card

STATS: dict[str, Promise] = {
    # SWCCG (face_facts: the stat's key, title-cased)
    "Destiny": pgettext_lazy("card stat", "Destiny"),
    "Power": pgettext_lazy("card stat", "Power"),
    "Ability": pgettext_lazy("card stat", "Ability"),
    "Deploy": pgettext_lazy("card stat", "Deploy"),
    "Forfeit": pgettext_lazy("card stat", "Forfeit"),
    "Armor": pgettext_lazy("card stat", "Armor"),
    "Maneuver": pgettext_lazy("card stat", "Maneuver"),
    "Hyperspeed": pgettext_lazy("card stat", "Hyperspeed"),
    "Landspeed": pgettext_lazy("card stat", "Landspeed"),
    "Parsec": pgettext_lazy("card stat", "Parsec"),
    "Politics": pgettext_lazy("card stat", "Politics"),
    "Ferocity": pgettext_lazy("card stat", "Ferocity"),
    "Light Icons": pgettext_lazy("card stat", "Light icons"),
    "Dark Icons": pgettext_lazy("card stat", "Dark icons"),
    "Light icons": pgettext_lazy("card stat", "Light icons"),
    "Dark icons": pgettext_lazy("card stat", "Dark icons"),
    # SWTCG
    "Cost": pgettext_lazy("card stat", "Cost"),
    "Build cost": pgettext_lazy("card stat", "Build cost"),
    "Speed": pgettext_lazy("card stat", "Speed"),
    "Health": pgettext_lazy("card stat", "Health"),
    "Arena": pgettext_lazy("card stat", "Arena"),
    "Arenas": pgettext_lazy("card stat", "Arenas"),
    "Version": pgettext_lazy("card stat", "Version"),
    "Legality": pgettext_lazy("card stat", "Legality"),
    "Usage": pgettext_lazy("card stat", "Usage"),
    "Printing": pgettext_lazy("card stat", "Printing"),
    "Number": pgettext_lazy("card stat", "Number"),
    # SW:DBG
    "Faction": pgettext_lazy("card stat", "Faction"),
    "Attack": pgettext_lazy("card stat", "Attack"),
    "Resources": pgettext_lazy("card stat", "Resources"),
    "Force": pgettext_lazy("card stat", "Force"),
    "HP": pgettext_lazy("card stat: hit points, short", "HP"),
    "Hit points": pgettext_lazy("card stat", "Hit points"),
    "Traits": pgettext_lazy("card stat", "Traits"),
    "Target value": pgettext_lazy("card stat", "Target value"),
    "Reward": pgettext_lazy("card stat", "Reward"),
    "Copies": pgettext_lazy("card stat", "Copies"),
    "Deck": pgettext_lazy("SW:DBG card stat: the deck a card starts in", "Deck"),
    "Unique": pgettext_lazy("card stat", "Unique"),
    "Card type": pgettext_lazy("card stat", "Card type"),  # a SW:DBG card whose type no source gives
}

SIDES: dict[str, Promise] = {
    "Light": pgettext_lazy("card side", "Light"),
    "Dark": pgettext_lazy("card side", "Dark"),
    "Neutral": pgettext_lazy("card side", "Neutral"),
    "Yuuzhan Vong": pgettext_lazy("card side", "Yuuzhan Vong"),
    "Empire": pgettext_lazy("card side", "Empire"),
    "Rebel": pgettext_lazy("card side", "Rebel"),
    "Republic": pgettext_lazy("card side", "Republic"),
    "Separatist": pgettext_lazy("card side", "Separatist"),
}

TYPES: dict[str, Promise] = {
    # SWCCG
    "Character": pgettext_lazy("card type", "Character"),
    "Interrupt": pgettext_lazy("card type", "Interrupt"),
    "Effect": pgettext_lazy("card type", "Effect"),
    "Location": pgettext_lazy("card type", "Location"),
    "Starship": pgettext_lazy("card type", "Starship"),
    "Weapon": pgettext_lazy("card type", "Weapon"),
    "Vehicle": pgettext_lazy("card type", "Vehicle"),
    "Device": pgettext_lazy("card type", "Device"),
    "Defensive Shield": pgettext_lazy("card type", "Defensive Shield"),
    "Objective": pgettext_lazy("card type", "Objective"),
    "Epic Event": pgettext_lazy("card type", "Epic Event"),
    "Creature": pgettext_lazy("card type", "Creature"),
    "Admiral's Order": pgettext_lazy("card type", "Admiral's Order"),
    "Podracer": pgettext_lazy("card type", "Podracer"),
    "Game Aid": pgettext_lazy("card type", "Game Aid"),
    "Jedi Test": pgettext_lazy("card type", "Jedi Test"),  # numbered in the data: "Jedi Test #1"
    # SWTCG
    "Unit": pgettext_lazy("card type", "Unit"),
    "Battle": pgettext_lazy("card type", "Battle"),
    "Equipment": pgettext_lazy("card type", "Equipment"),
    "Mission": pgettext_lazy("card type", "Mission"),
    "Missions": pgettext_lazy("card type: one SWTCG card's type, in the plural", "Missions"),
    "Subordinate": pgettext_lazy("card type", "Subordinate"),
    "Resource": pgettext_lazy("card type", "Resource"),
    "Event": pgettext_lazy("card type", "Event"),
    "Space": pgettext_lazy("card type or arena", "Space"),
    "Ground": pgettext_lazy("card type or arena", "Ground"),
    # SW:DBG
    "Capital Ship": pgettext_lazy("card type", "Capital Ship"),
    "Base": pgettext_lazy("card type", "Base"),
}

ZONES: dict[str, Promise] = {
    "Deck": pgettext_lazy("deck zone", "Deck"),
    "Starting": pgettext_lazy("deck zone", "Starting"),
    "Outside deck": pgettext_lazy("deck zone", "Outside deck"),
    "Outside the deck": pgettext_lazy("deck zone", "Outside the deck"),
    "Starting (part of the deck)": pgettext_lazy("deck zone", "Starting (part of the deck)"),
    "Outside the game / sideboard": pgettext_lazy("deck zone", "Outside the game / sideboard"),
    "Starter deck": pgettext_lazy("deck zone", "Starter deck"),
    "Base deck": pgettext_lazy("deck zone", "Base deck"),
}

# SW:DBG: the deck a card starts in (Card.extra["deck"], as the importer names it).
DECKS: dict[str, Promise] = {
    "galaxy": pgettext_lazy("SW:DBG deck a card starts in: the galaxy deck", "galaxy"),
    "starter": pgettext_lazy("SW:DBG deck a card starts in: a player's starter deck", "starter"),
    "base": pgettext_lazy("SW:DBG deck a card starts in: a player's base deck", "base"),
    "outer_rim": pgettext_lazy("SW:DBG deck a card starts in: the Outer Rim pilot stack", "outer_rim"),
}

# SWCCG: GEMP's set cycles (CardSet.cycle).
CYCLES: dict[str, Promise] = {
    "full": pgettext_lazy("SWCCG set cycle: a full expansion", "full"),
    "premium": pgettext_lazy("SWCCG set cycle: a premium (smaller, special) set", "premium"),
    "shields": pgettext_lazy("SWCCG set cycle: a set of Defensive Shields", "shields"),
}

# SWCCG: GEMP's printable slip kinds (Card.printable_slip_type), as the card page's link names them.
SLIPS: dict[str, Promise] = {
    "VIRTUAL": pgettext_lazy("card page link", "Printable virtual slip"),
    "ERRATA": pgettext_lazy("card page link", "Printable errata slip"),
}

KINDS = {
    "stat": STATS,
    "side": SIDES,
    "type": TYPES,
    "zone": ZONES,
    "deck": DECKS,
    "cycle": CYCLES,
}


def type_labels() -> dict[str, str]:
    """Every card type's word in the active language, for the builder's script to draw its type counts with."""
    return {label: str(word) for label, word in TYPES.items()}


def side_labels() -> dict[str, str]:
    """Every side's (and SW:DBG faction's) word in the active language, for the builder's script."""
    return {label: str(word) for label, word in SIDES.items()}


def shown(label, kind: str = "stat") -> str:
    """`label` in the active language, as a label of `kind` ("stat", "side", "type", "zone", "deck",
    "cycle"); as it is when the interface has no word for it."""
    found = KINDS[kind].get(str(label).strip()) if label else None
    if found is None and kind == "type" and label:
        return _compound_type(str(label))
    return str(found) if found is not None else label


# The kind of an SWTCG mission, after its type: "Mission - Campaign".
TYPE_KINDS: dict[str, Promise] = {
    "Campaign": pgettext_lazy("SWTCG mission kind, in 'Mission - Campaign'", "Campaign"),
    "Trap": pgettext_lazy("SWTCG mission kind, in 'Mission - Trap'", "Trap"),
}

# SWTCG's data writes some types as several ("Ground/Character", a unit that is also a character) or with a kind
# after a dash ("Mission - Campaign"), SWCCG's Jedi Tests with their number ("Jedi Test #1"): each known word is
# said, the rest kept as the data writes it.
_TYPE_PARTS = re.compile(r"\s*/\s*")
_TYPE_KIND = re.compile(r"(?P<head>[^-–#]+?)(?P<dash>\s*[-–#]\s*)(?P<kind>.+)")


def _compound_type(label: str) -> str:
    parts = _TYPE_PARTS.split(label.strip())
    if len(parts) > 1 and all(p in TYPES for p in parts):
        return "/".join(str(TYPES[p]) for p in parts)
    found = _TYPE_KIND.fullmatch(label.strip())
    if found and found["head"] in TYPES:
        kind = TYPE_KINDS.get(found["kind"], found["kind"])
        return f"{TYPES[found['head']]}{found['dash']}{kind}"
    return label


def slip_link(slip_type: str) -> str:
    """The card page's link to a printable slip: "Printable virtual slip", in the active language."""
    found = SLIPS.get(slip_type)
    if found is not None:
        return str(found)
    return gettext("Printable %(kind)s slip") % {"kind": slip_type.lower()}


# Why a card goes by another id (CardAlias.reason), as the importers word it (cardsdb/importers/swccg.py
# _add_aliases, swtcg.py _merge_promo_rows and _alias_repeated); the named parts (a set's code, a file, a line)
# are data and go into the sentence as they are.
ALIAS_REASONS: tuple[tuple[re.Pattern, Promise], ...] = (
    (
        re.compile(r"GEMP id of the back face"),
        pgettext_lazy("why a card goes by another id", "GEMP id of the back face"),
    ),
    (
        re.compile(r"GEMP id of its printing in set (?P<set>\S+)"),
        pgettext_lazy("why a card goes by another id", "GEMP id of its printing in set %(set)s"),
    ),
    (
        re.compile(r"its (?P<set>\S+) row \((?P<line>[^()]+)\)"),
        pgettext_lazy("why a card goes by another id", "its %(set)s row (%(line)s)"),
    ),
    (
        re.compile(r"(?P<file>\S+\.txt) repeats (?P<original>\S+\.txt) \((?P<line>[^()]+)\)"),
        pgettext_lazy("why a card goes by another id", "%(file)s repeats %(original)s (%(line)s)"),
    ),
)


def alias_reason(reason: str) -> str:
    """Why a card goes by another id, in the active language; a reason worded otherwise is shown as stored."""
    for pattern, words in ALIAS_REASONS:
        found = pattern.fullmatch(reason or "")
        if found:
            return str(words) % found.groupdict()
    return reason


# The kinds of alternate image (Variant.kind, cardsdb/importers/swccg.py VARIANT_SUFFIX): the community's names
# for the AI kinds stay (players know them as "AI", "Holo AI"…) with their full name in the active language;
# the plain words are translated. "C-Slip AI 2" is the second C-Slip AI.
VARIANT_NAMES: dict[str, Promise] = {
    "AI": pgettext_lazy("kind of alternate image", "Alternate image"),
    "Holo AI": pgettext_lazy("kind of alternate image", "Holographic (foil) alternate image"),
    "C-Slip AI": pgettext_lazy("kind of alternate image", "C-Slip alternate image"),
    "Border Breaker AI": pgettext_lazy(
        "kind of alternate image", "Border Breaker alternate image (the picture runs over the border)"
    ),
}
VARIANT_WORDS: dict[str, Promise] = {
    "Readable": pgettext_lazy("kind of alternate image: the card with its text readable", "Readable"),
    "alternate title": pgettext_lazy(
        "kind of alternate image: the card under another title", "alternate title"
    ),
}
_NUMBERED = re.compile(r"(?P<kind>.+?) (?P<n>\d+)")


def variant_kind(kind: str) -> tuple[str, str]:
    """(what the page shows, its full name or "") for an alternate image's kind, in the active language:
    ("AI", "Alternate image"), ("C-Slip AI 2", "C-Slip alternate image, number 2"), ("Readable", "");
    (kind, "") for a kind the interface does not know."""
    kind = kind or ""
    if kind in VARIANT_WORDS:
        return str(VARIANT_WORDS[kind]), ""
    if kind in VARIANT_NAMES:
        return kind, str(VARIANT_NAMES[kind])
    numbered = _NUMBERED.fullmatch(kind)
    if numbered and numbered["kind"] in VARIANT_NAMES:
        full = pgettext("alternate image kind, with its number", "%(kind)s, number %(n)s")
        return kind, full % {"kind": VARIANT_NAMES[numbered["kind"]], "n": numbered["n"]}
    return kind, ""


def legality(extra: dict) -> str:
    """SWTCG's bans and restrictions (face_facts.usage_legality) in the active language: "Banned in Vintage;
    restricted in all tournament play"; the formats' names stay as they are."""
    from .face_facts import legality_marks  # the models: not while the apps load (decks imports this module)

    parts = []
    for kind, scopes in legality_marks(extra or {}):
        banned = kind == "banned"
        if not scopes:
            parts.append(
                pgettext("SWTCG legality: the card is", "banned")
                if banned
                else pgettext("SWTCG legality: the card is", "restricted")
            )
        elif scopes == (ALL_PLAY,):
            parts.append(
                pgettext("SWTCG legality", "banned in all tournament play")
                if banned
                else pgettext("SWTCG legality", "restricted in all tournament play")
            )
        else:
            formats = scopes[0]
            for other in scopes[1:]:
                formats = pgettext("SWTCG legality: two formats", "%(one)s and %(other)s") % {
                    "one": formats,
                    "other": other,
                }
            n = len(scopes)
            parts.append(
                npgettext("SWTCG legality", "banned in %(formats)s", "banned in %(formats)s", n)
                % {"formats": formats}
                if banned
                else npgettext("SWTCG legality", "restricted in %(formats)s", "restricted in %(formats)s", n)
                % {"formats": formats}
            )
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def either(words: Iterable[str]) -> str:
    """ "A or B or C", in the active language (values the sources disagree on, titles any of which will do)."""
    words = list(words)
    text = words[0] if words else ""
    for word in words[1:]:
        text = pgettext("alternatives: 'A or B'", "%(first)s or %(second)s") % {"first": text, "second": word}
    return text


def fact_value(fact: Fact, card: Card) -> str:
    """A card fact's value as the page shows it, in the active language: the words the data gives as English
    labels (a faction, arenas, a SW:DBG deck, SWTCG's legality, "14 or 16") translated, the rest as it is. The
    note ("unknown", "(disputed)") is the page's to add."""
    from .face_facts import DISPUTED, disputed_values

    extra = card.extra or {}
    if fact.key == "legality" and card.game_id == "swtcg":
        return legality(extra)
    if fact.note == DISPUTED:
        candidates = disputed_values(extra).get(fact.key) or []
        if candidates and fact.value == " or ".join(candidates):
            return either(_fact_word(fact.key, value, card) for value in candidates)
    if fact.key == "arenas":
        return ", ".join(shown(arena, "type") for arena in fact.value.split(", "))
    return _fact_word(fact.key, fact.value, card)


def _fact_word(key: str, value: str, card: Card) -> str:
    if key == "faction":
        return shown(value, "side")
    if key == "deck" and card.game_id == "swdbg":
        return shown(value, "deck")
    return value
