"""The search keywords of each game: what a field is called, what it matches and how it compares.

One table serves the API, the search page (its per-game cheat sheet) and the deck builder's card picker.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from types import MappingProxyType

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy


class Kind(Enum):
    TEXT = "text"  # folded substring match on a search column; regex on the raw column
    CHOICE = "choice"  # case-insensitive match on a short column (side, type…)
    NUMBER = "number"  # numeric stat with comparisons
    TAGS = "tags"  # |a|b| list column: ':' prefix of a value, '=' whole value
    EXTRA = "extra"  # case-insensitive whole-value match on one key of Card.extra (SWTCG's version letter)
    SET = "set"
    RARITY = "rarity"
    PERSONA = "persona"
    RELATION = "relation"
    IS = "is"
    EDITION = "edition"
    CODE = "code"
    GAME = "game"
    ORDER = "order"
    OWNED = "owned"  # copies in the searching user's collection (search.owned)
    EFFECT = "effect"  # a kind of effect the rules read in the game text (models.CardEffect)
    DIRECTION = "direction"


@dataclass(frozen=True)
class Field:
    name: str
    kind: Kind
    column: str = ""  # the model column (search column for TEXT, the key of Card.extra for EXTRA)
    raw_column: str = ""  # for TEXT: the unfolded column regexes run against
    help: "str | Promise" = ""  # the page's words (marked for translation); no parser or API message reads it
    # CHOICE: what a user may type → the stored value ("ls" → "Light"). With `strict`, anything else is an error.
    values: tuple[tuple[str, str], ...] = ()
    strict: bool = False
    # TAGS: ':' also matches a word inside a several-word value ("char:sith" finds "Dark Jedi - Sith Lord").
    words: bool = False


_SWCCG_SIDES = (("l", "Light"), ("ls", "Light"), ("light", "Light"), ("d", "Dark"), ("ds", "Dark"))
_SWCCG_SIDES += (("dark", "Dark"),)
_SWTCG_SIDES = (
    *_SWCCG_SIDES,
    ("n", "Neutral"),
    ("neutral", "Neutral"),
    ("y", "Yuuzhan Vong"),
    ("yv", "Yuuzhan Vong"),
    ("vong", "Yuuzhan Vong"),
    ("yuuzhan vong", "Yuuzhan Vong"),
    ("yuuzhan_vong", "Yuuzhan Vong"),
    ("yuuzhan-vong", "Yuuzhan Vong"),
)
_SWDBG_FACTIONS = (
    ("empire", "Empire"),
    ("imperial", "Empire"),
    ("rebel", "Rebel"),
    ("rebels", "Rebel"),
    ("rebellion", "Rebel"),
    ("neutral", "Neutral"),
    ("republic", "Republic"),
    ("separatist", "Separatist"),
    ("separatists", "Separatist"),
    ("cis", "Separatist"),
)


def _text_fields(name: Promise, text: Promise, lore: Promise) -> list[Field]:
    """name:, text: and lore:, matched the same way in every game; `help` says what each game's cards hold."""
    return [
        Field("name", Kind.TEXT, "search_title", "name", name),
        Field("text", Kind.TEXT, "search_text", "gametext", text),
        Field("lore", Kind.TEXT, "search_lore", "lore", lore),
    ]


_TEXT = _text_fields(
    pgettext_lazy("search keyword help", "title, back title and nicknames"),
    pgettext_lazy("search keyword help", "game text (both faces)"),
    pgettext_lazy("search keyword help", "lore (both faces)"),
)
_TAIL = [
    Field(
        "is",
        Kind.IS,
        help=pgettext_lazy(
            "search keyword help",
            "unique, restricted, per-location, legacy, pre-errata, current, virtual, owned…",
        ),
    ),
    Field(
        "edition",
        Kind.EDITION,
        help=pgettext_lazy("search keyword help", "current, legacy, pre-errata or any"),
    ),
    Field(
        "id",
        Kind.CODE,
        "code",
        help=pgettext_lazy("search keyword help", "the card's id (GEMP id for SWCCG)"),
    ),
    Field("game", Kind.GAME, help="swccg, swtcg, swdbg"),
    Field(
        "order",
        Kind.ORDER,
        help=pgettext_lazy("search keyword help", "sort by a field; prefix with - for descending"),
    ),
    Field("direction", Kind.DIRECTION, help=pgettext_lazy("search keyword help", "asc or desc")),
    Field(
        "owned",
        Kind.OWNED,
        help=pgettext_lazy(
            "search keyword help",
            "copies in your collection (logged in): owned>=2, owned=0, owned<3; is:owned is owned>=1",
        ),
    ),
]
_COMMON = [
    *_TEXT,
    Field("side", Kind.CHOICE, "side", help="light, dark", values=_SWCCG_SIDES),
    Field("type", Kind.CHOICE, "type", help=pgettext_lazy("search keyword help", "card type")),
    Field("subtype", Kind.CHOICE, "subtype", help=pgettext_lazy("search keyword help", "subtype")),
    Field("set", Kind.SET, help=pgettext_lazy("search keyword help", "set number, abbreviation or name")),
    Field(
        "rarity",
        Kind.RARITY,
        help=pgettext_lazy(
            "search keyword help",
            "rarity code or name (C1, U2, R1, PM…); C, U and R, common, uncommon and rare take in each grade",
        ),
    ),
    Field("icon", Kind.TAGS, "search_icons", help=pgettext_lazy("search keyword help", "icon")),
    Field(
        "char",
        Kind.TAGS,
        "search_chars",
        help=pgettext_lazy("search keyword help", "characteristic, GEMP keyword or species"),
    ),
    Field(
        "persona",
        Kind.PERSONA,
        help=pgettext_lazy("search keyword help", "persona (GEMP's VADER, LUKE…) or its name"),
    ),
    *_TAIL,
]
_SWCCG_NUMBERS = [
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
    "light_icons",
    "dark_icons",
]
_SWCCG_RELATIONS = {
    "pulls": "pulls",
    "pulledby": "pulled-by",
    "cancels": "cancels",
    "canceledby": "canceled-by",
    "counterpart": "counterpart",
    "matching": "matching",
    "matchingweapon": "matching-weapon",
    "combo": "combo",
}

_SWTCG = [
    *_text_fields(
        pgettext_lazy(
            "search keyword help",
            "the card's name, without its version letter or printing note (use version: for the letter)",
        ),
        pgettext_lazy("search keyword help", "game text"),
        pgettext_lazy("search keyword help", "lore (the SWTCG set files hold none: matches no card)"),
    ),
    Field(
        "side",
        Kind.CHOICE,
        "side",
        help=pgettext_lazy("search keyword help", "light, dark, neutral or yuuzhan vong (yv)"),
        values=_SWTCG_SIDES,
        strict=True,
    ),
    Field(
        "type",
        Kind.CHOICE,
        "type",
        help=pgettext_lazy(
            "search keyword help", "card type: character, space, ground, battle, mission, equipment…"
        ),
    ),
    Field(
        "subtype",
        Kind.TAGS,
        "search_chars",
        help=pgettext_lazy(
            "search keyword help", "a word or phrase of the subtype (jedi, sith lord, bounty hunter)"
        ),
        words=True,
    ),
    Field(
        "char",
        Kind.TAGS,
        "search_chars",
        help=pgettext_lazy("search keyword help", "the same as subtype:"),
        words=True,
    ),
    Field(
        "arena",
        Kind.TAGS,
        "search_icons",
        help=pgettext_lazy(
            "search keyword help",
            "space, ground or character: a unit's arenas (a multi-arena unit is in each), "
            "or the arena an equipment, location or subordinate names",
        ),
    ),
    Field("set", Kind.SET, help=pgettext_lazy("search keyword help", "set code (AOTC, ROTS, TFA…) or name")),
    Field(
        "rarity",
        Kind.RARITY,
        help=pgettext_lazy("search keyword help", "rarity code or name (C, U, R, P, S…)"),
    ),
    Field(
        "version",
        Kind.EXTRA,
        "version",
        help=pgettext_lazy("search keyword help", "the version letter of a unique card: A, B, C…, A2"),
    ),
    Field(
        "persona",
        Kind.PERSONA,
        help=pgettext_lazy(
            "search keyword help",
            "every version of a name, by words of it: persona:vader finds Darth Vader and Anakin Skywalker",
        ),
    ),
    Field("cost", Kind.NUMBER, "cost", help=pgettext_lazy("search keyword help", "build cost")),
    Field("speed", Kind.NUMBER, "speed", help=pgettext_lazy("search keyword help", "speed")),
    Field("power", Kind.NUMBER, "power", help=pgettext_lazy("search keyword help", "power")),
    Field("health", Kind.NUMBER, "health", help=pgettext_lazy("search keyword help", "health")),
    Field(
        "is",
        Kind.IS,
        help=pgettext_lazy(
            "search keyword help",
            "unique, unit, multi-arena, banned, restricted, wotc, community, persona, owned",
        ),
    ),
    Field(
        "edition",
        Kind.EDITION,
        help=pgettext_lazy("search keyword help", "current or any (every SWTCG card is current)"),
    ),
    Field(
        "id",
        Kind.CODE,
        "code",
        help=pgettext_lazy("search keyword help", "the card's id: set code and number (ANH_7)"),
    ),
    *_TAIL[3:],
]

_SWDBG = [
    *_text_fields(
        pgettext_lazy("search keyword help", "title"),
        pgettext_lazy("search keyword help", "ability text (short paraphrases, not the printed wording)"),
        pgettext_lazy("search keyword help", "lore (the data holds no flavour text: matches no card)"),
    ),
    Field(
        "faction",
        Kind.CHOICE,
        "side",
        help=pgettext_lazy("search keyword help", "empire, rebel, neutral, republic or separatist"),
        values=_SWDBG_FACTIONS,
        strict=True,
    ),
    Field(
        "type",
        Kind.CHOICE,
        "type",
        help=pgettext_lazy("search keyword help", "card type: unit, capital ship, base"),
    ),
    Field(
        "trait",
        Kind.TAGS,
        "search_chars",
        help=pgettext_lazy("search keyword help", "trait: fighter, trooper, jedi, sith…"),
        words=True,
    ),
    Field(
        "set",
        Kind.SET,
        help=pgettext_lazy(
            "search keyword help", "the edition as a set: original_2023, clone_wars_2024, or a name"
        ),
    ),
    Field(
        "persona",
        Kind.PERSONA,
        help=pgettext_lazy("search keyword help", "the game has no personas: matches no card (use name:)"),
    ),
    Field("cost", Kind.NUMBER, "cost", help=pgettext_lazy("search keyword help", "cost")),
    Field("attack", Kind.NUMBER, "attack", help=pgettext_lazy("search keyword help", "attack")),
    Field("resources", Kind.NUMBER, "resources", help=pgettext_lazy("search keyword help", "resources")),
    Field("force", Kind.NUMBER, "force", help=pgettext_lazy("search keyword help", "Force")),
    Field(
        "hit_points",
        Kind.NUMBER,
        "hit_points",
        help=pgettext_lazy("search keyword help", "hit points of a ship or base"),
    ),
    Field(
        "is",
        Kind.IS,
        help=pgettext_lazy(
            "search keyword help",
            "unique, disputed (sources disagree on a value), unknown (a value no source gives), owned",
        ),
    ),
    Field(
        "edition",
        Kind.EDITION,
        help=pgettext_lazy("search keyword help", "current or any (the game's editions are sets: use set:)"),
    ),
    Field(
        "id",
        Kind.CODE,
        "code",
        help=pgettext_lazy(
            "search keyword help", "the card's id: edition prefix and title (sw23_tie-fighter)"
        ),
    ),
    *_TAIL[3:],
]

_EFFECT = Field(
    "effect",
    Kind.EFFECT,
    help=pgettext_lazy(
        "search keyword help",
        "what the rules read in the game text: adds-battle-destiny, immune-attrition, power, pilot-power… "
        "or unread (a sentence not read); effect: matches the beginning, effect= the whole kind",
    ),
)

GAME_FIELDS: dict[str, list[Field]] = {
    "swccg": [
        *_COMMON,
        _EFFECT,
        *(Field(n, Kind.NUMBER, n) for n in _SWCCG_NUMBERS),
        *(Field(n, Kind.RELATION, kind) for n, kind in _SWCCG_RELATIONS.items()),
    ],
    "swtcg": _SWTCG,
    "swdbg": _SWDBG,
}

ALIASES = {
    "title": "name",
    "n": "name",
    "o": "text",
    "x": "text",
    "gametext": "text",
    "flavor": "lore",
    "ft": "lore",
    "t": "type",
    "st": "subtype",
    "s": "set",
    "e": "set",
    "expansion": "set",
    "r": "rarity",
    "i": "icon",
    "icons": "icon",
    "characteristic": "char",
    "characteristics": "char",
    "keyword": "char",
    "kw": "char",
    "species": "char",
    "p": "persona",
    "d": "destiny",
    "pow": "power",
    "abil": "ability",
    "man": "maneuver",
    "hyper": "hyperspeed",
    "land": "landspeed",
    "pol": "politics",
    "fer": "ferocity",
    "lighticons": "light_icons",
    "darkicons": "dark_icons",
    "lsicons": "light_icons",
    "dsicons": "dark_icons",
    "hp": "hit_points",
    "hitpoints": "hit_points",
    "pulled_by": "pulledby",
    "canceled_by": "canceledby",
    "matching_weapon": "matchingweapon",
    "sort": "order",
    "effects": "effect",
}

# Names that mean another keyword in one game only (SW:DBG calls its sides factions and its characteristics traits).
GAME_ALIASES: dict[str, dict[str, str]] = {
    "swccg": {},
    "swtcg": {"arenas": "arena", "icon": "arena", "ver": "version"},
    "swdbg": {
        "side": "faction",
        "f": "faction",
        "traits": "trait",
        "char": "trait",
        "atk": "attack",
        "res": "resources",
    },
}


@cache  # resolve() asks on every term of every search; the tables never change
def fields_for(game: str | None) -> Mapping[str, Field]:
    """Keyword → Field for one game, or the union of all games when none is chosen (read-only)."""
    if game is not None:
        return MappingProxyType({f.name: f for f in GAME_FIELDS[game]})
    merged: dict[str, Field] = {}
    for fields in GAME_FIELDS.values():
        for f in fields:
            merged.setdefault(f.name, f)
    return MappingProxyType(merged)


def resolve(name: str, game: str | None) -> Field | None:
    """The field a keyword or alias names in `game` (None: any game); None when it names nothing there."""
    table = fields_for(game)
    local = GAME_ALIASES.get(game, {}) if game else {}
    # The game's own aliases first, then the shared ones, whose target may be a game alias in turn
    # ("keyword" → "char" → SW:DBG's "trait").
    for candidate in (name, ALIASES.get(name, name)):
        target = local.get(candidate, candidate)
        if target in table:
            return table[target]
    return None


def choice_values(spec: Field, game: str | None) -> dict[str, str]:
    """What a CHOICE field accepts → stored value; with no game chosen, every game's words for that column."""
    if game is not None:
        return dict(spec.values)
    merged: dict[str, str] = {}
    for fields in GAME_FIELDS.values():
        for f in fields:
            if f.kind is Kind.CHOICE and f.column == spec.column:
                for typed, stored in f.values:
                    merged.setdefault(typed, stored)
    return merged


def aliases_for(game: str) -> dict[str, list[str]]:
    """Keyword → every alias that reaches it in `game` (shared and the game's own), for the cheat sheets."""
    table = fields_for(game)
    found: dict[str, list[str]] = {name: [] for name in table}
    for alias in [*GAME_ALIASES.get(game, {}), *ALIASES]:
        spec = resolve(alias, game)
        if spec is not None and alias != spec.name and alias not in found[spec.name]:
            found[spec.name].append(alias)
    return found
