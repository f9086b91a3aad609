"""Violations are data: a stable code, a message saying what to change, the cards involved, maybe a hint, and
the message's variable parts (`params`), from which the pages say it in their own language
(decks/legality/messages.py). The API gives the English message; `params` stays out of it."""

from dataclasses import dataclass, field

# Every violation code, with what it means (tests check that each rule's codes are listed here).
CODES = {
    "unknown-card": "An id that names no card of this game.",
    "not-deck-card": "A game aid or other card that is not part of a deck.",
    "outside-deck-only": "A card that does not count toward the deck limit is in the deck instead of outside it.",
    "deck-size": "The deck does not have the format's number of cards (SWCCG: exactly; SWTCG: at least).",
    "mixed-sides": "Cards of more than one side in one deck (SWTCG: one primary side plus Neutral).",
    "side-mismatch": "A card of the other side than the deck's declared side.",
    "too-many-objectives": "More than one Objective.",
    "too-many-starting-effects": "More than one Starting Effect.",
    "card-limit": "More copies of a card than its card-specific limit allows.",
    "requires-card": "A card that needs another card in the deck, without it.",
    "too-many-outside-deck": "More cards outside the deck than allowed (50).",
    "too-many-outside-shields": "More Defensive Shields outside the deck than the Starting Effect allows.",
    "set-not-legal": "A card from a set that is not legal in the format.",
    "banned-card": "A card banned in the format.",
    "banned-icon": "A card with an icon banned in the format.",
    "banned-rarity": "A card of a rarity banned in the format.",
    "restricted-card": "More than one copy of a card restricted in the format.",
    # SWTCG construction rules
    "copy-limit": "More copies of one card (name and version) than the format allows (SWTCG: 4).",
    "unit-minimum": "Fewer units (Space, Ground and Character cards) than the format requires.",
    "arena-minimum": "Fewer units in an arena (Space, Ground, Character) than the format requires.",
    "arena-balance": "An arena with more than twice the units of another.",
    # SW:DBG game setups (decks/legality/swdbg/)
    "bad-setup": "A malformed setup: a key missing, unknown or of the wrong kind (the message names it).",
    "ambiguous-card": "A title naming several cards (of different editions or factions); use the code.",
    "wrong-deck": "A card in the wrong part of a setup (a base among the starter cards, a starter card…).",
    "starter-deck-size": "A player's starter deck does not have the format's number of cards (10).",
    "starter-deck-composition": "A starter deck other than its faction's 7 shuttles, 2 troopers and 1 agent.",
    "starter-faction": "A starter card of another faction than its player's.",
    "base-deck-size": "A base deck without the format's number of bases (5 beginner, 10 Full Galaxy).",
    "base-deck-composition": "A beginner base deck other than the five bases the rulebook names.",
    "base-faction": "A base of another faction than its player's.",
    "starting-base": "No starting base, a base that is not one, or a starting base outside the base deck.",
    "card-copies": "More copies of a card than the game has (galaxy cards: their copies; bases: one).",
    "same-faction": "Both players on one faction, or on one side where the format pits dark against light.",
    "mixed-editions": "Factions of two editions in a format for one edition (use a cross-edition format).",
    "bases-to-win": "A number of bases to win outside the rulebook's range (2 to 5).",
    "galaxy-deck-size": "A galaxy deck without the format's number of cards (90).",
    "galaxy-faction": "A galaxy deck without 30 cards per faction played and 30 neutral, or with a third's.",
    "neutral-edition": "A missing, unknown or disallowed neutral edition, or neutral cards of another.",
}


def n_of(count: int, word: str, plural: str | None = None) -> str:
    """ "1 card", "3 cards", "2 copies": a count with its word, for violation messages."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def params(**values) -> tuple[tuple[str, object], ...]:
    """A violation's `params`: its message's variable parts by name (numbers, card titles, format names…), and
    `variant` naming the phrasing when a code has several. Values are hashable (a list is a tuple)."""
    return tuple(values.items())


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    message: str
    cards: tuple[str, ...] = ()
    hint: str | None = None
    # The message's (and the hint's) variable parts, built with `params()` where the violation is built; only
    # reported problems are built, so a legal deck's check never makes them. Not compared: the message says it.
    params: tuple[tuple[str, object], ...] = field(default=(), compare=False)

    def __post_init__(self):
        if self.code not in CODES:
            raise ValueError(f"unregistered violation code {self.code!r}")

    def as_dict(self) -> dict:
        # By hand: dataclasses.asdict deep-copies every field, the slowest part of a report with many violations.
        return {"code": self.code, "message": self.message, "cards": list(self.cards), "hint": self.hint}


@dataclass(frozen=True, slots=True)
class Note:
    """A remark in a report's summary (SW:DBG setups: what the catalogue lacks, the rulebook's advice): its English
    text, as the summary's `notes` give it to the API, and, like a violation's, the text's variable parts
    (`params`) and its phrasing (`key`), from which the pages say it in their own language."""

    key: str
    message: str
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class LegalityReport:
    format: str
    format_version: str
    violations: tuple[Violation, ...]
    summary: dict = field(default_factory=dict)
    # The summary's notes with their params, in its order (`as_dict` gives only the summary's English texts).
    notes: tuple[Note, ...] = field(default=(), compare=False)

    @property
    def legal(self) -> bool:
        return not self.violations

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    def as_dict(self) -> dict:
        return {
            "legal": self.legal,
            "format": self.format,
            "format_version": self.format_version,
            "violations": [v.as_dict() for v in self.violations],
            "summary": self.summary,
        }
