"""Cards that change sides: a character crossing over (its persona then barred to its old side: deployment.py),
Lando and Lobot converted from the Dark Side's version to the Light Side's, cards stolen (`bad-conversion`; a
permanent weapon is never stolen apart from its character: `permanent-weapon-separated`)."""

from ..cards import LIGHT, other
from ..table import FACE_DOWN, HAND, LOST, TABLE
from .text_rules import TextRules


class ChangingSides(TextRules):
    def on_cross_over(self, event: dict) -> None:
        side, table = event["player"], self.table
        card = self.card(other(side), event["card"], (TABLE,))
        if card is None:
            return
        if card.zone != TABLE or not card.card.is_character:
            self.broke(
                "card-not-there",
                f"{card.card.title} is not a character on the {other(side)} side's table.",
                card,
            )
            return
        table.barred[card.owner] |= set(card.card.personas)  # its old side may deploy that persona no more
        for on_it in table.aboard(card.key):
            if not on_it.card.is_character:
                self.leave_table(on_it, LOST)  # cards deployed on it are lost when it crosses over
        card.owner = side

    def on_convert(self, event: dict) -> None:
        self.turn_action(event, "deploy")
        side, table = event["player"], self.table
        card = self.card(side, event["card"], (HAND,))
        old = self.card(other(side), event["replaces"], (TABLE,))
        if card is None or old is None:
            return
        if (
            side != LIGHT
            or card.zone != HAND
            or old.zone != TABLE
            or not set(card.card.personas) & set(old.card.personas)
        ):
            self.broke(
                "bad-conversion",
                f"{card.card.title} cannot replace {old.card.title}: the Light Side's version replaces the Dark Side's "
                "on table, from hand, in its deploy phase.",
                card,
                old,
            )
            return
        self.pay(side, event.get("cost", card.card.deploy or 0), card.card.title)
        card.zone, card.at, card.on = TABLE, old.at, old.on
        for on_it in table.aboard(old.key):
            on_it.on = card.key  # cards on the Dark version transfer
        self.leave_table(old, LOST)

    def on_steal(self, event: dict) -> None:
        side = event["player"]
        card = self.card(other(side), event["card"], (TABLE, LOST, HAND))
        if card is None or self.separated(event, card, "stolen"):
            return
        if card.zone == TABLE:
            target = self.card(None, event["to"], (TABLE,)) if event.get("to") else None
            if target is not None:
                card.on, card.at = (None, target.key) if target.card.is_location else (target.key, target.at)
        elif card.zone == LOST:
            card.zone = FACE_DOWN  # into the thief's Used Pile
            self.table.players[side].used += 1
        else:
            self.broke(
                "card-not-there", f"{card.card.title} is stolen from table or from the Lost Pile.", card
            )
        card.owner = side
