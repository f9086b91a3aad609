"""What a replay gives back: each Violation (with its rule from rules/swccg/rulebook.py), each turn's summary, and
the Replay itself; STRICT and CHECK, the two ways to replay."""

from dataclasses import dataclass, field

from ..cards import DARK, LIGHT
from ..rulebook import RULES, title
from ..table import Table

STRICT, CHECK = "strict", "check"


@dataclass(frozen=True, slots=True)
class Violation:
    index: int
    code: str
    message: str
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        section, words, gist = RULES.get(self.code, ("", "", ""))
        return {
            "index": self.index,
            "code": self.code,
            "message": self.message,
            "rule": {"section": section, "title": title(section), "words": words, "rule": gist},
            "cards": list(self.cards),
        }


@dataclass(slots=True)
class TurnSummary:
    turn: int
    player: str
    activated: int = 0
    drains: list[dict] = field(default_factory=list)
    battles: list[dict] = field(default_factory=list)
    deployed: list[str] = field(default_factory=list)
    lost: dict[str, int] = field(default_factory=lambda: {DARK: 0, LIGHT: 0})


@dataclass(slots=True)
class Replay:
    violations: list[Violation]
    turns: list[TurnSummary]
    table: Table
    events_checked: int
    stopped_at: int | None  # strict replays: the index of the event that broke a rule
    winner: str | None
    ended: bool
