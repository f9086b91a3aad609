"""A weapon's clauses: "May target a character, creature or vehicle using 2 Force", "Draw two destiny", "Target
hit, and its forfeit = 0, if total destiny > defense value", "Add 1 if targeting a starfighter"; a character's
"Permanent weapon is •Luke's Lightsaber (…)", whose parts in brackets are read as a weapon's sentences."""

from .found import Found, destiny_draw, effect, name_until
from .tokens import Cursor
from .vocabulary import Condition

_OUTCOMES = ("hit", "lost", "captured", "crashes", "excluded", "returns", "choked")


def read_weapon_target(cur: Cursor, i: int) -> Found:
    """ "May target a character or creature for free", "… using 2 Force", "… for 1 Force", "… using X Force,
    where X = 0 to 3" (value None, detail "X"), "May target a starship" (no cost said)."""
    j = cur.words(i, "may")
    j = cur.words(j if j >= 0 else i, "target")
    if (
        j < 0
        or cur.low(j) in ("one", "your", "opponent's", "is", *_OUTCOMES)
        or cur.low(j - 2) != "may"
        and cur.low(j) not in ("a", "an", "any")
        and cur.count(j)[1] < 0  # "or target two characters using 1 Force"
    ):
        return None
    costs = _costs_per_target(cur, j)
    if costs is not None:
        return costs
    end = name_until(cur, j, ("for", "using", ";", "."))
    if cur.low(end) not in ("for", "using"):
        end = name_until(cur, j, ("at", ";", ".", "(", "present", "with"))
    elif cur.low(end - 1) in (",", "by"):
        end -= 1  # "…, or at a system it orbits, using 4 Force", "… by using X Force"
    targets = cur.text(j, end)
    if not targets:
        return None
    found = [effect("weapon-target", target=targets)]
    if cur.low(end) in (",", "by"):
        end += 1
    k = cur.words(end, "for free")
    if k >= 0:
        found.append(effect("weapon-fire-cost", value=0.0))
        return found, k
    k, _ = cur.any_of(end, ("using", "for"))
    if k >= 0:
        if cur.low(k) == "x" and cur.low(k + 1) == "force":
            found.append(effect("weapon-fire-cost", detail=("X",)))
            end = k + 2
            k2 = cur.words(end, ", where x =")
            if k2 >= 0:
                stop = name_until(cur, k2, (";", ".", "("))
                found[-1] = effect("weapon-fire-cost", detail=("X", cur.text(k2, stop)))
                end = stop
            return found, end
        amount, k = cur.count(k)
        if k >= 0 and cur.low(k) == "force":
            found.append(effect("weapon-fire-cost", value=amount))
            return found, k + 1
        return None
    return found, end


def read_weapon_destiny(cur: Cursor, i: int) -> Found:
    """ "Draw destiny", "draw two destiny", "Draw 2 destiny", "both players draw destiny"."""
    return destiny_draw(cur, i, "weapon-destiny", ("both players",), ("draw",))


def read_weapon_hit(cur: Cursor, i: int) -> Found:
    """ "Target hit if destiny +1 > defense value", "Target hit, and its forfeit = 0, if total destiny > defense
    value", "Character lost if destiny +1 > defense value", "Target crashes if total destiny > defense value"."""
    j = i
    what = ""
    if cur.low(j) != "target":
        what = cur.low(j)
        if what not in ("character", "vehicle", "starship", "creature"):
            return None
    j += 1
    if cur.words(j, "( s )") >= 0:  # "target(s) hit"
        j += 3
    if cur.low(j) == "is":
        j += 1
    if cur.low(j) == "immediately":
        j += 1
    if cur.low(j) == "'":  # "target 'hit,' and …"
        j += 1
    outcome = cur.low(j)
    if outcome not in _OUTCOMES:
        return None
    j += 1
    if cur.low(j) == "," and cur.low(j + 1) == "'":
        j += 1
    elif cur.low(j) == "'":
        j += 1
    detail = [outcome] + ([what] if what else [])
    # Where a result goes on: "(lost)" after "'choked'", "to opponent's hand", "from battle".
    if cur.low(j) == "(" and cur.closing(j) > j and cur.low(cur.closing(j) + 1) == "if":
        detail.append(cur.text(j + 1, cur.closing(j)))
        j = cur.closing(j) + 1
    elif cur.low(j) == "(" and cur.low(j + 1) in _OUTCOMES and cur.words(j + 2, "instead if") >= 0:
        detail.append(cur.text(j + 1, cur.closing(j)))  # "target hit (lost instead if X = 3)"
        j = cur.closing(j) + 1
    elif cur.low(j) in ("to", "from"):
        stop = name_until(cur, j, ("if", ";", ","))
        detail.append(cur.text(j, stop))
        j = stop
    # What else a hit does, between commas or in brackets: ", and its forfeit = 0,", "(and may not be used to
    # satisfy attrition)", " and forfeit -3".
    if cur.low(j) in (",", "(", "'") and cur.low(j + 1) == "and":
        close = cur.closing(j) if cur.low(j) == "(" else name_until(cur, j + 1, (",", "if"))
        if close < 0 or close >= cur.n:
            return None
        detail.append(_also(cur.text(j + 2, close)))
        j = close + (cur.low(close) != "if")
    elif cur.low(j) == "and" and cur.low(j + 1) == "forfeit":
        amount, k = cur.signed(j + 2)
        if k < 0:
            return None
        detail.append(cur.text(j + 1, k))
        j = k
    if j >= cur.n or cur.low(j) in (",", "and", ";", ")"):
        # "If destiny = target's destiny number, target is hit": the test is the condition before.
        return [effect("weapon-hit", detail=tuple(detail))], j
    if cur.low(j) != "if":
        return None
    j += 1
    if cur.low(j) == "total":
        detail.append("total")
        j += 1
    if cur.low(j) == "destiny":
        j += 1
    amount, k = cur.signed(j)
    if k >= 0:
        j = k
    if cur.low(j) != ">":
        # "if warrior's power + your destiny > target's power + opponent's destiny": what is compared, as said
        more = name_until(cur, j, (">", ";", ",", "("))
        if cur.low(more) != ">" or more - j > 8:
            return None
        detail.append(cur.text(j - 1 if cur.low(j - 1) != "if" else j, more))
        j = more
    end = name_until(cur, j + 1, (";", ".", "(", ","))
    beats = cur.text(j + 1, end)
    return ([effect("weapon-hit", amount=amount, target=beats, detail=tuple(detail))], end) if beats else None


def read_weapon_adjust(cur: Cursor, i: int) -> Found:
    """ "Add 1 if targeting a starfighter or squadron", "Subtract 2 if targeting a capital starship": a change to
    the weapon's destiny (the condition follows and is read as one)."""
    j, word = cur.any_of(i, ("add", "subtract", "adds", "subtracts"))
    if j < 0:
        return None
    amount, k = cur.count(j)
    if k < 0 or (k < cur.n and cur.low(k) not in ("if", "when", "for")):
        return None
    sign = -1.0 if word.startswith("subtract") else 1.0
    return [effect("adds-to-destiny", amount=sign * amount, target="weapon destiny")], k


def _also(words: str) -> str:
    """ "its forfeit = 0" and "it forfeit = 0" (a misprint) alike."""
    folded = " ".join(words.split())
    return "forfeit = 0" if folded in ("its forfeit = 0", "it forfeit = 0") else folded


def read_fire_repeatedly(cur: Cursor, i: int) -> Found:
    """ "May fire repeatedly for 2 Force each time"."""
    j = cur.words(i, "may fire repeatedly for")
    if j < 0:
        return None
    amount, k = cur.count(j)
    k = cur.words(k, "force each time") if k >= 0 else -1
    return ([effect("weapon-fire-repeatedly", value=amount)], k) if k >= 0 else None


def read_fire_free_aboard(cur: Cursor, i: int) -> Found:
    """What may fire for free aboard this card, with its subject: "Ion cannons may fire free aboard", "Proton
    Torpedoes deploy and fire free aboard" (deploying free too)."""
    end = name_until(cur, i, ("may", "deploy", ",", ";"))
    if end == i or end - i > 6:
        return None
    subject = cur.text(i, end)
    k = cur.words(end, "may fire free aboard")
    if k >= 0:
        return [effect("weapon-fire-cost", value=0.0, target=subject, detail=("aboard",))], k
    k = cur.words(end, "deploy and fire free aboard")
    if k >= 0:
        return [
            effect("may-deploy-aboard", target=subject),
            effect("deploy-cost", value=0.0, target=subject, detail=("aboard",)),
            effect("weapon-fire-cost", value=0.0, target=subject, detail=("aboard",)),
        ], k
    return None


def read_several_weapons(cur: Cursor, i: int) -> Found:
    """ "May fire two or more weapons during battle" (one weapon a battle otherwise)."""
    j = cur.words(i, "may fire two or more weapons")
    return ([effect("fires-several-weapons")], j) if j >= 0 else None


def _costs_per_target(cur: Cursor, j: int) -> Found:
    """ "May target a character (use 1 Force) or vehicle (for free) at same or adjacent site": each kind of target
    with its own cost (a weapon-fire-cost whose condition is targeting it)."""
    found = []
    k = j
    while True:
        close_at = name_until(cur, k, ("(", ";", ".", "or", ","))
        if cur.low(close_at) != "(":
            return None if not found else (found, k)
        close = cur.closing(close_at)
        if close < 0:
            return None
        what = cur.text(k, close_at)
        inside = cur.text(close_at + 1, close).casefold().split()
        if inside in (["for", "free"], ["free"]):
            value = 0.0
        elif (
            len(inside) == 3
            and inside[0] == "use"
            and inside[2] == "force"
            and cur.count(close_at + 2)[1] >= 0
        ):
            value = cur.count(close_at + 2)[0]
        else:
            return None
        found += [
            effect("weapon-target", target=what),
            effect("weapon-fire-cost", value=value, condition=Condition("targeting", what)),
        ]
        k = close + 1
        if cur.low(k) in ("or", ","):
            k += 1 + (cur.low(k + 1) == "or")
            continue
        return found, k


def read_fire_times(cur: Cursor, i: int) -> Found:
    """ "may be fired twice per battle", "may fire twice per battle": how often it fires."""
    j, _ = cur.any_of(i, ("may be fired", "may fire"))
    if j < 0:
        return None
    k, word = cur.any_of(j, ("twice", "three times"))
    if k < 0 or cur.low(k) != "per":
        return None
    return [
        effect("weapon-fire-times", value=2.0 if word == "twice" else 3.0, detail=(cur.text(k, k + 2),))
    ], k + 2
