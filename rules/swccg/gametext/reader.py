"""The reader: a card's game text in, a tuple of Effects out, one or more per sentence, in the text's order.

A sentence is read as [leading condition ","] clause (separator clause)* [trailing condition]. Each clause is
matched by hand-written readers over its tokens (clauses_*.py); brackets after a clause may give an alternative
number ("(3 if Falcon)", "(< 5 while armed with a lightsaber)"). A sentence any part of which no reader matches
is one UNREAD effect with its text. Work is bounded: the text and each sentence are length-capped, every reader
moves forward over the tokens, and nothing backtracks.
"""

from dataclasses import replace

from . import clauses_actions as actions
from . import clauses_battle as battle
from . import clauses_deploy as deploy
from . import clauses_stats as stats
from . import clauses_weapons as weapons
from .conditions import read_condition
from .found import Found, effect, name_until
from .records import CardText
from .sentences import split_sentences
from .tokens import Cursor, number, tokenize
from .vocabulary import STAT_KINDS, UNREAD, Condition, Effect

MAX_TEXT = (
    4_000  # characters of a card's text read (the longest SWCCG text has 1,240); the rest is kept unread
)
MAX_TOKENS = 160  # tokens of a sentence (the longest has about 110)
MAX_CLAUSES = 12

ANY = None  # a reader that may start with a subject: tried whatever the first word
# Each reader with the words a clause it reads may start with ("#": a number), in the order they are tried: a
# clause is offered only to the readers its first word fits.
CLAUSES = (
    (battle.read_permanent_pilot, {"permanent"}),
    (battle.read_pilot, {"adds", "add"}),
    (battle.read_battle_destiny, {"adds", "add", "may", "draws", "draw"}),
    (battle.read_adds_to_destiny, {"each", "adds", "add", "subtracts", "subtract", "#"}),
    (battle.read_adds_to_total, {"may", "adds", "add", "force"}),
    (stats.read_adds_to_stat, {"adds", "add", "subtracts", "subtract", "#"}),
    (battle.read_immunity, {"immune"}),
    (battle.read_capacity, {"may"}),
    (battle.read_simple, {"may", "has", "cannot", "deploys", "prevents"}),
    (battle.read_destiny_limit, ANY),
    (battle.read_no_react, {"opponent"}),
    (battle.read_fly, {"may"}),
    (deploy.read_moves_like, {"deploys"}),
    (deploy.read_deploys_for, {"deploys", "may"}),
    (deploy.read_take_off, {"takes"}),
    (deploy.read_deploys_only, {"deploys", "deploy", "may", "must"}),
    (deploy.read_may_not_deploy, {"may", "does"}),
    (deploy.read_deploy_as, {"may"}),
    (deploy.read_move_react, {"may"}),
    (deploy.read_move_cost, {"moves", "move", "may"}),
    (deploy.read_may_deploy_aboard, {"may", "deploys", "deploy"}),
    (deploy.read_deploys_on, {"use", "deploy", "deploys"}),
    (stats.read_stat_change, ANY),
    (actions.read_agenda, {"agenda", "agendas"}),
    (actions.read_maintenance, {"end"}),
    (actions.read_take_into_hand, {"take"}),
    (actions.read_deploy_from_pile, {"deploy"}),
    (actions.read_peek, {"peek"}),
    (actions.read_cancel, {"cancel", "cancels"}),
    (actions.read_force, {"retrieve", "opponent", "lose"}),
    (actions.read_draw_destiny, {"both", "opponent", "draw", "draws"}),
    (actions.read_targeted_by, {"may"}),
    (actions.read_target, {"target"}),
    (actions.read_place, {"place"}),
    (actions.read_draw_cards, {"draw", "draws"}),
    (actions.read_card_action, {"steal", "retrieve", "exchange", "reveal", "search"}),
    (actions.read_landspeed_cost, {"to", "requires"}),
    (actions.read_suspend, ANY),
    (actions.read_lost, ANY),
)
WEAPON_CLAUSES = (
    (weapons.read_weapon_target, {"may", "target"}),
    (weapons.read_weapon_destiny, {"both", "draw"}),
    (weapons.read_weapon_hit, {"target", "character", "vehicle", "starship", "creature"}),
    (weapons.read_weapon_adjust, {"add", "subtract", "adds", "subtracts"}),
    (weapons.read_fire_repeatedly, {"may"}),
)


def _by_first_word(readers) -> tuple[dict[str, tuple], tuple]:
    words = {w for _, starts in readers if starts for w in starts}
    table = {w: tuple(r for r, starts in readers if starts is ANY or w in starts) for w in words}
    return table, tuple(r for r, starts in readers if starts is ANY)


_READERS = _by_first_word(CLAUSES)
_WEAPON_READERS = _by_first_word(WEAPON_CLAUSES + CLAUSES)


def _readers(cur: Cursor, i: int, weapon: bool) -> tuple:
    table, anywhere = _WEAPON_READERS if weapon else _READERS
    first = cur.low(i)
    key = "#" if first not in table and number(cur.tokens[i]) is not None else first
    return table.get(key, anywhere)


LEADING = ("while", "when", "if", "unless", "whenever", "at", "on", "during")
TRAILING = (
    "if",
    "while",
    "when",
    "unless",
    "whenever",
    "at",
    "on",
    "to",
    "in",
    "aboard",
    "during",
    "where",
    "here",
    "with",
    "as",
    "under",
)
SEPARATORS = (",", "and", ";", "but")


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


def _commas(cur: Cursor, first: int, end: int) -> list[int]:
    """The first comma and up to three more after it, outside brackets."""
    found = [first]
    k = first
    while len(found) < 4:
        k = name_until(cur, k + 1, (",",))
        if k >= end:
            break
        found.append(k)
    return found


def _clauses(cur: Cursor, i: int, end: int, weapon: bool, depth: int = 0) -> list[Effect] | None:
    """The clauses of tokens i..end, or None when one is not understood."""
    leads: list[Condition] = []
    limits: list[str] = []
    while i < end:
        if cur.low(i) in ("also", "instead"):
            i += 2 if cur.low(i + 1) == "," else 1
            continue
        limit, k = _limit(cur, i, end)
        if k >= 0:
            limits.append(limit)
            i = k
            continue
        if cur.low(i) in LEADING:
            comma = name_until(cur, i, (",", ":"))
            if comma < end:
                # "When Booster, Mirax or Wedge piloting, Immune to attrition < 5": the condition may hold commas
                # of its own; it ends at the first comma after which the rest reads.
                for later in _commas(cur, comma, end) if depth < 1 else ():
                    rest = _clauses(cur, later + 1, end, weapon, depth + 1)
                    if rest is not None and later != comma:
                        return _finish(rest, [*leads, read_condition(cur, i, later)], limits)
                    if rest is not None:
                        break
                leads.append(read_condition(cur, i, comma))
                i = comma + 1
                continue
            # "When with General Calrissian may add one battle destiny": no comma, the condition ends at "may".
            may = name_until(cur, i, ("may",))
            if i + 1 < may < end:
                leads.append(read_condition(cur, i, may))
                i = may
                continue
        break
    effects: list[Effect] = []
    trail = None
    clauses = 0
    while i < end:
        clauses += 1
        if clauses > MAX_CLAUSES:
            return None
        found = _clause(cur, i, weapon)
        if found is None:
            return None
        group, i = found
        if i > end:
            return None
        if effects and effects[-1].target and effects[-1].kind in STAT_KINDS.values():
            # "your smugglers are each forfeit +2 and defense value +2": the subject goes on.
            group = [
                replace(e, target=effects[-1].target) if e.kind in STAT_KINDS.values() and not e.target else e
                for e in group
            ]
        while i < end and cur.low(i) == "(":
            close = cur.closing(i)
            if close < 0 or close >= end:
                return None
            for start, stop in _alternatives(cur, i + 1, close):
                more = _alternative(cur, start, stop, group[-1])
                if more is None:
                    return None
                group.extend(more)
            i = close + 1
        effects.extend(group)
        if i >= end:
            break
        k = cur.words(i, "for each")
        if k >= 0:
            stop = name_until(cur, k, (";", ".", "(", ","))
            words = "for each " + cur.text(k, stop)
            effects[-len(group) :] = [replace(e, detail=(*e.detail, words)) for e in group]
            i = stop
            if i >= end:
                break
        if cur.low(i) in TRAILING or cur.words(i, "as long as") >= 0:
            stop = name_until(cur, i, (";",))
            trail = (
                read_condition(cur, i, min(stop, end)) if cur.low(i) != "here" else Condition("at", "here")
            )
            if stop >= end:
                i = end
                break
            effects = _conditioned(effects, trail)
            trail = None
            i = stop
        moved = False
        while i < end and (cur.low(i) in SEPARATORS or cur.words(i, "or use") >= 0):
            i += 1
            moved = True
        if not moved:
            return None
    if trail is not None:
        effects = _conditioned(effects, trail)
    return _finish(effects, leads, limits)


def _finish(effects: list[Effect], leads: list[Condition], limits: list[str]) -> list[Effect]:
    """The leading conditions and limits put on every effect of the sentence."""
    for lead in reversed(leads):
        if lead.kind == "piloting":
            # "When piloting Falcon, adds 2 to maneuver": to the maneuver of what it pilots.
            effects = [_piloted(e, lead.subject) for e in effects]
        elif lead.kind == "aboard" and lead.subject:
            # "While aboard any starfighter, adds 2 to power, maneuver and hyperspeed": the starship's numbers.
            effects = [_aboard(e, lead.subject) for e in effects]
        effects = _conditioned(effects, lead)
    if limits:
        effects = [replace(e, detail=(*e.detail, *limits)) for e in effects]
    return effects


def _aboard(e: Effect, what: str) -> Effect:
    mine = not e.target or e.target == "it"
    return replace(e, target=what) if e.kind in _CRAFT_STATS and mine and e.amount is not None else e


_CRAFT_STATS = {"power", "maneuver", "hyperspeed", "armor"}


def _piloted(e: Effect, what: str) -> Effect:
    kind = battle.PILOT_KINDS.get(e.kind)
    mine = not e.target or e.target == "it"
    return replace(e, kind=kind, target=what) if kind and mine and e.amount is not None else e


# "Once per game", "Twice per battle", "Once during each of your control phases", "Once each turn during your
# control phase": a limit on how often the effect is used, kept in its detail.
def _limit(cur: Cursor, i: int, end: int) -> tuple[str, int]:
    if cur.low(i) not in ("once", "twice") or cur.low(i + 1) not in ("per", "during", "each", "a", "every"):
        return "", -1
    for k in range(i + 2, min(end, i + 12)):
        low = cur.low(k)
        if low in (",", "may", "you", "if", "opponent"):
            return cur.text(i, k).casefold(), k + 1 if low == "," else k
    return "", -1


def _conditioned(effects: list[Effect], condition: Condition) -> list[Effect]:
    out = []
    for e in effects:
        if e.condition is None:
            out.append(replace(e, condition=condition))
        elif e.condition is not condition:
            out.append(replace(e, condition=Condition("all", "", False, (condition, e.condition))))
        else:
            out.append(e)
    return out


def _clause(cur: Cursor, i: int, weapon: bool, depth: int = 0) -> Found:
    if cur.words(i, "permanent weapon") >= 0:
        return _permanent_weapon(cur, i)
    found = _plain_clause(cur, i, weapon)
    if found is not None or depth > 3:
        return found
    # "may …", "you may …": an optional action; "use 1 Force to …", "lose 2 Force to …": its cost.
    k, _ = cur.any_of(i, ("you may", "may"))
    if k >= 0:
        found = _clause(cur, k, weapon, depth + 1)
        return ([replace(e, detail=("may", *e.detail)) for e in found[0]], found[1]) if found else None
    k, word = cur.any_of(i, ("use", "lose"))
    if k >= 0:
        amount, k = cur.count(k)
        if k >= 0 and cur.words(k, "force to") >= 0:
            found = _clause(cur, k + 2, weapon, depth + 1)
            if found is not None:
                return [effect("force-cost", value=amount, detail=(word,)), *found[0]], found[1]
    return None


def _plain_clause(cur: Cursor, i: int, weapon: bool) -> Found:
    if i >= cur.n:
        return None
    for reader in _readers(cur, i, weapon):
        found = reader(cur, i)
        if found is not None:
            return found
    # "he draws one battle destiny…": the card itself; "it is maneuver +1" (what it pilots, under "While piloting").
    if cur.low(i) in ("he", "she", "it", "they"):
        k = i + 2 if cur.low(i + 1) in ("is", "are") and cur.low(i) == "it" else i + 1
        found = _plain_clause(cur, k, weapon)
        if found is not None:
            return (
                found
                if cur.low(i) != "it"
                else ([e if e.target else replace(e, target="it") for e in found[0]], found[1])
            )
    # "Custom TIE is immune to attrition < 4", "he may not be targeted by weapons": a subject, then a clause.
    if cur.low(i) in LEADING or cur.low(i) in TRAILING:
        return None
    for k in range(i + 1, min(cur.n, i + 10)):
        low = cur.low(k)
        if low in (",", ";", "(", ":"):
            break
        if low in ("is", "are", "may", "deploys", "deploy", "draws", "moves", "move"):
            start = k + 1 if low in ("is", "are") else k
            if cur.low(start) == "each":
                start += 1
            for reader in _readers(cur, start, False) if start < cur.n else ():
                found = reader(cur, start)
                if found is not None:
                    subject = cur.text(i, k)
                    return [e if e.target else replace(e, target=subject) for e in found[0]], found[1]
            break
    return None


def _permanent_weapon(cur: Cursor, i: int) -> Found:
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
        inner = _clauses(cur, start, stop, True)
        if inner is None:
            found.append(effect(UNREAD, target=cur.text(start, stop)))
        else:
            found.extend(replace(e, detail=(*e.detail, "permanent weapon")) for e in inner)
        start = stop + 1
    return found, close + 1


def _alternatives(cur: Cursor, i: int, j: int) -> list[tuple[int, int]]:
    """A bracket's alternatives, cut at commas that open another number: "< 6 if alone, < 7 if both"."""
    parts, start = [], i
    for k in range(i, j):
        if cur.low(k) == "," and (cur.low(k + 1) in ("<", "+", "-") or cur.count(k + 1)[1] >= 0):
            parts.append((start, k))
            start = k + 1
    parts.append((start, j))
    return parts


def _alternative(cur: Cursor, i: int, j: int, last: Effect) -> list[Effect] | None:
    """Brackets after a clause giving another number for it: "(3 if Falcon)", "(< 5 while armed with a
    lightsaber)", "(or 3 to power of anything he drives)", "(free if Poe or Rey)", "(-2 on Tatooine or
    Coruscant)"."""
    k = j
    if cur.low(i) == "or":
        i += 1
    amount, value = last.amount, last.value
    kind = last.kind
    target = last.target
    if cur.low(i) == "<" and kind == "immune-attrition":
        amount, i = cur.count(i + 1)
    elif cur.low(i) in ("free", "for") and kind in (
        "deploy-cost",
        "deploys-only-on",
        "deploy-aboard",
        "deploys-on",
    ):
        i2 = cur.words(i, "for free")
        i = i2 if i2 >= 0 else cur.words(i, "free")
        kind, amount, value, target = "deploy-cost", None, 0.0, ""
    elif cur.signed(i)[1] >= 0 and kind in ("deploys-only-on", "deploy-aboard"):
        amount, i = cur.signed(i)
        kind, value, target = "deploy-cost", None, ""
    elif kind.startswith("pilot-") and cur.count(i)[1] >= 0 and cur.low(i + 1) == "to":
        pairs, i = battle.pilot_pairs(cur, i)
        if i < 0:
            return None
        what, verb, k2 = battle.piloted(cur, i)
        if k2 >= 0:
            target, i = what, k2
        condition = _alternative_condition(cur, i, k, kind)
        if condition is False:
            return None
        detail = (verb or last.detail[0], "alternative")
        return [Effect(kind_, "", n, None, target, condition, detail) for n, kind_ in pairs]
    else:
        amount, i = cur.count(i)
        if last.value is not None:  # "(1 on your non-unique warrior)" after "Use 2 Force to deploy on …"
            amount, value = None, amount
    if i < 0:
        return None
    condition = _alternative_condition(cur, i, k, kind)
    if condition is False:
        return None
    return [Effect(kind, "", amount, value, target, condition, (*last.detail, "alternative"))]


def _alternative_condition(cur: Cursor, i: int, k: int, kind: str) -> Condition | None | bool:
    """The condition closing an alternative (None if it has none, False if its words are not one)."""
    if i >= k:
        return None
    if cur.low(i) not in TRAILING:
        return False
    condition = read_condition(cur, i, k)
    if kind.startswith("pilot-") and condition.kind == "state" and cur.low(i) == "if":
        return Condition("piloting", condition.subject, condition.negated)
    return condition
