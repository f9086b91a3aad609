"""The columns a collection file may have, ours and other tools', and how one field's value is read."""

import re

from decks.collection.io.base import CONDITIONS, RowProblem
from decks.collection.io.limits import MAX_FIELD_CHARS, MAX_QUANTITY

# Our own column set, in the order the export writes it.
COLUMNS = ("game", "card", "name", "set", "variant", "finish", "condition", "quantity")

# Header spellings (folded: lower case, single spaces) → our field. Listed first wins when a file has several
# columns for one field (Archidekt writes both "Edition Name" and "Edition Code").
ALIASES: dict[str, tuple[str, ...]] = {
    "quantity": ("quantity", "qty", "count"),
    "card": ("card", "code", "card code", "id", "gemp id", "gempid"),
    "name": ("name", "card name", "title"),
    "set": ("set", "edition code", "set code", "edition", "edition name", "set name"),
    "number": ("collector number", "card number", "number"),
    "variant": ("variant",),
    "finish": ("finish", "foil"),
    "condition": ("condition",),
    "game": ("game",),
    "side": ("side",),
}
FIELD_OF = {spelling: name for name, spellings in ALIASES.items() for spelling in spellings}
RANK = {spelling: i for spellings in ALIASES.values() for i, spelling in enumerate(spellings)}

# What Moxfield, Deckbox and Archidekt write, folded to our codes.
CONDITION_WORDS = {
    "mint": "M",
    "near mint": "NM",
    "near_mint": "NM",
    "lightly played": "LP",
    "lightly_played": "LP",
    "good (lightly played)": "LP",
    "excellent": "LP",
    "moderately played": "MP",
    "moderately_played": "MP",
    "played": "MP",
    "good": "MP",
    "heavily played": "HP",
    "heavily_played": "HP",
    "damaged": "D",
    "poor": "D",
}
FOIL_WORDS = {"foil": "foil", "true": "foil", "yes": "foil", "1": "foil", "x": "foil", "etched": "foil"}
NORMAL_WORDS = {"", "normal", "nonfoil", "non-foil", "false", "no", "0", "regular"}

_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # a tab is harmless, a line break in a field is not


def fold_header(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", " ").split())


def check_field(value: str, line: int, column: str) -> RowProblem | None:
    if len(value) > MAX_FIELD_CHARS:
        return RowProblem(
            line,
            "field-too-long",
            f"Line {line}: the {column} has {len(value):,} characters; at most {MAX_FIELD_CHARS} are read.",
            value[:60],
        )
    if _CONTROL.search(value):
        return RowProblem(
            line,
            "bad-field",
            f"Line {line}: the {column} holds a line break or a control character.",
            value[:60],
        )
    return None


def quantity(raw: str, line: int, *, signed: bool = False) -> int | RowProblem:
    """ASCII digits only (int() would read "٣" or "²", and refuse 4,301 digits), within the bound."""
    text = raw.strip()
    sign = -1 if signed and text.startswith("-") else 1
    digits = text.lstrip("+-") if signed else text
    if not (digits.isascii() and digits.isdigit() and len(digits) <= len(str(MAX_QUANTITY))):
        lowest = -MAX_QUANTITY if signed else 0
        return RowProblem(
            line,
            "bad-quantity",
            f"Line {line}: the quantity {raw[:20]!r} is not a whole number from {lowest} to {MAX_QUANTITY:,}.",
        )
    value = sign * int(digits)
    if abs(value) > MAX_QUANTITY:
        return RowProblem(
            line,
            "bad-quantity",
            f"Line {line}: the quantity {value:,} is over the limit of {MAX_QUANTITY:,}.",
        )
    return value


def finish(raw: str, line: int) -> str | RowProblem:
    word = raw.strip().lower()
    if word in NORMAL_WORDS:
        return ""
    if word in FOIL_WORDS:
        return "foil"
    return RowProblem(line, "bad-finish", f"Line {line}: the finish {raw[:30]!r} is not normal or foil.")


def condition(raw: str, line: int) -> str | RowProblem:
    text = raw.strip()
    if text.upper() in CONDITIONS:
        return text.upper()
    found = CONDITION_WORDS.get(" ".join(text.lower().split()))
    if found:
        return found
    return RowProblem(
        line,
        "bad-condition",
        f"Line {line}: the condition {raw[:30]!r} is not one of M, NM, LP, MP, HP, D "
        "(or Mint, Near Mint, Lightly Played, Moderately Played, Heavily Played, Damaged).",
    )
