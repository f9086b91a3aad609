"""What one search may ask for, checked before it reaches a database (the API and the pages share it)."""

from __future__ import annotations

from .syntax import Node, QuerySyntaxError, iter_terms

MAX_QUERY_LENGTH = 1000
# SQLite nests an AND/OR chain one level per term (its expression tree stops at depth 1000); within the length
# limit the heaviest queries measured stayed under it, and this keeps a margin whatever a term expands to.
MAX_TERMS = 200
MAX_REGEXES = 10  # each one reads every card's text


def check_length(query: str) -> None:
    if len(query) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(
            f"The query is longer than {MAX_QUERY_LENGTH} characters ({len(query)}); shorten it.",
            0,  # the whole query is the problem, as the API has always said
        )


def check_size(tree: Node | None) -> None:
    if tree is None:
        return
    regexes = 0
    for count, term in enumerate(iter_terms(tree), start=1):
        if count > MAX_TERMS:
            raise QuerySyntaxError(f"The query has more than {MAX_TERMS} terms; use fewer", term.position)
        regexes += term.regex
        if regexes > MAX_REGEXES:
            raise QuerySyntaxError(
                f"The query has more than {MAX_REGEXES} /regular expressions/; use fewer", term.position
            )
