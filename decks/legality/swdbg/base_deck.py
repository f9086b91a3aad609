"""Each player's base deck: its size, its bases' faction and copies, the beginner list, the starting base."""

from collections import Counter

from core.text import fold

from ..violations import n_of
from .cards import DECK_NAMES, card_names
from .state import Player, SetupState


class BaseDeckChecks(SetupState):
    """The checks of one player's base deck and starting base, run once per player."""

    def check_bases(self, player: Player):
        if player.bases is None:
            return
        size, needed = sum(e.count for e in player.bases), self.rules.base_deck_size
        held = self.bases_held(player.faction)
        short = held is not None and held < needed
        if short:
            # The catalogue cannot make up the base deck (Clone Wars: only the rulebook's five beginner bases
            # are known): a deck of every base it holds is all anyone can list, so only a shorter one is wrong.
            self.note(
                "bases-short-catalogue",
                f"The catalogue holds only {held} {player.faction} bases and lacks the others: "
                f"{self.rules.name} needs {needed}, so a base deck of all {held} is accepted here, not checked "
                f"against {needed}.",
                held=held,
                faction=player.faction,
                format=self.rules.name,
                needed=needed,
            )
        if size > needed or size < (held if short else needed):
            known = (
                f" (the catalogue holds only {held} {player.faction} bases: list them all)" if short else ""
            )
            self.add(
                "base-deck-size",
                f"{player.label}: the base deck has {n_of(size, 'base')}; {self.rules.name} needs exactly "
                f"{needed}, the starting base included{known}.",
                variant="short-catalogue" if short else "exact",
                **player.named,
                count=size,
                format=self.rules.name,
                needed=needed,
                held=held,
                faction=player.faction,
            )
        own: Counter = Counter()
        for entry in player.bases:
            card = entry.card
            if card is None:
                continue
            if card.deck != "base":
                self.add(
                    "wrong-deck",
                    f"{player.label}: {card.title} ({entry.path}) is {DECK_NAMES[card.deck]}, not a base; "
                    "remove it from the base deck.",
                    [card.code],
                    variant="base",
                    **player.named,
                    title=card.title,
                    path=entry.path,
                    deck=card.deck,
                )
            elif player.faction and card.faction != player.faction:
                self.add(
                    "base-faction",
                    f"{player.label}: {card.title} is a {card.faction} base; "
                    "a base deck holds your own faction's.",
                    [card.code],
                    **player.named,
                    title=card.title,
                    faction=card.faction,
                )
            else:
                own[card] += entry.count
        for card, count in sorted(own.items(), key=lambda item: item[0].code):
            if count > (card.copies or 1):
                self.add(
                    "card-copies",
                    f"{player.label}: the base deck lists {card.title} {count} times; there is "
                    f"{n_of(card.copies or 1, 'copy', 'copies')}.",
                    [card.code],
                    variant="base",
                    **player.named,
                    title=card.title,
                    count=count,
                    copies=card.copies or 1,
                )
        if player.faction:
            self.check_beginner_bases(player, own)
            self.check_starting_base(player, own)

    def bases_held(self, faction: str | None) -> int | None:
        """How many bases of the faction the catalogue holds (copies counted); None without a faction."""
        if not faction:
            return None
        return sum(c.copies or 1 for c in self.pool.select(deck="base", faction=faction))

    def check_beginner_bases(self, player: Player, own: Counter):
        if not self.rules.beginner_bases:
            return  # the format takes no named base list (Full Galaxy: all ten)
        if player.faction not in self.rules.beginner_bases:
            self.note(
                "no-beginner-bases",
                f"The rulebook's {self.rules.name.lower()} base list for {player.faction} is not in the "
                "data: only the size, faction and starting base of that base deck were checked.",
                format=self.rules.name.lower(),
                faction=player.faction,
            )
            return
        named = self.rules.beginner_bases[player.faction]
        have = {fold(c.title) for c in own}
        missing = [t for t in named if fold(t) not in have]
        extra = sorted(
            (c for c in own if fold(c.title) not in {fold(t) for t in named}), key=lambda c: c.code
        )
        if missing or extra:
            absent, others = ", ".join(missing), ", ".join(c.title for c in extra)
            parts = ([f"missing {absent}"] if missing else []) + (
                [f"not in the list: {others}"] if extra else []
            )
            self.add(
                "base-deck-composition",
                f"{player.label}: {self.rules.name} uses the rulebook's {player.faction} bases "
                f"({', '.join(named)}); {'; '.join(parts)}.",
                [c.code for c in extra],
                variant="missing-extra" if missing and extra else "missing" if missing else "extra",
                **player.named,
                format=self.rules.name,
                faction=player.faction,
                bases=", ".join(named),
                missing=absent,
                extra=others,
            )

    def check_starting_base(self, player: Player, own: Counter):
        expected = [c for c in self.pool.select(deck="base", faction=player.faction) if c.starting_base]
        starting = card_names(expected)
        hint = f"The {player.faction} starting base is {starting}." if expected else None
        # The hint's parts among the params (the pages say the hint in their language).
        hinted = {**player.named, "faction": player.faction, "starting": starting}
        chosen = player.starting_base
        if chosen is None:
            if not any(c.starting_base for c in own):
                self.add(
                    "starting-base",
                    f"{player.label}: the base deck has no starting base; add it "
                    "(a game begins with it face up).",
                    [c.code for c in expected],
                    hint,
                    variant="none",
                    **hinted,
                )
            return
        card = chosen.card
        if card is None:
            return
        if not card.starting_base:
            self.add(
                "starting-base",
                f"{player.label}: {card.title} is not a starting base; "
                "the game begins with your faction's starting base.",
                [card.code],
                hint,
                variant="not-starting",
                title=card.title,
                **hinted,
            )
        elif card.faction != player.faction:
            self.add(
                "starting-base",
                f"{player.label}: {card.title} is the {card.faction} starting base, not yours.",
                [card.code],
                hint,
                variant="other-faction",
                title=card.title,
                other=card.faction,
                **hinted,
            )
        if card not in {e.card for e in player.bases}:
            self.add(
                "starting-base",
                f"{player.label}: the starting base {card.title} is not in the base deck; add it there.",
                [card.code],
                variant="not-in-deck",
                **player.named,
                title=card.title,
            )
