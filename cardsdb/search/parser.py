"""Hand-written lexer and recursive-descent parser for card search queries.

Grammar (AND by juxtaposition binds tighter than ``or``)::

    query    := or_expr END
    or_expr  := and_expr ("or" and_expr)*
    and_expr := unary unary*
    unary    := "-" unary | "(" or_expr ")" | term

The lexer builds whole terms (field, operator, value) itself, because whether a character
is an operator, part of a word or the start of a regex depends only on its neighbours.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from .syntax import (
    FIELD_PREFIX,
    REGEX_OPERATORS,
    And,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Term,
    is_word_char,
    looks_like_regex,
)

__all__ = ["QuerySyntaxError", "parse"]

# Bounds recursion (each level costs a few stack frames) so hostile input yields a clean error.
MAX_DEPTH = 100


def parse(query: str) -> Node | None:
    """Parse ``query`` into a tree; None for an empty query. Raises QuerySyntaxError."""
    parser = _Parser(_Lexer(query).tokens())
    return None if parser.at_end() else parser.parse()


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "term", "or", "-", "(", ")" or "end"
    position: int
    node: Node | None = None  # set for "term" (a Term, or Not(Term) for not:X)


_STARTS_UNARY = frozenset({"term", "-", "("})


class _Lexer:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def tokens(self) -> Iterator[_Token]:
        """Yield tokens lazily, so errors surface left to right as the parser reaches them."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos].isspace():
                self.pos += 1
            if self.pos >= len(self.text):
                yield _Token("end", self.pos)
                return
            yield self._token()

    def _peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def _token(self) -> _Token:
        start, ch = self.pos, self.text[self.pos]
        if ch in "()":
            self.pos += 1
            return _Token(ch, start)
        if ch == "-":
            self.pos += 1
            # "- x" is almost certainly a typo rather than a negation; say so instead of guessing.
            if not self._peek() or self._peek().isspace():
                raise QuerySyntaxError("Expected a term after '-'", start)
            return _Token("-", start)
        if ch == '"':
            return _Token("term", start, Term(None, ":", self._quoted(), start, quoted=True))
        if ch == "!":
            return _Token("term", start, self._exact())
        match = FIELD_PREFIX.match(self.text, self.pos)
        if match:
            return _Token("term", start, self._field_term(match))
        word = self._word()
        if word.lower() == "or":
            return _Token("or", start)
        if looks_like_regex(word):
            raise QuerySyntaxError("A /regular expression/ needs a field in front, as in name:/^dar/", start)
        return _Token("term", start, Term(None, ":", word, start))

    def _word(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and is_word_char(self.text[self.pos]):
            self.pos += 1
        return self.text[start : self.pos]

    def _quoted(self) -> str:
        """Read "..." at self.pos; \\" and \\\\ are escapes, any other backslash is kept as is."""
        start = self.pos
        self.pos += 1
        chars = []
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == '"':
                self.pos += 1
                if not chars:
                    raise QuerySyntaxError("Empty quoted phrase", start)
                return "".join(chars)
            if ch == "\\" and self.pos + 1 < len(self.text):
                nxt = self.text[self.pos + 1]
                chars.append(nxt if nxt in '"\\' else ch + nxt)
                self.pos += 2
                continue
            chars.append(ch)
            self.pos += 1
        raise QuerySyntaxError("Unterminated quoted phrase", start)

    def _regex(self) -> str:
        """Read /pattern/ at self.pos; the pattern is kept verbatim (escapes included)."""
        start = self.pos
        self.pos += 1
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == "\\":
                self.pos += 2
                continue
            if ch == "/":
                pattern = self.text[start + 1 : self.pos]
                self.pos += 1
                if not pattern:
                    raise QuerySyntaxError("Empty regular expression", start)
                # Reject "name:/x/i" and the like rather than silently searching for a stray word.
                if self._peek() and is_word_char(self._peek()):
                    raise QuerySyntaxError("Expected a space after the regular expression", self.pos)
                return pattern
            self.pos += 1
        raise QuerySyntaxError("Unterminated regular expression", start)

    def _exact(self) -> Term:
        start = self.pos
        self.pos += 1
        if self._peek() == '"':
            return Term(None, ":", self._quoted(), start, quoted=True, exact=True)
        word = self._word()
        if not word:
            raise QuerySyntaxError("Expected a card name after '!'", start)
        return Term(None, ":", word, start, exact=True)

    def _field_term(self, match: re.Match[str]) -> Node:
        start = self.pos
        field, op = match.group(1).lower(), match.group(2)
        self.pos = match.end()
        ch = self._peek()
        quoted = regex = False
        if ch == '"':
            value, quoted = self._quoted(), True
        elif ch == "/":
            if op not in REGEX_OPERATORS:
                raise QuerySyntaxError(f"A /regular expression/ needs ':' or '=', not '{op}'", self.pos)
            value, regex = self._regex(), True
        else:
            value = self._word()
            if not value:
                raise QuerySyntaxError(f"Expected a value after '{match.group(0)}'", self.pos)
        if field == "not" and op == ":":  # Scryfall shorthand: not:X means -is:X
            return Not(Term("is", ":", value, start, quoted=quoted, regex=regex), start)
        return Term(field, op, value, start, quoted=quoted, regex=regex)


class _Parser:
    def __init__(self, tokens: Iterator[_Token]):
        self.tokens = tokens
        self.current = next(tokens)  # one token of lookahead is all the grammar needs
        self.depth = 0

    def at_end(self) -> bool:
        return self.current.kind == "end"

    def _peek(self) -> _Token:
        return self.current

    def _advance(self) -> _Token:
        token = self.current
        if token.kind != "end":
            self.current = next(self.tokens)
        return token

    def parse(self) -> Node:
        node = self._or_expr()
        token = self._peek()
        if token.kind == ")":
            raise QuerySyntaxError("Unexpected ')'", token.position)
        return node

    def _or_expr(self) -> Node:
        children = [self._and_expr()]
        while self._peek().kind == "or":
            or_token = self._advance()
            if self._peek().kind not in _STARTS_UNARY:
                raise QuerySyntaxError("Expected a term after 'or'", or_token.position)
            children.append(self._and_expr())
        return _combine(Or, children)

    def _and_expr(self) -> Node:
        token = self._peek()
        if token.kind == "or":
            raise QuerySyntaxError("Expected a term before 'or'", token.position)
        children = [self._unary()]
        while self._peek().kind in _STARTS_UNARY:
            children.append(self._unary())
        return _combine(And, children)

    def _unary(self) -> Node:
        if self._peek().kind == ")":  # only reachable when a query starts with ')'
            raise QuerySyntaxError("Unexpected ')'", self._peek().position)
        token = self._advance()
        if token.node is not None:
            return token.node
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise QuerySyntaxError("Query is nested too deeply", token.position)
        try:
            return self._negation(token) if token.kind == "-" else self._group(token)
        finally:
            self.depth -= 1

    def _negation(self, token: _Token) -> Node:
        if self._peek().kind not in _STARTS_UNARY:
            raise QuerySyntaxError("Expected a term after '-'", token.position)
        return Not(self._unary(), token.position)

    def _group(self, token: _Token) -> Node:
        if self._peek().kind == ")":
            raise QuerySyntaxError("Empty parentheses", token.position)
        if self._peek().kind == "end":
            raise QuerySyntaxError("Unclosed parenthesis", token.position)
        node = self._or_expr()
        if self._peek().kind != ")":
            raise QuerySyntaxError("Unclosed parenthesis", token.position)
        self._advance()
        return node


def _combine(kind: type[And] | type[Or], children: list[Node]) -> Node:
    """Build And/Or, flattening same-kind children (from parentheses) and collapsing one child."""
    flat: list[Node] = []
    for child in children:
        flat.extend(child.children if isinstance(child, kind) else (child,))
    return flat[0] if len(flat) == 1 else kind(tuple(flat))
