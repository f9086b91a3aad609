"""Card values as printed, and their numeric meaning.

Stated rule for odd values (used by search, statistics and odds):
- digits, decimals and halves ("½", "4½") are their number; "π" is 3.14159 (the SWCCG value for pi);
- "(4)" is 4 (the parentheses only mark a value printed in a box);
- alternatives ("2 or 5", "π or 2π") and "*", "X", "Y" or formulas ("3 + destiny") have no single number:
  the numeric value is None, and the possible values (when known) are kept as a list.
"""

import math
import re

PI = 3.14159
_NUMBER = re.compile(r"^\(?\s*(?P<int>\d+(?:\.\d+)?)?\s*(?P<half>½)?\s*(?P<pi>π)?\s*\)?$")


def parse_number(text: str | None) -> float | None:
    """The single numeric value of a printed stat, or None when it has none."""
    if text is None:
        return None
    value = text.strip()
    if not value:
        return None
    match = _NUMBER.match(value)
    if not match or not any(match.group(g) for g in ("int", "half", "pi")):
        return None
    if match.group("pi"):
        factor = float(match.group("int")) if match.group("int") else 1.0
        return None if match.group("half") else round(factor * PI, 5)
    number = float(match.group("int") or 0) + (0.5 if match.group("half") else 0)
    return number


def parse_alternatives(text: str | None) -> list[float]:
    """All values a printed stat may take ("2 or 5" → [2, 5]); [] when not a list of numbers."""
    if not text:
        return []
    parts = [p.strip() for p in re.split(r"\bor\b", text)]
    values = [parse_number(p) for p in parts]
    if any(v is None for v in values):
        return []
    return [v for v in values if v is not None]


def as_int_if_whole(value: float | None) -> float | int | None:
    """3.0 → 3 for display; other values unchanged."""
    if value is not None and math.isfinite(value) and value == int(value):
        return int(value)
    return value
