"""Collection JSON: our export (`{"format": "cardsdb-collection", "version": 1, "game": …, "cards": [...]}`) or a
bare list of objects whose keys are any of the CSV columns (case-insensitive). Problems are numbered by item
(the first item is 1), as a CSV file's are by line."""

from cardsdb import jsonsafe
from decks.collection.io.base import CollectionFileError, ReadResult, RowProblem
from decks.collection.io.fields import FIELD_OF, fold_header
from decks.collection.io.limits import MAX_LINES
from decks.collection.io.rows import build_row
from decks.collection.io.text import as_text

FORMAT = "cardsdb-collection"
VERSION = 1


def read_json(data: bytes | str, *, game: str = "", signed: bool = False) -> ReadResult:
    """signed: quantities may be negative (the pages' own "add" previews, where -1 removes a copy)."""
    text = as_text(data)
    try:
        document = jsonsafe.loads(text)
    except jsonsafe.JSONInputError as exc:
        raise CollectionFileError(exc.code, exc.message) from None
    items = document
    if isinstance(document, dict):
        if document.get("format") not in (FORMAT, None) or not isinstance(document.get("cards"), list):
            raise CollectionFileError(
                "collection-columns",
                f'A collection JSON object has "format": "{FORMAT}" and a "cards" list (or send a bare list).',
            )
        items = document["cards"]
        stated = document.get("game")
        if stated and isinstance(stated, str) and game and stated != game:
            raise CollectionFileError(
                "collection-columns", f"The file is a {stated} collection; it is being imported into {game}."
            )
    if not isinstance(items, list):
        raise CollectionFileError("collection-columns", "A collection JSON file is a list of card objects.")
    if len(items) > MAX_LINES:
        raise CollectionFileError(
            "collection-too-large",
            f"The file has {len(items):,} items; at most {MAX_LINES:,} are read.",
            limit=MAX_LINES,
            size=len(items),
            unit="items",
        )
    result = ReadResult(format="json")
    for number, item in enumerate(items, 1):
        values = _values(item)
        if isinstance(values, RowProblem):
            result.problems.append(RowProblem(number, values.code, f"Item {number}: {values.message}"))
            continue
        built = build_row(values, number, signed=signed)
        if isinstance(built, list):
            result.problems.extend(built)
        else:
            result.rows.append(built)
    return result


def _values(item) -> dict[str, str] | RowProblem:
    if not isinstance(item, dict):
        return RowProblem(0, "bad-line", 'each item is an object such as {"card": "1_168", "quantity": 2}.')
    values: dict[str, str] = {}
    for key, value in item.items():
        field = FIELD_OF.get(fold_header(key)) if len(key) <= 40 else None
        if field is None:
            continue
        if isinstance(value, bool) and field == "finish":
            value = "foil" if value else ""
        elif isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        elif value is None:
            value = ""
        if not isinstance(value, str):
            return RowProblem(0, "bad-line", f"{key!r} must be text or a whole number.")
        values[field] = value
    return values
