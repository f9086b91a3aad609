"""What the legality rules need to know about a card, and the lookup of a game's cards by id and name."""

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class LegalityCard:
    id: str  # the id as GEMP names it (the set is its prefix: "7_167" is in set 7)
    card: str  # the catalogue card it is (an alias like 105_4 is card 7_167)
    title: str  # GEMP's title, without marks ("The Falcon, Junkyard Garbage")
    side: str  # "Light", "Dark" or "" for neither
    category: str  # GEMP's category: CHARACTER, EFFECT, OBJECTIVE, DEFENSIVE_SHIELD, GAME_AID…
    subtype: str = ""  # GEMP's subtype: STARTING for Starting Effects…
    rarity: str = ""
    icons: frozenset[str] = frozenset()  # GEMP's icon names: DEFENSIVE_SHIELD, EPISODE_I…
    outside_deck_only: bool = False  # "does not count toward deck limit"

    @property
    def set(self) -> str:
        return self.id.split("_", 1)[0]


@dataclass
class CardPool:
    """Every id of a game's catalogue, resolvable the way deck lists write them."""

    cards: dict[str, LegalityCard]
    by_title: dict[str, list[str]] = field(default_factory=dict)
    # Each format's verdict per card (decks/legality/verdicts.py), built on first check; the pool's own cache, so
    # a new catalogue version (a new pool) starts without them.
    tables: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        if not self.by_title:
            for card in self.cards.values():
                self.by_title.setdefault(card.title.lower(), []).append(card.id)

    @staticmethod
    def normalise(card_id: str) -> str:
        """GEMP's foil (*) and alternate-image (^) markers do not change the card."""
        return card_id.replace("*", "").replace("^", "").strip()

    def get(self, card_id: str) -> LegalityCard | None:
        return self.cards.get(self.normalise(card_id))

    def same_title(self, card: LegalityCard) -> Iterable[LegalityCard]:
        """Other ids with the same title on the same side (other printings, reprints)."""
        for other_id in self.by_title.get(card.title.lower(), ()):
            other = self.cards[other_id]
            if other.id != card.id and other.side == card.side:
                yield other
