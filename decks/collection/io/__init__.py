"""Collection files read and written in plain Python (no ORM): rows as written, the problems of every line that
cannot be read, and the limits checked before any work. Card look-ups are decks/collection/services.py's."""

from decks.collection.io.base import PROBLEM_CODES, CollectionFileError, ReadResult, Row, RowProblem
from decks.collection.io.csv_reader import read_csv
from decks.collection.io.fields import COLUMNS
from decks.collection.io.json_reader import read_json
from decks.collection.io.plan import MODES, Change, plan
from decks.collection.io.text_reader import read_text
from decks.collection.io.writers import Line, write_csv, write_json

KINDS = ("csv", "json", "text")


def read_collection(data: bytes | str, *, kind: str = "", game: str = "") -> ReadResult:
    """kind: csv, json or text (bulk-edit lines); empty: JSON when the text starts with { or [, else CSV."""
    if not kind:
        head = data[:64].lstrip()
        head = head.decode("utf-8", "replace") if isinstance(head, bytes | bytearray) else head
        kind = "json" if head.lstrip("\ufeff").lstrip()[:1] in ("{", "[") else "csv"
    if kind == "json":
        return read_json(data, game=game)
    if kind == "text":
        return read_text(data)
    if kind == "csv":
        return read_csv(data)
    raise ValueError(f"kind is one of {', '.join(KINDS)}")


__all__ = [
    "COLUMNS",
    "KINDS",
    "MODES",
    "PROBLEM_CODES",
    "Change",
    "CollectionFileError",
    "Line",
    "ReadResult",
    "Row",
    "RowProblem",
    "plan",
    "read_collection",
    "read_csv",
    "read_json",
    "read_text",
    "write_csv",
    "write_json",
]
