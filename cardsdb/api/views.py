"""Thin API views: check the input, call a selector, shape the output."""

from contextlib import contextmanager

from django.db.models import Prefetch
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import nicknames
from ..catalogue_versions import game_exists, remembered_reads
from ..games.order import ordered_games
from ..models import Card, CardAlias, CardRelation, CardSet, Printing
from ..naming import find_card
from ..search.budget import SearchTimeout, search_budget
from ..search.owned import SearchNeedsLogin
from ..search.results_cache import cached_answer
from ..search.syntax import QuerySyntaxError
from ..selectors import card_get, card_search, card_search_hits, set_get
from .card_entries import list_entries
from .conditional import NOT_MODIFIED, ConditionalReadMixin, catalogue_stamp
from .errors import ApiError
from .pagination import CardPagination
from .schema import ERROR
from .serializers import CardDetailSerializer, CardListSerializer, GameSerializer, SetSerializer

GAME_PARAM = OpenApiParameter(
    "game", str, description="swccg, swtcg or swdbg", enum=["swccg", "swtcg", "swdbg"]
)
GAME_REQUIRED = OpenApiParameter(
    "game", str, description="swccg, swtcg or swdbg", enum=["swccg", "swtcg", "swdbg"], required=True
)
GAME_PATH = OpenApiParameter(
    "game", str, OpenApiParameter.PATH, description="swccg, swtcg or swdbg", enum=["swccg", "swtcg", "swdbg"]
)


def check_game(code: str | None, *, required: bool = False) -> str | None:
    if code is not None and not isinstance(code, str):
        raise ApiError("unknown-game", f"Unknown game {code!r}; use swccg, swtcg or swdbg.")
    if code is None or (required and code == ""):
        if required:
            raise ApiError("bad-parameter", "game is required (swccg, swtcg or swdbg).")
        return None
    # An empty `game=` is a game outside the schema's enum, not "every game": leave the parameter out for that.
    if not game_exists(code):
        raise ApiError("unknown-game", f"Unknown game {code!r}; use swccg, swtcg or swdbg.")
    return code


# Printings in their sets' order, and in the order they were imported where two sets share a position (Virtual
# Set 0 and Virtual Defensive Shields): without the last key PostgreSQL may give them either way round.
PRINTINGS = Printing.objects.select_related("card_set").order_by("card", "card_set__position", "id")


# What the API shows of a card another card points at (CardRefSerializer): earlier versions and relation targets
# are read with these fields only, which skips parsing their JSON fields.
REF_FIELDS = ("code", "title", "side", "edition", "game_id")


def _with_related(relations, earlier_versions):
    return Card.objects.select_related("card_set", "current_version").prefetch_related(
        "personas",
        Prefetch("printings", queryset=PRINTINGS),
        "variants",
        Prefetch("aliases", queryset=CardAlias.objects.order_by("id")),
        Prefetch("relations", queryset=relations),
        Prefetch("earlier_versions", queryset=earlier_versions),
    )


def detail_queryset():
    """Cards with everything their page shows (the cards they point at read whole)."""
    return _with_related(CardRelation.objects.select_related("target"), Card.objects.all())


def api_detail_queryset():
    """Cards with what CardDetailSerializer shows (the card API, the bulk files)."""
    relations = CardRelation.objects.select_related("target").only(
        "kind", "text", "card_id", *(f"target__{field}" for field in REF_FIELDS)
    )
    # current_version links each earlier version to its card: without it, one query per version.
    return _with_related(relations, Card.objects.only("current_version", *REF_FIELDS))


class GameListView(generics.ListAPIView):
    """The three games."""

    queryset = ordered_games()  # the registry's order, as every page lists them
    serializer_class = GameSerializer
    pagination_class = None


class CatalogueRead(ConditionalReadMixin):
    """A read of one game's catalogue (the `game` in the path or the query; every game's without one): validated
    by its catalogue version (cardsdb/api/conditional.py)."""

    def read_stamp(self, request, *args, **kwargs):
        return catalogue_stamp(kwargs.get("game") or request.query_params.get("game") or None)


class SetListView(CatalogueRead, generics.ListAPIView):
    """Sets with their edition data, in release order."""

    serializer_class = SetSerializer
    pagination_class = None

    @extend_schema(
        parameters=[GAME_PARAM], responses={200: SetSerializer(many=True), 304: NOT_MODIFIED, 400: ERROR}
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        game = check_game(self.request.query_params.get("game"))
        sets = CardSet.objects.all()
        return sets.filter(game_id=game) if game else sets


class SetDetailView(CatalogueRead, APIView):
    @extend_schema(
        parameters=[
            GAME_PATH,
            OpenApiParameter("code", str, OpenApiParameter.PATH, examples=[OpenApiExample("1", "1")]),
        ],
        responses={200: SetSerializer, 304: NOT_MODIFIED, 404: ERROR},
    )
    def get(self, request, game: str, code: str):
        card_set = set_get(game=game, code=code)
        if card_set is None:
            raise ApiError("set-not-found", f"No set {code!r} in {game}.", status.HTTP_404_NOT_FOUND)
        return Response(SetSerializer(card_set).data)


class CardListView(CatalogueRead, generics.ListAPIView):
    """Search cards with the query language (see /search/help). Current cards only unless the query says
    otherwise (is:legacy, is:pre-errata, edition:any)."""

    serializer_class = CardListSerializer
    pagination_class = CardPagination

    def read_stamp(self, request, *args, **kwargs):
        # A search of the user's collection is never validated, so never shared. As in search.results_cache,
        # every collection keyword holds "owned"; a query with the word anywhere counts as one.
        if "owned" in request.query_params.get("q", "").lower():
            return None
        return super().read_stamp(request, *args, **kwargs)

    @extend_schema(
        parameters=[
            GAME_PARAM,
            OpenApiParameter("q", str, description='Query, e.g. t:character power>=6 -side:light "lord of"'),
        ],
        responses={
            200: CardListSerializer(many=True),
            304: NOT_MODIFIED,
            400: ERROR,
            401: OpenApiResponse(
                ERROR, description="owned: or is:owned without logging in (`search-needs-login`)."
            ),
            404: OpenApiResponse(ERROR, description="A page past the last (`not-found`)."),
            503: ERROR,
        },
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def dispatch(self, request, *args, **kwargs):
        # The game and its catalogue version, read once for the ETag, the kept answer and the search.
        with remembered_reads():
            return super().dispatch(request, *args, **kwargs)

    def list(self, request, *args, **kwargs):
        game = check_game(request.query_params.get("game"))

        def answer():
            query = request.query_params.get("q", "")
            if query.strip():
                nicknames.warm(game)  # built once per catalogue version, outside the search's time budget
            with self.query_errors():
                hits = card_search_hits(query=query, game=game, user=request.user)
            if hits is not None:  # the game's in-memory table (its own time budget for database terms)
                page = self.paginate_queryset(hits)
                return self.get_paginated_response(list_entries(page))
            with search_budget():  # the page of cards and their count are read inside it
                page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
                return self.get_paginated_response(list_entries(page))

        try:
            return cached_answer(request, game, answer)  # a kept answer needs no budget
        except SearchTimeout as exc:
            raise ApiError(
                "search-timeout",
                f"The search took longer than {exc.timeout_ms} ms; make it narrower (a simpler "
                "/regular expression/, fewer terms).",
                status.HTTP_503_SERVICE_UNAVAILABLE,
            ) from None

    def get_queryset(self):
        game = check_game(self.request.query_params.get("game"))
        query = self.request.query_params.get("q", "")
        with self.query_errors():
            # The page's ids: list_entries keeps each card's entry per catalogue version.
            return (
                card_search(query=query, game=game, user=self.request.user).select_related(None).only("game")
            )

    @contextmanager
    def query_errors(self):
        """A query the search refuses → the API's coded error."""
        try:
            yield
        except SearchNeedsLogin as exc:
            raise ApiError(
                exc.code, exc.message, status.HTTP_401_UNAUTHORIZED, position=exc.position
            ) from None
        except QuerySyntaxError as exc:
            raise ApiError("bad-query", exc.message, position=exc.position) from None


class CardDetailView(CatalogueRead, APIView):
    """One card with everything: personas, printings, variants, errata history, rulings, relations.
    The id may also be one of its aliases (GEMP's X_BACK or a reprint's id)."""

    @extend_schema(
        parameters=[
            GAME_PATH,
            OpenApiParameter("code", str, OpenApiParameter.PATH, examples=[OpenApiExample("1_168", "1_168")]),
        ],
        responses={200: CardDetailSerializer, 304: NOT_MODIFIED, 400: ERROR, 404: ERROR},
    )
    def get(self, request, game: str, code: str):
        check_game(game)

        def answer():
            found = card_get(game=game, code=code)
            if found is None:
                raise ApiError("card-not-found", f"No card {code!r} in {game}.", status.HTTP_404_NOT_FOUND)
            data = CardDetailSerializer(api_detail_queryset().get(pk=found[0].pk)).data
            data["face"] = found[1]
            return Response(data)

        return cached_answer(request, game, answer)  # kept until an import changes the catalogue version


class CardNamedView(CatalogueRead, APIView):
    """The card a player means: `exact=` for an exact name (marks and case ignored), `fuzzy=` for a misspelt name,
    nickname ("ADLR") or acronym. Several cards with the name (Light and Dark) answer 404 ambiguous-name unless
    `side=` narrows them."""

    @extend_schema(
        parameters=[
            GAME_REQUIRED,
            OpenApiParameter("fuzzy", str),
            OpenApiParameter("exact", str),
            OpenApiParameter("side", str, enum=["light", "dark"]),
        ],
        responses={200: CardDetailSerializer, 304: NOT_MODIFIED, 400: ERROR, 404: OpenApiResponse(ERROR)},
    )
    def get(self, request):
        params = request.query_params
        game = check_game(params.get("game"), required=True)
        fuzzy, exact, side = (
            params.get("fuzzy", "").strip(),
            params.get("exact", "").strip(),
            params.get("side"),
        )
        if bool(fuzzy) == bool(exact):
            raise ApiError("bad-parameter", "Give exactly one of fuzzy= or exact=.")
        if side is not None and side.lower() not in ("light", "dark"):
            raise ApiError("bad-parameter", "side must be light or dark.")
        match = find_card(game, exact or fuzzy, exact=bool(exact), side=side)
        if not match.cards:
            raise ApiError(
                "no-match",
                f"No card named {exact or fuzzy!r}"
                + (" — did you mean one of these?" if match.suggestions else "."),
                status.HTTP_404_NOT_FOUND,
                suggestions=match.suggestions,
            )
        if len(match.cards) > 1:
            candidates = Card.objects.filter(pk__in=match.cards).order_by("side", "code")
            raise ApiError(
                "ambiguous-name",
                f"{len(match.cards)} cards are named {exact or fuzzy!r}; add side= or use an id.",
                status.HTTP_404_NOT_FOUND,
                candidates=[{"id": c.code, "title": c.title, "side": c.side} for c in candidates],
            )
        data = CardDetailSerializer(api_detail_queryset().get(pk=match.cards[0])).data
        data["matched_by"] = match.how
        return Response(data)


@extend_schema(exclude=True)
class CardNamedAliasView(CardNamedView):
    """/api/cards/named/ answers like /api/cards/named; only the latter is in the schema."""
