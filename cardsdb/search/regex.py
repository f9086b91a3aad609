"""Regular expressions in search: one dialect that means the same on SQLite (RE2) and PostgreSQL (ARE).

A pattern is read by an allow-list: only constructs both engines accept and read alike pass, and each is
rewritten into the spelling both agree on (``\\w`` becomes ``[0-9A-Za-z_]``: RE2's is ASCII, PostgreSQL's
follows the locale). RE2's own parser then checks what is left (its limit on nested repetition, its memory
budget), so no pattern reaches a database that one of them would refuse or that RE2 would run slowly: RE2
never backtracks, and on PostgreSQL the search's statement timeout bounds the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import re2

MAX_PATTERN_LENGTH = 200
MAX_REPEAT = 255  # PostgreSQL's RE_DUP_MAX; RE2 allows 1000
_CLASSES = {"d": "0-9", "w": "0-9A-Za-z_", "s": "\\t\\n\\f\\r "}  # RE2's (ASCII) meaning, spelt out
_ENTRY_ESCAPES = {"n": "\\n", "t": "\\t"}
_PUNCTUATION = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


class RegexRefused(ValueError):
    """A pattern outside the shared dialect; ``offset`` is 0-based within the pattern."""

    def __init__(self, message: str, offset: int):
        super().__init__(message, offset)
        self.message = message
        self.offset = offset


@dataclass(frozen=True, slots=True)
class CheckedPattern:
    source: str  # as the user wrote it
    pattern: str  # the same in the shared spelling, for the database


def check_pattern(source: str) -> CheckedPattern:
    """Accept `source` into the shared dialect or raise RegexRefused saying what to change."""
    if len(source) > MAX_PATTERN_LENGTH:
        raise RegexRefused(f"longer than {MAX_PATTERN_LENGTH} characters", 0)
    pattern = _Reader(source).read()
    try:
        _compile(pattern)
    except re2.error as exc:
        message = _re2_message(exc)
        if "repetition" in message:  # each count is in bounds, so their product is not
            message = "repetitions nested inside each other may repeat at most 1000 times in all"
        raise RegexRefused(message, 0) from None
    return CheckedPattern(source, pattern)


def _re2_message(exc: re2.error) -> str:
    text = exc.args[0] if exc.args else "invalid"
    return text.decode(errors="replace") if isinstance(text, bytes) else str(text)


class _Reader:
    """One pass over the pattern; ``out`` collects the shared spelling."""

    def __init__(self, source: str):
        self.src = source
        self.pos = 0
        self.out: list[str] = []
        self.groups: list[int] = []  # offsets of the open "("
        self.quantifiable = False  # the last item may take a quantifier

    def fail(self, message: str, offset: int | None = None) -> None:
        raise RegexRefused(message, self.pos if offset is None else offset)

    def read(self) -> str:
        while self.pos < len(self.src):
            ch = self.src[self.pos]
            if ch in "*+?{":
                self.quantifier()
            elif ch == "(":
                self.open_group()
            elif ch == ")":
                self.close_group()
            elif ch == "[":
                self.bracket()
            elif ch == "\\":
                self.escape()
            elif ch in "|^$":
                self.emit(ch, quantifiable=False)
            elif ch in "]}":
                self.fail(f"write \\{ch} for a literal '{ch}'")
            elif not ch.isprintable():
                self.fail("a /regular expression/ cannot hold control characters")
            else:  # '.' and every literal character
                self.emit(ch, quantifiable=True)
        if self.groups:
            self.fail("unclosed '(' in the regular expression", self.groups[-1])
        return "".join(self.out)

    def emit(self, text: str, *, quantifiable: bool, width: int = 1) -> None:
        self.out.append(text)
        self.pos += width
        self.quantifiable = quantifiable

    def quantifier(self) -> None:
        start = self.pos
        if not self.quantifiable:
            what = "another repetition" if self.out and self.out[-1][-1:] in "*+?}" else "nothing"
            self.fail(
                f"'{self.src[start]}' repeats {what}; write \\{self.src[start]} for the character itself"
            )
        if self.src[start] == "{":
            self.counts()
        else:
            self.pos += 1
        if self.src[self.pos : self.pos + 1] == "?":  # lazy: same matches, and only "matches or not" counts
            self.pos += 1
        self.out.append(self.src[start : self.pos])
        self.quantifiable = False

    def counts(self) -> None:
        start = self.pos
        end = self.src.find("}", start)
        body = self.src[start + 1 : end] if end > 0 else ""
        low, comma, high = body.partition(",")
        if end < 0 or not _digits(low) or (high and not _digits(high)):
            self.fail("write a repetition as {n}, {n,} or {n,m} (or \\{ for a literal '{')")
        if _too_big(low) or (high and _too_big(high)):
            self.fail(f"a repetition count is at most {MAX_REPEAT}")
        if high and int(high) < int(low):
            self.fail("in {n,m}, m must not be smaller than n")
        self.pos = end + 1

    def open_group(self) -> None:
        start = self.pos
        if self.src.startswith("(?:", start):
            self.emit("(?:", quantifiable=False, width=3)
        elif self.src.startswith("(?", start):
            self.fail(
                "only plain ( ) and (?: ) groups: no named groups, look-around or flags "
                "(searches already ignore case)"
            )
        else:
            self.emit("(", quantifiable=False)
        if self.src[self.pos : self.pos + 1] == ")":
            self.fail("empty group ( )", start)
        self.groups.append(start)

    def close_group(self) -> None:
        if not self.groups:
            self.fail("')' without a '(' before it; write \\) for a literal ')'")
        self.groups.pop()
        self.emit(")", quantifiable=True)

    def escape(self) -> None:
        nxt = self.src[self.pos + 1 : self.pos + 2]
        if nxt in _CLASSES:
            self.emit(f"[{_CLASSES[nxt]}]", quantifiable=True, width=2)
        elif nxt.lower() in _CLASSES:
            self.emit(f"[^{_CLASSES[nxt.lower()]}]", quantifiable=True, width=2)
        elif nxt in _ENTRY_ESCAPES:
            self.emit(_ENTRY_ESCAPES[nxt], quantifiable=True, width=2)
        elif nxt in _PUNCTUATION:
            self.emit("\\" + nxt, quantifiable=True, width=2)
        elif not nxt:
            self.fail("a regular expression cannot end with '\\'")
        else:
            self.fail(
                f"'\\{nxt}' is not supported; use \\d \\s \\w (\\D \\S \\W), \\n, \\t, or \\ before punctuation"
            )

    def bracket(self) -> None:
        """[...] with literal characters, ranges and \\d \\s \\w; '-' is literal only first or last."""
        start = self.pos
        self.pos += 1
        parts = ["["]
        if self.src[self.pos : self.pos + 1] == "^":
            parts.append("^")
            self.pos += 1
        first, items = self.pos, 0
        while True:
            if self.pos >= len(self.src):
                self.fail("unclosed '[' in the regular expression", start)
            ch = self.src[self.pos]
            if ch == "]":
                if not items:
                    self.fail("empty [ ]; write \\] for a literal ']'", start)
                break
            if ch == "-" and self.pos != first and self.src[self.pos + 1 : self.pos + 2] != "]":
                self.fail("inside [ ], write \\- for a literal '-' (or put it first or last)")
            low = self.bracket_char()
            if low is None:  # \d, \s or \w
                parts.append(_CLASSES[self.src[self.pos - 1]])
            elif (
                self.src[self.pos : self.pos + 1] == "-" and self.src[self.pos + 1 : self.pos + 2] not in "]"
            ):
                self.pos += 1
                at = self.pos
                high = self.bracket_char()
                if high is None or _literal(high) < _literal(low):
                    self.fail("a range in [ ] goes from a character to a later one, as in a-z", at)
                parts.append(f"{low}-{high}")
            else:
                parts.append(low)
            items += 1
        self.pos += 1
        parts.append("]")
        self.out.append("".join(parts))
        self.quantifiable = True

    def bracket_char(self) -> str | None:
        """One member of a [ ] in the shared spelling (escaped if need be); None for \\d \\s \\w."""
        ch = self.src[self.pos]
        if ch == "[":
            self.fail("inside [ ], write \\[ for a literal '['")
        if not ch.isprintable():
            self.fail("a /regular expression/ cannot hold control characters")
        if ch != "\\":
            self.pos += 1
            return "\\" + ch if ch in "^-" else ch
        nxt = self.src[self.pos + 1 : self.pos + 2]
        self.pos += 2
        if nxt in _CLASSES:
            return None
        if nxt in _ENTRY_ESCAPES:
            return _ENTRY_ESCAPES[nxt]
        if nxt in _PUNCTUATION:
            return "\\" + nxt
        self.fail(
            f"inside [ ], '\\{nxt}' is not supported; use \\d \\s \\w or \\ before punctuation", self.pos - 2
        )
        return None  # unreachable


def _literal(spelling: str) -> str:
    """The character a member of [ ] stands for: "a", "\\-" (escaped) or "\\n" (an entry escape)."""
    if spelling.startswith("\\"):
        return {"n": "\n", "t": "\t"}.get(spelling[1], spelling[1])
    return spelling


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _too_big(digits: str) -> bool:
    significant = digits.lstrip("0") or "0"
    return len(significant) > 3 or int(significant) > MAX_REPEAT  # never int() thousands of digits


# --- SQLite: REGEXP on RE2 ---------------------------------------------------------------------------------


def _options() -> re2.Options:
    options = re2.Options()
    options.dot_nl = True  # '.' matches a newline, as on PostgreSQL
    options.never_capture = True  # only "matches or not" is asked
    options.log_errors = False
    return options


_OPTIONS = _options()


@lru_cache(maxsize=256)
def _compile(pattern: str):
    return re2.compile(pattern, _OPTIONS)


def sqlite_regexp(pattern: str | None, string) -> bool | None:
    """SQLite's REGEXP for Django's regex/iregex lookups (iregex prefixes "(?i)", which RE2 reads too)."""
    if pattern is None or string is None:
        return None
    return _compile(pattern).search(string if isinstance(string, str) else str(string)) is not None


def install_sqlite_regexp(sender, connection, **kwargs) -> None:
    """connection_created receiver: replace Django's REGEXP (Python's re, which can backtrack for ever)."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("REGEXP", 2, sqlite_regexp, deterministic=True)
