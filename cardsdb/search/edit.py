"""Edits of a query as the search page's controls make them: sort by a column, narrow to a side, type or set.

The controls change the query text itself (`order:set`, `side:dark`), so what a click did is visible in the
search box, can be edited further, and works the same in the API. Only terms standing on their own at the top
of the query are replaced; anything inside or/-/( ) is left alone.
"""

from __future__ import annotations

from .fields import Kind, resolve
from .parser import parse
from .syntax import And, Node, Term


def _top(tree: Node | None) -> list[Node]:
    if tree is None:
        return []
    return list(tree.children) if isinstance(tree, And) else [tree]


def _render(nodes: list[Node]) -> str:
    if not nodes:
        return ""
    return nodes[0].to_query() if len(nodes) == 1 else And(tuple(nodes)).to_query()


def _field_of(node: Node, game: str | None):
    if not isinstance(node, Term) or node.field is None:
        return None
    return resolve(node.field, game)


def _is_kind(node: Node, game: str | None, *kinds: Kind) -> bool:
    spec = _field_of(node, game)
    return spec is not None and spec.kind in kinds


def current_order(query: str, game: str | None) -> tuple[str, bool] | None:
    """(key, descending) of the query's first order: term, or None when it has none (relevance)."""
    top = _top(parse(query))
    descending = any(_is_kind(n, game, Kind.DIRECTION) and n.value.strip().lower() == "desc" for n in top)
    for node in top:
        if _is_kind(node, game, Kind.ORDER):
            value = node.value.strip().lower()
            return value.lstrip("-"), value.startswith("-") != descending
    return None


def with_order(query: str, game: str | None, key: str | None, descending: bool = False) -> str:
    """The query sorted by `key` (None: by relevance, the default), every other order:/direction: dropped."""
    kept = [n for n in _top(parse(query)) if not _is_kind(n, game, Kind.ORDER, Kind.DIRECTION)]
    if key is not None:
        kept.append(Term("order", ":", f"-{key}" if descending else key, 0))
    return _render(kept)


def current_filter(query: str, game: str | None, keyword: str) -> str | None:
    """The value of the query's own `keyword:`/`keyword=` term standing alone at the top (None: none)."""
    wanted = resolve(keyword, game)
    for node in _top(parse(query)):
        spec = _field_of(node, game)
        if wanted is not None and spec is not None and spec.name == wanted.name and node.op in (":", "="):
            return node.value
    return None


def with_filter(query: str, game: str | None, keyword: str, value: str) -> str:
    """The query with its top-level `keyword` terms replaced by keyword=value ("" removes them)."""
    wanted = resolve(keyword, game)
    if wanted is None:
        return query
    kept = []
    for node in _top(parse(query)):
        spec = _field_of(node, game)
        if spec is None or spec.name != wanted.name:
            kept.append(node)
    if value:
        op = ":" if wanted.kind is Kind.CHOICE and wanted.values else "="
        kept.append(Term(keyword, op, value, 0))
    return _render(kept)
