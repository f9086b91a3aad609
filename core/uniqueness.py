"""Uniqueness as data: a kind and a limit, for all three games."""

from dataclasses import dataclass
from enum import StrEnum


class UniquenessKind(StrEnum):
    NONE = "none"
    UNIQUE = "unique"  # • one on table
    RESTRICTED = "restricted"  # •• / ••• at most two or three on table
    PER_LOCATION = "per-location"  # ◇ / ◇◇◇ unique per location


@dataclass(frozen=True, slots=True)
class Uniqueness:
    kind: UniquenessKind
    limit: int | None  # None when there is no limit

    @property
    def mark(self) -> str:
        if self.kind is UniquenessKind.UNIQUE:
            return "•"
        if self.kind is UniquenessKind.RESTRICTED:
            return "•" * (self.limit or 0)
        if self.kind is UniquenessKind.PER_LOCATION:
            return "◇" * (self.limit or 0)
        return ""


NOT_UNIQUE = Uniqueness(UniquenessKind.NONE, None)

# The SWCCG card JSON writes uniqueness as "*", "**", "***", "<>" and "<><><>".
_SWCCG = {
    "*": Uniqueness(UniquenessKind.UNIQUE, 1),
    "**": Uniqueness(UniquenessKind.RESTRICTED, 2),
    "***": Uniqueness(UniquenessKind.RESTRICTED, 3),
    "<>": Uniqueness(UniquenessKind.PER_LOCATION, 1),
    "<><><>": Uniqueness(UniquenessKind.PER_LOCATION, 3),
}


def swccg_uniqueness(code: str | None) -> Uniqueness:
    """Uniqueness from the SWCCG JSON code; raises ValueError for a code the rules do not know."""
    if not code:
        return NOT_UNIQUE
    try:
        return _SWCCG[code]
    except KeyError:
        raise ValueError(f"unknown uniqueness code {code!r}") from None
