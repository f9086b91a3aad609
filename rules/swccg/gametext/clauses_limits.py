"""What a card, its owner or the opponent may or may not do: "May use any 'stolen' lightsaber", "May not carry or use
devices or weapons", "you may not play Harvest", "opponent may not target Amidala with weapons", "opponent may not
cancel or modify your Force drains here", "prevents opponent from drawing more than one battle destiny", "Deploy
and move only at interior mobile sites", "Never deploys or moves … to a site opponent occupies", "Your docking bay
transit is free"."""

from .found import Found, effect, name_until
from .tokens import Cursor

_END = (";", ",", "(", "and", "if", "when", "while", "unless", "until", ".")
# "and" before these ends what is used: "may use its hyperspeed and land", "… and may not go missing".
_NEXT_VERBS = {"land", "may", "must", "is", "are", "adds", "draws", "moves"}


def _object(cur: Cursor, j: int, stops=_END) -> tuple[str, int]:
    end = name_until(cur, j, stops)
    return (cur.text(j, end), end) if end > j else ("", -1)


def read_may_use(cur: Cursor, i: int) -> Found:
    """ "May use any 'stolen' lightsaber" (not "may use 1 Force to …": a cost), "May not carry or use devices or
    weapons": what it may (not) use, in `target`."""
    j = cur.words(i, "may use")
    if j >= 0:
        if cur.count(j)[1] >= 0 or cur.low(j) in ("x", "force"):
            return None
        what, end = _object(cur, j, (";", ",", "(", "to", "if", "when", "while", "unless", "once", ".", "as"))
        more = cur.find(j, "and", end)
        while more > 0 and cur.low(more + 1) not in _NEXT_VERBS:
            more = cur.find(more + 1, "and", end)
        if more > 0:
            what, end = cur.text(j, more), more
        if not what or cur.low(end) in ("to", "as"):  # "may use all Force Pile cards to cancel …": a cost
            return None
        return [effect("may-use", target=what)], end
    j, said = cur.any_of(i, ("may not carry or use", "may not use"))
    if j < 0:
        return None
    what, end = _object(cur, j, (";", ",", "(", "if", "when", "while", "unless", "until", "."))
    detail = ("carry",) if "carry" in said else ()
    return ([effect("may-not-use", target=what, detail=detail)], end) if what else None


def read_may_not_play(cur: Cursor, i: int) -> Found:
    """ "you may not play Harvest"."""
    j, _ = cur.any_of(i, ("you may not play", "may not play"))
    what, end = _object(cur, j) if j >= 0 else ("", -1)
    return ([effect("may-not-play", target=what)], end) if what else None


def read_may_not_cancel(cur: Cursor, i: int) -> Found:
    """ "you may not cancel opponent's battle destiny draws at systems": what a player may not cancel (`target`),
    whose hand is held (`detail`: you, opponent)."""
    j, who = cur.any_of(i, ("you may not cancel", "opponent may not cancel"))
    what, end = (
        _object(cur, j, (";", ",", "(", "and", "if", "when", "while", "unless", "at", "here"))
        if j >= 0
        else ("", -1)
    )
    if not what or cur.low(j) in ("or", "and"):  # "opponent may not cancel or modify …" is read before
        return None
    return [effect("may-not-cancel", target=what, detail=(who.split()[0],))], end


def read_no_weapon_target(cur: Cursor, i: int) -> Found:
    """ "opponent may not target Amidala with weapons": who may not be targeted by weapons (`target`)."""
    j = cur.words(i, "opponent may not target")
    if j < 0:
        return None
    end = cur.find(j, "with", name_until(cur, j, (";", ",", "(")))
    if end <= j or cur.words(end, "with weapons") < 0:
        return None
    return [effect("not-weapon-target", target=cur.text(j, end))], end + 2


def read_drains_protected(cur: Cursor, i: int) -> Found:
    """ "opponent may not cancel or modify your Force drains here", "prevents opponent from modifying or canceling
    your Force Drains at opponent's related sites": the drains in `target`."""
    j, _ = cur.any_of(
        i,
        (
            "opponent may not cancel or modify",
            "opponent may not modify or cancel",
            "prevents opponent from modifying or canceling",
            "prevents opponent from canceling or modifying",
        ),
    )
    if j < 0 or cur.words(j, "your force drains") < 0:
        return None
    what, end = _object(cur, j, (";", ",", "(", "if", "when", "while", "unless"))
    return [effect("force-drain-protected", target=what)], end


def read_prevents_destiny(cur: Cursor, i: int) -> Found:
    """ "prevents opponent from drawing more than one battle destiny"."""
    j = cur.words(i, "prevents opponent from drawing more than")
    amount, k = cur.count(j) if j >= 0 else (None, -1)
    k = cur.words(k, "battle destiny") if k >= 0 else -1
    return ([effect("battle-destiny-limit", amount=amount, target="opponent")], k) if k >= 0 else None


def read_deploy_requires(cur: Cursor, i: int) -> Found:
    """ "To deploy, requires 1 Force from each players' Force Pile": its deploy cost, and whose Force pays it."""
    j = cur.words(i, "to deploy , requires")
    value, k = cur.count(j) if j >= 0 else (None, -1)
    k = cur.words(k, "force from") if k >= 0 else -1
    if k < 0:
        return None
    end = name_until(cur, k, (";", ",", "("))
    return [effect("deploy-cost", value=value, detail=(cur.text(k - 1, end),))], end


def read_no_other_way(cur: Cursor, i: int) -> Found:
    """ "Cannot deploy otherwise" (after the sentence that says how it deploys)."""
    j = cur.words(i, "cannot deploy otherwise")
    return ([effect("deploys-only-so")], j) if j >= 0 else None


def read_deploy_and_move(cur: Cursor, i: int) -> Found:
    """ "Deploy and move only at interior mobile sites", "Never deploys or moves (even aboard a starship or vehicle)
    to a site opponent occupies": where it deploys and moves (only), or where it never does."""
    j, _ = cur.any_of(
        i, ("deploy and move only at", "deploys and moves only at", "deploys and moves only to")
    )
    if j >= 0:
        where, end = _object(cur, j)
        if not where:
            return None
        return [effect("deploys-only-on", target=where), effect("moves-only-to", target=where)], end
    j, said = cur.any_of(i, ("never deploys or moves", "may not deploy or move"))
    if j < 0:
        return None
    detail: tuple[str, ...] = ()
    if cur.low(j) == "(" and cur.low(j + 1) == "even":
        close = cur.closing(j)
        detail, j = (cur.text(j + 1, close),), close + 1
    if cur.low(j) != "to":
        return None
    where, end = _object(cur, j + 1, (";", ",", "("))
    if not where:
        return None
    return [
        effect("may-not-deploy-to", target=where, detail=detail),
        effect("may-not-move-to", target=where, detail=detail),
    ], end


# The moves that are free for a card's owner: "Your shuttling, landing and taking off to or from same location is
# free", "Your docking bay transit is free".
_MOVES = ("your shuttling , landing and taking off", "your docking bay transit")


def read_free_moves(cur: Cursor, i: int) -> Found:
    """ "Your docking bay transit is free when moving to or from same site": `move-cost` 0 for those moves."""
    j, said = cur.any_of(i, _MOVES)
    if j < 0:
        return None
    end = name_until(cur, j, (";", "(", "is"))
    k = cur.words(end, "is free")
    if k < 0:
        return None
    return [effect("move-cost", value=0.0, detail=(cur.text(i, end),))], k
