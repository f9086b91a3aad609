"""A game's starting position as the engine needs it: both players' cards, the galaxy deck, the options."""

from dataclasses import dataclass

from .cards import DARK, NEUTRAL, SIDES, DbgCard
from .errors import SetupError
from .texts import TEXTS

DEFAULT_TURN_LIMIT = 200  # the rules never end a game without a winner; the engine stops one here as a draw


@dataclass(frozen=True)
class PlayerSetup:
    faction: str
    starter: tuple[DbgCard, ...]
    bases: tuple[DbgCard, ...]  # the base deck, the starting base included
    starting_base: DbgCard


@dataclass(frozen=True)
class Setup:
    players: tuple[PlayerSetup, PlayerSetup]
    galaxy: tuple[DbgCard, ...]
    outer_rim: tuple[DbgCard, ...]
    bases_to_win: int = 3  # the rulebook's "Adjustable Game Length": 2 to 5
    pay_off_neutral: bool = False  # the optional rule "Paying Off Neutral Cards"
    turn_limit: int = DEFAULT_TURN_LIMIT

    @property
    def first_player(self) -> int:
        """The dark side (Empire, Separatist) takes the first turn."""
        return 0 if SIDES.get(self.players[0].faction) == DARK else 1

    def cards(self) -> list[DbgCard]:
        """Every card of the game in id order: each starter, each base deck, the galaxy, the Outer Rim Pilots."""
        found: list[DbgCard] = []
        for player in self.players:
            found += player.starter
        for player in self.players:
            found += player.bases
        return found + list(self.galaxy) + list(self.outer_rim)

    def check(self) -> None:
        """Refuse what the engine cannot play, every problem at once (SetupError)."""
        problems = []

        def add(code, message, cards=()):
            problems.append({"code": code, "message": message, "cards": sorted({c.code for c in cards})})

        sides = [SIDES.get(p.faction) for p in self.players]
        if sorted(s or 0 for s in sides) != [-1, 1]:
            add("factions", "One player must play a dark-side faction and the other a light-side faction.")
        seen = set()
        for card in self.cards():
            if card.code in seen:
                continue
            seen.add(card.code)
            if card.title not in TEXTS:
                add(
                    "unsupported-card",
                    f"{card.title} ({card.code}) has no rules text in the engine yet.",
                    [card],
                )
            for value in card.missing_values():
                add(
                    "unknown-value",
                    f"{card.title}: its {value} is unknown or disputed; settle it first.",
                    [card],
                )
        for player in self.players:
            if player.starting_base not in player.bases:
                add("bad-setup", f"{player.faction}: the starting base is not in the base deck.")
            if any(c.faction not in (player.faction, NEUTRAL) for c in player.starter):
                add("bad-setup", f"{player.faction}: a starter card belongs to another faction.")
        if not 1 <= self.bases_to_win <= min(len(p.bases) for p in self.players):
            add(
                "bad-setup",
                f"bases_to_win must be between 1 and the bases each player has, not {self.bases_to_win}.",
            )
        if not 1 <= self.turn_limit <= 10_000:
            add("bad-setup", "turn_limit must be between 1 and 10,000.")
        if problems:
            raise SetupError(problems)
