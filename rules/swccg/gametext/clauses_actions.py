"""Actions a card lets its owner take, as the text names them: "take X into hand from Reserve Deck; reshuffle",
"deploy X from Reserve Deck", "peek at …", "cancel …", "retrieve 1 Force", "opponent loses 1 Force", "draw
destiny", "target …"; and what a card is: "Agendas: justice, peace", "End of your turn: Use 1 Force to maintain OR
Place out of play". Costs ("use 1 Force to …") and limits ("Once per game, …") are read around them (reader.py)."""

from dataclasses import replace

from .found import Found, destiny_draw, effect, name_until
from .tokens import Cursor

# Words that cannot begin what a verb acts on ("play during opponent's control phase").
_NOT_AN_OBJECT = {"during", "if", "when", "while", "at", "on", "to", "in", "for", "as", "only"}
# Verbs that open another action after "or" ("shuffle opponent's Reserve Deck or place …").
_VERBS = {"place", "use", "lose", "retrieve", "take", "target", "deploy", "draw", "return"}
PILES = ("reserve deck", "lost pile", "force pile", "used pile")
_END = (";", "(", ".")


def _pile(cur: Cursor, i: int) -> tuple[str, int]:
    """ "[your|opponent's] Reserve Deck" at i: (the pile's name, index after), or ("", -1)."""
    j = i + 1 if cur.low(i) in ("your", "opponent's", "owner's") else i
    k, pile = cur.any_of(j, PILES)
    return (cur.text(i, k), k) if k >= 0 else ("", -1)


def _reshuffle(cur: Cursor, j: int) -> tuple[bool, int]:
    for phrase in ("; reshuffle", "and reshuffle", ", reshuffle", "( reshuffle )"):
        k = cur.words(j, phrase)
        if k >= 0:
            return True, k
    return False, j


def read_take_into_hand(cur: Cursor, i: int) -> Found:
    """ "take one Special Delivery into hand from Reserve Deck; reshuffle", "take one Laser Gate into hand and
    reshuffle" (after "search your Reserve Deck", which named the pile)."""
    j = cur.words(i, "take")
    if j < 0:
        return None
    k = cur.find(j, "into", name_until(cur, j, (";", ".")))
    if k <= j or cur.low(k + 1) != "hand":
        return None
    if cur.low(k + 2) == "from":
        pile, end = _pile(cur, k + 3)
        if end < 0:
            return None
    else:
        pile, end = "", k + 2
    shuffled, end = _reshuffle(cur, end)
    detail = tuple(d for d in (pile, "reshuffle" if shuffled else "") if d)
    return [effect("take-into-hand", target=cur.text(j, k), detail=detail)], end


def read_deploy_from_pile(cur: Cursor, i: int) -> Found:
    """ "deploy a weapon on her from Reserve Deck; reshuffle", "deploy Mirax here from Reserve Deck"."""
    j = cur.words(i, "deploy")
    if j < 0:
        return None
    free = cur.words(j, "( for free )")  # "deploy (for free) an Imperial warrior aboard from …"
    if free < 0:
        free = cur.words(j, "for free")  # "a Vibro-Ax may deploy for free on Snoova from Reserve Deck"
    if free >= 0:
        j = free
    k = cur.find(j, "from", name_until(cur, j, (";", ".")))
    if k <= j:
        return None
    pile, end = _pile(cur, k + 1)
    if end < 0:
        return None
    where = ()
    if cur.low(end) in ("on", "to", "aboard"):  # "from Reserve Deck on this starfighter"
        stop = name_until(cur, end, (";", ",", "(", "and"))
        where, end = (cur.text(end, stop),), stop
    shuffled, end = _reshuffle(cur, end)
    target = cur.text(j, k)
    if cur.low(j) in ("on", "to", "aboard", "here"):  # "a Vibro-Ax may deploy on Snoova from …": the subject
        where, target = (target, *where), ""
    detail = (pile, *where, *(["reshuffle"] if shuffled else []), *(["for free"] if free >= 0 else []))
    return [effect("deploy-from-pile", target=target, detail=detail)], end


def _rest(cur: Cursor, j: int, kind: str, stops=_END) -> Found:
    end = name_until(cur, j, stops)
    return ([effect(kind, target=cur.text(j, end))], end) if end > j else None


def read_peek(cur: Cursor, i: int) -> Found:
    """ "peek at one card from opponent's hand", "peek at top card of any Reserve Deck"."""
    j = cur.words(i, "peek at")
    return _rest(cur, j, "peek") if j >= 0 else None


def read_cancel(cur: Cursor, i: int) -> Found:
    """ "cancel one opponent's battle destiny just drawn", "cancel a Force drain at an adjacent site"; "Cancels
    opponent's immunity to attrition here"."""
    j, word = cur.any_of(i, ("cancel and redraw", "cancel and re-draw", "cancel", "cancels"))
    if j < 0:
        return None
    kind = "cancel-and-redraw" if "and" in word else "cancel"
    return _rest(cur, j, kind) if cur.low(j) != "and" else None


def read_force(cur: Cursor, i: int) -> Found:
    """ "retrieve 1 Force", "opponent loses 1 Force", "lose 1 Force" (as an effect, not a cost)."""
    for phrase, kind in (
        ("retrieve", "retrieve-force"),
        ("opponent loses", "opponent-loses-force"),
        ("opponent must lose", "opponent-loses-force"),
        ("opponent also loses", "opponent-loses-force"),
        ("lose", "lose-force"),
        ("activate", "activate-force"),
    ):
        j = cur.words(i, phrase)
        if j >= 0:
            amount, k = cur.count(j)
            if k >= 0 and cur.low(k) == "force" and cur.low(k + 1) != "to":
                return [effect(kind, amount=amount)], k + 1
    return None


def read_draw_destiny(cur: Cursor, i: int) -> Found:
    """ "Draw destiny", "draw two destiny", "both players draw 2 destiny" (outside a weapon's text)."""
    return destiny_draw(cur, i, "draw-destiny", ("both players", "opponent"), ("draw", "draws"))


def read_target(cur: Cursor, i: int) -> Found:
    """ "target one opponent's alien present" (what the card's own action aims at; weapons read their own)."""
    j = cur.words(i, "target")
    if j < 0 or cur.low(j) not in ("a", "an", "one", "two", "any", "opponent's", "your", "up", "all", "each"):
        return None
    return _rest(cur, j, "target", (";", "(", ".", "and", "for"))


def read_agenda(cur: Cursor, i: int) -> Found:
    """ "Agenda: ambition.", "Agendas: justice, peace."."""
    j, _ = cur.any_of(i, ("agendas :", "agenda :"))
    if j < 0:
        return None
    found = []
    while j < cur.n:
        end = name_until(cur, j, (",", "and"))
        if end == j:
            return None
        found.append(effect("agenda", target=cur.text(j, end)))
        j = end
        if j < cur.n:
            j += 1
    return found, j


def read_maintenance(cur: Cursor, i: int) -> Found:
    """ "End of your turn: Use 1 Force to maintain OR Lose 2 Force to place in Used Pile OR Place out of play"."""
    j = cur.words(i, "end of your turn :")
    if j < 0:
        return None
    k = cur.words(j, "use")
    amount, k = cur.count(k) if k >= 0 else (None, -1)
    k = cur.words(k, "force to maintain") if k >= 0 else -1
    if k < 0:
        return None
    options = []
    while cur.low(k) == "or":
        end = cur.find(k + 1, "or")
        end = cur.n if end < 0 else end
        options.append(cur.text(k + 1, end))
        k = end
    return [effect("maintenance", value=amount, detail=tuple(options))], k


def read_targeted_by(cur: Cursor, i: int) -> Found:
    """ "May be targeted by Hidden Weapons", "May be targeted by Vader's Obsession and Epic Duel instead of Vader"."""
    j = cur.words(i, "may be targeted by")
    return _rest(cur, j, "may-be-targeted-by") if j >= 0 else None


def read_place(cur: Cursor, i: int) -> Found:
    """ "place a card from hand on bottom of Used Pile", "place Taa in your Used Pile", "place him in owner's hand
    instead": what is placed (`target`) and where (`detail`)."""
    j = cur.words(i, "place")
    if j < 0:
        return None
    stop = name_until(cur, j, (";", "(", ",", "and", "to", "if", "when", "while", "unless"))
    if cur.low(stop) == "to" and cur.low(stop + 1) in (
        "bottom",
        "top",
    ):  # "place a card to bottom of Used Pile"
        where = name_until(cur, stop, (";", "(", ",", "and"))
        return [effect("place", target=cur.text(j, stop), detail=(cur.text(stop, where),))], where
    for k in range(stop - 1, j - 1, -1):  # the last "on"/"in" before the clause ends names where it goes
        if cur.low(k) in ("on", "in", "out"):
            where = cur.text(k, stop)
            return [effect("place", target=cur.text(j, k), detail=(where,))], stop
    return None


def read_draw_cards(cur: Cursor, i: int) -> Found:
    """ "draw top card of Reserve Deck", "draw a card from Reserve Deck", "draw bottom card of your Force Pile into
    hand"."""
    j, _ = cur.any_of(i, ("draw", "draws"))
    if j < 0 or cur.low(j) == "destiny" or cur.count(j)[1] >= 0 and cur.low(j + 1) == "destiny":
        return None
    stop = name_until(cur, j + 2 if cur.words(j, "up to") >= 0 else j, (";", "(", ",", "and", "to"))
    words = cur.text(j, stop).casefold()  # "draw up to four cards from Reserve Deck"
    if "card" not in words or not any(p in words for p in PILES):
        return None
    return [effect("draw-cards", target=cur.text(j, stop))], stop


def read_card_action(cur: Cursor, i: int) -> Found:
    """ "steal a lightsaber from …", "retrieve Salacious Crumb", "exchange one card in hand for …", "reveal
    opponent's hand", "search your Lost Pile": the verb is the kind, its object the target."""
    for verb, kind in (
        ("steal", "steal"),
        ("retrieve", "retrieve"),
        ("exchange", "exchange"),
        ("reveal", "reveal"),
        ("search", "search"),
        ("relocate", "relocate"),
        ("follow", "follow"),
        ("play", "play"),
        ("shuffle", "shuffle"),
        ("duel", "duel"),
    ):
        j = cur.words(i, verb)
        object_ok = cur.low(j) not in _NOT_AN_OBJECT or (verb == "relocate" and cur.low(j) == "to")
        counted = cur.count(j)[1]
        # "retrieve Force equal to …" is not a card retrieved
        force = cur.low(j) == "force" or counted >= 0 and cur.low(counted) == "force"
        if verb == "duel" and cur.low(j) not in ("opponent's", "a", "an", "one", "any", "your", "target"):
            continue  # "Duel Of The Fates: …" is a title
        if j >= 0 and j < cur.n and not force and object_ok:
            found = _rest(cur, j, kind, (";", "(", ".", "and", "to", ","))
            other = cur.find(j, "or", found[1]) if found else -1
            if (
                other > j and cur.low(other + 1) in _VERBS
            ):  # "shuffle … or place …": another action, not more cards
                found = [effect(kind, target=cur.text(j, other))], other
            if (
                kind == "relocate" and cur.low(j) == "to"
            ):  # "may relocate to an [Episode I] battleground site"
                found = [effect("relocate")], j
            if found and kind == "relocate" and cur.low(found[1]) == "to":  # where to
                stop = name_until(cur, found[1], (";", "(", ".", "and", ","))
                return [replace(found[0][0], detail=(cur.text(found[1], stop),))], stop
            return found
    return None


def read_landspeed_cost(cur: Cursor, i: int) -> Found:
    """ "To use his landspeed requires +1 Force"."""
    j, _ = cur.any_of(i, ("to use his landspeed requires", "to use her landspeed requires", "requires"))
    if j < 0:
        return None
    amount, k = cur.signed(j)
    if k < 0 or cur.low(k) != "force":
        return None
    if cur.low(i) == "requires":  # "Requires +2 Force to use Landspeed"
        k = cur.words(k + 1, "to use landspeed")
        return ([effect("landspeed-cost", amount=amount)], k) if k >= 0 else None
    return [effect("landspeed-cost", amount=amount)], k + 1
