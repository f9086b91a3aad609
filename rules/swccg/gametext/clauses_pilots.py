"""Clauses about piloting and room aboard: "Adds 3 to power of anything he pilots", "May add 2 pilots and 4
passengers", "Permanent pilot is •Dengar, who provides ability of 2", "May add Guri as pilot", "May pilot only
Falcon"."""

from .clauses_battle import adds
from .clauses_stats import stat_at
from .conditions import read_condition
from .found import Found, effect, name_until
from .tokens import Cursor

PILOT_KINDS = {
    "power": "pilot-power",
    "maneuver": "pilot-maneuver",
    "hyperspeed": "pilot-hyperspeed",
    "armor": "pilot-armor",
}
_PRONOUNS = ("he", "she", "they", "it")
# What else a starship or vehicle carries (singular): "2 vehicles", "4 TIEs", "1 astromech", "2 'riders'".
CARRIED = {
    "vehicle",
    "tie",
    "starfighter",
    "astromech",
    "rider",
    "droid",
    "starship",
    "capital starship",
    "creature",
    "speeder bike",
    "stap",
    "corvette",
}
_PILOTS = ("pilots", "pilot", "drives", "drive")


def pilot_pairs(cur: Cursor, j: int) -> tuple[list[tuple[float | None, str]], int]:
    """ "2 to power and 2 to maneuver", "2 to power, maneuver and hyperspeed": (amount, kind) pairs, or ([], -1)."""
    pairs: list[tuple[float | None, str]] = []
    amount = None
    while True:
        value, k = cur.count(j)
        if k >= 0:
            amount, j = value, k
            if cur.low(j) != "to":
                return [], -1
            j += 1
        elif cur.low(j) == "to":
            j += 1
        if cur.low(j) == "the":
            j += 1
        kind, k = stat_at(cur, j)
        if k < 0 or kind not in PILOT_KINDS or amount is None:
            return [], -1
        pairs.append((amount, PILOT_KINDS[kind]))
        j = k
        if cur.low(j) in (",", "and") and (stat_at(cur, j + 1)[1] >= 0 or cur.count(j + 1)[1] >= 0):
            j += 1
            continue
        return pairs, j


def piloted(cur: Cursor, j: int, of: bool = True) -> tuple[str, str, int]:
    """ "of anything he pilots", "of any starship she pilots": (what, "pilots" or "drives", index after), or
    ("", "", -1)."""
    if of and cur.low(j) != "of":
        return "", "", -1
    j += 1
    end = j
    while end < cur.n and cur.low(end) not in _PRONOUNS and end - j < 8:
        end += 1
    if cur.low(end) not in _PRONOUNS or cur.low(end + 1) not in _PILOTS:
        return "", "", -1
    words = cur.text(j, end)
    target = words.removeprefix("any ").removeprefix("a ") if words != "anything" else "anything"
    if cur.low(end + 2) == "or" and cur.low(end + 3) in _PILOTS:  # "of anything he pilots or drives"
        return target, cur.text(end + 1, end + 4), end + 4
    return target, cur.low(end + 1), end + 2


def read_pilot(cur: Cursor, i: int) -> Found:
    """ "Adds 2 to power of anything he pilots", "Adds 2 to power and 2 to maneuver of anything he pilots", "Adds
    2 to power, maneuver and hyperspeed of any starship he pilots", "adds 3 to power of any freighter he pilots"."""
    j = adds(cur, i)
    if j < 0:
        return None
    pairs, j = pilot_pairs(cur, j)
    if j < 0:
        return None
    target, verb, j = piloted(cur, j)
    if j < 0:
        return None
    found = [effect(kind, amount=n, target=target, detail=(verb,)) for n, kind in pairs]
    other, k = cur.count(j + 1) if cur.low(j) == "," else (None, -1)
    if k >= 0 and cur.low(k) in ("when", "if", "while"):  # "…, 3 when piloting Black 5"
        stop = name_until(cur, k, (";",))
        condition = read_condition(cur, k, stop)
        found += [
            effect(kind, amount=other, target=target, condition=condition, detail=(verb, "alternative"))
            for _, kind in pairs[:1]
        ]
        return found, stop
    if cur.low(j) == "or":  # "… of anything he pilots or any swoop he drives"
        other, verb, k = piloted(cur, j, of=False)
        if k >= 0:
            found += [effect(kind, amount=n, target=other, detail=(verb,)) for n, kind in pairs]
            j = k
    return found, j


def read_capacity(cur: Cursor, i: int) -> Found:
    """ "May add 6 pilots, 8 passengers, 2 vehicles and 4 TIEs", "May add 1 pilot or passenger", "May carry 4
    passengers", "May add unlimited pilots, passengers, vehicles and starfighters"."""
    j, _ = cur.any_of(i, ("may add", "may carry"))
    if j < 0:
        return None
    found = []
    unlimited = cur.low(j) == "unlimited"
    if unlimited:
        j += 1
    while j < cur.n:
        amount = None
        if not unlimited:
            amount, j = cur.count(j)
            if j < 0:
                return None
        if cur.low(j) == "'":
            j += 1
        end = name_until(cur, j, (",", "and", ";", "(", "."))
        words = [w.strip("'") for w in cur.text(j, end).casefold().split()]
        if not words or len(words) > 4:
            return None
        if words in (["rider"], ["riders"]) and cur.any_of(end, ("( passengers )", "( passenger )"))[0] >= 0:
            words, end = ["passengers"], end + 3  # "2 'riders' (passengers)"
        qualifier = ()
        if len(words) == 2 and words[1] in ("pilot", "pilots", "driver", "drivers"):
            qualifier, words = (words[0],), words[1:]  # "1 alien pilot", "1 clone pilot", "1 alien driver"
        if (
            cur.low(end) == "(" and cur.low(end + 1) == "must"
        ):  # "1 pilot (must be a smuggler or bounty hunter)"
            close = cur.closing(end)
            if close < 0:
                return None
            qualifier, end = (cur.text(end + 1, close),), close + 1
        if words in (["driver"], ["drivers"]):
            words = ["pilots"]  # a vehicle's drivers are its pilots
        if words in (["pilot", "or", "passenger"], ["pilots", "or", "passengers"]):
            kind = "may-add-pilots-or-passengers"
        elif words in (["pilot"], ["pilots"]):
            kind = "may-add-pilots"
        elif words in (["passenger"], ["passengers"]):
            kind = "may-add-passengers"
        elif " ".join(words).rstrip("s") in CARRIED or words[-1].rstrip("s") in CARRIED:
            kind = "may-add-cards"
        else:
            return None
        target = "" if kind != "may-add-cards" else " ".join(words)
        found.append(effect(kind, amount=amount, target=target, detail=qualifier))
        k = j = end
        if cur.low(k) == ",":
            k += 1
        if cur.low(k) == "and":
            k += 1
        if k == j or (not unlimited and cur.count(k)[1] < 0):
            break
        j = k
    return (found, j) if found else None


def read_permanent_pilot(cur: Cursor, i: int) -> Found:
    """ "Permanent pilot [aboard] provides ability of 1", "Permanent pilots provide total ability of 2", "Permanent
    pilot provides 1 ability", "Permanent pilot is •Dengar, who provides ability of 2" (what follows, "and adds 2
    to power", is read as its own clause), "Permanent astromech aboard is R2-D2, who adds 2 to power"."""
    j, phrase = cur.any_of(i, ("permanent pilots", "permanent pilot", "permanent astromech"))
    if j < 0:
        return None
    detail = ("astromech",) if phrase.endswith("astromech") else ()
    if cur.low(j) == "aboard":
        j += 1
    name = ""
    if cur.low(j) in ("is", "are"):
        end = name_until(cur, j + 1, (",", ":", ";"))
        who = cur.find(
            j + 1, "who"
        )  # "are •Darth Vader, •DS-61-2 and •DS-61-3, who provide …": all the names
        if who > end and cur.low(who - 1) == ",":
            end = who - 1
        name = cur.text(j + 1, end)
        j = end + 1
        if cur.low(j) == "who":
            j += 1
    k, _ = cur.any_of(
        j,
        (
            "provides total ability of",
            "provide total ability of",
            "provides ability of",
            "provide ability of",
        ),
    )
    if k >= 0:
        amount, k = cur.count(k)
        return ([effect("permanent-pilot", amount=amount, target=name, detail=detail)], k) if k >= 0 else None
    k, _ = cur.any_of(j, ("provides", "provide"))
    if k >= 0:
        amount, k2 = cur.count(k)
        if k2 >= 0 and cur.low(k2) == "ability":
            return [effect("permanent-pilot", amount=amount, target=name, detail=detail)], k2 + 1
        return None
    if name and cur.low(j) in ("adds", "add", "draws", "may"):
        # "…, who adds 2 to power, maneuver and hyperspeed": what follows "who" is read as clauses of their own.
        return [effect("permanent-pilot", target=name, detail=detail)], j - (cur.low(j - 1) == "who")
    return None


def read_pilot_only(cur: Cursor, i: int) -> Found:
    """ "May pilot only Falcon", "May pilot only speeder bikes"."""
    j = cur.words(i, "may pilot only")
    if j < 0:
        return None
    end = name_until(cur, j, (";", ",", "("))
    return ([effect("may-pilot-only", target=cur.text(j, end))], end) if end > j else None


def read_named_pilot(cur: Cursor, i: int) -> Found:
    """ "May add Guri as pilot", "May add Harc as a pilot": room for that one pilot (`target`)."""
    j = cur.words(i, "may add")
    if j < 0 or cur.count(j)[1] >= 0:
        return None
    k = cur.find(j, "as", name_until(cur, j, (";", ",", "(")))
    if k <= j:
        return None
    end = cur.words(k, "as a pilot")
    end = end if end >= 0 else cur.words(k, "as pilot")
    return ([effect("may-add-pilots", amount=1.0, target=cur.text(j, k))], end) if end >= 0 else None
