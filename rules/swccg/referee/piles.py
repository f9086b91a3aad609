"""The piles: shuffles and the Reserve Deck's known order, draws, activation, Force used, lost and retrieved,
cards placed out of play (`too-much-activation`, `reserve-empty`, `not-the-top-card`, `bad-order`,
`card-not-there`)."""

from ..table import FACE_DOWN, HAND, LOST, OUT_OF_PLAY, TABLE, Instance
from .text_rules import TextRules


class Piles(TextRules):
    def on_shuffle(self, event: dict) -> None:
        """A shuffled Reserve Deck: in the order the event gives (top first), or the order the player's
        `reserve_order` gives for its first shuffle, else unknown."""
        side, table = event["player"], self.table
        refs = event.get("order") or self.reserve_orders.pop(side, None)
        size = table.players[side].reserve
        table.reserve_order[side] = [None] * size
        if not refs:
            return
        cards = [table.find(side, ref, (FACE_DOWN,)) for ref in refs]
        keys = [c.key if c is not None and c.zone == FACE_DOWN else None for c in cards]
        if len(keys) != size or None in keys or len(set(keys)) != size:
            self.broke(
                "bad-order",
                f"A Reserve Deck order lists each of its {size} face-down cards once; this one lists {len(refs)}.",
            )
            return
        table.reserve_order[side] = keys

    def from_top(self, side: str, cards: list[Instance | None]) -> None:
        """Cards named as they come off the top of a Reserve Deck, checked against its known order."""
        for card, top in zip(cards, self.table.take_top(side, len(cards)), strict=False):
            if card is not None and top is not None and card.key != top:
                self.broke(
                    "not-the-top-card", f"The top of the {side} Reserve Deck is {top}, not {card.key}.", card
                )

    def on_draw(self, event: dict) -> None:
        side, kind, table = event["player"], event["kind"], self.table
        player = table.players[side]
        for ref in event["cards"]:
            card = self.card(side, ref, (FACE_DOWN,))
            if card is None:
                continue
            if card.zone != FACE_DOWN:
                self.broke(
                    "card-not-there", f"{card.card.title} ({card.key}) is not face down in the deck.", card
                )
                continue
            source = "force" if kind == "hand" else "reserve"
            if getattr(player, source) < 1:
                code = "not-enough-force" if source == "force" else "reserve-empty"
                self.broke(
                    code, f"The {side} {'Force Pile' if source == 'force' else 'Reserve Deck'} is empty."
                )
                continue
            setattr(player, source, getattr(player, source) - 1)
            if source == "reserve":
                self.from_top(side, [card])
            if kind in ("opening", "hand"):
                card.zone = HAND
            else:
                player.used += 1  # a destiny card goes to the Used Pile (it stays among the face-down cards)
                if kind == "battle_destiny":
                    self.battle_destiny(event, side, card)
        if kind == "hand":
            self.turn_action(event, "draw")

    def on_activate(self, event: dict) -> None:
        self.turn_action(event, "activate")
        side, amount = event["player"], event["amount"]
        player = self.table.players[side]
        allowed = self.table.generation(side) - player.activated
        if amount > allowed:
            self.broke(
                "too-much-activation",
                f"The {side} side may activate {allowed:g} more Force; it activated {amount}.",
            )
        if amount > player.reserve:
            self.broke(
                "reserve-empty", f"The {side} Reserve Deck holds {player.reserve} cards, not {amount}."
            )
            amount = player.reserve
        player.reserve -= amount
        self.table.take_top(side, amount)
        player.force += amount
        player.activated += amount
        self.summary().activated += amount

    def on_use_force(self, event: dict) -> None:
        self.pay(event["player"], event["amount"], "Card text")

    def on_lose_force(self, event: dict) -> None:
        side, amount, source = event["player"], event["amount"], event["from"]
        player, table = self.table.players[side], self.table
        if source == "hand":
            refs = event.get("cards") or []
            if len(refs) != amount:
                self.broke(
                    "card-not-there",
                    f"Force lost from hand names each card: {amount} expected, {len(refs)} named.",
                )
            for ref in refs:
                card = self.card(side, ref, (HAND,))
                if card is not None and card.zone != HAND:
                    self.broke(
                        "not-in-hand", f"{card.card.title} ({card.key}) is not in the {side} hand.", card
                    )
                elif card is not None:
                    card.zone = LOST
        else:
            pile = {"reserve": "reserve", "force": "force", "used": "used"}[source]
            if getattr(player, pile) < amount:
                self.broke(
                    "card-not-there",
                    f"The {side} {source} pile holds {getattr(player, pile)} cards, not {amount}.",
                )
                amount = getattr(player, pile)
            setattr(player, pile, getattr(player, pile) - amount)
            named = [self.card(side, ref, (FACE_DOWN,)) for ref in event.get("cards") or []]
            if pile == "reserve":
                self.from_top(side, named + [None] * (amount - len(named)))
            for card in named:
                if card is not None and card.zone == FACE_DOWN:
                    card.zone = LOST
        player.owed = max(player.owed - amount, 0)
        if table.battle is not None:
            self.resolve_battle()
            table.battle.lost_force[side] += amount
        self.summary().lost[side] += amount

    def on_retrieve(self, event: dict) -> None:
        side = event["player"]
        for ref in event["cards"]:
            card = self.card(side, ref, (LOST,))
            if card is not None and card.zone != LOST:
                self.broke(
                    "card-not-there", f"{card.card.title} ({card.key}) is not in the {side} Lost Pile.", card
                )
            elif card is not None:
                card.zone = FACE_DOWN
                self.table.players[side].used += 1

    def on_place_out_of_play(self, event: dict) -> None:
        card = self.card(event["player"], event["card"], (TABLE, HAND, LOST))
        if card is not None and not self.separated(event, card, "placed out of play"):
            self.leave_table(card, OUT_OF_PLAY)
            self.table.out_of_play_personas |= set(card.card.personas)  # bars every version for the game
