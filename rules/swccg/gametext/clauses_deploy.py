"""Clauses about where and how a card deploys and moves: "Deploys only on Tatooine", "Must deploy on Death Star,
but may move elsewhere", "May not deploy to Dagobah", "May deploy as a 'react'", "May deploy as an Undercover spy
to Coruscant", "May move as a 'react' for free", "Use 2 Force to deploy on your warrior", "Deploy on Vader"."""

from dataclasses import replace

from .found import Found, effect, name_until
from .tokens import Cursor
from .vocabulary import Condition

_PLACE = ("on", "to", "at", "aboard", "in")
_STOPS = (";", "if", "unless", "while", "when", "(", ".")


def _ends_place(cur: Cursor, k: int) -> bool:
    """Brackets that give a cost end a place ("to a site (-2 on Tatooine)"); others belong to it ("to Emperor's
    site (or related site)")."""
    first = cur.low(k + 1)
    return first in ("+", "-", "free", "for") or cur.count(k + 1)[1] >= 0


def _place(cur: Cursor, i: int) -> tuple[str, int]:
    """A place after "on"/"to"/"at"/"aboard" (or a role: "as an Undercover spy at …"): its words and where they
    end."""
    if cur.low(i) not in _PLACE and cur.low(i) != "as":
        return "", -1
    start = i + 1 if cur.low(i) not in ("aboard", "as") else i
    end = name_until(cur, start, _STOPS)
    while cur.low(end) == "(" and not _ends_place(cur, end):
        close = cur.closing(end)
        if close < 0:
            break
        end = name_until(cur, close + 1, _STOPS)
    return cur.text(start, end), end


def read_deploys_only(cur: Cursor, i: int) -> Found:
    """ "Deploys only on Tatooine", "Deploys only to a site as an Undercover spy", "Deploys only if Rescue The
    Princess on table" (its condition follows), "Must deploy on Tatooine, but may move elsewhere"."""
    j, phrase = cur.any_of(
        i,
        (
            "deploys only",
            "deploy only",
            "may deploy only",
            "may only deploy",  # "May only deploy on Hoth or Cloud City"
            "must deploy",
            "must be deployed",
            "deploy at",
            "deploy to",
        ),
    )
    if phrase in (
        "deploy at",
        "deploy to",
    ):  # a device's or automated weapon's "Deploy at same exterior site as …"
        j -= 1
    if j < 0:
        return None
    detail = ("must",) if phrase.startswith("must") else ()
    if cur.low(j) in ("if", "unless", "while", "when"):
        return [effect("deploys-only-on", detail=detail)], j
    target, end = _place(cur, j)
    if end < 0:
        return None
    but = cur.find(j, "but", end)
    if but > j and cur.low(but - 1) == ",":
        target, end = cur.text(j + 1, but - 1), but - 1
    k = cur.words(end, ", but may move elsewhere")
    if k >= 0:
        detail, end = (*detail, "may move elsewhere"), k
    return [effect("deploys-only-on", target=target, detail=detail)], end


def read_may_not_deploy(cur: Cursor, i: int) -> Found:
    """ "May not deploy to Dagobah", "May not be deployed to …", "May not be deployed if …" (its condition
    follows)."""
    j, _ = cur.any_of(i, ("may not deploy", "may not be deployed", "may not be played", "does not deploy"))
    if j < 0:
        return None
    if cur.low(j) in ("if", "unless", "while", "when", "during"):
        return [effect("may-not-deploy-to")], j
    target, end = _place(cur, j)
    return ([effect("may-not-deploy-to", target=target)], end) if end >= 0 else None


def read_deploy_as(cur: Cursor, i: int) -> Found:
    """ "May deploy as a 'react'", "May deploy -2 as a 'react'", "May deploy as an Undercover spy to Coruscant",
    "Deploys only to a site as an Undercover spy" is read by read_deploys_only; "May deploy as a 'react' to a
    site" keeps the place in `detail`."""
    j = cur.words(i, "may deploy")
    if j < 0:
        return None
    found = []
    k = cur.words(j, "with a pilot")
    if k >= 0:  # "May deploy with a pilot as a 'react'"
        j = k
    amount, k = cur.signed(j)
    if k >= 0:
        j = k
    k, _ = cur.any_of(j, ("as a", "as an"))
    if k < 0:
        return None
    end = name_until(cur, k, _PLACE + _STOPS + (",", "and"))
    role = cur.text(k, end).strip("'`").rstrip(".")
    if not role:
        return None
    if amount is not None:  # "May deploy -2 as a 'react'": the cost when deploying so
        found.append(effect("deploy-cost", amount=amount, detail=(cur.text(k - 2, end),)))
    detail = ()
    if cur.low(end) in _PLACE:
        place, end2 = _place(cur, end)
        if place:
            detail, end = (f"{cur.low(end)} {place}",), end2
    return [effect("deploy-aboard", target=role, detail=detail), *found], end


def read_move_react(cur: Cursor, i: int) -> Found:
    """ "May move as a 'react'", "… for free", "… for 1 additional Force", "May move to an adjacent site as a
    'react'", "May deploy or move as a 'react' to a forest or Endor site" (both), "may move here as a 'react'"."""
    j, phrase = cur.any_of(i, ("may deploy or move", "may move"))
    if j < 0:
        return None
    place = ""
    k = cur.find(j, "as", name_until(cur, j, (";", ",", "(")))
    if k < 0:
        return None
    if k > j:
        place = cur.text(j, k)
    j = cur.words(k, "as a")
    if j < 0:
        return None
    if cur.low(j) == "'":
        j += 1
    j = cur.words(j, "react")
    if j < 0:
        return None
    while cur.low(j) in ("'", "."):
        j += 1
    free = cur.words(j, "( for free )")  # "May move as a 'react' (for free) to a battle where …"
    if free >= 0:
        j = free
    if cur.low(j) == "only" and cur.low(j + 1) in ("to", "at"):
        j += 1
    if cur.low(j) in ("to", "at") and not place:
        end = name_until(cur, j, (";", ",", "if", "for"))
        place, j = cur.text(j, end), end
    detail = (place,) if place else ()
    found = [effect("deploy-aboard", target="'react'", detail=detail)] if "deploy" in phrase else []
    if free >= 0:
        return [*found, effect("move-react", value=0.0, detail=detail)], j
    k = cur.words(j, "for free")
    if k >= 0:
        return [*found, effect("move-react", value=0.0, detail=detail)], k
    k = cur.words(j, "for")
    if k >= 0:
        amount, k = cur.count(k)
        k2, _ = cur.any_of(k, ("additional force", "force")) if k >= 0 else (-1, "")
        if k2 >= 0:
            return [*found, effect("move-react", value=amount, detail=detail)], k2
        return None
    return [*found, effect("move-react", detail=detail)], j


def read_move_cost(cur: Cursor, i: int) -> Found:
    """ "Moves for free", "may move to this site for free" (with a subject: "Your battle droids …")."""
    j = cur.words(i, "deploys and moves for free")  # "R2-D2 deploys and moves for free to same location"
    if j >= 0:
        return [effect("deploy-cost", value=0.0), effect("move-cost", value=0.0)], j
    j, _ = cur.any_of(i, ("moves", "move", "may move"))
    if j < 0:
        return None
    end = name_until(cur, j, (";", ",", "(", "for", "and"))
    k = cur.words(end, "for free")
    if k < 0:
        return None
    detail = (cur.text(j, end),) if end > j else ()
    return [effect("move-cost", value=0.0, detail=detail)], k


def read_may_deploy_aboard(cur: Cursor, i: int) -> Found:
    """What may deploy aboard this card, said with a subject the reader puts in `target`: "Turbolaser Battery may
    deploy aboard", "Guri deploys aboard for free", "Turbolaser batteries and laser cannons may deploy aboard for
    free"."""
    j, _ = cur.any_of(i, ("may deploy aboard", "deploys aboard", "deploy aboard"))
    if j < 0:
        return None
    found = [effect("may-deploy-aboard")]
    k = cur.words(j, "for free")
    k = k if k >= 0 else cur.words(j, "free")
    if k >= 0:
        return [*found, effect("deploy-cost", value=0.0)], k
    return found, j


def _other_cost(cur: Cursor, j: int) -> bool:
    j += cur.low(j) == "or"
    k = j + 1 if cur.low(j) == "free" else cur.count(j)[1]
    return k >= 0 and cur.low(k) == "on"


# A comma before these ends a list of cards: "may deploy on a Rebel Cell site, ignores Jedi, is immune to Alter".
_CLAUSE_VERBS = {"ignores", "is", "are", "may", "adds", "draws", "deploys"}


def read_deploys_on(cur: Cursor, i: int) -> Found:
    """A weapon's or device's "Deploy on Vader", "Use 2 Force to deploy on your warrior", "Deploy on your Leia or
    use 3 Force to deploy on your other warrior"."""
    found = []
    j = i
    k = cur.words(j, "use")
    if k >= 0:
        amount, k = cur.count(k) if cur.low(k) != "x" else (None, k + 1)
        if k < 0:
            return None
        k = cur.words(k, "force to")
        if k < 0:
            return None
        found.append(effect("deploy-cost", value=amount))
        j = k
    k, _ = cur.any_of(j, ("deploy on", "deploys on"))
    if k < 0:
        return None
    end = name_until(cur, k, (";", "(", "if", "where", "use"))
    for c in range(k, end):  # the list of cards ends where another cost begins: ", or 3 on …", ", free on …"
        if cur.low(c) == "," and (_other_cost(cur, c + 1) or cur.low(c + 1) in _CLAUSE_VERBS):
            end = c
            break
    if cur.low(end - 1) == "," and cur.low(end) == "where":
        end -= 1
    if cur.low(end) == "use" and cur.low(end - 1) == "or":
        end -= (
            1  # "Deploy on your Leia or use 3 Force to deploy on your other warrior": two ways, two clauses
        )
    if end <= k:
        return None
    target = cur.text(k, end)
    if found:  # "Use 3 Force to deploy on your other warrior": the cost of deploying there
        found[0] = replace(found[0], condition=Condition("at", target))
    found.insert(0, effect("deploys-on", target=target))
    # "…, free on 4-LOM", "…, or 3 on your other bounty hunter", "…, 4 on any other warrior": other costs.
    while cur.low(end) == ",":
        j = end + 1 + (cur.low(end + 1) == "or")
        value, k2 = (0.0, j + 1) if cur.low(j) == "free" else cur.count(j)
        if k2 < 0 or cur.low(k2) != "on":
            break
        stop = name_until(cur, k2 + 1, (";", "(", ","))
        found.append(effect("deploy-cost", value=value, condition=Condition("at", cur.text(k2 + 1, stop))))
        end = stop
    if cur.low(end) == "," and cur.words(end + 1, "where x =") >= 0:
        end += 1
    if cur.words(end, "where x =") >= 0 and found[-1].kind == "deploy-cost":
        stop = name_until(cur, end + 3, (";",))
        found[-1] = effect("deploy-cost", detail=("X", cur.text(end + 1, stop)))
        end = stop
    return found, end


def read_moves_like(cur: Cursor, i: int) -> Found:
    """ "Deploys and moves like a starfighter", "Deploys and moves like an undercover spy"."""
    j = cur.words(i, "deploys and moves like")
    if j < 0:
        return None
    end = name_until(cur, j, (";", ",", "("))
    return ([effect("deploys-and-moves-like", target=cur.text(j, end))], end) if end > j else None


def read_deploys_for(cur: Cursor, i: int) -> Found:
    """ "Deploys for 1 Force to an unoccupied site" (the place follows as a condition); "May deploy to exterior
    sites"."""
    j = cur.words(i, "deploys for")
    if j >= 0:
        amount, k = cur.count(j)
        k = cur.words(k, "force") if k >= 0 else -1
        return ([effect("deploy-cost", value=amount)], k) if k >= 0 else None
    j = cur.words(i, "may deploy to")
    if j < 0:
        return None
    end = name_until(cur, j, (";", ",", "(", "if"))
    return ([effect("may-deploy-to", target=cur.text(j, end))], end) if end > j else None


def read_take_off(cur: Cursor, i: int) -> Found:
    """ "Takes off and lands for free"."""
    j = cur.words(i, "takes off and lands for free")
    return ([effect("move-cost", value=0.0, detail=("takes off and lands",))], j) if j >= 0 else None
