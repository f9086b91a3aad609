"""Clauses that change a card's numbers: "Power +2", "Deploy -2", "Deploys free", "Forfeit = 0", "Ability = ¼",
"adds 2 to power", "Your TIEs present are each power +1", "Landspeed may not be increased"."""

from .found import Found, effect, name_until
from .tokens import Cursor
from .vocabulary import STAT_KINDS

# The stat words as they open a clause (longest first), with their kinds.
STAT_WORDS = sorted(
    [
        *STAT_KINDS.items(),
        ("deploys", "deploy-cost"),
        ("deploy cost", "deploy-cost"),
        ("defense", "defense-value"),
        ("landspeed", "landspeed"),
    ],
    key=lambda item: -len(item[0].split()),
)
# Words a subject does not begin with: a verb, or where something is ("aboard or characters present with porg").
_NOT_SUBJECT = {
    "is",
    "are",
    "may",
    "and",
    "or",
    "you",
    "aboard",
    "treated",
    "in",
    "at",
    "on",
    "with",
    "to",
    "as",
}
# Subjects end before these: "Your TIEs present are each power +1", "Your aliens deploy -1".
_LINKS = ("is", "are")


_FIRST = {words.split()[0] for words, _ in STAT_WORDS}


def stat_at(cur: Cursor, i: int) -> tuple[str, int]:
    if cur.low(i) not in _FIRST:
        return "", -1
    for words, kind in STAT_WORDS:
        j = cur.words(i, words)
        if j >= 0:
            if words == "defense" and cur.low(j) == "value":
                j += 1
            return kind, j
    return "", -1


def _stats(cur: Cursor, i: int) -> tuple[list[str], int]:
    """ "power and maneuver", "power, forfeit and defense value": their kinds and the index after them."""
    kind, j = stat_at(cur, i)
    if j < 0:
        return [], -1
    kinds = [kind]
    while cur.low(j) in (",", "and"):
        more, k = stat_at(cur, j + 1)
        if k < 0:
            break
        kinds.append(more)
        j = k
    return kinds, j


def _change(cur: Cursor, kinds: list[str], j: int, target: str) -> Found:
    amount, k = cur.signed(j)
    if k >= 0:
        return [effect(kind, amount=amount, target=target) for kind in kinds], k
    k = cur.words(j, "value begins at")  # "Forfeit value begins at 7" (and is reduced as it absorbs damage)
    value, k = cur.count(k) if k >= 0 else (None, -1)
    if k >= 0:
        return [effect(kind, value=value, target=target, detail=("begins at",)) for kind in kinds], k
    if cur.low(j) == "=":
        value, k = cur.count(j + 1)
        if k >= 0:
            return [effect(kind, value=value, target=target) for kind in kinds], k
    if kinds == ["deploy-cost"]:
        k = cur.words(j, "for free")
        k = k if k >= 0 else cur.words(j, "free")
        if k >= 0:
            return [effect("deploy-cost", value=0.0, target=target)], k
    k = cur.words(j, "may not be increased")
    if k >= 0:
        return [effect("stat-not-increased", target=kind) for kind in kinds], k
    k = cur.words(j, "may not be reduced")
    if k >= 0:  # "Slave I's power may not be reduced by opponent"
        k2 = cur.words(k, "by opponent")
        return [
            effect("stat-not-reduced", target=kind, detail=("by opponent",) if k2 >= 0 else ())
            for kind in kinds
        ], max(k, k2)
    return None


def read_stat_change(cur: Cursor, i: int) -> Found:
    """ "Power +2", "Deploy -2", "Deploys free", "Ability = ¼", "Landspeed may not be increased"; with a subject
    ("Your TIEs present are each power +1", "Maul deploys -3"), the effect's target is that subject."""
    kinds, j = _stats(cur, i)
    if j >= 0:
        return _change(cur, kinds, j, "")
    if cur.low(i) in _NOT_SUBJECT:
        return None
    # A subject: words up to "is"/"are" [each] or up to "deploy(s)", no comma between.
    for k in range(i + 1, min(cur.n, i + 16)):
        low = cur.low(k)
        if (
            low == "," and cur.words(k + 1, "or adjacent") >= 0
        ):  # "Your warriors at same site as Luke, or adjacent sites"
            continue
        if low in ("may", "must", "adds"):  # "Aliens may not have their deploy cost modified and …": a verb
            return None
        if low in (",", ";", "(", ":"):
            return None
        if low == "=":  # "opponent's total ability here = 0"
            return _totals(cur, i, k, k)
        start = (
            k + 1 if low in _LINKS else k if low in ("deploy", "deploys") and cur.low(k - 1) != "may" else -1
        )
        if start >= 0 and cur.low(k - 1) in ("and", "or", "you"):  # "… are powered and forfeit +2"
            if low in _LINKS:
                return None
            continue  # "the next scout you deploy this turn is deploy -1": the subject goes on
        if start < 0:
            # "Bantha ability = ½": a subject, then its stat.
            kinds, j = _stats(cur, k)
            if j >= 0 and cur.low(j) in ("=", "+", "-", "may"):
                return _change(cur, kinds, j, cur.text(i, k))
            continue
        if cur.low(start) == "each":
            start += 1
        kinds, j = _stats(cur, start)
        if j >= 0:
            found = _change(cur, kinds, j, cur.text(i, k))
            if found is not None or low in _LINKS:
                return found
            continue
        if low in _LINKS:
            return _totals(cur, i, k, start)
    return None


# What a subject that changes by a bare number is: "your total battle destiny here is +1", "your Force drains are
# +1 there", "your Force generation is +2", "your total power here is +2", "attrition against opponent is +2".
_TOTALS = (
    ("battle destiny", "adds-to-destiny"),
    ("battle destinies", "adds-to-destiny"),
    ("destiny draws", "adds-to-destiny"),
    ("force drains", "force-drain"),
    ("force drain", "force-drain"),
    ("force generation", "force-generation"),
    ("total power", "total-power"),
    ("attrition against opponent", "attrition"),
    ("total ability", "total-ability"),
    ("weapon destiny", "adds-to-destiny"),
    ("total", "adds-to-total"),  # "Attack Run total is +3"
)


def _totals(cur: Cursor, i: int, link: int, j: int) -> Found:
    amount, k = cur.signed(j)
    value = None
    detail: tuple[str, ...] = ()
    if k < 0 and cur.low(j) == "=":  # "opponent's total ability here = 0"
        value, k = cur.count(j + 1)
    if k < 0 and cur.words(j, "+ x , where x") >= 0:  # "is +X, where X = number of battle droids present"
        k = name_until(cur, j + 4, (";",))
        detail = ("X", cur.text(j + 4, k))
    if k < 0:
        return None
    subject = cur.text(i, link)
    folded = " " + subject.casefold() + " "
    for words, kind in _TOTALS:
        if f" {words} " in folded:
            return [effect(kind, amount=amount, value=value, target=subject, detail=detail)], k
    return None


def read_adds_to_stat(cur: Cursor, i: int) -> Found:
    """ "Adds 2 to power", "adds 2 to its power", "2 to maneuver" (after "adds one battle destiny and"), "Adds 1 to
    power of each Imperial at same Hoth site", "Subtracts 1 from deploy cost of each of your capital starships"
    (the target: the cards after "of"). "… of anything he pilots" is the pilot reader's."""
    j, word = cur.any_of(i, ("adds", "add", "subtracts", "subtract"))
    sign = -1.0 if word.startswith("subtract") else 1.0
    amount, j = cur.count(j if j >= 0 else i)
    if j < 0 or cur.low(j) != ("from" if sign < 0 else "to"):
        return None
    j += 1
    if cur.low(j) in ("its", "his", "her", "their", "the"):
        j += 1
    kinds, k = _stats(cur, j)
    if k < 0:
        return None
    target = ""
    if cur.low(k) == "of":
        end = name_until(cur, k + 1, (",", ";", "when", "while", "if", "unless", "for"))
        if (
            cur.words(end, "for battle destiny") >= 0
        ):  # "destiny of each of your miners drawn for battle destiny"
            end += 3
        words = cur.text(k + 1, end)
        last = words.casefold().split()[-2:] if words else []
        if not words or (len(last) == 2 and last[0] in ("he", "she", "they", "it")):
            return None
        target, k = words, end
    return [effect(kind, amount=sign * amount, target=target) for kind in kinds], k
