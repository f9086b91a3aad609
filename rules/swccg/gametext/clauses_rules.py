"""Clauses about the game's own rules as a card bends them: what a character counts as ("Smuggler.", "Functions as a
leader"), forfeiting ("may forfeit in place of …", "also satisfies all remaining attrition against you"), what may
not be done to a card ("May not be Disarmed"), Used Interrupts, flipping Objectives, captives, Undercover spies,
totals other than battle ones ("adds 2 to your total" in a duel) and the X a card's text sets."""

from dataclasses import replace

from .found import Found, effect, name_until
from .sentence_parts import subject_ends
from .tokens import Cursor

# A sentence that is only one of these words says what the character also is: "Smuggler." (Lando (V)).
_CLASSES = {"smuggler", "spy", "leader", "warrior", "pilot", "scout", "gambler", "thief", "assassin"}


def read_counts_as(cur: Cursor, i: int) -> Found:
    """ "Smuggler." (the whole sentence), "Functions as a leader": what the card counts as (`target`)."""
    if i == 0 and cur.n == 1 and cur.low(0) in _CLASSES:
        return [effect("counts-as", target=cur.text(0, 1))], 1
    j, _ = cur.any_of(i, ("functions as a", "functions as an"))
    if j < 0 or cur.low(j) not in _CLASSES:
        return None
    return [effect("counts-as", target=cur.text(j, j + 1))], j + 1


def read_satisfies(cur: Cursor, i: int) -> Found:
    """ "satisfies all remaining attrition against you", "may satisfy all remaining battle damage and attrition
    against you", "Jerus may be forfeited to satisfy all battle damage and attrition against you": what forfeiting
    it satisfies at once (`target`)."""
    j, _ = cur.any_of(i, ("satisfies all", "satisfy all", "be forfeited to satisfy all"))
    if j < 0:
        return None
    if cur.low(j) == "remaining":
        j += 1
    end = cur.find(j, "against", min(cur.n, j + 6))
    if end <= j or cur.low(end + 1) != "you":
        return None
    words = cur.text(j, end).casefold()
    if words not in (
        "attrition",
        "battle damage",
        "battle damage and attrition",
        "attrition and battle damage",
    ):
        return None
    return [effect("satisfies", target=cur.text(j, end))], end + 2


def read_forfeit_in_place(cur: Cursor, i: int) -> Found:
    """ "may forfeit in place of any other character hit by a weapon at same site, restoring that character to
    normal": whom it is forfeited for (`target`)."""
    j = cur.words(i, "forfeit in place of")
    if j < 0:
        return None
    end = name_until(cur, j, (",", ";", "("))
    k = cur.words(end, ", restoring that character to normal")
    if end == j or k < 0:
        return None
    return [effect("forfeit-in-place-of", target=cur.text(j, end), detail=("restoring",))], k


# What "may not be …" keeps from being done to a card (`detail`; `target` is the card when not this one).
_DONE_TO = ("disarmed", "stolen", "transferred", "canceled", "flipped", "battled")


def read_may_not_be(cur: Cursor, i: int) -> Found:
    """ "May not be Disarmed", "may not be stolen", "Qui-Gon's game text may not be canceled", "Local Uprising may
    not be flipped"."""
    j, _ = cur.any_of(i, ("may not be", "cannot be"))
    if j < 0 or cur.low(j) not in _DONE_TO:
        return None
    return [effect("may-not-be", detail=(cur.text(j, j + 1),))], j + 1


def read_flipped(cur: Cursor, i: int) -> Found:
    """ "flip Sometimes I Amaze Even Myself"; "Liberation is flipped" (the subject: `target`)."""
    if cur.low(i) == "flipped":
        return [effect("flip")], i + 1
    j = cur.words(i, "flip")
    end = (
        name_until(cur, j, (";", ",", "(", "and", ".", "if", "when", "while", "unless", "during"))
        if j >= 0
        else -1
    )
    return ([effect("flip", target=cur.text(j, end))], end) if end > j else None


def read_used_interrupt(cur: Cursor, i: int) -> Found:
    """ "Wookiee Strangle is a Used Interrupt" (the subject: `target`): the named Interrupt goes to the Used Pile
    once played, not the Lost Pile."""
    j, _ = cur.any_of(i, ("a used interrupt", "used interrupts"))
    if j >= 0:
        return [effect("used-interrupt")], j
    # "Local Trouble and Look Sir, Droids are Used Interrupts": titles (with their commas) before "are"
    for k in range(i + 1, min(cur.n, i + 14)):
        if cur.low(k) in ("is", "are", ";", "(", "may", "if", "while", "when"):
            j, _ = (
                cur.any_of(k + 1, ("a used interrupt", "used interrupts"))
                if cur.low(k) in ("is", "are")
                else (-1, "")
            )
            if j < 0 or not subject_ends(cur, i, k):  # not "Chewie adds 1 to … and Life Debt is …"
                return None
            return [effect("used-interrupt", target=cur.text(i, k))], j
    return None


def read_predict(cur: Cursor, i: int) -> Found:
    """ "predict the winner", "you must predict the winner before the battle starts"."""
    j, _ = cur.any_of(i, ("you must predict the winner", "predict the winner"))
    if j < 0:
        return None
    k = cur.words(j, "before the battle starts")
    return [effect("predict-winner", detail=("must",) if cur.low(i) == "you" else ())], max(j, k)


def read_placed_instead(cur: Cursor, i: int) -> Found:
    """ "May be placed on your Political Effect instead of a senator": where it may be placed (`detail`)."""
    j = cur.words(i, "may be placed on")
    k = cur.find(j, "instead", min(cur.n, j + 8)) if j >= 0 else -1
    if k < 0 or cur.low(k + 1) != "of":
        return None
    end = name_until(cur, k, (";", ",", "("))
    return [effect("place", detail=("may", cur.text(j - 1, k), cur.text(k, end)))], end


def read_escort(cur: Cursor, i: int) -> Found:
    """ "May escort a captive"."""
    j = cur.words(i, "may escort a captive")
    return ([effect("may-escort-captive")], j) if j >= 0 else None


def read_break_cover(cur: Cursor, i: int) -> Found:
    """ "'break cover' of opponent's Undercover spy at same site" (`target`); "'break cover' to target one character
    with politics present" (its own cover: no target, the clause after "to" says what for)."""
    j = cur.words(i, "' break cover '")
    if j < 0:
        # "Spy's 'cover is broken'": whose cover is broken
        k = cur.words(i + 1, "' cover is broken '") if cur.low(i).endswith("'s") else -1
        return ([effect("break-cover", target=cur.text(i, i + 1)[:-2])], k) if k >= 0 else None
    if cur.low(j) != "of":
        # its own cover; "'break cover' to fire" (what it fires, unsaid) is not understood
        return ([effect("break-cover")], j) if cur.words(j, "to fire") < 0 else None
    end = name_until(cur, j + 1, (";", ",", "(", "and"))
    return ([effect("break-cover", target=cur.text(j + 1, end))], end) if end > j + 1 else None


# What the words after "adds N to" name when it is a total of its own: a duel's or an Epic Event's total, Force
# lost or retrieved, an attempt to cross a character over, the Force a weapon needs to fire.
_TOTAL_WORDS = (
    "total",
    "force loss",
    "force retrieved",
    "force opponent retrieves",
    "attempt",
    "force required",
)


def read_adds_to_total(cur: Cursor, i: int) -> Found:
    """ "adds 2 to your total" (in a duel), "adds 1 to Deactivate The Shield Generator total", "adds 2 to
    opponent's Force loss", "adds 3 to Force retrieved", "subtracts 3 from attempts to cross Vader over",
    "subtracts 1 from Force required to fire it": `target` names the total (stats, destiny, Force drains,
    attrition and total power are read before)."""
    j, word = cur.any_of(i, ("adds", "add", "subtracts", "subtract"))
    if j < 0:
        return None
    sign, joint = (-1.0, "from") if word.startswith("subtract") else (1.0, "to")
    amount, j = cur.count(j)
    if j < 0 or cur.low(j) != joint:
        return None
    other = None
    k, word = cur.any_of(j + 1, ("or add", "or subtract"))  # "may add 1 to or subtract 1 from your total"
    if k >= 0:
        other, k = cur.count(k)
        if k < 0 or cur.low(k) != ("from" if word == "or subtract" else "to"):
            return None
        other *= -1.0 if word == "or subtract" else 1.0
        j = k
    end = name_until(cur, j + 1, (",", ";", "(", "when", "while", "if", "for", "with", "here"))
    words = " " + cur.text(j + 1, end).casefold() + " "
    if not any(f" {w}" in words for w in _TOTAL_WORDS):
        return None
    if cur.low(end) == "with":  # "Force opponent retrieves with Noble Sacrifice": which card's
        end = name_until(cur, end + 1, (",", ";", "(", "when", "while", "if", "for"))
    found = effect("adds-to-total", amount=sign * amount, target=cur.text(j + 1, end))
    if other is not None:
        return [found, replace(found, amount=other, detail=("alternative",))], end
    if words.strip() in ("total", "your total") and cur.words(end, "when targeted by") >= 0:
        # "adds 6 to total when targeted by Tallon Roll": whose total (not a condition on the clauses before)
        stop = name_until(cur, end, (",", ";", "("))
        return [replace(found, detail=(cur.text(end, stop),))], stop
    return [found], end


def read_x(cur: Cursor, i: int) -> Found:
    """ "make X = 3", "X = 1": the X a weapon's text leaves open (`value`)."""
    j = i + 1 if cur.low(i) == "make" else i
    if cur.words(j, "x =") < 0:
        return None
    value, k = cur.count(j + 2)
    return ([effect("x-value", value=value)], k) if k >= 0 else None
