"""The collection API (login required): list, changes (all or nothing), import with a preview, export, history.

Every view works on the logged-in user's own collection only: no URL names another user, so another user's
collection is never visible."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.files import FileAnswerMixin, file_response
from cardsdb.api.pagination import CardPagination, page_parameters
from cardsdb.api.parsers import JSONParser
from cardsdb.api.permissions import LoginRequired
from cardsdb.api.request_size import check_body_size
from cardsdb.api.schema import StrictSerializer
from cardsdb.api.views import ERROR, GAME_REQUIRED, check_game
from cardsdb.games.registry import GAME_CODES
from cardsdb.models import Card
from decks.collection import services as collection
from decks.collection.io import KINDS, MODES, write_csv, write_json
from decks.collection.io.base import CONDITIONS, FINISHES
from decks.collection.io.limits import MAX_BYTES, MAX_CHANGES, MAX_FIELD_CHARS, MAX_QUANTITY

MAX_CHANGES_BODY = 5_000_000
MAX_IMPORT_BODY = 2 * MAX_BYTES  # the file is a JSON string: escapes may double it
CHANGE_KEYS = frozenset({"card", "game", "set", "variant", "finish", "condition", "delta"})

LINE_FIELDS = {
    "card": serializers.CharField(),
    "title": serializers.CharField(),
    "game": serializers.CharField(),
    "set": serializers.CharField(),
    "variant": serializers.CharField(),
    "finish": serializers.CharField(),
    "condition": serializers.CharField(),
    "quantity": serializers.IntegerField(),
}
PAGE_OUT = inline_serializer(
    "CollectionPage",
    {
        "count": serializers.IntegerField(),
        "page_size": serializers.IntegerField(),
        "next": serializers.CharField(allow_null=True),
        "previous": serializers.CharField(allow_null=True),
        "results": inline_serializer("CollectionLine", LINE_FIELDS, many=True),
    },
)


def _text(**options):
    """A change's text field as parse_changes reads it: untrimmed, at most MAX_FIELD_CHARS characters."""
    return serializers.CharField(
        **{"required": False, "trim_whitespace": False, "max_length": MAX_FIELD_CHARS, **options}
    )


class CollectionChangeIn(StrictSerializer):
    card = _text(required=True, help_text="The card's code (GEMP id for SWCCG).")
    game = _text(allow_blank=True, help_text="Optional: the card's game.")
    set = _text(allow_blank=True)
    variant = _text(allow_blank=True)
    finish = serializers.ChoiceField(choices=FINISHES, required=False)
    condition = serializers.ChoiceField(choices=CONDITIONS, required=False)
    delta = serializers.IntegerField(
        min_value=-MAX_QUANTITY, max_value=MAX_QUANTITY, help_text="Copies added (negative: removed)."
    )


CHANGES_IN = inline_serializer(
    "CollectionChangesIn",
    {
        "game": serializers.ChoiceField(
            choices=GAME_CODES, required=False, help_text="Optional: the game of every change."
        ),
        "changes": serializers.ListField(child=CollectionChangeIn(), min_length=1, max_length=MAX_CHANGES),
    },
)
IMPORT_IN = inline_serializer(
    "CollectionImportIn",
    {
        "game": serializers.ChoiceField(choices=["swccg", "swtcg", "swdbg"]),
        "text": serializers.CharField(help_text="The file's text: CSV (ours or foreign columns) or JSON."),
        "kind": serializers.ChoiceField(
            choices=list(KINDS), required=False, help_text="Detected when absent."
        ),
        "mode": serializers.ChoiceField(
            choices=list(MODES), required=False, help_text="add (default), set, replace"
        ),
        "preview": serializers.BooleanField(required=False, help_text="true (default): change nothing."),
    },
)
IMPORT_OUT = inline_serializer(
    "CollectionImportOut",
    {
        "game": serializers.CharField(),
        "mode": serializers.CharField(),
        "format": serializers.CharField(),
        "applied": serializers.BooleanField(),
        "batch": serializers.CharField(),
        "lines_read": serializers.IntegerField(),
        "changes": serializers.ListField(child=serializers.DictField()),
        "removed": serializers.ListField(child=serializers.DictField()),
        "problems": serializers.ListField(child=serializers.DictField()),
        "ignored_columns": serializers.ListField(child=serializers.CharField()),
    },
)


class OwnCollectionView(APIView):
    """A view of the caller's own collection: 401 `not-authenticated` without a login."""

    permission_classes = [LoginRequired]
    login_to = "see or change your collection"


def line_dict(item) -> dict:
    return {
        "card": item.card.code,
        "title": item.card.title,
        "game": item.card.game_id,
        "set": item.set_code,
        "variant": item.variant,
        "finish": item.finish,
        "condition": item.condition,
        "quantity": item.quantity,
    }


class CollectionListView(OwnCollectionView):
    """Your collection's lines for one game, by card name, paginated (?page=, ?page_size= up to 500);
    ?name= keeps the cards whose name holds it."""

    @extend_schema(
        operation_id="collection_list",
        parameters=[GAME_REQUIRED, OpenApiParameter("name", str), *page_parameters()],
        responses={200: PAGE_OUT, 400: ERROR, 401: ERROR, 404: ERROR},
    )
    def get(self, request):
        game = check_game(request.query_params.get("game"), required=True)
        name = request.query_params.get("name", "")[:MAX_FIELD_CHARS].replace("\x00", "")
        paginator = CardPagination()
        page = paginator.paginate_queryset(
            collection.collection_lines(request.user, game, name=name), request, self
        )
        return paginator.get_paginated_response([line_dict(i) for i in page])


def parse_changes(data: object) -> list[collection.Delta]:
    """The body's changes as Deltas; every bad item is named (400 invalid-request, or unknown-card)."""
    if not isinstance(data, dict) or not isinstance(data.get("changes"), list):
        raise ApiError("invalid-request", 'Send {"changes": [{"card": "1_168", "delta": 1}, …]}.')
    items = data["changes"]
    if not 1 <= len(items) <= MAX_CHANGES:
        raise ApiError("invalid-request", f"`changes` holds 1 to {MAX_CHANGES:,} items.")
    game = check_game(data.get("game")) if "game" in data else None
    errors, wanted = [], []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or set(item) - CHANGE_KEYS:
            errors.append(
                f"changes[{i}]: an object with card, delta and optional set, variant, finish, condition"
            )
            continue
        delta = item.get("delta")
        texts = {k: item.get(k, "") for k in ("card", "set", "variant", "finish", "condition", "game")}
        if (
            not all(isinstance(v, str) and len(v) <= MAX_FIELD_CHARS for v in texts.values())
            or not texts["card"]
        ):
            errors.append(
                f"changes[{i}]: card (required), set, variant, finish and condition are short strings"
            )
        elif (
            isinstance(delta, bool)
            or not isinstance(delta, int)
            or not -MAX_QUANTITY <= delta <= MAX_QUANTITY
        ):
            errors.append(f"changes[{i}].delta: a whole number from {-MAX_QUANTITY:,} to {MAX_QUANTITY:,}")
        elif texts["finish"] not in ("", "foil") or texts["condition"] not in (
            "",
            "M",
            "NM",
            "LP",
            "MP",
            "HP",
            "D",
        ):
            errors.append(f'changes[{i}]: finish is "" or foil; condition is "", M, NM, LP, MP, HP or D')
        else:
            wanted.append((i, texts, delta))
    if errors:
        raise ApiError("invalid-request", errors[0], errors=errors[:100])
    return _resolve_changes(wanted, game)


def _resolve_changes(wanted: list, game: str | None) -> list[collection.Delta]:
    codes = sorted({texts["card"] for _i, texts, _d in wanted})
    cards = {}
    for chunk in collection.chunks(codes):
        found = Card.objects.filter(code__in=chunk)
        if game:
            found = found.filter(game_id=game)
        cards.update({code: (pk, g) for pk, code, g in found.values_list("pk", "code", "game_id")})
    unknown = sorted(c for c in codes if c not in cards)
    if unknown:
        raise ApiError(
            "unknown-card",
            f"{len(unknown)} card code(s) name no card{' of ' + game if game else ''}: {', '.join(unknown[:10])}.",
            cards=unknown[:100],
        )
    problems = []
    deltas = []
    for i, texts, delta in wanted:
        pk, card_game = cards[texts["card"]]
        if texts["game"] and texts["game"] != card_game:
            problems.append(f"changes[{i}]: {texts['card']} is a {card_game} card, not {texts['game']}")
        deltas.append(
            collection.Delta(pk, delta, texts["set"], texts["variant"], texts["finish"], texts["condition"])
        )
    if problems:
        raise ApiError("invalid-request", problems[0], errors=problems[:100])
    return deltas


class CollectionChangesView(OwnCollectionView):
    """Add or remove copies: every change or none (a line that would go below 0 refuses them all, 400
    `collection-below-zero`). The lines changed, as they are now."""

    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="collection_changes",
        request=CHANGES_IN,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 401: ERROR, 413: ERROR},
    )
    def post(self, request):
        check_body_size(request, MAX_CHANGES_BODY)
        deltas = parse_changes(request.data)
        batch = collection.new_batch()
        items = collection.apply_changes(request.user, deltas, source=collection.Source.API, batch=batch)
        return Response({"batch": batch, "lines": [line_dict(i) for i in items]})


def import_answer(result: collection.ImportPlan) -> dict:
    changes = collection.change_dicts(result.changes)
    return {
        "game": result.game,
        "mode": result.mode,
        "format": result.format,
        "applied": result.applied,
        "batch": result.batch,
        "lines_read": len(result.resolved),
        "changes": [c for c in changes if c["after"] > 0 or c["lines"]],
        "removed": [c for c in changes if c["after"] == 0 and not c["lines"]],
        "problems": [collection.problem_dict(p) for p in result.problems],
        "ignored_columns": result.ignored_columns,
    }


class CollectionImportView(OwnCollectionView):
    """Import a collection file (CSV or JSON) into one game. With `preview` (the default) nothing changes: the
    answer lists what would change (`removed`: what mode "replace" would remove) and every unreadable line with
    its number and closest cards. With "preview": false it applies, all or nothing: refused (400
    `collection-problems`, nothing applied) while any line cannot be read."""

    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="collection_import",
        request=IMPORT_IN,
        responses={200: IMPORT_OUT, 400: ERROR, 401: ERROR, 413: ERROR},
    )
    def post(self, request):
        check_body_size(request, MAX_IMPORT_BODY)
        data = request.data if isinstance(request.data, dict) else {}
        game = check_game(data.get("game"), required=True)
        text, kind, mode = data.get("text"), data.get("kind", ""), data.get("mode", "add")
        preview = data.get("preview", True)
        if not isinstance(text, str):
            raise ApiError("invalid-request", "`text` (the file's text) is required.")
        if kind not in ("", *KINDS) or mode not in MODES or not isinstance(preview, bool):
            raise ApiError(
                "invalid-request",
                f"`kind` is one of {', '.join(KINDS)}; `mode` one of {', '.join(MODES)}; `preview` true or false.",
            )
        read = collection.read_import(text, game=game, kind=kind)
        result = collection.import_rows(request.user, game, read, mode=mode, apply=not preview)
        return Response(import_answer(result))


def export_response(user, game: str, kind: str) -> HttpResponse:
    lines = collection.export_lines(user, game)
    if kind == "json":
        content, content_type = write_json(lines, game=game), "application/json"
    else:
        content, content_type = write_csv(lines), "text/csv; charset=utf-8"
    return file_response(content, content_type, f"collection-{game}.{kind}")


class CollectionExportView(FileAnswerMixin, OwnCollectionView):
    """Your collection of one game as a file: ?as=csv (default) or json, in our column set (docs/collections.md);
    importing it back gives the same collection."""

    @extend_schema(
        operation_id="collection_export",
        parameters=[GAME_REQUIRED, OpenApiParameter("as", str, enum=["csv", "json"])],
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR),
            (200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT),
            400: ERROR,
            401: ERROR,
        },
    )
    def get(self, request):
        game = check_game(request.query_params.get("game"), required=True)
        kind = request.query_params.get("as", "csv")
        if kind not in ("csv", "json"):
            raise ApiError("bad-parameter", "as is csv or json.")
        return export_response(request.user, game, kind)


class CollectionHistoryView(OwnCollectionView):
    """The changes of your collection for one card (?game=&card=<code>), newest first (the last 100)."""

    @extend_schema(
        operation_id="collection_history",
        parameters=[GAME_REQUIRED, OpenApiParameter("card", str, required=True)],
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 401: ERROR, 404: ERROR},
    )
    def get(self, request):
        game = check_game(request.query_params.get("game"), required=True)
        code = request.query_params.get("card", "")
        card = Card.objects.filter(game_id=game, code=code[:64]).first() if code.isprintable() else None
        if card is None:
            raise ApiError(
                "card-not-found", f"No {game} card has the code {code[:64]!r}.", status.HTTP_404_NOT_FOUND
            )
        return Response(
            {
                "card": card.code,
                "title": card.title,
                "lines": [line_dict(i) for i in collection.card_lines(request.user, card)],
                "changes": [history_dict(c) for c in collection.card_history(request.user, card)],
            }
        )


def history_dict(change) -> dict:
    return {
        "set": change.set_code,
        "variant": change.variant,
        "finish": change.finish,
        "condition": change.condition,
        "delta": change.delta,
        "quantity": change.quantity,
        "source": change.source,
        "batch": change.batch,
        "at": change.created_at,
    }
