"""A reader's problems as sentences: English templates with the values they quote, so that the API gives the
English and the pages say the same in their language (decks/legality/decklist_messages.py). Plain Python."""

from dataclasses import dataclass


def gettext_noop(template: str) -> str:
    """Marks an English message template for the translators (makemessages finds it by this name) and gives it
    back unchanged: the readers stay plain Python and write English; the pages translate the template."""
    return template


@dataclass(frozen=True, slots=True)
class Said:
    """One sentence of a problem's message: its English template (`gettext_noop`) and the values it quotes.

    A value is text or a number (grouped by thousands when its name is in GROUPED), a nested `Said` (a phrase chosen by the reader), a tuple of strings (sides
    any of which: "Light or Dark") or, under the name `cards`, a tuple of (card_id, title, side) candidates.
    `english` fills it in as the API gives it; decks/legality/decklist_messages.py fills it in the page's
    language.
    """

    template: str
    params: tuple[tuple[str, object], ...] = ()

    def english(self) -> str:
        return self.template % {name: _english_value(name, value) for name, value in self.params}


# numbers written with thousands separators ("1,234 characters"); a line number or a count is written plain
GROUPED = frozenset({"size", "limit", "copies"})


def said(template: str, **params) -> Said:
    return Said(template, tuple(params.items()))


def _english_value(name: str, value: object) -> object:
    if isinstance(value, Said):
        return value.english()
    if name == "cards":
        return "; ".join(describe(c) for c in value)
    if isinstance(value, tuple):
        return " or ".join(value)
    if isinstance(value, int) and name in GROUPED:
        return f"{value:,}"
    return value


def describe(candidate: tuple[str, str, str]) -> str:
    card_id, title, side = candidate
    return f"{title} ({card_id}, {side})"
