"""The shared galaxy deck: listed or the standard one, its neutral edition, its factions, copies and size."""

from collections import Counter

from ..violations import n_of
from .cards import DECK_NAMES, NEUTRAL, UNKNOWN_FACTION
from .setup_input import GALAXY_KEYS, SetupReader


class GalaxyChecks(SetupReader):
    """The galaxy deck's checks; they need the players' factions read first."""

    def check_galaxy(self, galaxy):
        if not isinstance(galaxy, dict):
            self.bad("galaxy", "must be an object with neutral_edition and cards.", "galaxy-not-object")
            galaxy = {}
        self.unknown_keys(galaxy, GALAXY_KEYS, "galaxy")
        self.neutral_edition = self.read_neutral_edition(galaxy.get("neutral_edition"))
        if galaxy.get("cards") is None:
            self.standard_galaxy()
            return
        self.galaxy_source = "listed"
        played = set(self.played())
        editions = {self.rules.factions[f][0] for f in played} | {self.neutral_edition}
        prefer = [
            lambda c: c.edition in editions,
            lambda c: c.faction in played or (c.faction == NEUTRAL and c.edition == self.neutral_edition),
            lambda c: c.deck == "galaxy",
        ]
        listed = self.read_cards(galaxy["cards"], "galaxy.cards", prefer)
        if listed is None:
            return
        for entry in listed:
            card = entry.card
            if card is not None and card.deck != "galaxy":
                self.add(
                    "wrong-deck",
                    f"{card.title} ({entry.path}) is {DECK_NAMES[card.deck]}, not a galaxy card; "
                    "remove it from the galaxy deck.",
                    [card.code],
                    variant="galaxy",
                    title=card.title,
                    path=entry.path,
                    deck=card.deck,
                )
            elif card is not None:
                self.galaxy[card] += entry.count
        self.check_galaxy_cards(played)

    def read_neutral_edition(self, value) -> str | None:
        editions = {self.rules.factions[f][0] for f in self.played()}
        if value is None:
            if len(editions) == 1:
                return editions.pop()
            if len(editions) == 2 and self.rules.cross_edition:
                self.add(
                    "neutral-edition",
                    "The factions come from two editions: choose whose 30 neutral cards join the galaxy deck "
                    f"(galaxy.neutral_edition: {' or '.join(sorted(editions))}).",
                    variant="choose",
                    editions=tuple(sorted(editions)),
                )
            return None
        if not isinstance(value, str):
            self.bad(
                "galaxy.neutral_edition",
                f"{value!r} is not an edition name.",
                "edition-not-text",
                value=repr(value),
            )
            return None
        if value not in self.rules.editions:
            self.add(
                "neutral-edition",
                f"{value!r} is not an edition; choose {' or '.join(self.rules.editions)}.",
                variant="unknown",
                value=repr(value),
                editions=self.rules.editions,
            )
            return None
        if len(editions) == 1 and value not in editions and not self.rules.cross_edition:
            edition = next(iter(editions))
            self.add(
                "neutral-edition",
                f"{self.rules.name} uses one edition: the neutral cards must be {edition}'s, not {value}'s.",
                variant="one-edition",
                format=self.rules.name,
                edition=edition,
                value=value,
            )
        return value

    def check_galaxy_cards(self, played: set[str]):
        for card, count in sorted(self.galaxy.items(), key=lambda item: item[0].code):
            if card.copies is not None and count > card.copies:
                self.add(
                    "card-copies",
                    f"The galaxy deck lists {count} copies of {card.title}; the game has {card.copies}.",
                    [card.code],
                    variant="galaxy",
                    count=count,
                    title=card.title,
                    copies=card.copies,
                )
        by_faction = Counter()
        for card, count in self.galaxy.items():
            by_faction[card.faction] += count
        if len(played) == 2:
            for faction in sorted(played):
                if by_faction[faction] != self.rules.galaxy_per_faction:
                    self.add(
                        "galaxy-faction",
                        f"The galaxy deck has {n_of(by_faction[faction], 'card')} of {faction}; it needs "
                        f"{self.rules.galaxy_per_faction}, the faction's whole galaxy set.",
                        variant="played",
                        count=by_faction[faction],
                        faction=faction,
                        needed=self.rules.galaxy_per_faction,
                    )
            for faction in sorted(set(by_faction) - played - {NEUTRAL, UNKNOWN_FACTION}):
                cards = sorted(c.code for c in self.galaxy if c.faction == faction)
                self.add(
                    "galaxy-faction",
                    f"The galaxy deck has {n_of(by_faction[faction], 'card')} of {faction}, "
                    "which nobody plays; remove them.",
                    cards,
                    variant="not-played",
                    count=by_faction[faction],
                    faction=faction,
                )
        unknown = sorted((c for c in self.galaxy if c.faction == UNKNOWN_FACTION), key=lambda c: c.code)
        if unknown:
            listed = ", ".join(
                f"{c.title} ×{self.galaxy[c]}" if self.galaxy[c] > 1 else c.title for c in unknown
            )
            self.add(
                "galaxy-faction",
                f"The galaxy deck lists {n_of(by_faction[UNKNOWN_FACTION], 'card')} whose faction the catalogue "
                f"does not know ({listed}), so they cannot be counted for any faction: fill the "
                "faction in with a card fact (manage.py import_card_facts swdbg, field faction) or leave "
                "them out.",
                [c.code for c in unknown],
                variant="unknown-faction",
                count=by_faction[UNKNOWN_FACTION],
                listed=listed,
            )
        if by_faction[NEUTRAL] != self.rules.galaxy_neutral:
            self.add(
                "galaxy-faction",
                f"The galaxy deck has {n_of(by_faction[NEUTRAL], 'neutral card')}; "
                f"it needs {self.rules.galaxy_neutral}.",
                variant="neutral",
                count=by_faction[NEUTRAL],
                needed=self.rules.galaxy_neutral,
            )
        if self.neutral_edition:
            stray = sorted(
                c.code for c in self.galaxy if c.faction == NEUTRAL and c.edition != self.neutral_edition
            )
            if stray:
                self.add(
                    "neutral-edition",
                    f"{n_of(len(stray), 'neutral card')} of the galaxy deck are not from "
                    f"{self.neutral_edition}, the neutral edition chosen; the neutral cards all come from "
                    "one edition.",
                    stray,
                    variant="stray",
                    count=len(stray),
                    edition=self.neutral_edition,
                )
        total = sum(self.galaxy.values())
        if total != self.rules.galaxy_size:
            self.add(
                "galaxy-deck-size",
                f"The galaxy deck has {n_of(total, 'card')}; it needs exactly {self.rules.galaxy_size} "
                f"({self.rules.galaxy_per_faction} per faction and {self.rules.galaxy_neutral} neutral).",
                count=total,
                needed=self.rules.galaxy_size,
                per_faction=self.rules.galaxy_per_faction,
                neutral=self.rules.galaxy_neutral,
            )

    def standard_galaxy(self):
        """The galaxy deck the rulebook builds: every galaxy card of both factions and one neutral edition."""
        parts = [(f, self.rules.factions[f][0], self.rules.galaxy_per_faction) for f in self.played()]
        if self.neutral_edition:
            parts.append((NEUTRAL, self.neutral_edition, self.rules.galaxy_neutral))
        for faction, edition, needed in parts:
            cards = self.pool.select(deck="galaxy", faction=faction, edition=edition)
            for card in cards:
                self.galaxy[card] += card.copies or 1
            held = sum(card.copies or 1 for card in cards)
            if held != needed:
                self.note(
                    "galaxy-short-catalogue",
                    f"The catalogue holds {held} of the {needed} {faction} galaxy cards of {edition}: "
                    "the galaxy deck and what may be purchased are incomplete here.",
                    held=held,
                    needed=needed,
                    faction=faction,
                    edition=edition,
                )
