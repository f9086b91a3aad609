"""Movement: once a turn by itself, hyperspeed against parsecs with a pilot and an astromech or nav computer,
landspeed, landing and take-off within a system, its Force cost, and the seats aboard a starship or vehicle
(`moved-twice`, `too-far`, `no-pilot`, `not-same-system`, `wrong-cost`, `over-capacity`), and a card whose own
text says it cannot move (`may-not-move`)."""

from ..cards import character_capacity
from ..table import TABLE, Instance
from .text_rules import TextRules


class Movement(TextRules):
    def on_move(self, event: dict) -> None:
        self.turn_action(event, "move")
        side, table, kind = event["player"], self.table, event["kind"]
        card = self.card(side, event["card"], (TABLE,))
        target = self.card(None, event["to"], (TABLE,))
        if card is None or target is None:
            return
        if card.zone != TABLE or target.zone != TABLE:
            self.broke(
                "card-not-there", f"{card.card.title} and where it moves to must be on table.", card, target
            )
            return
        self.check_move_text(card)
        origin = table.cards.get(card.at) if card.at else None
        destination = target if target.card.is_location else table.cards.get(target.at or "")
        if origin is not None and destination is not None:
            self.check_move(card, kind, origin, destination)
        if not target.card.is_location and card.card.is_character:
            self.check_room(card, target)
        # 1 Force a move; boarding or leaving a vehicle is free; docking bay transit costs what the bay's card says
        expected = 0 if kind == "aboard" else 1 + table.modified("move_cost", card=card.key)
        cost = event.get("cost", expected)
        if kind != "docking_bay" and cost != expected:
            self.broke(
                "wrong-cost",
                f"Moving {card.card.title} ({kind}) costs {expected:g} Force, not {cost:g}.",
                card,
            )
        self.pay(side, cost, f"Moving {card.card.title}")
        card.on = None if target.card.is_location else target.key
        new_at = destination.key if destination is not None else None
        for moving in (card, *table.aboard(card.key)):
            moving.at = new_at

    def check_room(self, card: Instance, carrier: Instance) -> None:
        """A character boarding a starship or vehicle needs a free seat (its "May add …" capacity)."""
        room = character_capacity(carrier.card.gametext)
        aboard = [c for c in self.table.aboard(carrier.key) if c.card.is_character and c is not card]
        if room is not None and len(aboard) >= room:
            self.broke(
                "over-capacity",
                f"{carrier.card.title} carries {room} character{'s' if room != 1 else ''}; it already has {len(aboard)}.",
                card,
                carrier,
            )

    def check_move(self, card: Instance, kind: str, origin: Instance, destination: Instance) -> None:
        table = self.table
        if (
            kind in ("site", "landing", "takeoff", "landspeed")
            and origin.card.system != destination.card.system
        ):
            self.broke(
                "not-same-system",
                f"{card.card.title} cannot {kind} from {origin.card.system} to {destination.card.system}.",
                card,
            )
        if kind == "site":
            if table.moved.get(card.key):
                self.broke("moved-twice", f"{card.card.title} already moved by itself this turn.", card)
            table.moved[card.key] = 1
        elif kind == "landspeed":
            moves = table.moved.get(card.key, 0) + 1
            if moves > (table.stat(card, "landspeed") or 0):
                self.broke(
                    "too-far", f"{card.card.title} has landspeed {table.stat(card, 'landspeed'):g}.", card
                )
            table.moved[card.key] = moves
        elif kind == "hyperspace":
            if not card.card.is_starship or destination.card.parsec is None or origin.card.parsec is None:
                self.broke(
                    "wrong-location-kind", f"{card.card.title} moves by hyperspeed between systems.", card
                )
                return
            aboard = table.aboard(card.key)
            piloted = card.card.has("pilot") or any(a.card.has("pilot") for a in aboard)
            navigated = card.card.has("nav computer") or any(a.card.has("astromech") for a in aboard)
            if not (piloted and navigated):
                self.broke(
                    "no-pilot",
                    f"{card.card.title} needs a pilot and an astromech or nav computer aboard.",
                    card,
                )
            travelled = table.moved.get(card.key, 0) + abs(destination.card.parsec - origin.card.parsec)
            speed = table.stat(card, "hyperspeed")
            if travelled > speed:
                self.broke(
                    "too-far",
                    f"{card.card.title} would travel {travelled:g} parsecs this turn; hyperspeed {speed:g}.",
                    card,
                )
            table.moved[card.key] = travelled
