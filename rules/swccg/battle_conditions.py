"""Whether a card text's condition holds in one battle, decided from what the battle's request says: who is at the
location on each side, who is aboard what, and the location if it is named (rules/swccg/battle_text.py applies the
effects). Three answers: True, False, or None — the request cannot tell, and the calculator asks.

A subject the text names is either a name ("Luke", "Vader's Custom TIE", "Luke or Chewie") or a class of cards
("a Jedi", "your troopers", "an Imperial"). A name is looked for among the cards' names (as a run of whole words:
"Vader" is "Darth Vader"'s) and persona codes: found is True, not found is False — the request lists every card
there. A class is looked for among the cards' types, subtypes, icons and characteristics: found is True, not found
is None (the stored cards do not list every class a card belongs to).
"""

from dataclasses import dataclass

from .cards import CcgCard
from .gametext import Condition

_ARTICLES = ("a ", "an ", "any ", "another ", "your ", "one of your ", "opponent's ", "each ")
_MARKS = "•◇<>'\"‘’“”"


@dataclass(frozen=True, slots=True)
class Placed:
    """One card of the request: its side, and what it is aboard (None: at the location itself)."""

    card: CcgCard
    side: str
    carrier: CcgCard | None = None
    carrier_index: int | None = None  # the carrier's place in Table.placed
    aboard: tuple[CcgCard, ...] = ()  # for a starship or vehicle: the cards aboard it


def _words(text: str) -> list[str]:
    return "".join(ch for ch in text.casefold() if ch not in _MARKS).replace(":", " ").split()


def _is_name(subject: str) -> bool:
    """A proper name: capitalized, no article, and not a one-word plural ("Rebels", "TIEs": classes)."""
    lowered = subject.casefold()
    if not subject[:1].isupper() or lowered.startswith(_ARTICLES):
        return False
    return not (" " not in subject and subject.endswith("s") and not subject.endswith("'s"))


def named(subject: str, card: CcgCard) -> bool:
    """Whether `card` is the one a name names: its words in the card's name, in order, or a persona code."""
    wanted = _words(subject)
    if not wanted:
        return False
    have = _words(card.name)
    if any(have[i : i + len(wanted)] == wanted for i in range(len(have) - len(wanted) + 1)):
        return True
    return "".join(wanted).upper() in card.personas


def of_class(subject: str, card: CcgCard) -> bool:
    """Whether `card` belongs to a class of cards the text names ("a Jedi", "your troopers")."""
    words = _words(subject)
    while words and words[0] in ("a", "an", "any", "another", "your", "each", "one", "of", "opponent's"):
        words = words[1:]
    if not words:
        return False
    term = " ".join(words)
    singular = term[:-1] if term.endswith("s") and not term.endswith("ss") else term
    kinds = {
        card.type.casefold(),
        card.subtype.casefold(),
        *(w.casefold() for w in card.icons + card.characteristics),
    }
    return term in kinds or singular in kinds


def _parts(subject: str) -> tuple[str, list[str]]:
    """("any" or "all", the subjects) of "Luke or Chewie", "Luke and Leia", "Luke"."""
    for joiner, mode in ((" or ", "any"), (" and ", "all")):
        if joiner in subject:
            return mode, [p.strip(" ,") for p in subject.replace(", ", joiner).split(joiner) if p.strip(" ,")]
    return "any", [subject.strip()]


def among(subject: str, cards: list[CcgCard]) -> bool | None:
    """Whether the subject is among `cards` (True/False), or None when a class is not found."""
    mode, parts = _parts(subject)
    found = []
    for part in parts:
        if _is_name(part):
            found.append(any(named(part, c) for c in cards))
        else:  # a class, or a one-word name ending in s ("Biggs"): found either way is True
            found.append(True if any(of_class(part, c) or named(part, c) for c in cards) else None)
    return _combine(mode, found)


def _combine(mode: str, found: list[bool | None]) -> bool | None:
    if mode == "any":
        return True if True in found else (None if None in found else False)
    return False if False in found else (None if None in found else True)


@dataclass(frozen=True, slots=True)
class Table:
    """What the request says about the battle: every card placed, and the location (None: not named)."""

    placed: tuple[Placed, ...]
    location: CcgCard | None = None

    def side_cards(self, side: str, but: Placed | None = None) -> list[CcgCard]:
        return [p.card for p in self.placed if p.side == side and p is not but]


def decide(condition: Condition | None, here: Placed, table: Table) -> bool | None:
    """Whether `condition` holds for the card `here` in this battle; None when the request cannot tell."""
    if condition is None:
        return True
    found = _decide(condition, here, table)
    return (not found) if (found is not None and condition.negated) else found


def _decide(condition: Condition, here: Placed, table: Table) -> bool | None:
    kind, subject = condition.kind, condition.subject
    if kind in ("all", "any"):
        return _combine(kind, [decide(part, here, table) for part in condition.parts])
    if kind == "in-battle":
        return True if not subject else None
    if kind in ("with", "present-with"):
        return among(subject, table.side_cards(here.side, but=here)) if subject else None
    if kind == "here":
        everyone = [p.card for p in table.placed if p is not here]
        return among(subject, everyone) if subject else None
    if kind in ("piloting", "aboard"):
        if here.carrier is None:
            return False  # the request places it at the location itself
        return among(subject, [here.carrier])
    if kind == "piloted-by":
        if not (here.card.is_starship or here.card.type == "Vehicle"):
            return None
        return among(subject, list(here.aboard)) if here.aboard else False
    if kind == "alone":
        return len(table.side_cards(here.side)) == 1
    if kind == "at":
        lowered = subject.casefold()
        if lowered in ("same site", "same location", "same system", "same site or location"):
            return True  # everyone in the battle is at its location
        for opening in ("same site as ", "same location as ", "same system as "):
            if lowered.startswith(opening):
                return among(subject[len(opening) :], [p.card for p in table.placed if p is not here])
        return _at(subject, table.location)
    return None  # a phase, a target, a state of the game: the request does not say


def _at(subject: str, location: CcgCard | None) -> bool | None:
    if location is None or not subject:
        return None
    mode, parts = _parts(subject)
    found = []
    for part in parts:
        if _is_name(part):
            found.append(named(part, location))  # its name holds its system's
        else:
            found.append(True if of_class(part, location) else None)
    return _combine(mode, found)
