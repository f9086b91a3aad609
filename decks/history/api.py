"""Deck history and sharing over HTTP: a deck's kept versions, the diff between any two (with the legality change
in the deck's format), restore, duplicate, two decks side by side, and the public decks (filterable by game, side,
format, name and the cards they hold: "decks using this card" is `?game=…&card=<id>`).

Only decks the user may see answer (their own, or public ones); a private deck is `deck-not-found` to everyone
else, in every endpoint; of a public deck, others see only the versions saved while it was public. Restore is a
change of the cards: it needs If-Match like PATCH (decks/deck/versions.py)."""

from django.db.models import Sum
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.conditional import NOT_MODIFIED, ConditionalReadMixin, catalogue_stamp, rows_stamp
from cardsdb.api.errors import ApiError
from cardsdb.api.pagination import CardPagination, page_parameters, whole_number
from cardsdb.api.parsers import JSONParser
from cardsdb.api.permissions import LoginRequired
from cardsdb.api.request_size import MAX_BODY, check_body_size
from cardsdb.api.views import ERROR, GAME_PARAM, GAME_PATH, check_game
from cardsdb.games.registry import game_plugin
from decks.deck import services as decks
from decks.deck.api import deck_as_dict
from decks.deck.versions import if_match, with_etag
from decks.history import services as history
from decks.history.serializers import (
    CompareOut,
    DiffOut,
    DuplicateIn,
    PublicDeckPageOut,
    RestoreIn,
    ShareLinkOut,
    VersionOut,
    VersionPageOut,
)
from decks.legality.serializers import IF_MATCH_REQUIRED, DeckOut
from decks.models import Deck, DeckVersion

MAX_ID = 2_147_483_647
ID_SCHEMA = {"type": "integer", "minimum": 1, "maximum": MAX_ID}  # what number_param accepts
PAGE_PARAMS = page_parameters()


def text_param(request, name: str, limit: int) -> str | None:
    """A query parameter as text, at most `limit` characters and without NUL; None when absent or empty."""
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if "\x00" in raw or len(raw) > limit:
        raise ApiError("bad-parameter", f"{name} must be text of at most {limit} characters, without NUL.")
    return raw.strip() or None


def number_param(request, name: str, default: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        if default is None:
            raise ApiError("bad-parameter", f"{name} is required (a whole number).")
        return default
    return whole_number(raw, name, 1, MAX_ID)


def _body(request) -> dict:
    """The JSON body as an object (read before anything else, so a hostile body is refused first); no body: {}.
    A JSON null, list or number is refused: the schema says an object."""
    check_body_size(request, MAX_BODY)
    data = request.data  # DRF gives {} for an empty body, None only for a JSON null
    if not isinstance(data, dict):
        raise ApiError("invalid-request", "The body must be a JSON object.")
    return data


def _closed(data: dict, allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError(
            "invalid-request", f"Unknown fields: {', '.join(unknown)}; expected {', '.join(sorted(allowed))}."
        )


def version_summary(deck: Deck, version: DeckVersion) -> dict:
    return {
        "number": version.number,
        "created_at": version.created_at,
        "note": version.note,
        "is_public": version.is_public,
        "name": version.name,
        "format": version.format_code or None,
        "cards": sum(c.get("count", 0) for c in version.cards),
        "url": reverse("api-deck-version", args=[deck.pk, version.number]),
    }


def deck_summary(deck: Deck) -> dict:
    return {
        "id": deck.pk,
        "name": deck.name,
        "game": deck.game_id,
        "side": deck.side,
        "owner": deck.owner.username,
        "format": deck.format.code if deck.format_id else None,
        "is_public": deck.is_public,
        "updated_at": deck.updated_at,
        "url": reverse("api-deck-detail", args=[deck.pk]),
    }


class VersionListView(APIView):
    """The kept versions of a deck you may see, newest first, a page at a time: all of your own deck's, only
    those saved while it was public of anyone else's."""

    @extend_schema(
        operation_id="decks_versions_list",
        parameters=PAGE_PARAMS,
        responses={200: VersionPageOut, 400: ERROR, 404: ERROR},
    )
    def get(self, request, deck_id: int):
        deck = history.deck_readable(request.user, deck_id)
        paginator = CardPagination()
        page = paginator.paginate_queryset(history.version_list(deck, request.user), request, view=self)
        return paginator.get_paginated_response([version_summary(deck, v) for v in page])


class VersionDetailView(APIView):
    """One kept version: its name, side, format, notes and cards (and a SW:DBG deck's setup)."""

    @extend_schema(responses={200: VersionOut, 404: ERROR})
    def get(self, request, deck_id: int, number: int):
        deck = history.deck_readable(request.user, deck_id)
        version = history.version_get(deck, number, request.user)
        rows = [{"id": c["code"], "zone": c["zone"], "count": c["count"]} for c in version.cards]
        return Response(
            {
                **version_summary(deck, version),
                "side": version.side,
                "notes": version.notes,
                **({"setup": version.setup} if game_plugin(deck.game_id).setup_decks else {}),
                "card_list": history.with_titles(deck.game_id, rows, key="id"),
            }
        )


class VersionDiffView(APIView):
    """What changed between two kept versions you may see (?from=&to=; default: the latest and the one before
    it): cards added and removed per zone, fields changed, and the legality of both in the deck's format (or
    ?format=) — legal→illegal, and the violation codes that appeared and disappeared."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "from", ID_SCHEMA, description="Default: the version before `to` that you may see."
            ),
            OpenApiParameter("to", ID_SCHEMA, description="Default: the latest version you may see."),
            OpenApiParameter("format", str, description="Check both in this format instead of the deck's."),
        ],
        responses={200: DiffOut, 400: ERROR, 404: ERROR},
    )
    def get(self, request, deck_id: int):
        deck = history.deck_readable(request.user, deck_id)
        after = number_param(request, "to", 0) or None
        before, after = history.default_span(deck, request.user, after)
        before = number_param(request, "from", before)
        fmt = text_param(request, "format", 60)
        return Response(history.version_diff(deck, before, after, viewer=request.user, format_code=fmt))


class VersionRestoreView(APIView):
    """Make a kept version the deck's content again: a new version noted "restored version N" (the versions
    between stay). Owner only; needs If-Match with the deck's ETag (or *), as any change of the cards."""

    parser_classes = [JSONParser]
    permission_classes = [LoginRequired]
    login_to = "restore a version of your deck"

    @extend_schema(
        parameters=[IF_MATCH_REQUIRED],
        request=RestoreIn,
        responses={
            200: DeckOut,
            400: ERROR,
            401: ERROR,
            403: ERROR,
            404: ERROR,
            409: ERROR,
            412: ERROR,
            428: ERROR,
        },
    )
    def post(self, request, deck_id: int):
        deck = decks.deck_get(deck_id=deck_id, user=request.user, for_change=True)
        data = _body(request)
        _closed(data, {"version"})
        number = data.get("version")
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_ID:
            raise ApiError(
                "invalid-request", "`version` (a whole number: the kept version to restore) is required."
            )
        expected = if_match(request)
        if "If-Match" not in request.headers:
            raise ApiError(
                "precondition-required",
                "Restoring replaces the deck's cards: send If-Match with the deck's ETag as you read it "
                '(e.g. If-Match: "3"), or If-Match: * to replace whatever it holds.',
                status.HTTP_428_PRECONDITION_REQUIRED,
            )
        deck = history.version_restore(deck, number, expected_version=expected)
        return with_etag(Response(deck_as_dict(deck)), deck)


class DeckShareLinkView(APIView):
    """A new share link for your deck (POST, no body): the old /d/<share_id>/ is a 404 from now on. Making a deck
    private and public again keeps its link; this is how to revoke one. Owner only; not a change of the deck's
    content, so its version (ETag) stays."""

    parser_classes = []  # no body: whatever is sent is left unread
    permission_classes = [LoginRequired]
    login_to = "make a new share link for your deck"

    @extend_schema(request=None, responses={200: ShareLinkOut, 401: ERROR, 403: ERROR, 404: ERROR})
    def post(self, request, deck_id: int):
        deck = decks.deck_get(deck_id=deck_id, user=request.user, for_change=True)
        deck = history.deck_new_share_link(deck)
        share = reverse("deck-share", args=[deck.share_id])
        return Response({"id": deck.pk, "is_public": deck.is_public, "share_url": share})


class DeckDuplicateView(APIView):
    """A private copy of a deck you may see (yours or a public one), owned by you: 201 with the new deck."""

    parser_classes = [JSONParser]
    permission_classes = [LoginRequired]
    login_to = "copy decks"

    @extend_schema(
        request=DuplicateIn, responses={201: DeckOut, 400: ERROR, 401: ERROR, 404: ERROR, 409: ERROR}
    )
    def post(self, request, deck_id: int):
        data = _body(request)
        _closed(data, {"name"})
        name = data.get("name")
        # Leave `name` out for the default; null is not text (the schema says a string).
        if "name" in data and (not isinstance(name, str) or not 1 <= len(name.strip()) <= 100):
            raise ApiError("invalid-request", "`name` must be text of 1 to 100 characters.")
        source = history.deck_readable(request.user, deck_id)
        deck = history.deck_duplicate(source, owner=request.user, name=name.strip() if name else None)
        return with_etag(Response(deck_as_dict(deck), status=status.HTTP_201_CREATED), deck)


class DeckCompareView(APIView):
    """Two decks of one game side by side (?a=&b=, deck ids you may see): per card, copies only in A, only in
    B, and in both. A printing counts as its card; all zones together."""

    @extend_schema(
        parameters=[
            OpenApiParameter("a", ID_SCHEMA, required=True),
            OpenApiParameter("b", ID_SCHEMA, required=True),
        ],
        responses={200: CompareOut, 400: ERROR, 404: ERROR},
    )
    def get(self, request):
        a = history.deck_readable(request.user, number_param(request, "a"))
        b = history.deck_readable(request.user, number_param(request, "b"))
        return Response({"a": deck_summary(a), "b": deck_summary(b), **history.deck_compare(a, b)})


def public_page(request, view, found) -> Response:
    found = found.annotate(copies=Sum("cards__count"))
    paginator = CardPagination()
    page = paginator.paginate_queryset(found, request, view=view)
    return paginator.get_paginated_response(
        [
            {**deck_summary(d), "share_url": reverse("deck-share", args=[d.share_id]), "cards": d.copies or 0}
            for d in page
        ]
    )


class PublicDecksRead(ConditionalReadMixin):
    """Validated by the public decks (their count and newest change, as history_services.decks_stamp reads them)
    and the catalogue the card filters are read in. The same for everyone: only public decks are listed."""

    def read_stamp(self, request, *args, **kwargs):
        catalogue = catalogue_stamp(kwargs.get("game") or request.query_params.get("game") or None)
        if catalogue is None:
            return None
        return catalogue + rows_stamp("public-decks", Deck.objects.filter(is_public=True))


class PublicDeckListView(PublicDecksRead, APIView):
    """Public decks, newest change first, a page at a time: ?game=, ?side=, ?format= (a format code), ?q= (in
    the name), and ?card=<id> (repeatable, up to 10; with game=): decks holding every card named, in any
    printing and zone — the decks using a card."""

    @extend_schema(
        parameters=[
            GAME_PARAM,
            OpenApiParameter("side", str),
            OpenApiParameter("format", str),
            OpenApiParameter("q", str, description="Text in the deck's name."),
            OpenApiParameter("card", str, many=True, description="A card id (needs game=); repeatable."),
            *PAGE_PARAMS,
        ],
        responses={200: PublicDeckPageOut, 304: NOT_MODIFIED, 400: ERROR, 404: ERROR},
    )
    def get(self, request):
        game = check_game(request.query_params.get("game"))
        codes = request.query_params.getlist("card")
        if codes and not game:
            raise ApiError("bad-parameter", "card= needs game= (card ids are a game's own).")
        if any("\x00" in c or not c.strip() or len(c) > 64 for c in codes):
            raise ApiError("bad-parameter", "Each card= is one card id (at most 64 characters, no NUL).")
        cards = history.cards_for_codes(game, [c.strip() for c in codes]) if codes else []
        fmt = text_param(request, "format", 60)
        if fmt and game:
            decks.format_get(game=game, code=fmt)  # 400 unknown-format: a typo must not look like "no decks"
        found = history.public_decks(
            game=game,
            side=text_param(request, "side", 20),
            format_code=fmt,
            cards=cards,
            name=text_param(request, "q", history.MAX_NAME_QUERY),
        )
        return public_page(request, self, found)


class DecksUsingCardView(PublicDecksRead, APIView):
    """The public decks that hold a card (any printing, any zone), newest change first: the card page's "decks
    using this card". The same as /api/decks/public/?game=<game>&card=<code>."""

    @extend_schema(
        parameters=[GAME_PATH, OpenApiParameter("code", str, OpenApiParameter.PATH), *PAGE_PARAMS],
        responses={200: PublicDeckPageOut, 304: NOT_MODIFIED, 400: ERROR, 404: ERROR},
    )
    def get(self, request, game: str, code: str):
        check_game(game)
        if "\x00" in code or len(code) > 64:
            raise ApiError("bad-parameter", "The card id has at most 64 characters and no NUL.")
        try:
            cards = history.cards_for_codes(game, [code])
        except ApiError:
            raise ApiError(
                "card-not-found", f"No {game} card has the id {code!r}.", status.HTTP_404_NOT_FOUND
            ) from None
        return public_page(request, self, history.public_decks(game=game, cards=cards))
