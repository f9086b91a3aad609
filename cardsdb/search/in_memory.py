"""Search answered from a table of one game's cards kept in the process per catalogue version.

The same parser and compiler as the database search (selectors.card_search) read the query: they raise the same
errors and say the same things about it (its plain words, its order, whether it chose editions); this module then
finds the matching cards without asking the database for the words and numbers a user types freely. Each term
becomes a set of rows, held as the bits of a Python int (bit i: the i-th card in the database's own order of
name, side and id), and the tree's and/or/not become &, | and the complement.

- Evaluated here on every search: plain words and phrases, name:/text:/lore: without a /regex/, side:, type:,
  subtype:, the numeric stats, icon:/char: lists, edition:, id:, game:, and is:current/legacy/pre-errata —
  each the same comparison the compiler hands the database (folded substrings, case-insensitive equality for
  ASCII values, the same number comparisons).
- Read from the database once per worker and catalogue version and then kept (KEPT_TERMS, least recently used
  first out): the terms whose words come from a small vocabulary (set:, rarity:, persona:, pulls: and the other
  relations, is:unique and the rest of is:, SWTCG's version letters, printed values such as destiny:"2 or 5")
  and /regular expressions/, each term on its own with the compiler's own condition, so it means what it means
  in the database search — including what the database's regular expressions and collation make of it.
- Read from the database every time: owned: and is:owned (the user's collection changes without an import).

Orders are the database's own: rows are loaded in the order `ORDER BY name, side, code` gives, and the text
columns order: may sort by are ranked by a `SELECT DISTINCT … ORDER BY` of the same database, so PostgreSQL's
collation and SQLite's byte order are kept. tests/cardsdb/test_search_in_memory.py compares the two searches
on thousands of generated queries, on both databases.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import F
from django.db.models.expressions import OrderBy

from core.text import fold
from core.values import parse_number

from ..models import Card
from . import shared_parts
from .compiler import EDITIONS, CompiledQuery, _without_ordering
from .fields import Field, Kind, choice_values, fields_for, resolve
from .relevance import bare_terms, whole_words
from .syntax import And, Node, Not, Or, Term, iter_terms

KEPT_TERMS = 4096  # per game: each kept term is an int of one bit per card (SWTCG: ~1.4 KB)
_ROWS = re.compile("1")

# The text and date columns order: may name (compiler.ORDERS), ranked in the database's order.
RANKED = ("name", "side", "type", "subtype", "rarity", "code", "card_set__position", "card_set__release_date")
_LOADED = ("pk", "edition", "search_title", "search_text", "search_lore", "search_icons", "search_chars")
_LOADED += ("side", "type", "subtype", "code", "uniqueness_kind")


class Hit(NamedTuple):
    """A result row: what the API's page of entries needs (cardsdb.api.card_entries.list_entries)."""

    pk: int
    game_id: str


@dataclass
class Table:
    game: str
    version: tuple
    pks: list[int]
    columns: dict[str, list]  # _LOADED and the numeric stats → one value per row
    ranks: dict[str, list]  # RANKED → each row's rank in the database's order (None for NULL)
    every: int  # all rows' bits
    current: int  # the current edition's rows
    row_of: dict[int, int]  # card pk → row
    kept: OrderedDict  # term key → bits, for terms the database answered
    lock: threading.Lock
    _derived: dict = field(default_factory=dict)  # per column: rows by value, the joined texts (built on use)

    def of_rows(self, rows: Iterable[int]) -> int:
        flags = bytearray(len(self.pks) // 8 + 1)
        for row in rows:
            flags[row >> 3] |= 1 << (row & 7)
        return int.from_bytes(flags, "little")

    def rows(self, bits: int) -> list[int]:
        """The row numbers of `bits`, ascending."""
        return [m.start() for m in _ROWS.finditer(bin(bits)[:1:-1])]

    def where(self, column: str, test: Callable[[object], bool]) -> int:
        """The rows whose `column` passes `test`, tested once per distinct value (types, sides, stats…)."""
        bits = 0
        for value, rows in self._groups(column).items():
            if test(value):
                bits |= rows
        return bits

    def equal(self, column: str, value) -> int:
        return self._groups(column).get(value, 0)

    def containing(self, column: str, value: str) -> int:
        """The rows whose `column` holds `value` (long texts: one scan of the column joined)."""
        joined, starts = self._joined(column)
        rows, find, last = [], joined.find, len(starts) - 1
        at = find(value)
        while at != -1:
            row = bisect_right(starts, at) - 1
            if row >= last:  # past the final separator
                break
            rows.append(row)
            at = find(value, starts[row + 1])
        return self.of_rows(rows)

    def starting(self, column: str, value: str) -> int:
        return self.containing(column, _SEPARATOR + value) if value else self.every

    def _groups(self, column: str) -> dict:
        found = self._derived.get(("groups", column))
        if found is None:
            rows: dict = {}
            for i, value in enumerate(self.columns[column]):
                rows.setdefault(value, []).append(i)
            found = self._derived[("groups", column)] = {v: self.of_rows(r) for v, r in rows.items()}
        return found

    def _joined(self, column: str) -> tuple[str, list[int]]:
        """The column's values each after a separator no value holds (NUL: refused in queries), and where each
        value's separator is; a final separator ends the last."""
        found = self._derived.get(("joined", column))
        if found is None:
            values = [v.replace(_SEPARATOR, " ") for v in self.columns[column]]
            starts, at = [], 0
            for v in values:
                starts.append(at)
                at += len(v) + 1
            starts.append(at)
            found = self._derived[("joined", column)] = (
                _SEPARATOR + _SEPARATOR.join(values) + _SEPARATOR,
                starts,
            )
        return found


_SEPARATOR = "\x00"


_lock = threading.Lock()
_tables: dict[str, Table] = {}


def table(game: str, version: tuple) -> Table:
    """The game's table for this catalogue version, built on first use (the last version's is dropped)."""
    with _lock:
        found = _tables.get(game)
        if found is not None and found.version == version:
            return found
        built = _build(game, version)
        _tables[game] = built
        return built


def forget() -> None:
    with _lock:
        _tables.clear()


def _numeric_columns(game: str) -> list[str]:
    return sorted({f.column for f in fields_for(game).values() if f.kind is Kind.NUMBER})


def _build(game: str, version: tuple) -> Table:
    cards = Card.objects.filter(game_id=game).order_by("name", "side", "code")
    numbers = _numeric_columns(game)
    names = [*_LOADED, *numbers]
    rows = list(cards.values_list(*names, *RANKED))
    columns = {name: [r[i] for r in rows] for i, name in enumerate(names)}
    columns["code_lower"] = [_lower(code) for code in columns["code"]]
    ranks = {}
    for j, column in enumerate(RANKED):
        ordered = Card.objects.filter(game_id=game).exclude(**{f"{column}__isnull": True})
        values = ordered.order_by(column).values_list(column, flat=True).distinct()
        rank = {value: i for i, value in enumerate(values)}
        ranks[column] = [rank.get(r[len(names) + j]) for r in rows]
    found = Table(
        game=game,
        version=version,
        pks=columns["pk"],
        columns=columns,
        ranks=ranks,
        every=(1 << len(rows)) - 1,
        current=0,
        row_of={pk: i for i, pk in enumerate(columns["pk"])},
        kept=OrderedDict(),
        lock=threading.Lock(),
    )
    found.current = found.equal("edition", Card.Edition.CURRENT)
    # What the first searches would otherwise build: the long texts joined, the short columns grouped by value.
    for column in ("search_title", "search_text", "search_lore"):
        found._joined(column)
    for column in (
        "edition",
        "side",
        "type",
        "subtype",
        "code_lower",
        "search_icons",
        "search_chars",
        *numbers,
    ):
        found._groups(column)
    return found


# --- evaluation ----------------------------------------------------------------------------------------------


class _Evaluator:
    """One search's tree → bits over `table`'s rows; terms the database must answer go through `from_database`."""

    def __init__(self, table: Table, from_database: Callable[[Term], int]):
        self.table = table
        self.from_database = from_database

    def node(self, node: Node) -> int:
        if isinstance(node, And):
            bits = self.table.every
            for child in node.children:
                bits &= self.node(child)
            return bits
        if isinstance(node, Or):
            bits = 0
            for child in node.children:
                bits |= self.node(child)
            return bits
        if isinstance(node, Not):
            return self.table.every & ~self.node(node.child)
        return self.term(node)

    def term(self, term: Term) -> int:
        here = _in_memory(term, self.table.game)
        if here is None:
            return self.from_database(term)
        bits = here(self.table)
        negated = term.op == "!=" and resolve(term.field, self.table.game).kind is not Kind.NUMBER
        return self.table.every & ~bits if negated else bits


def _keepable(term: Term, game: str) -> bool:
    """Terms that are the same for everyone until the next import (all but the collection's)."""
    if term.field is None:
        return True
    spec = resolve(term.field, game)
    owned = spec is not None and spec.kind is Kind.OWNED
    return not owned and not (
        spec is not None and spec.kind is Kind.IS and term.value.strip().lower() == "owned"
    )


def _ascii(value: str) -> bool:
    # The databases agree on case-insensitive comparison of ASCII only (SQLite's LIKE folds no other letters).
    return value.isascii()


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _lower(value: str) -> str:
    """Only A–Z lowered, as both databases compare an ASCII value with any stored text."""
    return value.translate(_ASCII_LOWER)


def _in_memory(term: Term, game: str) -> Callable[[Table], int] | None:
    """How to answer `term` from the table, or None when the database answers it."""
    if term.field is None:
        value = fold(term.value)
        if term.exact:
            return lambda t: _title_is(t, value)
        return lambda t: t.containing("search_title", value) | t.containing("search_text", value)
    spec = resolve(term.field, game)
    if spec is None or term.regex:
        return None
    maker = _KINDS.get(spec.kind)
    return maker(spec, term, game) if maker is not None else None


def _title_is(t: Table, value: str) -> int:
    front = value + " / "
    return t.equal("search_title", value) | t.starting("search_title", front)


def _text(spec: Field, term: Term, game: str):
    value = fold(term.value)
    if term.op == "=" and spec.name == "name":
        return lambda t: _title_is(t, value)
    return lambda t: t.containing(spec.column, value)


def _choice(spec: Field, term: Term, game: str):
    value = term.value.strip()
    values = choice_values(spec, game)
    if not values:  # free text: type, subtype
        if not _ascii(value):
            return None
        wanted = value.lower()
        if term.op == "=":
            return lambda t: t.where(spec.column, lambda v: _lower(v) == wanted)
        return lambda t: t.where(spec.column, lambda v: wanted in _lower(v))
    stored = values.get(" ".join(value.lower().split())) or value
    if not _ascii(stored):
        return None
    wanted = stored.lower()
    return lambda t: t.where(spec.column, lambda v: _lower(v) == wanted)


_COMPARE = {
    "=": lambda a, b: a == b,
    ":": lambda a, b: a == b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "!=": lambda a, b: a != b,
}


def _number(spec: Field, term: Term, game: str):
    number = parse_number(term.value.strip().lower().replace("pi", "π"))
    if number is None:  # a printed value ("*", "2 or 5") or an error: the compiler's condition decides
        return None
    compare = _COMPARE[term.op]
    return lambda t: t.where(spec.column, lambda v: v is not None and compare(v, number))


def _tags(spec: Field, term: Term, game: str):
    value = fold(term.value)
    pattern = f"|{value}|" if term.op == "=" else f"|{value}"
    if term.op == ":" and (spec.words or " " not in value):
        word = f" {value}"
        return lambda t: t.where(spec.column, lambda v: pattern in v or word in v)
    return lambda t: t.where(spec.column, lambda v: pattern in v)


def _edition(spec: Field, term: Term, game: str):
    value = term.value.strip().lower()
    if value in ("any", "all"):
        return lambda t: t.every
    return lambda t: t.equal("edition", EDITIONS[value])  # the compiler refused other values


def _is(spec: Field, term: Term, game: str):
    value = term.value.strip().lower()
    if value not in EDITIONS:
        return None
    return lambda t: t.equal("edition", EDITIONS[value])


def _code(spec: Field, term: Term, game: str):
    value = term.value.strip()
    if not _ascii(value):
        return None
    wanted = value.lower()
    return lambda t: t.equal("code_lower", wanted)


def _game(spec: Field, term: Term, game: str):
    value = term.value.strip().lower()
    return lambda t: t.every if value == t.game else 0


_KINDS = {
    Kind.TEXT: _text,
    Kind.CHOICE: _choice,
    Kind.NUMBER: _number,
    Kind.TAGS: _tags,
    Kind.EDITION: _edition,
    Kind.IS: _is,
    Kind.CODE: _code,
    Kind.GAME: _game,
}


# --- the search ----------------------------------------------------------------------------------------------


def database_terms(tree: Node | None, game: str) -> list[Term]:
    """The terms of `tree` the database answers (see the module's docstring)."""
    if tree is None:
        return []
    return [t for t in iter_terms(tree) if _answerable(t, game) and _in_memory(t, game) is None]


def _answerable(term: Term, game: str) -> bool:
    """Not an order: or direction: term (those only order; the compiler took them out)."""
    spec = resolve(term.field, game) if term.field is not None else None
    return spec is None or spec.kind not in (Kind.ORDER, Kind.DIRECTION)


def _term_key(term: Term) -> tuple:
    return (term.field, term.op, term.value, term.exact, term.regex, term.quoted)


def read_terms(
    t: Table, terms: Iterable[Term], compiled: CompiledQuery, budget: Callable[[], AbstractContextManager]
) -> dict:
    """Bits for each of `terms`: kept ones from the table, the others read from the database with the condition
    compile_query made of each (`compiled.conditions`; one query each, inside `budget()`, the search's time
    budget, opened only when a term must be read)."""
    found: dict[tuple, int] = {}
    missing: dict[tuple, Term] = {}
    for term in terms:
        key = _term_key(term)
        if _keepable(term, t.game):
            with t.lock:
                bits = t.kept.get(key)
                if bits is not None:
                    t.kept.move_to_end(key)
                    found[key] = bits
                    continue
        missing[key] = term
    if missing and shared_parts.enabled():  # another process may have read them
        keepable = [key for key, term in missing.items() if _keepable(term, t.game)]
        for key, bits in shared_parts.get_many("term", t.game, t.version, keepable).items():
            found[key] = bits
            _keep(t, key, bits)
            del missing[key]
    if not missing:
        return found
    read: dict[tuple, int] = {}
    with budget():
        for key, term in missing.items():
            condition = compiled.conditions[term]  # as compile_query made it
            pks = Card.objects.filter(game_id=t.game).filter(condition).values_list("pk", flat=True)
            found[key] = t.of_rows(t.row_of[pk] for pk in pks)
            if _keepable(term, t.game):
                read[key] = found[key]
                _keep(t, key, found[key])
    if shared_parts.enabled():
        shared_parts.set_many("term", t.game, t.version, read)
    return found


def _keep(t: Table, key: tuple, bits: int) -> None:
    with t.lock:
        t.kept[key] = bits
        t.kept.move_to_end(key)
        while len(t.kept) > KEPT_TERMS:
            t.kept.popitem(last=False)


class Hits(Sequence):
    """The ordered results: their number and any slice of them as Hit, made only for the slice a page shows."""

    def __init__(self, t: Table, rows: list[int]):
        self._table, self._rows = t, rows

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index):
        pks, game = self._table.pks, self._table.game
        if isinstance(index, slice):
            return [Hit(pks[i], game) for i in self._rows[index]]
        return Hit(pks[self._rows[index]], game)


def search(t: Table, tree: Node | None, compiled: CompiledQuery, read: dict[tuple, int]) -> Hits:
    """The cards `tree` finds, in the database search's order (compiled: what compile_query made of the tree;
    read: read_terms' answers for database_terms(tree))."""
    evaluator = _Evaluator(t, lambda term: read[_term_key(term)])
    remaining = _without_ordering(tree) if tree is not None else None
    bits = t.every
    if remaining is not None:
        bare = bare_terms(remaining)
        if not bare:
            bits = evaluator.node(remaining)
        else:  # as compile_query: (every plain word, or a card they name as a nickname) and the rest
            for term in bare:
                bits &= evaluator.node(term)
            for pk in compiled.nickname_ids:
                if pk in t.row_of:
                    bits |= 1 << t.row_of[pk]
            rest = [c for c in remaining.children if c not in bare] if isinstance(remaining, And) else []
            for child in rest:
                bits &= evaluator.node(child)
    if not compiled.mentions_edition:
        bits &= t.current
    rows = t.rows(bits)
    if compiled.order_by:
        rows.sort(key=_order_key(t, compiled.order_by))
    elif compiled.words:
        rows.sort(key=_relevance_key(t, compiled))
    return Hits(t, rows)


def _relevance_key(t: Table, compiled: CompiledQuery):
    """relevance.relevance's buckets, then the database's name order."""
    phrase = fold(" ".join(compiled.words))
    folded = [fold(w) for w in compiled.words]
    nicknamed = set(compiled.nickname_ids)
    titles, pks, uniqueness = t.columns["search_title"], t.pks, t.columns["uniqueness_kind"]

    def bucket(i: int) -> tuple[int, int]:
        title = titles[i]
        if not phrase:
            return (0, i)
        if title == phrase or title.startswith(phrase + " / "):
            return (0, i)
        if pks[i] in nicknamed:
            return (1, i)
        if uniqueness[i] != "none" and whole_words(title, phrase):
            return (2, i)
        if title.startswith(phrase):
            return (3, i)
        if " " + phrase in title:
            return (4, i)
        if all(w in title for w in folded):
            return (5, i)
        return (6, i)

    return bucket


def _order_key(t: Table, order_by: list[OrderBy]):
    """The compiled order: (F(column), descending) keys, NULLs last either way, then the database's name order."""
    getters = []
    for expression in order_by:
        column = expression.expression.name if isinstance(expression.expression, F) else None
        values = t.ranks.get(column) or t.columns.get(column)
        if values is None:
            raise LookupError(f"no in-memory order for {column!r}")
        getters.append((values, expression.descending))

    def key(i: int) -> tuple:
        parts = []
        for values, descending in getters:
            v = values[i]
            parts.append((1, 0) if v is None else (0, -v if descending else v))
        parts.append(i)
        return tuple(parts)

    return key
