"""Formats and legality over HTTP: thin views over decks.legality.services."""

from django.conf import settings
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.conditional import NOT_MODIFIED, ConditionalReadMixin, catalogue_stamp, rows_stamp
from cardsdb.api.errors import ApiError
from cardsdb.api.parsers import JSONParser
from cardsdb.api.request_size import MAX_BODY, check_body_size
from cardsdb.api.token_auth import ApiTokenAuthentication
from cardsdb.api.views import ERROR, GAME_PARAM, GAME_PATH, check_game
from decks.formats_io.limits import line_count
from decks.legality import services
from decks.legality.batch import BatchBudget, check_batch
from decks.legality.serializers import (
    BatchRequest,
    LegalityRequest,
    LegalityResponse,
    format_out,
    parse_legality_body,
)
from decks.models import Format

MAX_BATCH_BODY = 6_000_000
MAX_BATCH_DECKS = 500
# A batch's total work (the checker is linear in the cards, the readers in the deck lists' lines).
BATCH_LIMITS = {"cards": 100_000, "characters": 1_000_000, "lines": 25_000}
# What one batch request spends (within 2 s and 5 MB with the body's parsing and the answer's rendering): 500 decks
# of unread lines took 8 s and answered 8.4 MB before. The rest of the batch is answered `batch-budget-spent`.
# The seconds come from settings.CARDSDB_BATCH_SECONDS (1.0): a test suite on a loaded machine widens them, so
# that only the tests of the budget meet it.
BATCH_ANSWER_BYTES = 3_500_000


class FormatRead(ConditionalReadMixin):
    """Validated by the game's formats (imports save them) and its catalogue (the rules name its cards)."""

    def read_stamp(self, request, *args, **kwargs):
        game = kwargs.get("game") or request.query_params.get("game") or None
        catalogue = catalogue_stamp(game)
        if catalogue is None:
            return None
        formats = Format.objects.filter(game_id=game) if game else Format.objects.all()
        return catalogue + rows_stamp("formats", formats)


class FormatListView(FormatRead, APIView):
    """The formats of a game with their rules (legal sets, bans, restrictions, icons, rarities, deck size…)."""

    @extend_schema(
        parameters=[GAME_PARAM], responses={200: format_out(many=True), 304: NOT_MODIFIED, 400: ERROR}
    )
    def get(self, request):
        game = check_game(request.query_params.get("game"))
        return Response([services.format_as_dict(f) for f in services.format_list(game=game)])


class FormatDetailView(FormatRead, APIView):
    @extend_schema(
        parameters=[
            GAME_PATH,
            OpenApiParameter(
                "code", str, OpenApiParameter.PATH, examples=[OpenApiExample("classic", "classic")]
            ),
        ],
        responses={200: format_out(), 304: NOT_MODIFIED, 400: ERROR, 404: ERROR},
    )
    def get(self, request, game: str, code: str):
        check_game(game)
        return Response(services.format_as_dict(services.format_get(game=game, code=code)))


class LegalityView(APIView):
    """Is this deck legal in this format? Every violation, each with a code, a message, the cards and a hint.
    No login needed.

    Every field is type-checked (400 `invalid-request` naming each bad field). A `decklist` over one list's
    limits (100,000 characters or 2,000 lines) is refused before it is read: 413 `decklist-too-large`. Its
    unread lines are reported with their line number; the first 20 get the closest cards as candidates."""

    parser_classes = [JSONParser]
    # No login needed; a token only says whose rate limit counts the check (the session's is found by the
    # throttle), and anonymous checks have the tighter `anon-check` limit (cardsdb/api/throttles.py).
    authentication_classes = [ApiTokenAuthentication]
    throttle_scope = "check"

    @extend_schema(request=LegalityRequest, responses={200: LegalityResponse, 400: ERROR, 413: ERROR})
    def post(self, request):
        return Response(services.legality_check(**self.checked_body(request)))

    def checked_body(self, request) -> dict:
        """The body's values for services.legality_check, or a coded 4xx (its JSON is read by JSONParser:
        bad-unicode, too-deep, parse-error; 413 request-too-large; 400 invalid-request). The builder's page
        endpoint (decks/legality/builder_panel.py) reads its body here too."""
        check_body_size(request, MAX_BODY)
        values, errors = parse_legality_body(request.data)
        if errors:
            raise exceptions.ValidationError(errors)
        return values


class LegalityBatchView(APIView):
    """Up to 500 decks in one request, each shaped like a /api/legality/ body. Results come back in order; a deck
    with bad input (any field of the wrong type, an unknown format, a deck list over its limits) gets an error
    object in its place instead of failing the batch.

    Limits, checked before any deck is read (over one: 413 `batch-too-large`, with `limit` and `size`): at most
    500 decks, 100,000 card ids in `cards` and `outside_deck` together, 1,000,000 characters and 25,000 lines of
    `decklist` text over the whole batch; the body is at most 6,000,000 bytes. Each deck list is also held to
    one list's limits (100,000 characters, 2,000 lines: that deck's error is `decklist-too-large`). Unread lines
    get the closest cards as candidates for the first 100 such lines of the batch; later ones are reported
    with their line number, without candidates.

    The answer comes within a budget (1 s of checking, 3.5 MB of results): the decks past it get the error
    `batch-budget-spent` in their place, `checked` counts the decks checked and `next` is the index to send
    again from (null when all were checked); the legality job (POST /api/legality/jobs/) has no such budget."""

    parser_classes = [JSONParser]
    # No login needed; a token only says whose rate limit counts the check (the session's is found by the
    # throttle), and anonymous checks have the tighter `anon-check` limit (cardsdb/api/throttles.py).
    authentication_classes = [ApiTokenAuthentication]
    throttle_scope = "check"

    @extend_schema(request=BatchRequest, responses={200: dict, 400: ERROR, 413: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BATCH_BODY)
        decks = request.data.get("decks") if isinstance(request.data, dict) else None
        if not isinstance(decks, list) or not 1 <= len(decks) <= MAX_BATCH_DECKS:
            raise ApiError(
                "invalid-request",
                f"`decks` must be a list of 1 to {MAX_BATCH_DECKS} legality request bodies.",
            )
        check_batch_work(decks)
        budget = BatchBudget(seconds=settings.CARDSDB_BATCH_SECONDS, answer_bytes=BATCH_ANSWER_BYTES)
        return Response(check_batch(decks, budget=budget))


def check_batch_work(decks: list, limits: dict[str, int] = BATCH_LIMITS) -> None:
    """Refuse a batch whose decks together hold more cards or deck-list text than `limits` allow (the
    items' own types are checked one by one later: here anything that is not a list or text counts as 0)."""
    totals = {"cards": 0, "characters": 0, "lines": 0}
    for body in decks:
        if not isinstance(body, dict):
            continue
        for key in ("cards", "outside_deck"):
            totals["cards"] += len(body[key]) if isinstance(body.get(key), list) else 0
        if isinstance(body.get("decklist"), str):
            totals["characters"] += len(body["decklist"])
            totals["lines"] += line_count(body["decklist"])
    for unit, limit in limits.items():
        if totals[unit] > limit:
            what = "card ids (cards and outside_deck)" if unit == "cards" else f"deck list {unit}"
            raise ApiError(
                "batch-too-large",
                f"The batch's decks hold {totals[unit]:,} {what} in all; a batch may hold at most {limit:,}. "
                "Send the decks in several batches.",
                status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
                limit=limit,
                size=totals[unit],
                unit=unit,
            )
