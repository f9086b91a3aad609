"""The reader: a card's game text in, a tuple of Effects out, one or more per sentence, in the text's order.

A sentence is read as [leading condition ","] clause (separator clause)* [trailing condition]. Each clause is
matched by hand-written readers over its tokens (clauses_*.py); brackets after a clause may give an alternative
number ("(3 if Falcon)", "(< 5 while armed with a lightsaber)"). A sentence any part of which no reader matches
is one UNREAD effect with its text. Work is bounded: the text and each sentence are length-capped, every reader
moves forward over the tokens, and the one retry — where a leading condition that holds commas ends — tries at
most four commas, once.
"""

from dataclasses import replace

from .brackets import bracket, permanent_weapon
from .conditions import read_condition
from .found import Found, effect, name_until
from .grammar import LEADING, OR_BEFORE, SEPARATORS, TRAILING, readers
from .records import CardText
from .sentence_parts import (
    NOT_A_SUBJECT,
    PURPOSE_VERBS,
    before_who,
    commas,
    conditioned,
    finish,
    holds_clause,
    how_much,
    limit,
    names_only,
    past_quote,
    subject_ends,
    with_subject,
)
from .sentences import split_sentences
from .tokens import Cursor, tokenize
from .vocabulary import STAT_KINDS, UNREAD, Condition, Effect

# The kinds whose subject goes on to the next clause: "Any snub fighter he pilots is maneuver +1 and immune to
# attrition < 4".
_SUBJECT_KINDS = {*STAT_KINDS.values(), "immune-attrition", "immune-to"}
# … and the kinds that take it from each: "your Force drains here are +1 and may not be canceled".
_TAKES_SUBJECT = {kind: {*_SUBJECT_KINDS, "may-not-be"} for kind in _SUBJECT_KINDS} | {
    "force-drain": {"may-not-be"}
}
# Characters of a card's text read (the longest SWCCG text has 1,240); the rest is kept as one unread effect.
MAX_TEXT = 4_000
MAX_TOKENS = 160  # tokens of a sentence (the longest has about 110)
MAX_CLAUSES = 12


def read_card(
    card: CardText, protected: tuple[str, ...] = (), memo: dict | None = None
) -> tuple[Effect, ...]:
    """Every effect of the card's text; `protected` are titles whose punctuation does not end a sentence
    (sentences.protected_titles). `memo`, a dict the caller keeps while reading many cards, reads each distinct
    sentence once (a third of the catalogue's sentences repeat: reprints, alternate images, older versions)."""
    text = card.gametext or ""
    if text.strip() in ("", "<none>"):
        return ()
    found: list[Effect] = []
    weapon = card.type == "Weapon"
    for sentence in split_sentences(text[:MAX_TEXT], protected):
        if memo is None:
            found.extend(read_sentence(sentence, weapon))
            continue
        key = (sentence, weapon)
        if key not in memo:
            memo[key] = read_sentence(sentence, weapon)
        found.extend(memo[key])
    if len(text) > MAX_TEXT:
        found.append(Effect(UNREAD, text[MAX_TEXT:]))
    return tuple(found)


def read_sentence(sentence: str, weapon: bool = False) -> tuple[Effect, ...]:
    tokens = tokenize(sentence)
    if not tokens or len(tokens) > MAX_TOKENS:
        return (Effect(UNREAD, sentence),)
    # The closing mark (and a quote around it: "as a 'react.'") is not part of any clause.
    end = len(tokens)
    while end > 0 and tokens[end - 1].low in (".", "!", "'"):
        end -= 1
    cur = Cursor(sentence, tokens[:end])
    effects = _clauses(cur, 0, end, weapon)
    if effects is None:
        return (Effect(UNREAD, sentence),)
    if any(e.kind == "permanent-pilot" for e in effects):
        # "Permanent pilot …, who … adds 2 to power": the pilot's bonus, not a change to the printed number.
        effects = [
            replace(e, detail=(*e.detail, "permanent pilot")) if e.kind in STAT_KINDS.values() else e
            for e in effects
        ]
    return tuple(replace(e, sentence=sentence) for e in effects)


def _clauses(cur: Cursor, i: int, end: int, weapon: bool, depth: int = 0) -> list[Effect] | None:
    """The clauses of tokens i..end, or None when one is not understood."""
    leads: list[Condition] = []
    limits: list[str] = []
    while i < end:
        if cur.low(i) in ("also", "instead", "then", "*"):  # "*" marks a footnote sentence: "*Landspeed = 3."
            i += 2 if cur.low(i + 1) == "," else 1
            continue
        if cur.words(i, "text :") == i + 2:  # "Text: Adds 3 to power of anything he pilots."
            i += 2
            continue
        found_limit, k = limit(cur, i, end)
        if k >= 0:
            limits.append(found_limit)
            i = k
            continue
        if cur.low(i) in LEADING:
            comma = name_until(cur, i, (",", ":"))
            if comma < end:
                # "When Booster, Mirax or Wedge piloting, Immune to attrition < 5": the condition may hold commas
                # of its own; it ends at the first comma after which the rest reads.
                for later in commas(cur, comma, end) if depth < 1 else ():
                    if later != comma and not names_only(cur, comma + 1, later):
                        break
                    rest = _clauses(cur, past_quote(cur, i, later + 1), end, weapon, depth + 1)
                    if rest is not None and later != comma:
                        return finish(rest, [*leads, read_condition(cur, i, later)], limits)
                    if rest is not None:
                        break
                leads.append(read_condition(cur, i, comma))
                i = past_quote(cur, i, comma + 1)
                continue
            # "When with General Calrissian may add one battle destiny": no comma, the condition ends at "may".
            may = name_until(cur, i, ("may",))
            # "whenever a battle is initiated at same site both players may draw …": who may, not the condition
            may = before_who(cur, may)
            if i + 1 < may < end:
                leads.append(read_condition(cur, i, may))
                i = may
                continue
            # "While Luke is not on Tatooine your total Force generation is +1": it ends before "your" when the rest
            # reads (the first "your" only: one try).
            yours = name_until(cur, i, ("your",))
            rest = _clauses(cur, yours, end, weapon, depth + 1) if i + 2 < yours < end and depth < 1 else None
            if rest is not None:
                return finish(rest, [*leads, read_condition(cur, i, yours)], limits)
        break
    effects: list[Effect] = []
    trail = mid = None
    clauses = 0
    while i < end:
        clauses += 1
        if clauses > MAX_CLAUSES:
            return None
        mid_limit, k = limit(cur, i, end) if clauses > 1 else ("", -1)
        if k >= 0:  # "… and, once during each of your move phases, may cancel …": for the next clause only
            i = k
        if cur.low(i) in LEADING and clauses > 1:
            # "adds 2 to power and, at a cloud sector, may draw one battle destiny …": for the next clause only.
            comma = name_until(cur, i, (",",))
            if comma < end:
                mid, i = read_condition(cur, i, comma), comma + 1
        found = _clause(cur, i, weapon)
        if found is None:
            return None
        group, i = found
        if mid_limit:
            group = [replace(e, detail=(*e.detail, mid_limit)) for e in group]
        if i > end:
            return None
        takers = _TAKES_SUBJECT.get(effects[-1].kind, ()) if effects and effects[-1].target else ()
        if takers:
            # "your smugglers are each forfeit +2 and defense value +2": the subject goes on.
            group = [
                replace(e, target=effects[-1].target) if e.kind in takers and not e.target else e
                for e in group
            ]
        while i < end and cur.low(i) == "(":
            close = cur.closing(i)
            if close < 0 or close >= end:
                return None
            group = bracket(cur, i + 1, close, group, weapon, depth, _clauses)
            if group is None:
                return None
            i = close + 1
        if mid is not None:
            group = conditioned(group, mid)
            mid = None
        effects.extend(group)
        if i >= end:
            break
        # "for each opponent's starship present", "for remainder of turn": how much, how long.
        words, stop = how_much(cur, i, end)
        if words:
            effects[-len(group) :] = [replace(e, detail=(*e.detail, words)) for e in group]
            i = stop
            if i >= end:
                break
        if cur.low(i) == "to" and _clause(cur, i + 1, weapon) is not None:
            # "may play Utinni! to cancel a Force drain": what it is done for, a clause of its own.
            i += 1
            continue
        if cur.low(i) == "to" and cur.low(i + 1) in PURPOSE_VERBS:
            return None  # what it is done for, not understood
        if cur.low(i) in TRAILING or cur.words(i, "as long as") >= 0:
            stop = name_until(cur, i, (";", "("))
            close = cur.closing(stop) if cur.low(stop) == "(" else -1
            if 0 < close < end - 1 and cur.low(close + 1) not in (";", ","):
                stop = name_until(cur, close + 1, (";",))  # "if Sidious (or Insidious Prisoner) on table"
            here = cur.low(i) in ("here", "there") and stop == i + 1  # "… are +1 there"
            # "… where you have a non-unique alien and all your non-unique aliens are deploy -1": a condition
            # ends at an "and" after which the rest of the sentence reads as clauses of its own.
            rest = None
            for k in range(i + 1, min(stop, end)) if depth < 1 and not here else ():
                if cur.low(k) == "and" and (rest := _clauses(cur, k + 1, end, weapon, depth + 1)) is not None:
                    stop = k
                    break
            if rest is None and holds_clause(cur, i, min(stop, end)):
                return None  # "… at battleground systems, and you may not cancel …": a clause not understood
            trail = read_condition(cur, i, min(stop, end)) if not here else Condition("at", cur.low(i))
            if rest is not None:
                effects = [*conditioned(effects, trail), *rest]
                trail, i = None, end
                break
            if stop >= end:
                i = end
                break
            effects = conditioned(effects, trail)
            trail = None
            i = stop
            # "Immune to attrition < 4 when Lando or Nien Nunb piloting (< 6 when both)": another number after it.
            while i < end and cur.low(i) == "(":
                close = cur.closing(i)
                more = (
                    bracket(cur, i + 1, close, [effects[-1]], weapon, depth, _clauses)
                    if 0 < close < end
                    else None
                )
                if more is None:
                    return None
                effects[-1:] = (
                    more  # the last effect, perhaps with another condition ("(or while …)"), and more
                )
                i = close + 1
            if i >= end:
                break
        moved = False
        while i < end and (cur.low(i) in SEPARATORS or (cur.low(i) == "or" and cur.low(i + 1) in OR_BEFORE)):
            i += 1
            moved = True
        if not moved:
            return None
    if trail is not None:
        effects = conditioned(effects, trail)
    return finish(effects, leads, limits)


def _clause(cur: Cursor, i: int, weapon: bool, depth: int = 0) -> Found:
    if cur.words(i, "permanent weapon") >= 0:
        return permanent_weapon(cur, i, _clauses)
    if cur.low(i) in (
        "cumulatively",
        "randomly",
        "immediately",
    ):  # "… to cumulatively add 1 to his power", "randomly retrieve", "may immediately deploy"
        found = _clause(cur, i + 1, weapon, depth + 1) if depth < 3 else None
        word = cur.low(i)
        return ([replace(e, detail=(*e.detail, word)) for e in found[0]], found[1]) if found else None
    found = _plain_clause(cur, i, weapon, depth)
    if found is not None or depth > 3:
        return found
    # "may …", "you may …": an optional action; "use 1 Force to …", "lose 2 Force to …": its cost.
    k, _ = cur.any_of(i, ("you may", "may"))
    if k >= 0:
        found = _clause(cur, k, weapon, depth + 1)
        return ([replace(e, detail=("may", *e.detail)) for e in found[0]], found[1]) if found else None
    k, word = cur.any_of(i, ("use", "lose"))
    if k >= 0:
        x = (
            cur.low(k) == "x"
        )  # "may use X Force to place Taa in your Used Pile" (X: said in another sentence)
        amount, k = (None, k + 1) if x else cur.count(k)
        if k >= 0 and cur.words(k, "force to") >= 0:
            found = _clause(cur, k + 2, weapon, depth + 1)
            if found is not None:
                detail = (word, "X") if x else (word,)
                return [effect("force-cost", value=amount, detail=detail), *found[0]], found[1]
    return None


def _plain_clause(cur: Cursor, i: int, weapon: bool, depth: int = 0) -> Found:
    if i >= cur.n:
        return None
    for reader in readers(cur, i, weapon):
        found = reader(cur, i)
        if found is not None:
            return found
    # "he draws one battle destiny…": the card itself; "it is maneuver +1" (what it pilots, under "While piloting").
    if cur.low(i) in ("he", "she", "it", "they", "is"):  # "…: adds 1 to your Force drains there, is power +1"
        k = i + 2 if cur.low(i + 1) in ("is", "are") and cur.low(i) == "it" else i + 1
        found = _plain_clause(cur, k, weapon, depth + 1)
        if found is not None:
            return (
                found
                if cur.low(i) != "it"
                else ([e if e.target else replace(e, target="it") for e in found[0]], found[1])
            )
    # "Custom TIE is immune to attrition < 4", "he may not be targeted by weapons": a subject, then a clause.
    if cur.low(i) in LEADING or cur.low(i) in TRAILING or cur.low(i) in NOT_A_SUBJECT:
        return None
    for k in range(i + 1, min(cur.n, i + 24)):
        low = cur.low(k)
        if low == "," and cur.low(i) in ("your", "opponent's") and subject_ends(cur, i, k):
            continue  # "Opponent's spies, gamblers and thieves may not …": a list of cards
        if low in (",", ";", "(", ":"):
            break
        if low in ("is", "are", "may", "deploys", "deploy", "draws", "moves", "move"):
            if low == "draws" and cur.low(k - 1) == "destiny":  # "Battle destiny draws may not be canceled"
                continue
            if not subject_ends(cur, i, k):
                break
            start = k + 1 if low in ("is", "are") else k
            if cur.low(start) == "each":
                start += 1
            found = _clause(cur, start, weapon, depth + 1) if start < cur.n and depth < 3 else None
            if found is not None:
                return [with_subject(e, cur.text(i, k)) for e in found[0]], found[1]
            break
    return None
