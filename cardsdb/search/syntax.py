"""Syntax tree for card search queries, plus rendering back to query text.

The tree is produced by :func:`cardsdb.search.parser.parse` and consumed by the query
compiler. Nodes are immutable; ``str(node)`` renders canonical query text that parses
back to an equal tree (positions aside, when the original spacing was not canonical).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

# Lexical rules shared by the parser and the renderer, so the two cannot drift apart.
OPERATORS = ("!=", "<=", ">=", ":", "=", "<", ">")  # two-char operators first: longest match wins
FIELD_PREFIX = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(" + "|".join(map(re.escape, OPERATORS)) + ")")
REGEX_OPERATORS = (":", "=")
WORD_BREAKS = frozenset('()"')  # besides whitespace, these end a bare word


def is_word_char(ch: str) -> bool:
    return not ch.isspace() and ch not in WORD_BREAKS


def looks_like_regex(word: str) -> bool:
    """A bare ``/pattern/``: only meaningful after a field, so the parser rejects it."""
    return len(word) >= 3 and word[0] == "/" and word[-1] == "/"


class QuerySyntaxError(ValueError):
    """A query that cannot be parsed; ``position`` is the 0-based offset of the problem."""

    def __init__(self, message: str, position: int):
        super().__init__(message, position)  # both args, so the exception pickles
        self.message = message
        self.position = position

    def __str__(self) -> str:
        return f"{self.message} (at position {self.position})"


@dataclass(frozen=True, slots=True)
class Term:
    field: str | None
    op: str
    value: str
    position: int
    quoted: bool = False
    exact: bool = False
    regex: bool = False

    def to_query(self) -> str:
        if self.regex:
            value = _render_regex(self.value)
        elif self.field is not None:
            value = _quote(self.value) if self.quoted or not _safe_field_value(self.value) else self.value
        elif self.exact:
            value = _quote(self.value) if self.quoted or not _safe_exact(self.value) else self.value
            return "!" + value
        else:
            value = _quote(self.value) if self.quoted or not _safe_bare(self.value) else self.value
        return value if self.field is None else f"{self.field}{self.op}{value}"

    __str__ = to_query


@dataclass(frozen=True, slots=True)
class Not:
    child: Node
    position: int

    def to_query(self) -> str:
        inner = self.child.to_query()
        return f"-({inner})" if isinstance(self.child, (And, Or)) else f"-{inner}"

    __str__ = to_query


@dataclass(frozen=True, slots=True)
class And:
    children: tuple[Node, ...]  # always 2 or more

    def to_query(self) -> str:
        # Nested And only arises in hand-built trees (the parser flattens), but must stay grouped.
        parts = (f"({c.to_query()})" if isinstance(c, (And, Or)) else c.to_query() for c in self.children)
        return " ".join(parts)

    __str__ = to_query


@dataclass(frozen=True, slots=True)
class Or:
    children: tuple[Node, ...]  # always 2 or more

    def to_query(self) -> str:
        # AND binds tighter than OR, so And children need no parentheses.
        return " or ".join(f"({c.to_query()})" if isinstance(c, Or) else c.to_query() for c in self.children)

    __str__ = to_query


Node = Term | Not | And | Or


def iter_terms(node: Node) -> Iterator[Term]:
    """Yield every Term in the tree, left to right (iterative, so depth is no concern)."""
    stack: list[Node] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Term):
            yield current
        elif isinstance(current, Not):
            stack.append(current.child)
        else:
            stack.extend(reversed(current.children))


# --- rendering helpers: quote only when the bare form would lex differently ---


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _is_word(value: str) -> bool:
    return bool(value) and all(is_word_char(ch) for ch in value)


def _safe_exact(value: str) -> bool:
    return _is_word(value)


def _safe_field_value(value: str) -> bool:
    return _is_word(value) and not value.startswith("/")


def _safe_bare(value: str) -> bool:
    return (
        _is_word(value)
        and value[0] not in "-!"
        and value.lower() != "or"
        and not FIELD_PREFIX.match(value)
        and not looks_like_regex(value)
    )


def _render_regex(pattern: str) -> str:
    # Escape any bare '/' so the pattern cannot end early; existing escapes are kept as written.
    out, i = [], 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2] if i + 1 < len(pattern) else "\\\\")
            i += 2
            continue
        out.append("\\/" if ch == "/" else ch)
        i += 1
    return "/" + "".join(out) + "/"
