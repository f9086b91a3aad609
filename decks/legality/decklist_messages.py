"""A deck list's reading problems as the pages say them, in the active language.

The readers (decks/formats_io/) are plain Python and word each problem in English, as the API gives it; each
problem also carries its sentences (`ReadProblem.words`: English templates marked for the translators, with the
values they quote). Here each template is translated and filled in, its sides and numbers in the page's
language; the values that quote the list (names, lines, set hints, card titles) stay as written.
"""

import re

from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext

from cardsdb.labels import either, shown
from decks.formats_io.words import GROUPED, Said

# an unread line kept in a legality check as an unknown card (decks/legality/services.py `unread_ids`), as a
# violation quotes it (repr: in quotes)
_UNREAD_LINE = re.compile(r"(?P<quote>['\"]?)line (?P<line>[0-9]+): ")


def said_text(words: Said) -> str:
    """One sentence in the active language."""
    return gettext(words.template) % {name: _value(name, value) for name, value in words.params}


def problem_message(problem) -> str:
    """A ReadProblem's message in the active language (its English message when it has no sentences)."""
    if not problem.words:
        return problem.message
    return " ".join(said_text(w) for w in problem.words)


def too_large_message(exc) -> str:
    """A list refused as too large (decklists.DecklistTooLarge) in the active language."""
    words = getattr(exc, "words", None)
    return said_text(words) if words is not None else str(exc.detail)


def unread_ref(ref: str) -> str:
    """An unread line as a legality report names it ('line 3: 4 No Such Card'), in the active language."""
    found = _UNREAD_LINE.match(ref)
    if not found:
        return ref
    line = pgettext("a deck list's line that could not be read", "line %(line)s:") % {"line": found["line"]}
    return f"{found['quote']}{line} {ref[found.end() :]}"


def _value(name: str, value: object) -> object:
    if isinstance(value, Said):
        return said_text(value)
    if name == "cards":
        return "; ".join(f"{title} ({card_id}, {shown(side, 'side')})" for card_id, title, side in value)
    if name == "side":
        return shown(value, "side")
    if isinstance(value, tuple):  # sides any of which
        return either(shown(v, "side") for v in value)
    if isinstance(value, int) and name in GROUPED:
        return number_format(value, force_grouping=True)
    return value
