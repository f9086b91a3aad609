"""Deploying: starting locations and cards, cards from hand where the side has presence or a Force icon, the
kind of location, uniqueness and personas (those barred by crossing over or out of play too), converted locations,
and interrupts played (`same-starting-location`, `wrong-cost`, `no-presence-or-icon`, `wrong-location-kind`,
`unique-on-table`, `persona-on-table`, `persona-crossed-over`, `persona-out-of-play`, `not-in-hand`), and where the
card's own text lets it deploy (text_rules.py: `deploys-only-on`, `may-not-deploy-to`)."""

from ..table import CAPTIVE, CONVERTED, FACE_DOWN, HAND, LOST, TABLE, Instance
from .text_rules import TextRules


class Deployment(TextRules):
    def on_start_location(self, event: dict) -> None:
        card = self.table.find(event["player"], event["card"], (FACE_DOWN,))
        if card is not None and self.converted_location(card) is not None:
            self.broke(
                "same-starting-location",
                f"Both players chose {card.card.title}: both are set aside and each chooses again.",
                card,
            )
            return
        self.to_table(event, require_hand=False)

    on_objective = on_start_location

    def on_starting(self, event: dict) -> None:
        self.to_table(event, require_hand=False)

    def to_table(self, event: dict, *, require_hand: bool) -> Instance | None:
        side, table = event["player"], self.table
        card = self.card(side, event["card"], (HAND,) if require_hand else (FACE_DOWN, HAND))
        if card is None:
            return None
        if require_hand and card.zone != HAND:
            self.broke("not-in-hand", f"{card.card.title} ({card.key}) is not in the {side} hand.", card)
        elif not require_hand and card.zone not in (FACE_DOWN, HAND):
            self.broke("card-not-there", f"{card.card.title} ({card.key}) is already in play or lost.", card)
        if card.zone == FACE_DOWN:
            table.players[side].reserve -= 1  # starting cards come from the deck before it is shuffled
            order = table.reserve_order[side]
            order.remove(card.key if card.key in order else None)
        converted = self.converted_location(card)
        if converted is None:
            self.check_uniqueness(card, event.get("to"))
        card.zone = TABLE
        if card.card.is_location:
            card.at = card.key
            if converted is None:
                table.locations.append(card.key)
            else:  # the new card takes the old one's place, and everything at it
                table.locations[table.locations.index(converted.key)] = card.key
                for other_card in table.cards.values():
                    if other_card.zone in (TABLE, CAPTIVE) and other_card.at == converted.key:
                        other_card.at = card.key
                converted.zone, converted.at = CONVERTED, None
            return card
        where = event.get("to")
        if event.get("on"):
            carrier = self.card(None, event["on"], (TABLE,))
            if carrier is not None:
                card.on, where = carrier.key, carrier.at
        location = self.card(None, where, (TABLE,)) if where else None
        card.at = location.key if location is not None else None
        return card

    def converted_location(self, card: Instance) -> Instance | None:
        """The opponent's version of this location already on table, which deploying this one converts."""
        if not card.card.is_location:
            return None
        return next(
            (
                loc
                for key in self.table.locations
                if (loc := self.table.cards[key]).card.name == card.card.name and loc.owner != card.owner
            ),
            None,
        )

    def check_uniqueness(self, card: Instance, where: str | None) -> None:
        table = self.table
        personas = set(card.card.personas)
        if personas & table.barred[card.owner]:
            self.broke(
                "persona-crossed-over",
                f"{card.card.title}'s persona crossed over: it is barred to this side.",
                card,
            )
        if personas & table.out_of_play_personas:
            self.broke("persona-out-of-play", f"{card.card.title}'s persona was placed out of play.", card)
        # captives still count for uniqueness and personas
        on_table = [c for c in table.cards.values() if c.zone in (TABLE, CAPTIVE)]
        limit = card.card.on_table_limit
        same = [c for c in on_table if c.card.name == card.card.name]
        if limit is not None and len(same) >= limit:
            self.broke(
                "unique-on-table", f"{card.card.title}: {len(same)} already on table (at most {limit}).", card
            )
        if card.card.uniqueness == "◇" and where:
            location = self.table.find(None, where, (TABLE,))
            if location is not None and any(c.at == location.key for c in same):
                self.broke(
                    "unique-on-table",
                    f"{card.card.title} is unique per location: one is already there.",
                    card,
                )
        shared = [c for c in on_table if set(c.card.personas) & set(card.card.personas)]
        if shared:
            self.broke(
                "persona-on-table",
                f"{card.card.title} is the same persona as {shared[0].card.title}, already on table.",
                card,
                shared[0],
            )

    def on_deploy(self, event: dict) -> None:
        self.turn_action(event, "deploy")
        side, table = event["player"], self.table
        card = self.card(side, event["card"], (HAND,))
        if card is None:
            return
        printed = card.card.deploy or 0
        cost = event.get("cost", printed + table.modified("deploy", card=card.key))
        if cost != printed + table.modified("deploy", card=card.key):
            self.broke(
                "wrong-cost",
                f"{card.card.title} deploys for {printed:g} (with the modifiers recorded), not {cost:g}.",
                card,
            )
        location_ref, carrier = event.get("to"), None
        if event.get("on"):
            carrier = table.find(None, event["on"], (TABLE,))
            location_ref = carrier.at if carrier is not None else location_ref
        if not card.card.is_location:
            location = table.find(None, location_ref, (TABLE,)) if location_ref else None
            if location is None or not location.card.is_location:
                self.broke(
                    "card-not-there",
                    f"{card.card.title} deploys to a location on table; {location_ref} is not one.",
                    card,
                )
            else:
                self.check_where(side, card, location, aboard=bool(event.get("on")))
                boards = carrier is not None and (carrier.card.is_starship or carrier.card.type == "Vehicle")
                self.check_deploy_text(
                    card, location, carrier if boards else None, event.get("reaction") is True
                )
        if event.get("on") and card.card.is_character:
            carrier = table.find(None, event["on"], (TABLE,))
            if carrier is not None:
                self.check_room(card, carrier)
        self.pay(side, cost, card.card.title)
        placed = self.to_table(event, require_hand=True)
        if placed is not None:
            self.summary().deployed.append(placed.key)

    def check_where(self, side: str, card: Instance, location: Instance, aboard: bool) -> None:
        kind = location.card.subtype.split(":")[0].strip().casefold()
        if card.card.is_starship and kind != "system":
            self.broke(
                "wrong-location-kind",
                f"{card.card.title} is a starship: it deploys to a system.",
                card,
                location,
            )
        if (card.card.is_character or card.card.type == "Vehicle") and kind == "system" and not aboard:
            self.broke(
                "wrong-location-kind", f"{card.card.title} deploys to a site or aboard.", card, location
            )
        if card.card.has("spy"):
            return  # spies deploy anywhere
        if not self.table.presence(location.key, side) and self.table.icons(location.key, side) <= 0:
            self.broke(
                "no-presence-or-icon",
                f"The {side} side has neither presence nor a Force icon at {location.card.title}.",
                card,
                location,
            )

    def on_play(self, event: dict) -> None:
        side = event["player"]
        card = self.card(side, event["card"], (HAND,))
        if card is None:
            return
        if card.zone != HAND:
            self.broke("not-in-hand", f"{card.card.title} ({card.key}) is not in the {side} hand.", card)
        self.pay(side, event.get("cost", 0), card.card.title)
        if event["to"] == "lost":
            card.zone = LOST
        elif event["to"] == "used":
            card.zone = FACE_DOWN
            self.table.players[side].used += 1
        else:
            card.zone, card.at = TABLE, None
