"""What the deck pages read from a form or a query string: whole numbers as ASCII digits of bounded length (int()
reads "²" or "٣" as digits, or refuses them, and refuses 4,301 digits), and text without NUL characters, which
PostgreSQL refuses in text (a 500 there) while SQLite stores them."""

from django.http import QueryDict

MAX_DIGITS = 18  # any number a page needs (a seed, a count) fits; int() of 18 digits is cheap
NUL = "\x00"
SHOWN_FOR_NUL = "\ufffd"  # the replacement character marks where a NUL was, in the field shown back


def whole_number(
    raw: str | None, default: int | None = None, *, low: int = 0, high: int = 10**18
) -> int | None:
    """The number `raw` spells in ASCII digits, if within [low, high]; else `default`."""
    raw = (raw or "").strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > MAX_DIGITS:
        return default
    value = int(raw)
    return value if low <= value <= high else default


def without_nul(data: QueryDict) -> tuple[QueryDict, list[str]]:
    """(the data with each NUL shown as U+FFFD, the names of the fields that held one, sorted)."""
    fields = sorted(
        {
            key.replace(NUL, SHOWN_FOR_NUL)
            for key, values in data.lists()
            if NUL in key or any(NUL in v for v in values)
        }
    )
    if not fields:
        return data, []
    clean = QueryDict(mutable=True)
    for key, values in data.lists():
        clean.setlist(key.replace(NUL, SHOWN_FOR_NUL), [v.replace(NUL, SHOWN_FOR_NUL) for v in values])
    return clean, fields


LABELS = {
    "cards_json": "card table",
    "current_json": "card table",
    "setup_json": "setup JSON",
    "decklist": "deck list",
}


def nul_message(fields: list[str]) -> str:
    names = ", ".join(LABELS.get(f, f) for f in fields)
    return (
        f"The field{'s' if len(fields) > 1 else ''} {names} held a NUL character (shown as \ufffd), which cannot "
        "be saved: remove it and save again."
    )
