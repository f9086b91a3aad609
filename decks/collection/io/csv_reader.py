"""Collection CSV files: our column set (docs/collections.md), swccgdb's inventory export
(`code,name,side,set,type,subtype,qty`) and the columns of Moxfield, Deckbox and Archidekt exports
(`Count`/`Quantity`, `Name`, `Edition`/`Set`/`Edition Code`, `Collector Number`, `Foil`/`Finish`, `Condition`).
Header names are case-insensitive; columns we have no use for are listed in `ignored_columns`, never guessed at."""

import csv
import io

from decks.collection.io.base import CollectionFileError, ReadResult, RowProblem
from decks.collection.io.fields import COLUMNS, FIELD_OF, RANK, fold_header
from decks.collection.io.limits import MAX_COLUMNS, MAX_FIELD_CHARS
from decks.collection.io.rows import build_row
from decks.collection.io.text import as_text


def read_csv(data: bytes | str) -> ReadResult:
    text = as_text(data)
    if not text.strip():
        raise CollectionFileError("collection-columns", "The file is empty: it needs a header line and rows.")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader)
    except csv.Error as exc:
        raise CollectionFileError(
            "parse-error", f"Line 1 (the header) cannot be read: {exc}.", line=1
        ) from None
    columns = _columns(header)
    result = ReadResult(format=_format(header))
    result.ignored_columns = [
        h.strip() for h, f in zip(header, columns, strict=True) if f is None and h.strip()
    ]
    width = len(header)
    ranked = [(f, RANK.get(fold_header(h), 0)) for h, f in zip(header, columns, strict=True)]
    start = reader.line_num + 1
    while True:
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # an unclosed quote runs to the end of the file
            result.problems.append(
                RowProblem(start, "bad-line", f"Line {start} cannot be read ({exc}); check its quotes.")
            )
            start = reader.line_num + 1
            continue
        line, start = start, reader.line_num + 1
        if not any(cell.strip() for cell in record):
            continue  # blank lines separate nothing and hold nothing
        if len(record) > width:
            result.problems.append(
                RowProblem(
                    line,
                    "bad-line",
                    f"Line {line} has {len(record)} fields; the header has {width}. Quote fields with commas.",
                    ",".join(record)[:60],
                )
            )
            continue
        built = build_row(_pick(record, ranked), line)
        if isinstance(built, list):
            result.problems.extend(built)
        else:
            result.rows.append(built)
    return result


def _pick(record: list[str], ranked: list[tuple[str | None, int]]) -> dict[str, str]:
    """Each field's value; of several columns for one field, the first spelling of ALIASES that is filled in
    (Archidekt writes both "Edition Code" and "Edition Name")."""
    best: dict[str, tuple[bool, int, str]] = {}
    for cell, (field, rank) in zip(record, ranked, strict=False):
        if field is None:
            continue
        key = (not cell.strip(), rank, cell)
        if field not in best or key[:2] < best[field][:2]:
            best[field] = key
    return {field: cell for field, (_empty, _rank, cell) in best.items()}


def _columns(header: list[str]) -> list[str | None]:
    if len(header) > MAX_COLUMNS:
        raise CollectionFileError(
            "collection-too-large",
            f"The header has {len(header)} columns; at most {MAX_COLUMNS} are read.",
            limit=MAX_COLUMNS,
            size=len(header),
            unit="columns",
        )
    if any(len(h) > MAX_FIELD_CHARS for h in header):
        raise CollectionFileError("collection-columns", "A header name is too long: line 1 is not a header.")
    columns = [FIELD_OF.get(fold_header(h)) for h in header]
    found = set(columns)
    if "quantity" not in found or not {"card", "name"} & found:
        raise CollectionFileError(
            "collection-columns",
            "Line 1 must be a header naming a quantity column (quantity, qty, count) and a card column (card, "
            f"code, name); it has: {', '.join(h.strip() for h in header)[:200] or 'nothing'}.",
            line=1,
        )
    return columns


def _format(header: list[str]) -> str:
    folded = [fold_header(h) for h in header]
    if tuple(folded) == COLUMNS:
        return "cardsdb"
    if {"code", "qty"} <= set(folded):
        return "swccgdb"
    return "other"
