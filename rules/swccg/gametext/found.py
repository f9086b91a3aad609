"""What a clause reader returns: the effects it read (their sentence and condition are filled in by the sentence
reader) and where it stopped."""

from .tokens import Cursor
from .vocabulary import Effect

Found = tuple[list[Effect], int] | None


def effect(kind: str, **fields) -> Effect:
    return Effect(kind, "", **fields)


def name_until(cur: Cursor, i: int, stops: tuple[str, ...]) -> int:
    """The index of the first of `stops` at or after i outside brackets, or of a ")" closing a bracket opened
    before i, or the sentence's end."""
    depth = 0
    for k in range(i, cur.n):
        low = cur.low(k)
        if depth == 0 and low in stops:
            return k
        if low == "(":
            depth += 1
        elif low == ")":
            if depth == 0:  # the bracket this clause is inside closes
                return k
            depth -= 1
    return cur.n
