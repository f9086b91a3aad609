"""Brackets after a clause giving another number for it: "(3 if Falcon)", "(< 5 while armed with a lightsaber)",
"(or 4 to power and 3 to maneuver if Vader's Custom TIE)", "(free if Poe or Rey)", "(-2 on Tatooine or
Coruscant)", "(1 on your non-unique warrior)"."""

from . import clauses_pilots as pilots
from .conditions import read_condition
from .found import name_until
from .grammar import TRAILING
from .tokens import Cursor
from .vocabulary import STAT_KINDS, Condition, Effect


def alternatives(cur: Cursor, i: int, j: int) -> list[tuple[int, int]]:
    """A bracket's alternatives, cut at commas that open another number: "< 6 if alone, < 7 if both"."""
    parts, start = [], i
    for k in range(i, j):
        if cur.low(k) == "," and (cur.low(k + 1) in ("<", "+", "-") or cur.count(k + 1)[1] >= 0):
            parts.append((start, k))
            start = k + 1
    parts.append((start, j))
    return parts


def alternative(cur: Cursor, i: int, j: int, last: Effect) -> list[Effect] | None:
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
    elif (
        cur.low(i) in ("free", "for") and kind == "weapon-fire-cost"
    ):  # "(for free if on your non-unique warrior)"
        i2 = cur.words(i, "for free")
        i = i2 if i2 >= 0 else cur.words(i, "free")
        amount, value = None, 0.0
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
    elif cur.signed(i)[1] >= 0 and kind in STAT_KINDS.values() and last.amount is not None:
        amount, i = cur.signed(i)  # "it is maneuver +1 (+2 if Pulsar Skate)"
    elif kind.startswith("pilot-") and cur.count(i)[1] >= 0 and cur.words(i + 1, "to any") >= 0:
        # "(or 3 to any speeder bike)": the same bonus, more for what it pilots there
        amount = cur.count(i)[0]
        stop = name_until(cur, i + 3, ("if", "when", "while"))
        return [Effect(kind, "", amount, None, cur.text(i + 3, stop), None, (*last.detail, "alternative"))]
    elif kind.startswith("pilot-") and cur.count(i)[1] >= 0 and cur.low(i + 1) == "to":
        pairs, i = pilots.pilot_pairs(cur, i)
        if i < 0:
            return None
        what, verb, k2 = pilots.piloted(cur, i)
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
    if (
        condition is not None and last.condition is not None
    ):  # "… when Lando or Nien Nunb piloting (< 6 when both)"
        condition = Condition("all", "", False, (last.condition, condition))
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
