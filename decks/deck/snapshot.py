"""The snapshot one save of a deck leaves (DeckVersion), and its stored size. Plain Python: no ORM, no HTTP.
Saving writes it (decks/deck/services.py); the history reads and compares them (decks/history/diffs.py).

A snapshot holds what a save decides — name, side, format, notes, cards (sorted by code and zone), SW:DBG setup;
not the owner's flags (public, active), which say who sees the deck, not what it is."""

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

SNAPSHOT_FIELDS = ("name", "side", "format_code", "notes", "setup")  # compared by the diff, besides the cards


def stored_bytes(stored: Mapping, note: str = "") -> int:
    """The bytes a kept version holds: its fields as compact UTF-8 JSON, and its note (what a user's storage
    bound counts, decks/deck/storage.py)."""
    text = json.dumps(dict(stored), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return len(text.encode("utf-8", "surrogatepass")) + len(note.encode("utf-8", "surrogatepass"))


@dataclass(frozen=True, order=True)
class CardLine:
    code: str
    zone: str
    count: int

    def as_dict(self) -> dict:
        return {"code": self.code, "zone": self.zone, "count": self.count}


@dataclass(frozen=True)
class Snapshot:
    name: str
    side: str = ""
    format_code: str = ""
    notes: str = ""
    cards: tuple[CardLine, ...] = ()
    setup: Mapping = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        *,
        name: str,
        side: str = "",
        format_code: str = "",
        notes: str = "",
        cards: Iterable[tuple[str, str, int]] = (),
        setup: Mapping | None = None,
    ) -> "Snapshot":
        """Cards as (code, zone, count); lines for one code and zone add up, so equal decks have equal
        snapshots whatever order their rows came in."""
        totals: dict[tuple[str, str], int] = {}
        for code, zone, count in cards:
            totals[(code, zone)] = totals.get((code, zone), 0) + count
        lines = tuple(sorted(CardLine(c, z, n) for (c, z), n in totals.items() if n > 0))
        return cls(name, side or "", format_code or "", notes or "", lines, dict(setup or {}))

    @classmethod
    def from_stored(cls, data: Mapping) -> "Snapshot":
        """A snapshot from a DeckVersion's fields (cards stored as [{code, zone, count}…])."""
        cards = [(c["code"], c["zone"], c["count"]) for c in data.get("cards") or ()]
        return cls.of(
            name=data.get("name", ""),
            side=data.get("side", ""),
            format_code=data.get("format_code", ""),
            notes=data.get("notes", ""),
            cards=cards,
            setup=data.get("setup"),
        )

    def stored(self) -> dict:
        """The DeckVersion fields of this snapshot."""
        return {
            "name": self.name,
            "side": self.side,
            "format_code": self.format_code,
            "notes": self.notes,
            "cards": [line.as_dict() for line in self.cards],
            "setup": dict(self.setup),
        }

    def counts(self) -> dict[tuple[str, str], int]:
        return {(line.code, line.zone): line.count for line in self.cards}

    def ids(self) -> tuple[list[str], list[str]]:
        """One id per copy, as the legality check reads a deck: (inside the deck, starting cards included),
        (outside it)."""
        inside, outside = [], []
        for line in self.cards:
            (outside if line.zone == "outside" else inside).extend([line.code] * line.count)
        return inside, outside

    @property
    def total(self) -> int:
        return sum(line.count for line in self.cards)
