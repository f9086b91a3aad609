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


def destiny_draw(cur: Cursor, i: int, kind: str, who: tuple[str, ...], verbs: tuple[str, ...]) -> Found:
    """ "[who] draw [N] destiny" as one `kind` effect (N: a number word or figure, else 1; `detail`: who)."""
    j, drawer = cur.any_of(i, who)
    detail = (drawer,) if j >= 0 else ()
    j, _ = cur.any_of(j if j >= 0 else i, verbs)
    if j < 0:
        return None
    amount, k = cur.count(j)
    if k < 0:
        amount, k = 1.0, j
    k2 = cur.words(k, "destiny")
    return ([effect(kind, amount=amount, detail=detail)], k2) if k2 >= 0 else None
