"""A setup the checker accepts, as the cards it names: what a game engine (rules/setups.py) starts from."""

from dataclasses import dataclass

from ..violations import LegalityReport
from .cards import SetupCard, SetupPool
from .check import SetupCheck
from .formats import SetupRules


@dataclass(frozen=True)
class ResolvedPlayer:
    faction: str
    starter: tuple[SetupCard, ...]  # one entry per physical card
    bases: tuple[SetupCard, ...]
    starting_base: SetupCard


@dataclass(frozen=True)
class ResolvedSetup:
    """A setup the checker accepts, as the cards it names: what a game engine starts from."""

    players: tuple[ResolvedPlayer, ...]
    galaxy: tuple[SetupCard, ...]  # one entry per physical card, in the catalogue's code order
    outer_rim: tuple[SetupCard, ...]  # the Outer Rim Pilot stack (the neutral edition's)
    bases_to_win: int


OUTER_RIM_STACK = 10  # the rulebook's components: 10 Outer Rim Pilot cards


def resolve_setup(
    setup: dict, rules: SetupRules, pool: SetupPool
) -> tuple[LegalityReport, ResolvedSetup | None]:
    """The setup's report, and its cards when it has no violation (None otherwise)."""
    check = SetupCheck(setup, rules, pool)
    report = check.report()
    if check.violations:
        return report, None
    players = []
    for player in check.players:
        start = (
            player.starting_base.card
            if player.starting_base
            else next(e.card for e in player.bases if e.card.starting_base)
        )
        players.append(
            ResolvedPlayer(
                player.faction,
                tuple(e.card for e in player.starter for _ in range(e.count)),
                tuple(e.card for e in player.bases for _ in range(e.count)),
                start,
            )
        )
    galaxy = tuple(
        card for card in sorted(check.galaxy, key=lambda c: c.code) for _ in range(check.galaxy[card])
    )
    edition = check.neutral_edition or rules.factions[players[0].faction][0]
    pilots = pool.select(deck="outer_rim", edition=edition)[:1] * OUTER_RIM_STACK
    return report, ResolvedSetup(tuple(players), galaxy, tuple(pilots), check.bases_to_win)
