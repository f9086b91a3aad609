"""The search keywords of each game: what a field is called, what it matches and how it compares.

One table serves the API, the search page and (later) the deck builder's card picker.
"""

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    TEXT = "text"  # folded substring match on a search column; regex on the raw column
    CHOICE = "choice"  # case-insensitive match on a short column (side, type…)
    NUMBER = "number"  # numeric stat with comparisons
    TAGS = "tags"  # |a|b| list column: ':' prefix of a value, '=' whole value
    SET = "set"
    RARITY = "rarity"
    PERSONA = "persona"
    RELATION = "relation"
    IS = "is"
    EDITION = "edition"
    CODE = "code"
    GAME = "game"
    ORDER = "order"
    DIRECTION = "direction"


@dataclass(frozen=True)
class Field:
    name: str
    kind: Kind
    column: str = ""  # the model column (search column for TEXT)
    raw_column: str = ""  # for TEXT: the unfolded column regexes run against
    help: str = ""


_TEXT = [
    Field("name", Kind.TEXT, "search_title", "name", "title, back title and nicknames"),
    Field("text", Kind.TEXT, "search_text", "gametext", "game text (both faces)"),
    Field("lore", Kind.TEXT, "search_lore", "lore", "lore (both faces)"),
]
_COMMON = [
    *_TEXT,
    Field("side", Kind.CHOICE, "side", help="light, dark"),
    Field("type", Kind.CHOICE, "type", help="card type"),
    Field("subtype", Kind.CHOICE, "subtype", help="subtype"),
    Field("set", Kind.SET, help="set number, abbreviation or name"),
    Field("rarity", Kind.RARITY, help="rarity code or name"),
    Field("icon", Kind.TAGS, "search_icons", help="icon"),
    Field("char", Kind.TAGS, "search_chars", help="characteristic, GEMP keyword or species"),
    Field("persona", Kind.PERSONA, help="persona (GEMP's VADER, LUKE…) or its name"),
    Field("is", Kind.IS, help="unique, restricted, per-location, legacy, pre-errata, current, virtual…"),
    Field("edition", Kind.EDITION, help="current, legacy, pre-errata or any"),
    Field("id", Kind.CODE, "code", help="the card's id (GEMP id for SWCCG)"),
    Field("game", Kind.GAME, help="swccg, swtcg, swdbg"),
    Field("order", Kind.ORDER, help="sort by a field; prefix with - for descending"),
    Field("direction", Kind.DIRECTION, help="asc or desc"),
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

GAME_FIELDS: dict[str, list[Field]] = {
    "swccg": [
        *_COMMON,
        *(Field(n, Kind.NUMBER, n) for n in _SWCCG_NUMBERS),
        *(Field(n, Kind.RELATION, kind) for n, kind in _SWCCG_RELATIONS.items()),
    ],
    "swtcg": [*_COMMON, *(Field(n, Kind.NUMBER, n) for n in ("cost", "speed", "power", "health"))],
    "swdbg": [
        *_COMMON,
        *(Field(n, Kind.NUMBER, n) for n in ("cost", "attack", "resources", "force", "hit_points")),
    ],
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
}


def fields_for(game: str | None) -> dict[str, Field]:
    """Keyword → Field for one game, or the union of all games when none is chosen."""
    if game is not None:
        return {f.name: f for f in GAME_FIELDS[game]}
    merged: dict[str, Field] = {}
    for fields in GAME_FIELDS.values():
        for f in fields:
            merged.setdefault(f.name, f)
    return merged


def resolve(name: str, game: str | None) -> Field | None:
    table = fields_for(game)
    return table.get(ALIASES.get(name, name))
