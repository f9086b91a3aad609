"""Our export: CSV with the columns of fields.COLUMNS and the same lines as JSON. Reading an export back gives
the same collection (tests/decks/test_collection_io.py checks it for each game)."""

import csv
import io
import json
from dataclasses import dataclass

from decks.collection.io.fields import COLUMNS
from decks.collection.io.json_reader import FORMAT, VERSION


@dataclass(frozen=True)
class Line:
    """One owned line as exported."""

    game: str
    card: str
    name: str
    set: str
    variant: str
    finish: str
    condition: str
    quantity: int


def write_csv(lines: list[Line]) -> str:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for line in lines:
        writer.writerow([getattr(line, column) for column in COLUMNS])
    return out.getvalue()


def write_json(lines: list[Line], *, game: str) -> str:
    cards = [{column: getattr(line, column) for column in COLUMNS if column != "game"} for line in lines]
    document = {"format": FORMAT, "version": VERSION, "game": game, "cards": cards}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"
