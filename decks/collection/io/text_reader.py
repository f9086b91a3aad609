"""Bulk-edit lines as players type them: `2 Darth Vader [Premiere]`, `2x Name`, `-1 Name` (remove one), `Name`
(one copy); `#` starts a comment line. The set in brackets is optional."""

import re

from decks.collection.io.base import ReadResult, RowProblem
from decks.collection.io.rows import build_row
from decks.collection.io.text import as_text

_LINE = re.compile(
    r"^(?:(?P<count>[-+]?[0-9]+)\s*[x×]?\s+)?(?P<name>.+?)\s*(?:\[(?P<set>[^\[\]]*)\])?$", re.I
)


def read_text(data: bytes | str) -> ReadResult:
    result = ReadResult(format="text")
    for number, raw in enumerate(as_text(data).splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        found = _LINE.match(line)
        if not found:
            result.problems.append(
                RowProblem(number, "bad-line", f"Line {number} cannot be read.", line[:60])
            )
            continue
        values = {"quantity": found["count"] or "1", "name": found["name"], "set": found["set"] or ""}
        built = build_row(values, number, signed=True)
        if isinstance(built, list):
            result.problems.extend(built)
        else:
            result.rows.append(built)
    return result
