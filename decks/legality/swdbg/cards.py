"""SW:DBG cards as the setup checker sees them, and the pool a setup names them from."""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from core.text import fold  # titles as players type them: case, accents, curly quotes ignored

NEUTRAL = "Neutral"
UNKNOWN_FACTION = ""  # a card the sources name without its faction (8 Clone Wars galaxy cards)
DECKS = ("galaxy", "starter", "outer_rim", "base")
DECK_ALIASES = {"outer_rim_pilot_stack": "outer_rim"}  # the data file's name for the Outer Rim Pilot stack
DECK_NAMES = {
    "galaxy": "a galaxy card",
    "starter": "a starter card",
    "outer_rim": "an Outer Rim Pilot (its own stack)",
    "base": "a base",
}


@dataclass(frozen=True, slots=True)
class SetupCard:
    code: str
    title: str
    faction: str  # "Empire", "Rebel", "Republic", "Separatist", "Neutral", or "" when the source omits it
    edition: str  # "original_2023" or "clone_wars_2024"
    deck: str  # where the card starts: "galaxy", "starter", "outer_rim" or "base"
    card_type: str  # "unit", "capital_ship", "base"
    traits: tuple[str, ...] = ()
    starting_base: bool = False
    copies: int | None = None  # copies in the galaxy deck, or in its faction's starter deck
    hit_points: int | None = None  # a base's, when the catalogue knows it (the default beginner bases use it)

    def __post_init__(self):
        deck = DECK_ALIASES.get(self.deck, self.deck)
        if deck not in DECKS:
            raise ValueError(f"{self.code}: deck {self.deck!r} is not one of {', '.join(DECKS)}")
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "traits", tuple(self.traits))


class SetupPool:
    """The cards a setup may name: by code, and by folded title within an edition."""

    def __init__(self, cards: Iterable[SetupCard]):
        self.cards: dict[str, SetupCard] = {}
        self.by_title: dict[str, list[SetupCard]] = {}
        for card in cards:
            if card.code in self.cards:
                raise ValueError(f"two cards with the code {card.code!r}")
            self.cards[card.code] = card
            self.by_title.setdefault(fold(card.title), []).append(card)

    def get(self, code: str) -> SetupCard | None:
        return self.cards.get(code)

    def named(self, title: str, edition: str | None = None) -> list[SetupCard]:
        return [c for c in self.by_title.get(fold(title), ()) if edition in (None, c.edition)]

    def resolve(self, ref: str, prefer: Sequence[Callable[[SetupCard], bool]] = ()) -> list[SetupCard]:
        """What `ref` may mean: [] for nothing, one card, or several when a title stays ambiguous.

        Each test in `prefer` narrows a title found more than once, unless it would leave nothing."""
        if ref.strip() in self.cards:
            return [self.cards[ref.strip()]]
        candidates = self.named(ref)
        for test in prefer:
            if len(candidates) <= 1:
                break
            candidates = [c for c in candidates if test(c)] or candidates
        return candidates

    def select(self, *, deck: str, faction: str | None = None, edition: str | None = None) -> list[SetupCard]:
        return sorted(
            (
                c
                for c in self.cards.values()
                if c.deck == deck and faction in (None, c.faction) and edition in (None, c.edition)
            ),
            key=lambda c: c.code,
        )


def card_names(cards: Iterable[SetupCard]) -> str:
    """Titles for a message, each with its copies when more than one: "Imperial Shuttle ×7, ..."."""
    return ", ".join(f"{c.title} ×{c.copies}" if c.copies and c.copies > 1 else c.title for c in cards)
