"""What a set of wanted lines changes in a collection, before anything is written: plain arithmetic over the
owned quantities, so that a preview and the apply that follows compute the same thing.

Modes: "add" adds each line's quantity (a negative one removes copies); "set" makes each line's quantity the
one given (0 removes the line) and leaves other lines alone; "replace" makes the collection of the game exactly
the lines given: every owned line of the game that is not in them is removed."""

from collections import Counter
from dataclasses import dataclass

MODES = ("add", "set", "replace")

# card id, set code, variant, finish, condition: one line of a collection
Key = tuple[int, str, str, str, str]


@dataclass(frozen=True)
class Change:
    key: Key
    before: int
    after: int
    lines: tuple[int, ...] = ()  # the file's lines that asked for it

    @property
    def delta(self) -> int:
        return self.after - self.before


def plan(current: dict[Key, int], wanted: list[tuple[Key, int, int]], mode: str) -> list[Change]:
    """`wanted`: (key, quantity, line) in file order; lines naming one key are summed. The changes in file
    order (then the removals of "replace" in key order); a change whose `after` is below 0 is kept for the
    caller to report."""
    if mode not in MODES:
        raise ValueError(f"mode is one of {', '.join(MODES)}")
    totals: Counter[Key] = Counter()
    lines: dict[Key, list[int]] = {}
    for key, quantity, line in wanted:
        totals[key] += quantity
        lines.setdefault(key, []).append(line)
    changes = []
    for key, total in totals.items():
        before = current.get(key, 0)
        after = before + total if mode == "add" else total
        if after != before:
            changes.append(Change(key, before, after, tuple(lines[key])))
    if mode == "replace":
        changes += [Change(key, q, 0) for key, q in sorted(current.items()) if key not in totals and q]
    return changes
