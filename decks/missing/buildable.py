"""What can I build: decks ranked by how much of them a player's collection covers.

Plain Python over the records of decks/missing/needs.py. A deck's cards count as in the missing list: every zone,
printings and alternate images as the card, copies held by the player's other active decks not available. A deck
that is itself active does not use its own copies: only the other active decks are subtracted.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from decks.missing.needs import DeckLine, MissingReport, missing_report


@dataclass(frozen=True, slots=True)
class DeckSummary:
    id: int
    name: str
    owner: str
    side: str
    format: str  # format code, "" when none
    is_public: bool
    is_active: bool
    mine: bool


@dataclass(frozen=True, slots=True)
class Buildable:
    deck: DeckSummary
    report: MissingReport

    def as_dict(self) -> dict:
        r = self.report
        return {
            "needed": r.needed,
            "covered": r.covered,
            "missing": r.missing,
            "missing_cards": r.missing_cards,
            "share_owned": round(r.share_owned, 4),
            "complete": r.complete,
        }


def rank(
    decks: Sequence[tuple[DeckSummary, Sequence[DeckLine]]],
    owned: Mapping[int, int],
    active_use: Mapping[int, Mapping[int, int]],
) -> list[Buildable]:
    """Every deck with its report, best first: the largest share owned, then the fewest copies missing, then
    the player's own decks, then by name and id (a stable order for pagination).

    `active_use`: deck id → copies per card, for each of the player's active decks."""
    total: dict[int, int] = {}
    for counts in active_use.values():
        for card, n in counts.items():
            total[card] = total.get(card, 0) + n
    ranked = []
    for summary, lines in decks:
        own = active_use.get(summary.id, {})
        elsewhere = {card: n - own.get(card, 0) for card, n in total.items()} if own else total
        ranked.append(Buildable(summary, missing_report(lines, owned, elsewhere)))
    ranked.sort(
        key=lambda b: (
            -b.report.share_owned,
            b.report.missing,
            not b.deck.mine,
            b.deck.name.lower(),
            b.deck.id,
        )
    )
    return ranked
