"""SWTCG cards as the deck checker sees them: their arenas, and what makes two printings copies of one card."""

from dataclasses import dataclass, field

ARENAS = ("Space", "Ground", "Character")
PRIMARY_SIDES = ("Light", "Dark", "Yuuzhan Vong")


def arenas_of(card_type: str) -> tuple[str, ...]:
    """The arenas a card type names: "Space/Ground" → ("Space", "Ground"); "Subordinate" → ()."""
    parts = {part.strip().title() for part in card_type.split("/")}
    return tuple(arena for arena in ARENAS if arena in parts)


@dataclass(frozen=True, slots=True)
class TcgCard:
    id: str  # the catalogue code: "ANH_12", "PROMO_3-anakin-skywalker"
    title: str  # as printed: "Anakin Skywalker (C) (Promo)"
    name: str  # "Anakin Skywalker"
    version: str | None  # "C"; None for cards that are not unique
    side: str  # "Light", "Dark", "Neutral", "Yuuzhan Vong"
    type: str  # "Space/Ground", "Character", "Subordinate", "Resource"…
    set: str
    banned_in: frozenset[str] = frozenset()  # Usage scopes: "all", "Standard", "Vintage"
    restricted_in: frozenset[str] = frozenset()
    arenas: tuple[str, ...] = field(init=False)
    folded_name: str = field(init=False)
    # Copies of one card: the same name and version, whatever the printing (a "(Promo)" is a copy). Type and side
    # are part of the key because a few different cards share a name ("Jagged Fel (A)" the Space unit and the
    # Character, a Mission and an Equipment both called "No Such Thing As Luck").
    copy_key: tuple[str, str | None, str, str] = field(init=False)
    is_unit: bool = field(init=False)

    def __post_init__(self):
        # Worked out once per card, not once per check: thousands of decks a second read them.
        folded = self.name.casefold()
        object.__setattr__(self, "arenas", arenas_of(self.type))
        object.__setattr__(self, "folded_name", folded)
        object.__setattr__(self, "copy_key", (folded, self.version, self.type.strip().casefold(), self.side))
        # Subordinates print an arena in their subtype, not their type: they are not units.
        object.__setattr__(self, "is_unit", bool(self.arenas))
