"""How much a deck list may ask of the readers, checked before any parsing.

A 60-card deck is a few thousand characters on fewer than 200 lines in every supported format (a GEMP XML file or
a LackeyCCG .dek writes one line per copy: 1,000 copies stay under the limits). Reading is linear in the text,
except the closest-card suggestions for a line that names no card (a fuzzy search over the catalogue): only the
first unread lines get them; later ones are still reported, with their line number, without candidates.
"""

from dataclasses import dataclass

from decks.formats_io.words import Said, gettext_noop, said

MAX_CHARS = 100_000  # characters in one deck list
MAX_LINES = 2_000  # lines in one deck list
MAX_LINE_CHARS = 500  # one line of a line-based list: a title with its count and set is under 150
MAX_XML_DEPTH = 8  # GEMP: <deck><card>; LackeyCCG: <deck><superzone><card><name>
MAX_SUGGESTED_LINES = 20  # unread lines of one list that get the closest cards as candidates


class TooLarge(Exception):
    """The deck list exceeds a limit: nothing was read. `limit` is the number it exceeds."""

    code = "decklist-too-large"

    def __init__(self, words: Said, *, limit: int, size: int, unit: str):
        super().__init__(words.english())
        self.words = words  # the message as a sentence the pages say in their language
        self.limit, self.size, self.unit = limit, size, unit


def line_count(text: str) -> int:
    return text.count("\n") + 1 if text else 0


def check_size(text: str, *, max_chars: int = MAX_CHARS, max_lines: int = MAX_LINES) -> None:
    """Raise TooLarge when the text has more characters or lines than a deck list can have."""
    if len(text) > max_chars:
        raise TooLarge(
            said(
                gettext_noop(
                    "The deck list has %(size)s characters; at most %(limit)s are read. Send one deck (a 60-card "
                    "list is a few thousand characters)."
                ),
                size=len(text),
                limit=max_chars,
            ),
            limit=max_chars,
            size=len(text),
            unit="characters",
        )
    lines = line_count(text)
    if lines > max_lines:
        raise TooLarge(
            said(
                gettext_noop(
                    "The deck list has %(size)s lines; at most %(limit)s are read. Send one deck (a 60-card list "
                    "has fewer than 200 lines)."
                ),
                size=lines,
                limit=max_lines,
            ),
            limit=max_lines,
            size=lines,
            unit="lines",
        )


@dataclass
class SuggestionBudget:
    """How many more unread lines get closest-card candidates. One per list by default; a batch shares one
    between its lists so that its suggestions stay bounded too."""

    limit: int = MAX_SUGGESTED_LINES
    scope: str = "list"  # named in the note of the lines past the limit
    used: int = 0

    def take(self) -> bool:
        """True (and count it) while lines may still get suggestions."""
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def note(self) -> str:
        return f"closest cards are looked up for the first {self.limit} unread lines of the {self.scope} only"

    def unsuggested(self) -> Said:
        """The note of a line past the limit, as a sentence of a deck list's problem (in brackets)."""
        template = {
            "batch": gettext_noop(
                "(Closest cards are looked up for the first %(limit)s unread lines of the batch only.)"
            ),
            "file": gettext_noop(
                "(Closest cards are looked up for the first %(limit)s unread lines of the file only.)"
            ),
        }.get(
            self.scope,
            gettext_noop(
                "(Closest cards are looked up for the first %(limit)s unread lines of the list only.)"
            ),
        )
        return said(template, limit=self.limit)
