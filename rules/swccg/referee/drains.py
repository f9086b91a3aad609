"""Force drains: where the side controls, of the opponent's icons there, once a location a turn (`no-control`,
`wrong-drain`, `no-opponent-icons`, `drain-cancelled`, `drained-twice`)."""

from ..cards import other
from ..table import TABLE
from .judge import Judge


class Drains(Judge):
    def on_drain(self, event: dict) -> None:
        self.turn_action(event, "control")
        side, table = event["player"], self.table
        location = self.card(None, event["location"], (TABLE,))
        if location is None or location.zone != TABLE or not location.card.is_location:
            self.broke(
                "card-not-there", f"{event['location']} is not a location on table.", event["location"]
            )
            return
        if location.key in table.drained:
            self.broke(
                "drained-twice",
                f"The {side} side already drained at {location.card.title} this turn.",
                location,
            )
        table.drained.add(location.key)
        if not table.controls(location.key, side):
            self.broke("no-control", f"The {side} side does not control {location.card.title}.", location)
        icons = table.icons(location.key, other(side))
        expected = icons + table.modified("drain", location=location.key, player=side) if icons > 0 else 0
        if icons <= 0:
            self.broke(
                "no-opponent-icons",
                f"The {other(side)} side has no Force icon at {location.card.title}.",
                location,
            )
        elif (
            expected <= 0
        ):  # card text cancels the drain (a recorded `drain` modifier of minus the icons or more)
            self.broke("drain-cancelled", f"Force drains at {location.card.title} are cancelled.", location)
        elif event["amount"] != expected:
            self.broke(
                "wrong-drain",
                f"A drain at {location.card.title} is {expected:g}, not {event['amount']}.",
                location,
            )
        table.players[other(side)].owed += event["amount"]
        self.summary().drains.append({"location": location.key, "amount": event["amount"]})
