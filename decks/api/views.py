"""Formats and legality over HTTP: thin views over decks.services."""

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.parsers import JSONParser
from cardsdb.api.views import ERROR, GAME_PARAM, check_game

from .. import services
from .serializers import BatchRequest, FormatOut, LegalityRequest, LegalityResponse, parse_legality_body

MAX_BODY = 1_000_000
MAX_BATCH_BODY = 6_000_000


def check_body_size(request, limit: int) -> None:
    length = request.META.get("CONTENT_LENGTH") or "0"
    if length.isdigit() and int(length) > limit:
        raise ApiError(
            "request-too-large",
            f"The body has {int(length):,} bytes; this endpoint accepts at most {limit:,}.",
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )


class FormatListView(APIView):
    """The formats of a game with their rules (legal sets, bans, restrictions, icons, rarities, deck size…)."""

    @extend_schema(parameters=[GAME_PARAM], responses={200: FormatOut(many=True), 400: ERROR})
    def get(self, request):
        game = check_game(request.query_params.get("game"))
        return Response([services.format_as_dict(f) for f in services.format_list(game=game)])


class FormatDetailView(APIView):
    @extend_schema(responses={200: FormatOut, 404: ERROR})
    def get(self, request, game: str, code: str):
        check_game(game)
        return Response(services.format_as_dict(services.format_get(game=game, code=code)))


class LegalityView(APIView):
    """Is this deck legal in this format? Every violation, each with a code, a message, the cards and a hint.
    No login needed."""

    parser_classes = [JSONParser]
    authentication_classes = []

    @extend_schema(request=LegalityRequest, responses={200: LegalityResponse, 400: ERROR, 413: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BODY)
        values, errors = parse_legality_body(request.data)
        if errors:
            raise exceptions.ValidationError(errors)
        return Response(services.legality_check(**values))


class LegalityBatchView(APIView):
    """Up to 500 decks in one request, each shaped like a /api/legality/ body. Results come back in order; a deck
    with bad input gets an error object in its place instead of failing the batch."""

    parser_classes = [JSONParser]
    authentication_classes = []

    @extend_schema(request=BatchRequest, responses={200: dict, 400: ERROR, 413: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BATCH_BODY)
        batch = BatchRequest(data=request.data)
        batch.is_valid(raise_exception=True)
        results = []
        formats = services.FormatCache()
        for index, body in enumerate(batch.validated_data["decks"]):
            values, errors = parse_legality_body(body)
            if errors:
                results.append({"index": index, "error": {"code": "invalid-request", "errors": errors}})
                continue
            try:
                results.append({"index": index, **services.legality_check(**values, formats=formats)})
            except ApiError as exc:
                results.append({"index": index, "error": {"code": exc.code, "message": str(exc.detail)}})
        legal = sum(1 for r in results if r.get("legal"))
        return Response({"count": len(results), "legal": legal, "results": results})
