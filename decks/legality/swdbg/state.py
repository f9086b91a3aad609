"""What one pass over a setup holds, and how it records violations and notes."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..violations import Note, Violation, params
from .cards import SetupCard, SetupPool
from .formats import SetupRules

# Every violation code a setup check yields (registered in violations.CODES; unknown-card is shared).
SETUP_CODES = frozenset(
    "bad-setup unknown-card ambiguous-card wrong-deck starter-deck-size starter-deck-composition starter-faction "
    "base-deck-size base-deck-composition base-faction starting-base card-copies same-faction mixed-editions "
    "bases-to-win galaxy-deck-size galaxy-faction neutral-edition".split()
)


@dataclass(frozen=True)
class Listed:
    """One entry of a card list as given, and the card it names (None: unknown or ambiguous)."""

    ref: str
    count: int
    path: str
    card: SetupCard | None


@dataclass
class Player:
    index: int
    faction: str | None  # the canonical name; None when missing or not a faction
    # The lists are None when missing or malformed: reported as bad-setup, not checked further.
    starter: list[Listed] | None
    bases: list[Listed] | None
    starting_base: Listed | None

    @property
    def label(self) -> str:
        return f"{self.faction or 'Player'} (players[{self.index}])"

    @property
    def named(self) -> dict:
        """The label's parts, for a violation's params (the pages say "Player" in their language)."""
        return {"player": self.faction or "", "index": self.index}


class SetupState:
    """A setup's players, galaxy and findings so far; the checks (one class per part of a setup) add to them."""

    def __init__(self, rules: SetupRules, pool: SetupPool):
        self.rules, self.pool = rules, pool
        self.violations: list[Violation] = []
        self.notes: list[Note] = []
        self.players: list[Player] = []
        self.bases_to_win: int = rules.bases_to_win_default
        self.neutral_edition: str | None = None
        self.galaxy: Counter = Counter()  # SetupCard → copies
        self.galaxy_source = "catalogue"

    def add(self, code: str, message: str, cards: Iterable[str] = (), hint: str | None = None, **values):
        """A violation; `values` are its params (decks/legality/violations.py), `variant` among them."""
        self.violations.append(Violation(code, message, tuple(dict.fromkeys(cards)), hint, params(**values)))

    def note(self, key: str, message: str, **values):
        """A note of the summary; `values` are its params, as a violation's (decks/legality/messages.py)."""
        self.notes.append(Note(key, message, params(**values)))

    def bad(self, path: str, message: str, variant: str, **values):
        self.add("bad-setup", f"{path}: {message}" if path else message, variant=variant, path=path, **values)

    def unknown_keys(self, data: dict, allowed: set[str], path: str):
        for key in sorted(set(data) - allowed, key=str):
            where = f"{path}.{key}" if path else str(key)
            expected = ", ".join(sorted(allowed))
            self.bad(
                where,
                f"unknown key {key!r}; expected one of {expected}.",
                "unknown-key",
                key=repr(key),
                expected=expected,
            )

    def played(self) -> list[str]:
        return [p.faction for p in self.players if p.faction]
