"""The referee's state and what every rule's check uses: the table, the violations found at the current event,
reporting one, finding a card, paying Force from the Force Pile and taking a card off the table.

The checks of each rulebook section are mixins of `Judge` in the modules beside this one; rules/swccg/referee/
replay.py puts them together, so a check may call another section's (a deploy starts with the turn's checks).
"""

from collections.abc import Mapping

from ..cards import CcgCard
from ..record import Record
from ..table import Instance, Table
from .results import TurnSummary, Violation


class Judge:
    def __init__(self, record: Record, cards: Mapping[str, CcgCard]):
        decks = {p.side: [cards[i] for i in p.deck] for p in record.players}
        outside = {p.side: [cards[i] for i in p.outside] for p in record.players}
        self.table = Table(decks, outside)
        self.reserve_orders = {p.side: p.reserve_order for p in record.players if p.reserve_order is not None}
        self.found: list[Violation] = []
        self.index = 0
        self.turns: list[TurnSummary] = []
        self.winner: str | None = None

    def broke(self, code: str, message: str, *cards: Instance | str) -> None:
        keys = tuple(c.key if isinstance(c, Instance) else c for c in cards)
        self.found.append(Violation(self.index, code, message, keys))

    def summary(self) -> TurnSummary:
        table = self.table
        if not self.turns or self.turns[-1].turn != table.turn:
            self.turns.append(TurnSummary(table.turn, table.active))
        return self.turns[-1]

    def card(self, side: str | None, ref: str, zones: tuple[str, ...] = ()) -> Instance | None:
        found = self.table.find(side, ref, zones)
        if found is None:
            whose = f"the {side} side's" if side else "either side's"
            self.broke("unknown-card", f"{ref} is not one of {whose} cards in this record.", ref)
        return found

    def pay(self, side: str, amount: float, what: str) -> None:
        player = self.table.players[side]
        whole = int(amount)
        if whole > player.force:
            self.broke(
                "not-enough-force",
                f"{what} costs {amount:g} Force; the {side} Force Pile holds {player.force}.",
            )
            whole = player.force
        player.force -= whole
        player.used += whole

    def leave_table(self, card: Instance, zone: str) -> None:
        for passenger in self.table.aboard(card.key):
            self.leave_table(passenger, zone)
        if card.key in self.table.locations:
            self.table.locations.remove(card.key)
        card.zone, card.at, card.on, card.hit = zone, None, None, False
