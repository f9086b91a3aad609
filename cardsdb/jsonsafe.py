"""JSON from clients, read once and checked before any work: valid UTF-8, no lone surrogates (they cannot be
stored, encoded or compared safely), no NUL characters (PostgreSQL refuses them in text; SQLite keeps them) and
no nesting deeper than a request can need. Every refusal is a `JSONInputError` with a stable code and a message
that says what to fix; the API's parser and the pages' form fields both use it."""

import json

# Deeper than any request body of this project needs (a setup is 5 levels); shallow enough to walk cheaply.
MAX_DEPTH = 32


class JSONInputError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH):
    """The parsed value, or JSONInputError ("parse-error", "bad-unicode", "too-deep")."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONInputError(
                "bad-unicode", f"The JSON is not valid UTF-8 (byte {exc.start}); send UTF-8 text."
            ) from None
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise JSONInputError(
            "too-deep", f"The JSON is nested more than {max_depth} levels deep; flatten it."
        ) from None
    except json.JSONDecodeError as exc:
        raise JSONInputError(
            "parse-error", f"The JSON could not be read: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        ) from None
    except ValueError as exc:  # NaN/Infinity, integers past Python's 4,300-digit limit
        raise JSONInputError("parse-error", f"The JSON could not be read: {exc}.") from None
    check(value, max_depth=max_depth)
    return value


def check(value, *, max_depth: int = MAX_DEPTH) -> None:
    """Walk a parsed value without recursion; refuse deep nesting and strings no database can store."""
    stack = [(value, 1, "")]
    while stack:
        item, depth, where = stack.pop()
        if isinstance(item, dict | list):
            if depth > max_depth:
                raise JSONInputError(
                    "too-deep", f"The JSON is nested more than {max_depth} levels deep (at {where or 'top'})."
                )
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in pairs:
                path = f"{where}[{key!r}]" if isinstance(key, str) else f"{where}[{key}]"
                if isinstance(key, str):
                    _check_text(key, path)
                stack.append((child, depth + 1, path))
        elif isinstance(item, str):
            _check_text(item, where)


def _check_text(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise JSONInputError(
            "bad-unicode",
            f"A string{' at ' + where if where else ''} holds a lone surrogate "
            f"(\\u{ord(text[exc.start]):04x} at character {exc.start}); send valid Unicode.",
        ) from None
    if "\x00" in text:
        raise JSONInputError(
            "bad-unicode",
            f"A string{' at ' + where if where else ''} holds a NUL character (\\u0000); remove it.",
        )
