"""What happens to a card, as a clause says it: "Creature is lost", "Lost if Vader on table …", "return Grievous (and
your cards on him) to hand", "Suspends Asteroid Sanctuary", "reset opponent's total battle destiny here to 0",
"Target's immunity to attrition is canceled"."""

from .found import Found, effect, name_until
from .tokens import Cursor


def read_lost(cur: Cursor, i: int) -> Found:
    """ "Creature is lost", "Timer Mine is also lost", "Thermal Detonator also lost", "target is lost": `target`
    names what is lost."""
    if cur.low(i) == "lost" and (
        i == 0 or i == 1 and cur.low(0) == "immediately"
    ):  # "Lost if Vader on table and …": this card
        return [effect("lost")], i + 1
    end = name_until(cur, i, ("is", "are", "also", "lost", ",", ";"))
    if end == i or end - i > 16 or cur.low(i) in ("instead", "may"):
        return None
    if any(
        cur.low(c) in ("to", "may", "reduced") for c in range(i, end)
    ):  # "… is reduced to 0 and … are lost"
        return None
    k = end
    while cur.low(k) in ("is", "are", "also", "immediately", "instead"):
        k += 1
    # "Creature is lost", "Thermal Detonator also lost"; not "may lose 2 Force to … from Lost Pile"
    if cur.low(k) != "lost" or (k == end and end - i > 3) or cur.low(k + 1) == "pile" or cur.low(i) == "may":
        return None
    return [effect("lost", target=cur.text(i, end))], k + 1


def read_return_to_hand(cur: Cursor, i: int) -> Found:
    """ "return Grievous (and your cards on him) to hand from a site you control": what returns (`target`), from
    where (`detail`)."""
    j = cur.words(i, "return")
    if j < 0:
        return None
    k = name_until(cur, j, (";", ",", "to"))
    while cur.low(k) == "to" and cur.low(k + 1) not in ("hand", "owner's", "your"):
        k = name_until(cur, k + 1, (";", ",", "to"))
    end = cur.words(k, "to hand")
    if end < 0:
        end, _ = cur.any_of(k, ("to owner's hand", "to your hand"))
    if k == j or end < 0:
        return None
    detail = ()
    if cur.low(end) == "from":
        stop = name_until(cur, end, (";", ",", "("))
        detail, end = (cur.text(end, stop),), stop
    return [effect("return-to-hand", target=cur.text(j, k), detail=detail)], end


def read_suspend(cur: Cursor, i: int) -> Found:
    """ "Suspends Asteroid Sanctuary at related sector", "Bad Feeling Have I is suspended"."""
    j = cur.words(i, "suspends")
    if j >= 0:
        end = name_until(cur, j, (";", "(", ".", "while", "when", "if", "at"))
        return ([effect("suspend", target=cur.text(j, end))], end) if end > j else None
    end = name_until(cur, i, ("is", "are", ",", ";"))
    if end > i and cur.words(end + 1, "suspended") == end + 2:
        return [effect("suspend", target=cur.text(i, end))], end + 2
    return None


def read_reset(cur: Cursor, i: int) -> Found:
    """ "reset opponent's total battle destiny here to 0": `target` set to `value`."""
    j = cur.words(i, "reset")
    if j < 0:
        return None
    k = cur.find(j, "to", name_until(cur, j, (";", ",", "(")))
    value, end = cur.count(k + 1) if k > j else (None, -1)
    return ([effect("reset", value=value, target=cur.text(j, k))], end) if end >= 0 else None


def read_canceled(cur: Cursor, i: int) -> Found:
    """ "Target's immunity to attrition is canceled", "game text of Admiral's Orders is canceled": `target`."""
    # The last "is" before "canceled": a title may hold one ("The Circle Is Now Complete is canceled").
    done = cur.find(i, "canceled", min(cur.n, i + 12))
    if done < i + 2 or cur.low(done - 1) not in ("is", "are") or cur.find(i, ",", done) >= 0:
        return None
    return [effect("cancel", target=cur.text(i, done - 1))], done + 1


def read_captured(cur: Cursor, i: int) -> Found:
    """ "Captured if 'cover broken' by opponent" (this card), "capture target instead": `target` is captured."""
    if cur.low(i) == "captured" and i == 0:
        return [effect("captured")], 1
    j = cur.words(i, "capture")
    end = name_until(cur, j, (";", ",", "(", "and", "instead", "if", "when")) if j >= 0 else -1
    if end <= j:
        return None
    if cur.low(end) == "instead":
        return [effect("captured", target=cur.text(j, end), detail=("instead",))], end + 1
    return [effect("captured", target=cur.text(j, end))], end
