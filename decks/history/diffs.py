"""A deck's history as values: the diff between two snapshots (decks/deck/snapshot.py), the change of legality
between them, and the side-by-side comparison of two decks. Plain Python: no ORM, no HTTP."""

from collections.abc import Mapping
from dataclasses import dataclass

from decks.deck.snapshot import SNAPSHOT_FIELDS, Snapshot


@dataclass(frozen=True)
class CardChange:
    """Copies of one card in one zone before and after; `delta` > 0 added, < 0 removed."""

    code: str
    zone: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "zone": self.zone,
            "from": self.before,
            "to": self.after,
            "delta": self.delta,
        }


@dataclass(frozen=True)
class FieldChange:
    field: str
    before: object
    after: object

    def as_dict(self) -> dict:
        return {"field": self.field, "from": self.before, "to": self.after}


@dataclass(frozen=True)
class SnapshotDiff:
    added: tuple[CardChange, ...]
    removed: tuple[CardChange, ...]
    fields: tuple[FieldChange, ...]

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.fields)

    def as_dict(self) -> dict:
        return {
            "fields": [f.as_dict() for f in self.fields],
            "added": [c.as_dict() for c in self.added],
            "removed": [c.as_dict() for c in self.removed],
        }


def diff(before: Snapshot, after: Snapshot) -> SnapshotDiff:
    """What changed from `before` to `after`: copies added and removed per card and zone, and every other field
    that differs (a card moved between zones is removed from one and added to the other)."""
    old, new = before.counts(), after.counts()
    changes = [
        CardChange(code, zone, old.get((code, zone), 0), new.get((code, zone), 0)) for code, zone in old | new
    ]
    changes.sort(key=lambda c: (c.zone, c.code))
    fields = tuple(
        FieldChange(name, getattr(before, name), getattr(after, name))
        for name in SNAPSHOT_FIELDS
        if getattr(before, name) != getattr(after, name)
    )
    return SnapshotDiff(
        added=tuple(c for c in changes if c.delta > 0),
        removed=tuple(c for c in changes if c.delta < 0),
        fields=fields,
    )


@dataclass(frozen=True)
class LegalityChange:
    """The legality of two versions in one format: legal before and after, and the violation codes that appeared
    (in `after` only) and disappeared (in `before` only)."""

    format: str
    legal_before: bool
    legal_after: bool
    appeared: tuple[str, ...]
    disappeared: tuple[str, ...]

    @property
    def change(self) -> str:
        """'legal→illegal', 'illegal→legal', 'still legal' or 'still illegal'."""
        if self.legal_before == self.legal_after:
            return "still legal" if self.legal_after else "still illegal"
        return "legal→illegal" if self.legal_before else "illegal→legal"

    def as_dict(self) -> dict:
        return {
            "format": self.format,
            "from_legal": self.legal_before,
            "to_legal": self.legal_after,
            "change": self.change,
            "appeared": list(self.appeared),
            "disappeared": list(self.disappeared),
        }


def legality_change(format_code: str, before: Mapping, after: Mapping) -> LegalityChange:
    """From two legality reports as the API gives them ({"legal", "violations": [{"code"…}…]…})."""
    old = {v["code"] for v in before.get("violations", ())}
    new = {v["code"] for v in after.get("violations", ())}
    return LegalityChange(
        format=format_code,
        legal_before=bool(before.get("legal")),
        legal_after=bool(after.get("legal")),
        appeared=tuple(sorted(new - old)),
        disappeared=tuple(sorted(old - new)),
    )


@dataclass(frozen=True)
class Comparison:
    """Two decks side by side, per catalogue card: copies only in A, only in B, and in both (a, b)."""

    only_a: tuple[tuple[str, int], ...]
    only_b: tuple[tuple[str, int], ...]
    both: tuple[tuple[str, int, int], ...]


def compare(a: Mapping[str, int], b: Mapping[str, int]) -> Comparison:
    """card → copies of each deck; the result is sorted by card."""
    return Comparison(
        only_a=tuple(sorted((c, n) for c, n in a.items() if c not in b)),
        only_b=tuple(sorted((c, n) for c, n in b.items() if c not in a)),
        both=tuple(sorted((c, n, b[c]) for c, n in a.items() if c in b)),
    )
