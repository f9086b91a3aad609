"""Clauses about battles and what a card is immune to: "adds one battle destiny", "draws one battle destiny if not
able to otherwise", "adds 1 to each of your battle destiny draws", "Immune to attrition < 5", "May not be targeted
by weapons", "Force drain +1 here" (piloting and room aboard: clauses_pilots.py)."""

from .found import Found, effect, name_until
from .tokens import Cursor


def adds(cur: Cursor, i: int) -> int:
    for word in ("adds", "add"):
        j = cur.words(i, word)
        if j >= 0:
            return j
    return -1


def read_battle_destiny(cur: Cursor, i: int) -> Found:
    """ "adds one battle destiny", "adds two battle destiny", "[may] draw(s) one battle destiny if not able to
    otherwise" / "if unable to otherwise"."""
    j = adds(cur, i)
    kind = "adds-battle-destiny"
    detail: tuple[str, ...] = ()
    if j < 0:
        j = cur.words(i, "may")
        j, detail = (i, ()) if j < 0 else (j, ("may",))
        k, _ = cur.any_of(j, ("draws", "draw"))
        if k < 0:
            return None
        j, kind = k, "draws-battle-destiny"
    amount, j = cur.count(j)
    if j < 0:
        return None
    k = cur.words(j, "battle destiny")
    if k < 0:
        return None
    if kind == "draws-battle-destiny":
        end, _ = cur.any_of(k, ("if not able to otherwise", "if unable to otherwise"))
        if end < 0:
            return None
        k = end
    return [effect(kind, amount=amount, detail=detail)], k


def read_adds_to_destiny(cur: Cursor, i: int) -> Found:
    """ "adds 1 to each of your battle destiny draws", "adds 1 to total battle destiny", "subtracts one from each
    of opponent's battle destiny draws", "Each of its weapon destiny draws is +1"."""
    k = cur.words(i, "each of its")
    if k >= 0:
        draws = cur.find(k, "draws", min(cur.n, k + 6))
        k = cur.words(draws + 1, "is") if draws > k and cur.low(draws - 1) == "destiny" else -1
    if k >= 0:
        amount, j = cur.signed(k)
        return (
            ([effect("adds-to-destiny", amount=amount, target="each of its weapon destiny draws")], j)
            if j >= 0
            else None
        )
    j = adds(cur, i)
    sign, joint = 1.0, "to"
    if j < 0:
        j, word = cur.any_of(i, ("subtracts", "subtract"))
        if j >= 0:
            sign, joint = -1.0, "from"
        elif cur.count(i)[1] >= 0:
            j = i  # "… and 1 to each of his lightsaber weapon destiny draws": "adds" said before
        else:
            return None
    amount, j = cur.count(j)
    if j < 0 or cur.low(j) != joint:
        return None
    end = name_until(cur, j + 1, (",", ";", "if", "when", "while", "for", "and", "(", ".", "at", "here"))
    target = cur.text(j + 1, end)
    if "destiny" not in target.casefold().split():
        return None
    return [effect("adds-to-destiny", amount=sign * amount, target=target)], end


def read_immunity(cur: Cursor, i: int) -> Found:
    """ "Immune to attrition < 5", "Immune to attrition", "immune to purchase, Restraining Bolt, and attrition
    < 5", "Immune to Eject! Eject! and attrition < 5"."""
    j = cur.words(i, "immune to")
    if j < 0:
        return None
    found = []
    before = j  # where the list stood before its last item
    while j < cur.n:
        if cur.low(j) == "attrition":
            k = j + 1
            if cur.low(k) == "<" and cur.low(k + 1) == "x" and cur.words(k + 2, ", where x =") >= 0:
                stop = name_until(cur, k + 3, (";",))
                found.append(effect("immune-attrition", detail=("X", cur.text(k + 3, stop))))
                return found, stop
            if cur.low(k) == "<" and cur.any_of(k + 1, ("number of", "the number of"))[0] >= 0:
                stop = name_until(cur, k + 1, (";", "("))  # "< number of opponent's smugglers on table"
                found.append(effect("immune-attrition", detail=(cur.text(k, stop),)))
                return found, stop
            if cur.low(k) == "<":
                amount, k = cur.count(k + 1)
                if k < 0:
                    return None
                found.append(effect("immune-attrition", amount=amount))
            else:
                found.append(effect("immune-attrition"))
            j = k
        else:
            end = name_until(cur, j, (",", "and", ";", "(", "when", "while", "if", "unless"))
            if end == j:
                return None
            if found and any(_verb_at(cur, c) for c in range(j, end)):
                return found, before  # "… and Activate The Droids is immune to Alter": a clause of its own
            found.append(effect("immune-to", target=cur.text(j, end)))
            j = end
        # the list goes on: ", X", " and X", ", and X"
        k = j
        if cur.low(k) == ",":
            k += 1
        if cur.low(k) == "and":
            k += 1
        before = j
        if (
            k == j
            or k >= cur.n
            or cur.low(k) in ("when", "while", "if", "unless", "(", "adds", "may", ",", "once", "is", "are")
            or cur.low(k) == "you"
            and cur.low(k + 1) in ("may", "must")
            or _changes_after(cur, k)  # "… and your Force drains at same site are +1"
        ):
            break
        j = k
    return (found, j) if found else None


def _verb_at(cur: Cursor, c: int) -> bool:
    """Whether a clause's verb is at c: "adds", "may", or "is"/"are" before what a clause says ("is immune",
    "are power +1"), not inside a title ("You Are Beaten")."""
    low = cur.low(c)
    if low in ("adds", "may"):
        return True
    return low in ("is", "are") and cur.low(c + 1) in (
        "immune",
        "power",
        "forfeit",
        "deploy",
        "not",
        "+",
        "-",
    )


def _changes_after(cur: Cursor, k: int) -> bool:
    """Whether "is +1", "are +1" follows within a few words: a clause of its own, not another immunity."""
    for c in range(k, min(cur.n, k + 8)):
        if cur.low(c) in ("is", "are") and cur.low(c + 1) in ("+", "-"):
            return True
    return False


def read_simple(cur: Cursor, i: int) -> Found:
    """Fixed phrases."""
    j = cur.words(i, "may initiate battle and be battled")
    if j >= 0:
        return [effect("may-initiate-battle"), effect("may-be-battled")], j
    for phrase, kind in (
        ("may not be targeted by weapons", "not-weapon-target"),
        ("may initiate battle", "may-initiate-battle"),
        ("may initiate battles", "may-initiate-battle"),
        ("may be battled", "may-be-battled"),
        ("has ship-docking capability", "ship-docking"),
        ("has ship-docking ability", "ship-docking"),
        ("cannot move", "may-not-move"),
        ("may deploy without presence or force icons", "deploy-without-presence"),
        ("may be deployed even without presence or force icons", "deploy-without-presence"),
        ("may deploy even without presence or force icons", "deploy-without-presence"),
        ("may not move", "may-not-move"),
        ("may move without presence aboard", "move-without-presence"),
        ("must have pilot aboard to use power , maneuver or hyperspeed", "needs-pilot-aboard"),
        ("prevents opponent from ' reacting '", "no-react"),
    ):
        j = cur.words(i, phrase)
        if j >= 0:
            return [effect(kind)], j
    return None


def read_adds_to_total(cur: Cursor, i: int) -> Found:
    """ "adds 2 to your Force drains here", "Force drain +1 here", "adds 1 to attrition against opponent", "adds 1
    to your total power in battle", "Adds 1 to Maul's lightsaber combat total", "May add 1 to Force drain where
    present"."""
    j = cur.words(i, "may")
    detail = ("may",) if j >= 0 else ()
    start = j if j >= 0 else i
    j, sign, joint = adds(cur, start), 1.0, "to"
    if j < 0:  # "subtracts one from opponent's Force drains at adjacent sites"
        j, _ = cur.any_of(start, ("subtracts", "subtract"))
        sign, joint = -1.0, "from"
    if j >= 0:
        amount, j = cur.count(j)
        if j < 0 or cur.low(j) != joint:
            return None
        amount *= sign
        end = name_until(
            cur, j + 1, (",", ";", "if", "when", "while", "for", "(", "here", "where", "at", "in")
        )
        words = cur.text(j + 1, end).casefold()
        for key, kind in (
            ("force drain", "force-drain"),
            ("attrition", "attrition"),
            ("total power", "total-power"),
            ("lightsaber combat total", "lightsaber-combat"),
        ):
            if key in words:
                mine = (key, key + "s", f"your {key}", f"your {key}s")  # "your Force drains": this card's
                target = "" if words in mine else cur.text(j + 1, end)
                return [effect(kind, amount=amount, target=target, detail=detail)], end
        return None
    j, _ = cur.any_of(i, ("force drain", "force drains"))
    if j >= 0:
        amount, k = cur.signed(j)
        return ([effect("force-drain", amount=amount)], k) if k >= 0 else None
    return None


def read_destiny_limit(cur: Cursor, i: int) -> Found:
    """ "opponent may not draw more than one battle destiny here", "opponent may draw no more than one battle
    destiny here", "players may not draw more than one battle destiny": `target` says whose draws."""
    end = name_until(cur, i, ("may",))
    if end - i > 3:
        return None
    who = cur.text(i, end)
    j, _ = cur.any_of(end, ("may not draw more than", "may draw no more than"))
    if j < 0:
        return None
    amount, k = cur.count(j)
    k = cur.words(k, "battle destiny") if k >= 0 else -1
    return ([effect("battle-destiny-limit", amount=amount, target=who)], k) if k >= 0 else None


def read_no_react(cur: Cursor, i: int) -> Found:
    """ "Opponent may not 'react' to or from here", "… to here", "… to same system or sector"."""
    j = cur.words(i, "opponent may not")
    if j < 0:
        return None
    if cur.low(j) == "'":
        j += 1
    j = cur.words(j, "react")
    if j < 0:
        return None
    if cur.low(j) == "'":
        j += 1
    end = name_until(cur, j, (";", ",", "(", "and"))
    return [effect("no-react", target=cur.text(j, end))], end


def read_fly(cur: Cursor, i: int) -> Found:
    """ "May 'fly' (landspeed = 3)"."""
    j = cur.words(i, "may ' fly ' ( landspeed =")
    if j < 0:
        j = cur.words(i, "may ' fly ' ( landspeeed =")  # as printed on Jodo Kast
    if j < 0:
        return None
    value, k = cur.count(j)
    return (
        ([effect("landspeed", value=value, detail=("fly",))], k + 1) if k >= 0 and cur.low(k) == ")" else None
    )


def read_force_icons(cur: Cursor, i: int) -> Found:
    """ "Adds one [Light Side] icon here": Force icons added where it is."""
    j = adds(cur, i)
    amount, k = cur.count(j) if j >= 0 else (None, -1)
    if k < 0 or cur.low(k) != "[":
        return None
    close = name_until(cur, k + 1, ("]",))
    if cur.low(close) != "]" or cur.low(close + 1) not in ("icon", "icons"):
        return None
    return [effect("force-icons", amount=amount, target=cur.text(k, close + 1))], close + 2


def read_destiny_to_total(cur: Cursor, i: int) -> Found:
    """ "adds one destiny to total power only", "add one destiny to attrition", "adds one destiny to power only":
    a destiny drawn into one total (`target`) rather than as a battle destiny."""
    j = adds(cur, i)
    amount, k = cur.count(j) if j >= 0 else (None, -1)
    k = cur.words(k, "destiny to") if k >= 0 else -1
    if k < 0:
        return None
    end = name_until(cur, k, (",", ";", "(", "and", "only", "if", "when", "while", "for"))
    target = cur.text(k, end)
    if target.casefold() not in ("total power", "power", "attrition", "total battle destiny"):
        return None
    only = cur.low(end) == "only"
    return [
        effect("destiny-to-total", amount=amount, target=target, detail=("only",) if only else ())
    ], end + only
