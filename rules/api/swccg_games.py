"""SWCCG game records over HTTP: the referee's replay of a record against the stored cards (no login).

The referee is plain Python (rules/swccg/referee/); this view checks the record's shape, resolves its GEMP ids
to the stored cards and shapes the replay: every violation with its code, the rulebook's words and the event's
index, a summary of each turn, and the table at the end (or after `upto`).
"""

from dataclasses import asdict

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.answer_size import check_answer_size
from cardsdb.api.errors import ApiError
from cardsdb.api.pagination import whole_number
from cardsdb.api.parsers import JSONParser
from cardsdb.api.request_size import check_body_size
from cardsdb.api.schema import StrictSerializer
from cardsdb.api.token_auth import TOKEN_ONLY
from cardsdb.api.views import ERROR
from rules.swccg.cards import CcgCard
from rules.swccg.record import MAX_EVENTS, Record, RecordError, check_shape, record_schema
from rules.swccg.referee import CHECK, STRICT, referee
from rules.swccg_cards import ccg_cards

MAX_RECORD_BODY = 3_000_000  # 20,000 events of ~100 bytes, and the decks
# Violations listed in an answer (all are counted in violations_total): a record breaking more rules than this is
# not a game, and listing them all would weigh tens of megabytes.
MAX_VIOLATIONS_SHOWN = 1_000


class SwccgRecordIn(StrictSerializer):
    """A SWCCG game record (the full JSON Schema: GET /api/games/swccg/record-schema)."""

    game = serializers.ChoiceField(choices=["swccg"])
    record_version = serializers.ChoiceField(choices=[1])
    players = serializers.ListField(
        child=serializers.JSONField(), min_length=2, max_length=2, help_text="{name, side, deck, outside}"
    )
    events = serializers.ListField(child=serializers.JSONField(), max_length=MAX_EVENTS)
    result = serializers.JSONField(required=False, allow_null=True)


def checked_record(data: object) -> tuple[Record, dict[str, CcgCard]]:
    """The record with its cards, read and looked up once (ApiError for a bad shape or an unknown id)."""
    try:
        record = check_shape(data)
    except RecordError as exc:
        if exc.limit is not None:  # over a bound on the work: 413, like a body over its size
            raise ApiError(
                exc.code,
                exc.message,
                status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
                bound=exc.bound,
                limit=exc.limit,
            ) from None
        raise ApiError(
            exc.code, exc.message, **({"index": exc.index} if exc.index is not None else {})
        ) from None
    cards, unknown = ccg_cards(sorted(record.card_ids()))
    if unknown:
        raise ApiError(
            "unknown-card",
            f"The decks name ids no SWCCG card has: {', '.join(unknown[:20])}; ids are GEMP's, like 1_168.",
            cards=unknown,
        )
    return record, cards


def replay_record(data: object, mode: str, upto: int | None = None, *, checked=None) -> dict:
    """The referee's replay of a JSON record, as the API answers it (ApiError for what cannot be replayed);
    `checked`: what checked_record already gave for it."""
    record, cards = checked or checked_record(data)
    result = referee(record, cards, mode, stop_after=upto)
    return {
        "mode": mode,
        "events": len(record.events),
        "events_checked": result.events_checked,
        "stopped_at": result.stopped_at,
        "legal": not result.violations,
        "violations": [v.as_dict() for v in result.violations[:MAX_VIOLATIONS_SHOWN]],
        "violations_total": len(result.violations),
        "ended": result.ended,
        "winner": result.winner,
        "turns": [asdict(t) for t in result.turns],
        "table": result.table.snapshot(),
    }


class SwccgReplayView(APIView):
    """Referee a SWCCG game record against the stored cards: every broken rule with the event's index, its code
    and the rulebook's words (strict: the first one stops the replay; ?mode=check: all of them, carrying on from
    what the record says happened; the first MAX_VIOLATIONS_SHOWN listed, all counted in violations_total), a
    summary of each turn, and the table at the end (or after event `upto`)."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(
        request=SwccgRecordIn,
        parameters=[
            OpenApiParameter("mode", str, enum=[STRICT, CHECK], description="default strict"),
            OpenApiParameter(
                "upto",
                {"type": "integer", "minimum": 0, "maximum": MAX_EVENTS - 1},
                description="replay only the events up to this index",
            ),
        ],
        responses={200: dict, 400: ERROR, 413: ERROR},
    )
    def post(self, request):
        check_body_size(request, MAX_RECORD_BODY)
        mode = request.query_params.get("mode", STRICT)
        if mode not in (STRICT, CHECK):
            raise ApiError("bad-parameter", "mode is strict or check.")
        upto = request.query_params.get("upto")
        if upto is not None:
            upto = whole_number(upto, "upto", 0, MAX_EVENTS - 1)
        answer = replay_record(request.data, mode, upto)
        check_answer_size(answer, "Ask for the table at an earlier event (?upto=) or send a shorter record.")
        return Response(answer)


class SwccgRecordSchemaView(APIView):
    """The JSON Schema of SWCCG game records (version 1)."""

    authentication_classes = TOKEN_ONLY

    @extend_schema(responses={200: dict})
    def get(self, request):
        return Response(record_schema())


# ---- GEMP replays ----

MAX_GEMP_BODY = 4 * 1024 * 1024  # rules/swccg/gemp_replay.py's MAX_COMPRESSED_BYTES
MAX_EVENTS_SHOWN = 2_000
MAX_GEMP_OFFSET = 10**6


def gemp_error(exc) -> ApiError:
    """A gemp_replay.ReplayError as the API answers it: a file over a bound is a 413 naming the bound."""
    if exc.limit is not None:
        return ApiError(
            exc.code, exc.message, status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, bound=exc.bound, limit=exc.limit
        )
    return ApiError(exc.code, exc.message)


def observed_game(data: bytes, offset: int = 0, limit: int = 500) -> dict:
    """A GEMP replay read and summarised, its cards named from the catalogue (unknown ids listed, not dropped)."""
    from cardsdb.models import Card
    from rules.swccg import gemp_replay, gemp_words

    try:
        game = gemp_replay.read_replay(data)
    except gemp_replay.ReplayError as exc:
        raise gemp_error(exc) from None
    titles = dict(
        Card.objects.filter(
            game_id="swccg", code__in=game.blueprint_ids, edition=Card.Edition.CURRENT
        ).values_list("code", "title")
    )
    unknown = gemp_replay.resolve_cards(game, lambda ids: titles.keys())

    def name(blueprint_id: str) -> str:
        return titles.get(blueprint_id, blueprint_id)

    def event(e) -> dict:
        return {
            "index": e.index,
            "type": e.type,
            "type_name": e.type_name,
            "known": e.known,
            "turn": e.turn,
            "phase": e.phase,
            "participant": e.participant,
            "card": e.blueprint_id,
            "title": titles.get(e.blueprint_id) if e.blueprint_id else None,
            "face_down": e.face_down,
            "zone": e.zone,
            "location_index": e.location_index,
            "destiny": e.destiny_value,
            "words": gemp_words.describe_event(game, e, name),
            "attributes": gemp_words.shown_attributes(e) if not e.known else None,  # unknown types shown raw
        }

    return {
        "encoding": game.encoding,
        "players": [{"name": p, "side": game.side_of(p)} for p in game.players],
        "recorded_by": game.recorded_by,
        "events_total": len(game.events),
        "offset": offset,
        "events": [event(e) for e in game.events[offset : offset + limit]],
        "turns": [
            {
                "turn": t.turn,
                "player": t.player,
                "side": t.side,
                "side_turn": t.side_turn,
                "first_event": t.first_event,
                "phases": list(t.phases),
                "destiny_draws": [
                    {
                        "index": d.index,
                        "card": d.blueprint_id,
                        "destiny": d.destiny_value,
                        "for": d.destiny_text,
                    }
                    for d in t.destiny_draws
                ],
                "conflicts": [
                    {
                        "kind": c.kind,
                        "location_index": c.location_index,
                        "started": c.started_event,
                        "ended": c.ended_event,
                    }
                    for c in t.conflicts
                ],
                "cards_put_in_play": t.cards_put_in_play,
                "cards_removed_from_play": t.cards_removed_from_play,
                "messages": list(t.messages),
            }
            for t in game.turns
        ],
        "unknown_event_types": list(game.unknown_event_types),
        "unknown_cards": [
            {
                "card": u.blueprint_id,
                "as_written": list(u.raw_ids),
                "events": u.events,
                "first_event": u.first_event,
            }
            for u in unknown
        ],
        "refereed": False,  # a GEMP stream has hidden choices and unseeded shuffles: it is viewed, not refereed
    }


class GempReplayView(APIView):
    """Read a GEMP replay file — zlib-deflated as GEMP stores it (`.xml.gz`), gzip, or plain XML — as an observed
    game: the players and their sides, every event in words with the cards named from the catalogue (events
    `offset` to `offset + limit`), a summary of each turn (phases, destiny draws, battles and other conflicts,
    cards put in and taken out of play, the game log), event types the reader does not know (kept, shown raw)
    and blueprint ids the catalogue does not have (listed, never dropped). The body is the file itself. It is
    read as untrusted XML (no DTDs or entities) and not refereed: GEMP does not record hidden choices."""

    parser_classes = []  # the body is the file, read as bytes
    authentication_classes = TOKEN_ONLY

    @extend_schema(
        request={"application/octet-stream": {"type": "string", "format": "binary"}},
        parameters=[
            OpenApiParameter(
                "offset",
                {"type": "integer", "minimum": 0, "maximum": MAX_GEMP_OFFSET},
                description="the first event listed (default 0)",
            ),
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 0, "maximum": MAX_EVENTS_SHOWN},
                description=f"events listed, at most {MAX_EVENTS_SHOWN} (default 500)",
            ),
        ],
        responses={200: dict, 400: ERROR, 413: ERROR},
    )
    def post(self, request):
        check_body_size(request, MAX_GEMP_BODY)
        bounds = {
            key: whole_number(request.query_params.get(key, str(default)), key, 0, high)
            for key, default, high in (("offset", 0, MAX_GEMP_OFFSET), ("limit", 500, MAX_EVENTS_SHOWN))
        }
        answer = observed_game(request.body, **bounds)
        check_answer_size(answer, "Ask for fewer events at a time (?limit=).")
        return Response(answer)
