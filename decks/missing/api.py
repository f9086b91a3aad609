"""The collection against decks: what I am missing for a deck (and the missing list as a file), and what I can
build. Login required; a deck is read only when the user may see it (their own or a public one)."""

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.files import FileAnswerMixin, file_response
from cardsdb.api.pagination import page_parameters, whole_number
from cardsdb.api.permissions import LoginRequired
from cardsdb.api.views import ERROR, GAME_REQUIRED, check_game
from decks.deck import services as decks
from decks.missing.services import BuildableFilters, buildable, deck_missing, missing_file

MISSING_EXPORTS = ("text", "csv")
MAX_PAGE_SIZE = 100
MAX_PAGES = 10_000

MissingOut = inline_serializer(
    "DeckMissing",
    {
        "deck": inline_serializer(
            "DeckMissingDeck",
            {
                "id": serializers.IntegerField(),
                "name": serializers.CharField(),
                "game": serializers.CharField(),
            },
        ),
        "needed": serializers.IntegerField(help_text="Copies in the deck, every zone."),
        "covered": serializers.IntegerField(help_text="Copies the collection provides."),
        "missing": serializers.IntegerField(),
        "missing_cards": serializers.IntegerField(help_text="Distinct cards with a copy missing."),
        "share_owned": serializers.FloatField(),
        "complete": serializers.BooleanField(),
        "active_decks": serializers.ListField(child=serializers.DictField(), help_text="Other active decks."),
        "cards": serializers.ListField(child=serializers.DictField()),
        "exports": serializers.DictField(child=serializers.CharField()),
    },
)


class CollectionCompareView(APIView):
    """A view that compares decks with the caller's collection: 401 `not-authenticated` without a login."""

    permission_classes = [LoginRequired]
    login_to = "compare decks with your collection"


class DeckMissingView(CollectionCompareView):
    """What I am missing for this deck: per card needed, owned, used by my other active decks, available and
    missing. Printings and alternate images of a card all count as the card; every zone counts (decks/missing/needs.py)."""

    @extend_schema(operation_id="deck_missing", responses={200: MissingOut, 401: ERROR, 404: ERROR})
    def get(self, request, deck_id: int):
        found = deck_missing(decks.deck_get(deck_id=deck_id, user=request.user), request.user)
        report, deck = found.report, found.deck
        export = reverse("api-deck-missing-export", args=[deck.pk])
        return Response(
            {
                "deck": {"id": deck.pk, "name": deck.name, "game": deck.game_id},
                "needed": report.needed,
                "covered": report.covered,
                "missing": report.missing,
                "missing_cards": report.missing_cards,
                "share_owned": round(report.share_owned, 4),
                "complete": report.complete,
                "active_decks": [{"id": pk, "name": name} for pk, name in found.active_decks],
                "cards": [
                    {
                        "card": found.facts[row.card].code,
                        "title": found.facts[row.card].title,
                        "type": found.facts[row.card].type,
                        "printings": [{"id": code, "zone": zone, "count": n} for zone, code, n in row.codes],
                        "needed": row.needed,
                        "owned": row.owned,
                        "used_elsewhere": row.used_elsewhere,
                        "available": row.available,
                        "missing": row.missing,
                    }
                    for row in report.rows
                ],
                "exports": {kind: f"{export}?as={kind}" for kind in MISSING_EXPORTS},
            }
        )


class DeckMissingExportView(FileAnswerMixin, CollectionCompareView):
    """The missing cards as a file: ?as=text (the game's text deck list, "2x Card" lines) or csv (swccgdb's
    inventory columns code,name,side,set,type,subtype,qty with qty = copies missing, then needed, owned,
    used_elsewhere)."""

    @extend_schema(
        operation_id="deck_missing_export",
        parameters=[OpenApiParameter("as", str, enum=list(MISSING_EXPORTS))],
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="text"),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="csv"),
            400: ERROR,
            401: ERROR,
            404: ERROR,
        },
    )
    def get(self, request, deck_id: int):
        kind = request.query_params.get("as", "text")
        if kind not in MISSING_EXPORTS:
            raise ApiError("bad-parameter", f"as must be one of {', '.join(MISSING_EXPORTS)}.")
        found = deck_missing(decks.deck_get(deck_id=deck_id, user=request.user), request.user)
        content, content_type, filename = missing_file(found, kind)
        return file_response(content, content_type, filename)


BuildableOut = inline_serializer(
    "Buildable",
    {
        "count": serializers.IntegerField(help_text="Decks ranked (at most max_decks)."),
        "considered": serializers.IntegerField(),
        "capped": serializers.BooleanField(
            help_text="More decks matched; the most recently updated are ranked."
        ),
        "max_decks": serializers.IntegerField(),
        "page": serializers.IntegerField(),
        "page_size": serializers.IntegerField(),
        "results": serializers.ListField(child=serializers.DictField()),
    },
)


class BuildableView(CollectionCompareView):
    """What can I build: my decks and public decks of a game, ranked by the share of their cards my collection
    covers (copies used by my other active decks not counted), then by copies missing. At most the
    max_decks most recently updated decks that match are ranked."""

    @extend_schema(
        operation_id="collection_buildable",
        parameters=[
            GAME_REQUIRED,
            OpenApiParameter("side", str),
            OpenApiParameter("format", str, description="A format code of the game."),
            OpenApiParameter("scope", str, enum=["all", "mine", "public"]),
            *page_parameters(pages=MAX_PAGES, page_size=MAX_PAGE_SIZE),
        ],
        responses={200: BuildableOut, 400: ERROR, 401: ERROR},
    )
    def get(self, request):
        params = request.query_params
        game = check_game(params.get("game"), required=True)
        try:
            filters = BuildableFilters.read(game, params)
        except ValueError as exc:
            raise ApiError(exc.args[0], exc.args[1]) from None
        page = whole_number(params.get("page", "1"), "page", 1, MAX_PAGES)
        size = whole_number(params.get("page_size", "25"), "page_size", 1, MAX_PAGE_SIZE)
        result = buildable(request.user, game=game, **filters.as_kwargs())
        chunk = result.ranked[(page - 1) * size : page * size]
        return Response(
            {
                "count": len(result.ranked),
                "considered": result.considered,
                "capped": result.capped,
                "max_decks": result.limit,
                "page": page,
                "page_size": size,
                "results": [
                    {
                        "id": b.deck.id,
                        "name": b.deck.name,
                        "owner": b.deck.owner,
                        "side": b.deck.side,
                        "format": b.deck.format or None,
                        "is_public": b.deck.is_public,
                        "is_active": b.deck.is_active,
                        "mine": b.deck.mine,
                        "url": reverse("api-deck-detail", args=[b.deck.id]),
                        "missing_url": reverse("api-deck-missing", args=[b.deck.id]),
                        **b.as_dict(),
                    }
                    for b in chunk
                ],
            }
        )
