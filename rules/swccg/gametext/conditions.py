"""When an effect holds, read from the words that say so: "while with Tarkin", "on Tatooine", "at a Hoth site",
"if Emperor on table", "when Luke piloting", "unless opponent…". A form not recognised here is kept as a
"state" condition in the text's own words: the effect is read, its condition not yet structured."""

from dataclasses import replace

from .tokens import Cursor
from .vocabulary import Condition

# Words that open a condition, and whether they negate it.
OPENERS = {"while": False, "when": False, "if": False, "unless": True, "whenever": False}
# Words that open a place: "on Tatooine", "to same site as Leia", "at any Hoth site".
PLACES = ("at", "on", "to")
SIDE_WORDS = {"here", "present"}


def read_condition(cur: Cursor, i: int, j: int) -> Condition:
    """The condition said by tokens i..j (its opening word included, if any)."""
    negated = False
    opener = cur.low(i)
    if opener in OPENERS:
        negated = OPENERS[opener]
        i += 1
    elif opener == "as" and cur.words(i, "as long as") >= 0:
        i += 3
    if i >= j:
        return Condition("state", cur.text(i, j), negated)
    k = cur.words(i, "at any time")  # "At any time during your turn": a phase, not a place
    if k >= 0:
        if k >= j:
            return Condition("state", cur.text(i, j), negated)
        if cur.low(k) == "during" and k + 1 < j:
            return read_condition(cur, k, j)
    # "during that battle, unless Vader is present": two conditions, the second negated.
    unless = cur.find(i + 1, "unless", j)
    if unless > i + 1 and cur.low(unless - 1) == ",":
        first = read_condition(cur, i - (opener in OPENERS), unless - 1)
        return Condition("all", "", False, (first, read_condition(cur, unless, j)))
    # "When piloting Red 7 during battle": a state and a phase.
    during = cur.find(i + 1, "during", j)
    if during > i + 1 and during + 1 < j:
        return Condition("all", "", negated, (_one(cur, i, during, False), read_condition(cur, during, j)))
    # "if on Tempest Scout 2 or if present with Marquand": either holds.
    either = cur.find(i + 1, "or", j)
    if either > i and cur.low(either + 1) in OPENERS:
        first = _one(cur, i, either, False)
        return Condition("any", "", negated, (first, read_condition(cur, either + 1, j)))
    parts = _split_and(cur, i, j)
    if len(parts) > 1:
        conditions = tuple(_one(cur, a, b, False) for a, b in parts)
        if all(c.kind != "state" for c in conditions):
            return Condition("all", "", negated, conditions)
    return _one(cur, i, j, negated)


def _split_and(cur: Cursor, i: int, j: int) -> list[tuple[int, int]]:
    """ "in battle and armed" → two parts; a list of names ("Han and Chewie") stays whole when the part after
    "and" does not open a condition of its own."""
    cut = cur.find(i, "and", j)
    if cut < 0 or cur.low(cut + 1) not in (
        "in",
        "armed",
        "while",
        "when",
        "at",
        "with",
        "present",
        "piloting",
    ):
        return [(i, j)]
    return [(i, cut), (cut + 1, j)]


def _one(cur: Cursor, i: int, j: int, negated: bool) -> Condition:
    low = cur.low
    if low(i) in ("while", "when", "if"):
        i += 1
    if low(i) == "not" and i + 1 < j:  # "when not on Hoth"
        negated, i = not negated, i + 1
    last = low(j - 1)
    text = cur.text
    # in battle [against X | at a site]
    k = cur.words(i, "in battle")
    if k < 0:
        k = cur.words(i, "in a battle")
    if k >= 0:
        return _in_battle(cur, k, j, negated)
    for phrase, kind in (
        ("present with", "present-with"),
        ("with", "with"),
        ("armed with", "armed-with"),
        ("piloting", "piloting"),
        ("driving", "piloting"),
        ("piloted by", "piloted-by"),
        ("aboard", "aboard"),
        ("targeting", "targeting"),
    ):
        k = cur.words(i, phrase)
        if k >= 0 and k < j:
            battle = cur.find(k, "in", j)  # "with Jabba in a battle": with him, and in battle
            if kind == "with" and battle > k and _in_battle_at(cur, battle) == j:
                parts = (Condition("with", text(k, battle)), Condition("in-battle"))
                return Condition("all", "", negated, parts)
            return Condition(kind, text(k, j), negated)
    if low(i) == "deployed" and j == i + 1:
        return Condition("deployed", "", negated)
    if low(i) == "during" and i + 1 < j:
        return Condition("phase", text(i + 1, j), negated)
    if low(i) == "armed" and j == i + 1:
        return Condition("armed-with", "", negated)
    if low(i) == "aboard" and j == i + 1:
        return Condition("aboard", "", negated)
    if low(i) == "alone" and j == i + 1:
        return Condition("alone", "", negated)
    if low(i) == "at" and low(i + 1 + (low(i + 1) == "the")) in ("end", "start", "beginning"):
        return Condition("phase", text(i + 1, j), negated)  # "at the end of each of your turns": a time
    if low(i) in PLACES and i + 1 < j:
        return Condition("at", text(i + 1, j), negated)
    if low(i) == "where" and low(i + 1) == "present" and j == i + 2:
        return Condition("here", "", negated)
    if j - i >= 2:
        if last in ("piloting", "driving") and low(j - 2) not in ("is", "are"):  # not "a TIE he is piloting"
            return Condition("piloted-by", text(i, j - 1), negated)
        if last == "aboard":
            return Condition("aboard", text(i, j - 1), negated)
        if cur.words(j - 2, "on table") == j:
            head = j - 2
            if low(head - 1) == "not":
                return Condition(
                    "on-table", text(i, head - 1 if low(head - 2) != "is" else head - 2), not negated
                )
            return Condition("on-table", text(i, head - 1 if low(head - 1) == "is" else head), negated)
        if last in SIDE_WORDS:
            head = j - 1
            if low(head - 1) == "is":  # "if Obi-Wan is present"
                head -= 1
            if any(low(c) in ("where", "is", "are", "and", "just") for c in range(i, head)):
                return Condition(
                    "state", text(i, j), negated
                )  # "a battle has just been initiated where present"
            if low(head - 1) == "not":
                return Condition("here", text(i, head - 1), not negated)
            return Condition("here", text(i, head), negated)
        k = cur.find(i, "is", j)
        if k > i and cur.words(k + 1, "pilot") == j:
            return Condition("piloted-by", text(i, k), negated)
    return Condition("state", text(i, j), negated)


def _in_battle_at(cur: Cursor, k: int) -> int:
    """The index after "in battle" or "in a battle" at k, or -1."""
    end = cur.words(k, "in battle")
    return end if end >= 0 else cur.words(k, "in a battle")


_BATTLE_WORDS = ("against", "with", "at", "on", "aboard")


def _in_battle(cur: Cursor, k: int, j: int, negated: bool) -> Condition:
    """What follows "in battle": "against X" (the subject), "with X" (together with X), "at X" (where), or more
    of them ("at an exterior site against a non-unique alien")."""
    parts: list[Condition] = []
    against = ""
    while k < j:
        word = cur.low(k)
        if word not in _BATTLE_WORDS:
            # "in a battle either at Audience Chamber or with your alien leader": in battle, and the rest as said
            rest = Condition("state", cur.text(k, j))
            return Condition("all", "", negated, (Condition("in-battle", against), *parts, rest))
        stop = k + 1
        while stop < j and (cur.low(stop) not in _BATTLE_WORDS or cur.low(stop + 1) == "least"):
            stop += 1
        if word == "against":
            against = cur.text(k + 1, stop)
        else:
            kind = {"with": "with", "aboard": "aboard"}.get(word, "at")  # "at"/"on" a place
            parts.append(Condition(kind, cur.text(k + 1, stop)))
        k = stop
    battle = Condition("in-battle", against)
    return Condition("all", "", negated, (battle, *parts)) if parts else replace(battle, negated=negated)
