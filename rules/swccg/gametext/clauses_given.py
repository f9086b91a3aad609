"""What a card gives other cards: an immunity ("Adds immunity to attrition < 2 to all your vehicles and droids at
same location", "makes all your snowtroopers immune to Ice Storm"), Force generation ("opponent generates no Force
here")."""

from .clauses_battle import read_immunity
from .found import Found, effect, name_until
from .sentence_parts import with_subject
from .tokens import Cursor


def read_gives_immunity(cur: Cursor, i: int) -> Found:
    """ "Adds immunity to attrition < 2 to all your vehicles and droids at same location", "makes all your
    snowtroopers immune to Ice Storm": an immunity given to others (`target`, or `detail` "subject: …" when the
    target is what they are immune to)."""
    j = cur.words(i, "adds immunity to attrition <")
    if j >= 0:
        amount, k = cur.count(j)
        if k < 0 or cur.low(k) != "to":
            return None
        end = name_until(cur, k + 1, (";", ",", "(", "if", "when", "while"))
        more = cur.find(
            k + 1, "and", end
        )  # "… related sectors and may cancel Lateral Damage": a clause of its own
        while more > 0 and cur.low(more + 1) not in ("may", "adds", "is", "are"):
            more = cur.find(more + 1, "and", end)
        end = more if more > 0 else end
        return (
            ([effect("immune-attrition", amount=amount, target=cur.text(k + 1, end))], end)
            if end > k + 1
            else None
        )
    j = cur.words(i, "makes")
    immune = cur.find(j, "immune", name_until(cur, j, (";", ",", "("))) if j >= 0 else -1
    found = read_immunity(cur, immune) if immune > j else None
    if found is None:
        return None
    return [with_subject(e, cur.text(j, immune)) for e in found[0]], found[1]


def read_no_force_generation(cur: Cursor, i: int) -> Found:
    """ "opponent generates no Force here": Force generation set to 0 (`target`: whose)."""
    j = cur.words(i, "opponent generates no force")
    return ([effect("force-generation", value=0.0, target="opponent")], j) if j >= 0 else None
