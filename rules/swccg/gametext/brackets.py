"""What brackets after a clause add ("(3 if Falcon)", "(suspends permanent pilot)", "(owner's choice)", "(if within
range)"), and a permanent weapon's bracketed parts ("Permanent weapon is •Luke's Lightsaber (…)"). Both read the
clauses inside with the sentence reader's own function, passed in as `clauses` (reader.py)."""

from collections.abc import Callable
from dataclasses import replace

from .alternatives import alternative, alternatives
from .conditions import read_condition
from .found import Found, effect, name_until
from .sentence_parts import conditioned
from .tokens import Cursor
from .vocabulary import UNREAD, Condition, Effect

# reader._clauses: the clauses of tokens i..end, or None when one is not understood.
Clauses = Callable[..., list[Effect] | None]

# Words that begin a clause inside a bracket's condition: "(when both immune to attrition < 5 and …)".
_CLAUSE_STARTS = {"immune", "adds", "may", "draws", "deploys"}

_CHOICES = ("your choice", "owner's choice", "opponent's choice")


def bracket(
    cur: Cursor, i: int, j: int, group: list[Effect], weapon: bool, depth: int, clauses: Clauses
) -> list[Effect] | None:
    """What brackets after a clause add: another number for it ("(3 if Falcon)"), a clause of their own ("(suspends
    permanent pilot)"), or whose choice it is ("(owner's choice)")."""
    words = cur.text(i, j).casefold()
    if words in _CHOICES or cur.low(i) in (
        "except",
        "even",
        "including",
    ):  # "(except Vader)": who is left out
        return [replace(e, detail=(*e.detail, cur.text(i, j))) for e in group]
    if cur.low(i) in ("if", "while", "when", "unless"):
        if (
            cur.find(i, ",", j) > 0
        ):  # "(if Fenn Rau won a battle this turn, may also retrieve 1 Force)": a clause
            inner = clauses(cur, i, j, weapon, depth + 1) if depth < 2 else None
            return [*group, *inner] if inner else None
        said = next((k for k in range(i + 1, j) if cur.low(k) in _CLAUSE_STARTS), -1)
        if said > 0:
            # "(when both immune to attrition < 5 and adds one destiny to power only)": a condition, then clauses
            inner = clauses(cur, said, j, weapon, depth + 1) if depth < 2 else None
            if not inner:
                return None
            inner = [replace(e, detail=(*e.detail, "alternative")) for e in inner]
            return [*group, *conditioned(inner, read_condition(cur, i, said))]
        # "may follow an opponent's starship that just moved from here (if within range)": when it may.
        return conditioned(group, read_condition(cur, i, j))
    if cur.low(i) == "or" and cur.low(i + 1) in ("while", "when", "if"):
        # "Power +3 while defending a battle (or while exactly two Jedi on table)": either condition.
        other = read_condition(cur, i + 1, j)
        return [
            replace(e, condition=Condition("any", "", False, (e.condition, other)) if e.condition else other)
            for e in group
        ]
    more: list[Effect] = []
    for start, stop in alternatives(cur, i, j):
        found = alternative(cur, start, stop, group[-1])
        if found is None:
            break
        more.extend(found)
    else:
        return [*group, *more]
    if cur.low(i) == "and":  # "is forfeit +1 (and power +1 if your Wookiee is on Kashyyyk)": one more effect
        inner = clauses(cur, i + 1, j, weapon, depth + 1) if depth < 2 else None
        return [*group, *inner] if inner else None
    either = cur.low(i) == "or"  # "(or adds two battle destiny if with your bounty hunter or Vader)"
    inner = clauses(cur, i + either, j, weapon, depth + 1) if depth < 2 else None
    if inner and any(e.kind == "may-not-be" and not e.target for e in inner):
        return None  # "immune to attrition < 5 (may not be canceled)": of the effect before, not of the card
    if inner and either:
        inner = [replace(e, detail=(*e.detail, "alternative")) for e in inner]
    return [*group, *inner] if inner else None


def permanent_weapon(cur: Cursor, i: int, clauses: Clauses) -> Found:
    """ "Permanent weapon is •Luke's Lightsaber (may target a character or creature for free; draw two destiny;
    target hit, and its forfeit = 0, if total destiny > defense value)": the weapon, then its parts."""
    j = cur.words(i, "permanent weapon is")
    if j < 0:
        return None
    open_ = name_until(cur, j, ("(",))
    name = cur.text(j, open_)
    if not name or open_ >= cur.n:
        return None
    close = cur.closing(open_)
    if close < 0:
        return None
    found = [effect("permanent-weapon", target=name)]
    start = open_ + 1
    while start < close:
        stop = name_until(cur, start, (";",))
        stop = min(stop, close)
        inner = clauses(cur, start, stop, True)
        if inner is None:
            found.append(effect(UNREAD, target=cur.text(start, stop)))
        else:
            found.extend(replace(e, detail=(*e.detail, "permanent weapon")) for e in inner)
        start = stop + 1
    return found, close + 1
