"""Reads of the catalogue, shared by the API and the pages."""

from django.conf import settings
from django.db.models import QuerySet

from .catalogue_versions import catalogue_version
from .models import Card, CardAlias, CardSet
from .search import in_memory
from .search.budget import search_budget
from .search.compiler import CompiledQuery, compile_query
from .search.limits import check_length, check_size
from .search.parser import parse
from .search.relevance import RELEVANCE, relevance
from .search.syntax import QuerySyntaxError

LIST_RELATED = ("card_set",)


def card_search(*, query: str, game: str | None = None, user=None) -> QuerySet[Card]:
    """Cards matching a search query (current editions unless the query asks for others), best matches first
    unless it says order: (search.relevance).

    Raises QuerySyntaxError (with .position) for a malformed query, or one longer or larger than
    search.limits allows; SearchNeedsLogin (a QuerySyntaxError) for owned: without a logged-in `user`.
    The result is lazy: evaluate it under search.budget.search_budget().
    """
    return card_search_compiled(query=query, game=game, user=user)[0]


def _parsed(query: str):
    """The query's tree, within search.limits (QuerySyntaxError otherwise)."""
    check_length(query)
    if "\x00" in query:
        raise QuerySyntaxError("The query contains a NUL character", query.index("\x00"))
    tree = parse(query)
    check_size(tree)
    return tree


def card_search_compiled(
    *, query: str, game: str | None = None, user=None
) -> tuple[QuerySet[Card], CompiledQuery]:
    """card_search, with what the query was compiled to (its plain words, whether it is personal…)."""
    tree = _parsed(query)
    compiled = compile_query(tree, game, user=user)
    cards = Card.objects.select_related(*LIST_RELATED)
    if game:
        cards = cards.filter(game_id=game)
    if not compiled.mentions_edition:
        cards = cards.filter(edition=Card.Edition.CURRENT)
    cards = cards.filter(compiled.filter)
    if compiled.order_by:
        return cards.order_by(*compiled.order_by, "name", "side", "code"), compiled
    if compiled.words:
        cards = cards.annotate(**{RELEVANCE: relevance(compiled.words, compiled.nickname_ids)})
        return cards.order_by(RELEVANCE, "name", "side", "code"), compiled
    return cards.order_by("name", "side", "code"), compiled


def card_search_hits(*, query: str, game: str | None = None, user=None) -> in_memory.Hits | None:
    """card_search's cards, in its order, found in the game's in-memory table (search.in_memory): (pk, game) of
    each, for the API's pages. None when the table cannot answer: no game chosen, the game never imported, or
    CARDSDB_SEARCH_IN_MEMORY off; card_search then does. Raises as card_search does, and SearchTimeout when a
    term the database answers runs out of the search's time budget."""
    if not game or not settings.CARDSDB_SEARCH_IN_MEMORY:
        return None
    version = catalogue_version(game)
    if version is None:
        return None
    tree = _parsed(query)
    compiled = compile_query(tree, game, user=user)
    table = in_memory.table(game, version)
    read = in_memory.read_terms(table, in_memory.database_terms(tree, game), compiled, search_budget)
    return in_memory.search(table, tree, compiled, read)


def card_get(*, game: str, code: str) -> tuple[Card, str] | None:
    """A card by its id or one of its aliases (GEMP's X_BACK, reprint ids); returns (card, face)."""
    if "\x00" in code or "\x00" in game:  # no id holds one, and PostgreSQL rejects it in text
        return None
    card = Card.objects.filter(game_id=game, code=code).first()
    if card is not None:
        return card, "front"
    alias = CardAlias.objects.select_related("card").filter(game_id=game, code=code).first()
    if alias is not None:
        return alias.card, alias.face
    return None


def set_get(*, game: str, code: str) -> CardSet | None:
    if "\x00" in code or "\x00" in game:
        return None
    return CardSet.objects.select_related("game").filter(game_id=game, code=code).first()
