"""SW:DBG cards as the engine sees them: small immutable records built from the stored cards.

The engine never reads the database: the Django layer (rules/setups.py) turns stored cards into `DbgCard`s.
A value the catalogue does not know (null) or holds disputed (Tatooine's hit points) must be settled before a
game starts: `Game.new` refuses a card whose needed values are missing, naming the card and the value.
"""

from dataclasses import dataclass

CARD_TYPES = ("unit", "capital_ship", "base")
_TYPE_NAMES = {"unit": "unit", "capital ship": "capital_ship", "capital_ship": "capital_ship", "base": "base"}
LIGHT, DARK = 1, -1  # a faction's side of the Balance of the Force track: +1 toward the light side
SIDES = {"Rebel": LIGHT, "Republic": LIGHT, "Empire": DARK, "Separatist": DARK}
NEUTRAL = "Neutral"


def card_type(name: str) -> str:
    """'Capital Ship' (the catalogue's Card.type) or 'capital_ship' (the data file's) → 'capital_ship'."""
    return _TYPE_NAMES.get((name or "").strip().casefold(), "")


@dataclass(frozen=True, slots=True)
class DbgCard:
    code: str  # the catalogue's card code, e.g. "sw23_tie-fighter"
    title: str
    faction: str  # "Empire", "Rebel" or "Neutral"
    card_type: str  # "unit", "capital_ship" or "base"
    cost: int = 0
    attack: int = 0
    resources: int = 0
    force: int = 0
    unique: bool = False
    traits: tuple[str, ...] = ()
    hit_points: int | None = None  # capital ships and bases
    target_value: int | None = None  # faction units of the galaxy deck: what defeats them in the galaxy row
    starting_base: bool = False

    @property
    def is_unit(self) -> bool:
        return self.card_type == "unit"

    @property
    def is_ship(self) -> bool:
        return self.card_type == "capital_ship"

    @property
    def is_base(self) -> bool:
        return self.card_type == "base"

    def has_trait(self, *traits: str) -> bool:
        return any(t in self.traits for t in traits)

    def missing_values(self) -> list[str]:
        """The values the engine needs from this card but the catalogue leaves unknown."""
        if self.card_type not in CARD_TYPES:
            return ["card_type"]
        if self.is_base or self.is_ship:
            return ["hit_points"] if self.hit_points is None else []
        return []
