"""The parts of a sentence around its clauses, for reader.py: where a leading condition ends, how often an effect
may be used ("Once per game"), and the conditions, limits and subjects put on the effects a sentence reads."""

from dataclasses import replace

from . import clauses_pilots as pilots
from .found import name_until
from .tokens import Cursor
from .vocabulary import Condition, Effect

_CLAUSE_WORDS = {
    "may",
    "is",
    "are",
    "adds",
    "add",
    "draws",
    "immune",
    "must",
    "deploys",
    "deploy",
    "and",
    "cancel",
}


def names_only(cur: Cursor, i: int, j: int) -> bool:
    """Whether tokens i..j can be more of a condition's list of names ("Mirax or Wedge piloting"), not a clause."""
    return all(cur.low(k) not in _CLAUSE_WORDS for k in range(i, j))


def commas(cur: Cursor, first: int, end: int) -> list[int]:
    """The first comma and up to three more after it, outside brackets."""
    found = [first]
    k = first
    while len(found) < 4:
        k = name_until(cur, k + 1, (",",))
        if k >= end:
            break
        found.append(k)
    return found


def finish(effects: list[Effect], leads: list[Condition], limits: list[str]) -> list[Effect]:
    """The leading conditions and limits put on every effect of the sentence."""
    for lead in reversed(leads):
        for part in lead.parts if lead.kind == "all" else (lead,):  # "When piloting Red 2 during battle, …"
            if part.kind == "piloting":
                # "When piloting Falcon, adds 2 to maneuver": to the maneuver of what it pilots.
                effects = [piloted(e, part.subject) for e in effects]
            elif part.kind == "aboard" and part.subject:
                # "While aboard any starfighter, adds 2 to power, maneuver and hyperspeed": the starship's numbers.
                effects = [aboard(e, part.subject) for e in effects]
        effects = conditioned(effects, lead)
    if limits:
        effects = [replace(e, detail=(*e.detail, *limits)) for e in effects]
    return effects


def aboard(e: Effect, what: str) -> Effect:
    mine = not e.target or e.target == "it"
    return replace(e, target=what) if e.kind in _CRAFT_STATS and mine and e.amount is not None else e


_CRAFT_STATS = {"power", "maneuver", "hyperspeed", "armor"}


def piloted(e: Effect, what: str) -> Effect:
    kind = pilots.PILOT_KINDS.get(e.kind)
    mine = not e.target or e.target == "it"
    return replace(e, kind=kind, target=what) if kind and mine and e.amount is not None else e


# "Once per game", "Twice per battle", "Once during each of your control phases", "Once each turn during your
# control phase": a limit on how often the effect is used, kept in its detail.
def limit(cur: Cursor, i: int, end: int) -> tuple[str, int]:
    k = cur.words(i, "up to")  # "Up to three times per turn"
    start = i
    if k >= 0 and cur.count(k)[1] >= 0 and cur.low(k + 1) == "times":
        i = k + 1
    if cur.low(i) not in ("once", "twice", "thrice", "times") or cur.low(i + 1) not in (
        "per",
        "during",
        "each",
        "a",
        "every",
    ):
        return "", -1
    for k in range(i + 2, min(end, i + 12)):
        low = cur.low(k)
        if low in (",", "may", "you", "if", "opponent"):
            return cur.text(start, k).casefold(), k + 1 if low == "," else k
    return "", -1


def how_much(cur: Cursor, i: int, end: int) -> tuple[str, int]:
    """ "for each opponent's starship present", "for remainder of turn", "until end of …" at i: (the words, index
    after them), or ("", -1)."""
    k, phrase = cur.any_of(i, ("for each", "for remainder of", "until end of"))
    if k < 0:
        return "", -1
    stop = name_until(cur, k, (";", ".", "(", ","))
    close = cur.closing(stop) if cur.low(stop) == "(" else -1
    if 0 < close < end - 1 and cur.low(close + 1) not in (",", ";", "("):
        stop = name_until(
            cur, close + 1, (";", ".", "(", ",")
        )  # "for each … (non-biker scout) pairs present"
    if cur.words(stop, ", including") >= 0:  # "… droid/Rebel pairs present, including C-3PO"
        stop = name_until(cur, stop + 1, (";", ".", "(", ","))
    return f"{phrase} {cur.text(k, stop)}", stop


def conditioned(effects: list[Effect], condition: Condition) -> list[Effect]:
    out = []
    for e in effects:
        if e.condition is None:
            out.append(replace(e, condition=condition))
        elif e.condition is not condition:
            out.append(replace(e, condition=Condition("all", "", False, (condition, e.condition))))
        else:
            out.append(e)
    return out


# Words a subject never begins with ("use 1 Force to deploy …" is a cost, "only" a limit) or ends with ("… powered
# and forfeit +2": the subject ended before).
NOT_A_SUBJECT = {
    "you",
    "may",
    "must",
    "and",
    "or",
    "is",
    "are",
    "not",
    "use",
    "lose",
    "only",
    "treated",
    "then",
}
NOT_A_SUBJECT_END = {"and", "or", "to", "you", "but", "as", "which", "who"}


def subject_ends(cur: Cursor, i: int, k: int) -> bool:
    """Whether tokens i..k can be a subject: not opening with a verb or a limit, not ending mid-phrase."""
    if cur.low(i) in NOT_A_SUBJECT or cur.low(k - 1) in NOT_A_SUBJECT_END:
        return False
    return not any(cur.low(c) in _VERBS for c in range(i, k))  # "Chewie adds 1 to … and Life Debt is …"


_VERBS = {"adds", "add", "subtracts", "may", "must", "is", "are", "deploys", "moves", "reduced"}


def with_subject(e: Effect, subject: str) -> Effect:
    """The subject is what an effect changes, or, for a weapon's effects, who fires it."""
    if e.kind.startswith("weapon-"):
        return replace(e, detail=(*e.detail, f"by {subject}"))
    if e.target:  # "Rebels … are immune to Scanning Crew": the target is what they are immune to; keep whose
        return replace(e, detail=(*e.detail, f"subject: {subject}"))
    return replace(e, target=subject)


# Words that open a clause after "and" (not more names of a condition's list), and after ", and".
_CLAUSE_AFTER_AND = (
    {"you", "may", "is", "are", "adds", "draws", "must"},
    {"you", "may", "opponent", "is", "are", "adds", "draws", "must"},
)
# "to" before these is what an action is done for, never a place: "… in Lost Pile to retrieve Force equal to …".
PURPOSE_VERBS = {
    "retrieve",
    "make",
    "cancel",
    "draw",
    "take",
    "place",
    "deploy",
    "play",
    "use",
    "lose",
    "add",
}


def holds_clause(cur: Cursor, i: int, j: int) -> bool:
    """Whether a trailing condition's tokens i..j run on into a clause ("at battleground systems, and you may not
    cancel …", "here, and (unless …) other Jedi may treat …")."""
    return any(
        cur.low(k) == "and"
        and cur.low(k + 1) in _CLAUSE_AFTER_AND[cur.low(k - 1) == ","]
        or cur.low(k) in ("may", "must")
        and cur.find(i, cur.low(k), k + 1) == k  # outside brackets
        for k in range(i + 1, j)
    )


def before_who(cur: Cursor, may: int) -> int:
    """Where a condition without a comma ends before "may": before who may ("whenever a battle is initiated at same
    site both players may draw …")."""
    for k, who in ((may - 2, "both players"), (may - 1, "opponent"), (may - 1, "you")):
        if cur.words(k, who) == may:
            return k
    return may


def past_quote(cur: Cursor, start: int, i: int) -> int:
    """Past the quote that closes a condition's quoted word (from start): "While 'hit,' draws …"."""
    opened = cur.lows[start:i].count("'") % 2
    return i + 1 if opened and cur.low(i) == "'" else i
