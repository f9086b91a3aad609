"""Captives: only the Dark Side captures, only Light Side characters, seized by an escort or imprisoned, else
escaping to the Used Pile; releases (`light-side-capture`, `not-capturable`, `not-an-escort`, `not-a-prison`,
`not-a-captive`)."""

from ..capture import can_escort
from ..cards import DARK, LIGHT
from ..table import CAPTIVE, FACE_DOWN, TABLE, Instance
from .judge import Judge


class Captives(Judge):
    def to_used(self, card: Instance) -> None:
        """A card (and what it carries) to its owner's Used Pile, face down."""
        for passenger in self.table.aboard(card.key):
            self.to_used(passenger)
        self.leave_table(card, FACE_DOWN)
        self.table.players[card.owner].used += 1

    def on_capture(self, event: dict) -> None:
        side, table = event["player"], self.table
        if side != DARK:
            self.broke("light-side-capture", "Only the Dark Side captures.")
        card = self.card(None, event["card"], (TABLE,))
        if card is None:
            return
        if card.zone != TABLE or not card.card.is_character or card.owner != LIGHT:
            self.broke("not-capturable", f"{card.card.title} is not a Light Side character on table.", card)
            return
        where = card.at
        if event.get("escort"):
            escort = self.card(DARK, event["escort"], (TABLE,))
            if escort is None:
                return
            busy = any(c.escort == escort.key for c in table.cards.values() if c.zone == CAPTIVE)
            if escort.zone != TABLE or escort.at != where or not can_escort(escort.card) or busy:
                self.broke(
                    "not-an-escort",
                    f"{escort.card.title} cannot escort {card.card.title}: an escort is a bounty hunter or warrior "
                    "at the same location, escorting no one yet.",
                    escort,
                    card,
                )
            self.leave_table(card, CAPTIVE)  # what it carries is captured with it
            card.escort = escort.key
            card.at = where
        elif event.get("prison"):
            prison = self.card(None, event["prison"], (TABLE,))
            if prison is None:
                return
            if not prison.card.has("prison") or prison.key != where:
                self.broke("not-a-prison", f"{card.card.title} is not captured at a prison.", card, prison)
            self.leave_table(card, CAPTIVE)
            card.prison = prison.key
            card.at = where
        else:
            self.to_used(card)  # neither seized nor imprisoned: it escapes to the Used Pile

    def on_release(self, event: dict) -> None:
        card = self.card(LIGHT, event["card"], (CAPTIVE,))
        if card is None:
            return
        if card.zone != CAPTIVE:
            self.broke("not-a-captive", f"{card.card.title} is not a captive.", card)
            return
        card.zone, card.escort, card.prison = TABLE, None, None
