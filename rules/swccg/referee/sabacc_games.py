"""Sabacc: never during a battle; the hands drawn from both Reserve Decks, the recorded winner and the card given
up checked against the sabacc rules of rules/swccg/sabacc/ (`sabacc-in-battle`, `sabacc-result`)."""

from .. import sabacc
from ..cards import DARK, LIGHT, other
from ..table import FACE_DOWN, LOST
from .judge import Judge


class SabaccGames(Judge):
    def on_sabacc(self, event: dict) -> None:
        table = self.table
        if table.battle is not None:
            self.broke("sabacc-in-battle", "Sabacc may not be initiated during a battle.")
        hands = {}
        for side in (DARK, LIGHT):
            cards = [self.card(side, ref, (FACE_DOWN,)) for ref in event[side]]
            if any(c is None for c in cards):
                return
            if any(c.zone != FACE_DOWN for c in cards):
                self.broke("card-not-there", f"The {side} side's sabacc cards come from its Reserve Deck.")
                return
            hands[side] = cards
        rules = sabacc.SabaccRules(
            wild_ids=tuple(event.get("wild") or ()),
            wild_range=(int(event.get("wild_low", 1)), int(event.get("wild_high", 6))),
            clone_ids=tuple(event.get("clones") or ()),
            stake_ids=tuple(event.get("stakes") or ()),
        )
        chosen = event.get("assigned") or {}
        try:
            assigned = {
                side: sabacc.Assignment.of(
                    **{name: {int(k): v for k, v in entries.items()} for name, entries in choices.items()}
                )
                for side, choices in chosen.items()
            }
            result = sabacc.play_sabacc(
                [c.card for c in hands[DARK]], [c.card for c in hands[LIGHT]], rules, assigned=assigned
            )
        except sabacc.SabaccError as error:
            self.broke("sabacc-result", f"The sabacc hands break the sabacc rules: {error.message}")
            return
        if result.winner != event["winner"]:
            self.broke(
                "sabacc-result",
                f"With their best choices the {result.winner or 'nobody'} side wins this sabacc "
                f"({result.dark.total:g} against {result.light.total:g}), not the {event['winner'] or 'nobody'} side.",
            )
        given = []
        if result.forfeit is not None:
            loser = other(result.winner)
            options = {o.index: o for o in result.forfeit.options}
            if result.forfeit.pick == 2:
                given = list(options.values())
            else:
                chosen = self.table.find(loser, event.get("gives_up") or "", (FACE_DOWN,))
                match = [
                    o for o in options.values() if chosen is not None and hands[loser][o.index] is chosen
                ]
                if not match:
                    self.broke(
                        "sabacc-result",
                        f"The {loser} side gives up one of: {', '.join(o.card_id for o in options.values())}.",
                    )
                given = match[:1]
        for side in (DARK, LIGHT):
            table.players[side].reserve -= len(hands[side])
            self.from_top(side, list(hands[side]))
        given_cards = {id(hands[other(result.winner)][o.index]): o for o in given} if result.winner else {}
        for side in (DARK, LIGHT):
            for card in hands[side]:
                lost = given_cards.get(id(card))
                if lost is not None and lost.pile == "lost":
                    card.zone = LOST
                else:
                    if lost is not None:
                        card.owner = result.winner  # a stake is stolen into the winner's Used Pile
                    table.players[card.owner].used += 1
