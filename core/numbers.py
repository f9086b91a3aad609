"""Whole numbers written in input (a count in a deck list, a card number): ASCII digits 0-9 only.

`str.isdigit()` is true for '²' and '①', which `int()` then refuses (a 500 where a 400 was meant), and both
`int()` and the regex `\\d` read other scripts' digits ('٣' is 3): a number a user writes is read only when
it is ASCII digits. In a pattern, write `[0-9]`, not `\\d` (or compile it with re.ASCII).
"""

MAX_DIGITS = 18  # any count, seed or card number fits; int() never sees thousands of digits


def ascii_int(text: str, *, max_digits: int = MAX_DIGITS) -> int | None:
    """The number `text` writes in 1 to `max_digits` ASCII digits (no sign, no spaces), else None."""
    if isinstance(text, str) and 0 < len(text) <= max_digits and text.isascii() and text.isdigit():
        return int(text)
    return None
