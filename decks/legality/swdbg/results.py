"""What a setup check hands back: the report, its summary, its notes, and what each faction may purchase.

Players may purchase their own faction's galaxy cards, neutral cards and Outer Rim Pilots; enemy cards are
attacked (bounty hunting, sabotage), never purchased: `purchasable()`.
"""

from collections import Counter

from ..violations import LegalityReport, Note
from .cards import NEUTRAL
from .state import SetupState


class SetupResults(SetupState):
    """The report and summary of a check once every part has been checked."""

    def purchasable(self) -> dict[str, list[str]]:
        """Per player's faction: that faction's galaxy cards, the neutral ones and the Outer Rim Pilot."""
        result = {}
        for faction in dict.fromkeys(self.played()):
            edition = self.neutral_edition or self.rules.factions[faction][0]
            # The rules allow either edition's Outer Rim Pilot stack; the neutral edition's is listed.
            pilots = self.pool.select(deck="outer_rim", edition=edition)
            cards = [c for c in self.galaxy if c.faction == faction or c.faction == NEUTRAL] + pilots
            order = sorted(
                set(cards), key=lambda c: (c.faction == NEUTRAL, c.deck == "outer_rim", c.title, c.code)
            )
            result[faction] = [c.code for c in order]
        return result

    def unique_notes(self) -> tuple[Note, ...]:
        """The notes, each text once (a note said of both players' factions alike is said once)."""
        first: dict[str, Note] = {}
        for note in self.notes:
            first.setdefault(note.message, note)
        return tuple(first.values())

    def report(self) -> LegalityReport:
        return LegalityReport(
            self.rules.code,
            self.rules.version,
            tuple(self.violations),
            self.summary(),
            notes=self.unique_notes(),
        )

    def summary(self) -> dict:
        by_faction = Counter()
        for card, count in self.galaxy.items():
            by_faction[card.faction] += count
        players = []
        for p in self.players:
            edition, side = self.rules.factions.get(p.faction, (None, None))
            start = (
                p.starting_base.card
                if p.starting_base
                else next((e.card for e in p.bases or () if e.card and e.card.starting_base), None)
            )
            players.append(
                {
                    "faction": p.faction,
                    "edition": edition,
                    "side": side,
                    "starter_cards": sum(e.count for e in p.starter or ()),
                    "base_cards": sum(e.count for e in p.bases or ()),
                    "starting_base": start.code if start else None,
                }
            )
        return {
            "players": players,
            "bases_to_win": self.bases_to_win,
            "neutral_edition": self.neutral_edition,
            "galaxy": {
                "source": self.galaxy_source,
                "cards": sum(self.galaxy.values()),
                "by_faction": dict(sorted(by_faction.items())),
                "required": self.rules.galaxy_size,
            },
            "purchasable": self.purchasable(),
            "notes": [note.message for note in self.unique_notes()],
            "violations_by_code": dict(Counter(v.code for v in self.violations)),
        }
