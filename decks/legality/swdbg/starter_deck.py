"""Each player's starter deck: its size, its cards' deck and faction, its copies of each starter card.

A starter card's role (shuttle, trooper, agent) is recognised by its copies in the starter deck, from the
data: both editions print 7 of the shuttle, 2 of the trooper and 1 of the agent (Imperial Shuttle ×7,
Stormtrooper ×2, Inquisitor ×1; Republic Shuttle ×7, Clone Trooper ×2, Jedi Knight ×1). Traits cannot tell
them apart: the sources disagree on the shuttles' Transport trait and the agents have none. A starter deck
must be exactly its faction's starter cards, each with its copies; the roles name them in messages.
"""

from collections import Counter

from ..violations import n_of
from .cards import DECK_NAMES, card_names
from .state import Player, SetupState


class StarterDeckChecks(SetupState):
    """The checks of one player's starter deck, run once per player."""

    def check_starter(self, player: Player):
        if player.starter is None:
            return
        size = sum(e.count for e in player.starter)
        if size != self.rules.starter_size:
            self.add(
                "starter-deck-size",
                f"{player.label}: the starter deck has {n_of(size, 'card')}; "
                f"it needs exactly {self.rules.starter_size}.",
                **player.named,
                count=size,
                needed=self.rules.starter_size,
            )
        own = Counter()
        for entry in player.starter:
            card = entry.card
            if card is None:
                continue
            if card.deck != "starter":
                self.add(
                    "wrong-deck",
                    f"{player.label}: {card.title} ({entry.path}) is {DECK_NAMES[card.deck]}, "
                    "not a starter card; remove it from the starter deck.",
                    [card.code],
                    variant="starter",
                    **player.named,
                    title=card.title,
                    path=entry.path,
                    deck=card.deck,
                )
            elif player.faction and card.faction != player.faction:
                self.add(
                    "starter-faction",
                    f"{player.label}: {card.title} is a {card.faction} starter card; use your own faction's.",
                    [card.code],
                    **player.named,
                    title=card.title,
                    faction=card.faction,
                )
            else:
                own[card] += entry.count
        if player.faction:
            self.check_composition(player, own)

    def check_composition(self, player: Player, own: Counter):
        expected = self.pool.select(deck="starter", faction=player.faction)
        if not expected:
            self.note(
                "no-starter-cards",
                f"The catalogue has no {player.faction} starter cards: the starter deck was not checked.",
                faction=player.faction,
            )
            return
        recipe = card_names(sorted(expected, key=lambda c: -(c.copies or 0)))
        for card in expected:
            have, need = own[card], card.copies or 0
            if have != need:
                role = self.rules.role(card.copies) or "card"
                self.add(
                    "starter-deck-composition",
                    f"{player.label}: the starter deck has {n_of(have, 'copy', 'copies')} of {card.title} "
                    f"(the {role}); it needs {need}.",
                    [card.code],
                    hint=f"The {player.faction} starter deck is {recipe}.",
                    **player.named,
                    count=have,
                    title=card.title,
                    role=role,
                    needed=need,
                    faction=player.faction,
                    recipe=recipe,
                )
