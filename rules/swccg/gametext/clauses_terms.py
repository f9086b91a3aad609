"""A game term in quotes and what it means, as the text glosses it: "'defuse' (lose) any one mine", "'choke' (lose)
one Imperial", "snare (steal) one Bantha", "'evacuate' (relocate) both to a related site", "'roar' (defense value
= 4)", "'Diplomatic' immunity to attrition < 2"; and terms whose meaning the rules give: "'Explodes' at beginning
of your next turn", "'detonate'", "make a 'wager'". The effect is the gloss's; the term is kept in `detail`."""

from dataclasses import replace

from .clauses_stats import stat_at
from .found import Found, effect, name_until
from .tokens import Cursor

# The verbs a term is glossed with, and the kind of effect each is.
_GLOSSES = {"lose": "lost", "steal": "steal", "relocate": "relocate"}


def _term(cur: Cursor, i: int) -> tuple[str, int]:
    """A quoted word at i ("'defuse'"), or a bare one before a bracket ("snare (steal)"): (the word, index after)."""
    if cur.low(i) == "'":  # "'defuse'", "'jump off'"
        close = next((k for k in range(i + 2, min(cur.n, i + 5)) if cur.low(k) == "'"), -1)
        return (cur.text(i + 1, close), close + 1) if close > 0 else ("", -1)
    if cur.low(i + 1) == "(" and cur.low(i).isalpha():
        return cur.text(i, i + 1), i + 1
    return "", -1


def read_glossed_action(cur: Cursor, i: int) -> Found:
    """ "'defuse' (lose) any one mine at same site": `lost`, target "any one mine"; "'evacuate' (relocate) both to
    a related site": `relocate`, detail where to."""
    term, j = _term(cur, i)
    if j >= 0 and cur.words(j, "( disembark )") >= 0:  # "characters aboard may 'jump off' (disembark)"
        return [effect("disembark", detail=(term,))], j + 3
    if j < 0 or cur.low(j) != "(" or cur.low(j + 2) != ")" or cur.low(j + 1) not in _GLOSSES:
        return None
    kind = _GLOSSES[cur.low(j + 1)]
    start = j + 3
    stops = (";", ",", "(", "and", ":", "to") if kind == "relocate" else (";", ",", "(", "and", ":")
    end = name_until(cur, start, stops)
    while cur.low(end) == "," and (cur.tokens[end + 1].text[:1].isupper() if end + 1 < cur.n else False):
        end = name_until(cur, end + 1, stops)  # "one Bantha, Dewback, Wampa, … or Dragonsnake present"
    if cur.words(end, ", or") >= 0:
        end = name_until(cur, end + 2, stops)
    if end == start:
        return None
    found = effect(kind, target=cur.text(start, end), detail=(term,))
    if kind == "relocate" and cur.low(end) == "to":
        stop = name_until(cur, end, (";", ",", "("))
        found, end = replace(found, detail=(cur.text(end, stop), term)), stop
    return [found], end


def read_glossed_stat(cur: Cursor, i: int) -> Found:
    """ "may 'roar' (defense value = 4)", "May 'fly' (landspeed = 3)": a number set while the term is used."""
    j = cur.words(i, "may")
    term, j = _term(cur, j) if j >= 0 else ("", -1)
    if j < 0 or cur.low(j) != "(":
        return None
    kind, k = stat_at(cur, j + 1)
    if k < 0 or cur.low(k) != "=":
        return None
    value, k = cur.count(k + 1)
    if k < 0 or cur.low(k) != ")":
        return None
    return [effect(kind, value=value, detail=(term.casefold(),))], k + 1


def read_quoted_immunity(cur: Cursor, i: int) -> Found:
    """ "'Diplomatic' immunity to attrition < 2": immune to attrition, the term in `detail`."""
    term, j = _term(cur, i)
    k = cur.words(j, "immunity to attrition <") if j >= 0 else -1
    amount, k = cur.count(k) if k >= 0 else (None, -1)
    return ([effect("immune-attrition", amount=amount, detail=(term,))], k) if k >= 0 else None


def read_explodes(cur: Cursor, i: int) -> Found:
    """ "'Explodes' at beginning of your next turn" (when: `detail`), "may 'detonate'" (a Thermal Detonator)."""
    j, word = cur.any_of(i, ("' explodes '", "' detonate '"))
    if j < 0:
        return None
    k = cur.words(j, "at beginning of")
    if k < 0:
        return [effect("explodes", detail=(word.strip("' "),))], j
    end = name_until(cur, k, (";", ",", "("))
    return [effect("explodes", detail=(word.strip("' "), cur.text(j, end)))], end


def read_wager(cur: Cursor, i: int) -> Found:
    """ "make a 'wager'" (what a wager is, the card's next sentences say)."""
    j = cur.words(i, "make a ' wager")
    if j < 0:
        return None
    return [effect("wager")], j + (cur.low(j) == "'")
