"""The records the collection readers produce: rows as read (before any card is looked up), the problems of lines
that cannot be read, and the refusals of a whole file. Plain Python: no Django, no database."""

from dataclasses import dataclass, field

# Finishes and conditions as stored (decks.models.CollectionItem); "" is "not stated" in both.
FINISHES = ("", "foil")
CONDITIONS = ("", "M", "NM", "LP", "MP", "HP", "D")

# Line problem codes, with what each means (docs/collections.md lists them too).
PROBLEM_CODES = {
    "bad-quantity": "The quantity is not a whole number from 0 to the limit.",
    "no-card": "The line names no card: neither a card code nor a name.",
    "unknown-card": "No card of the game has this code or name; 'candidates' are the closest cards.",
    "ambiguous-card": "Several cards have this name; add the set or use the card code.",
    "other-game": "The line's game is not the game being imported.",
    "unknown-printing": "The card has no printing in the set given.",
    "unknown-variant": "The card has no such variant (alternate image).",
    "bad-finish": "The finish is not one we know (normal, foil).",
    "bad-condition": "The condition is not one we know (M, NM, LP, MP, HP, D).",
    "field-too-long": "A field is longer than any card reference can be.",
    "bad-field": "A field holds a line break or control characters.",
    "bad-line": "The line cannot be read (wrong shape).",
    "below-zero": "The change would take the line's quantity below 0.",
}


@dataclass(frozen=True)
class Row:
    """One line of a collection file, as written: the card reference and what is owned of it."""

    line: int  # the line (CSV, text) or item number (JSON), from 1
    quantity: int
    card: str = ""  # a card code: ours, a GEMP id, or swccgdb's code
    name: str = ""
    set: str = ""  # a set code, abbreviation or name
    number: str = ""  # the collector number within the set
    variant: str = ""
    finish: str = ""
    condition: str = ""
    game: str = ""
    side: str = ""


@dataclass(frozen=True)
class RowProblem:
    line: int
    code: str
    message: str
    text: str = ""  # the line's card reference as written
    candidates: tuple[tuple[str, str, str], ...] = ()  # (code, title, side) of the closest cards


@dataclass
class ReadResult:
    format: str  # cardsdb, swccgdb, other (foreign columns), json, text
    rows: list[Row] = field(default_factory=list)
    problems: list[RowProblem] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)


class CollectionFileError(ValueError):
    """The whole file is refused (too large, not text, no usable header): nothing was read."""

    def __init__(self, code: str, message: str, *, line: int | None = None, **details):
        super().__init__(message)
        self.code, self.message, self.line, self.details = code, message, line, details
