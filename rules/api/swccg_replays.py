"""SWCCG replays for people: the viewer's one-call answer for a record, and saved replays with a share link.

POST /api/games/swccg/replay/view (no login) is what the replay viewer (/games/swccg/replay/) asks first: the
referee's check-mode replay of the whole record (every violation, the turns), each event in words, and the
record's cards with their images. The table after event n is the referee's own answer
(POST /api/games/swccg/replay?mode=check&upto=n), asked step by step.

Saved replays (rules.models.SavedReplay) belong to a logged-in user, at most MAX_SAVED_REPLAYS each: a record
(checked as the viewer checks it before it is kept) or a GEMP replay file (read as the GEMP endpoint reads it).
Anyone with a replay's share link (/games/swccg/replay/<token>/) may view it; only its owner lists, reads by id
or deletes it, and another user's id is a 404 like an id that does not exist.
"""

import json
import unicodedata

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, Sum
from django.urls import NoReverseMatch, reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import parsers, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.answer_size import check_answer_size
from cardsdb.api.errors import ApiError
from cardsdb.api.parsers import JSONParser
from cardsdb.api.permissions import LoginRequired
from cardsdb.api.request_size import check_body_size
from cardsdb.api.schema import StrictSerializer
from cardsdb.api.token_auth import TOKEN_ONLY
from cardsdb.api.views import ERROR
from cardsdb.models import Card
from rules.api.swccg_games import (
    MAX_GEMP_BODY,
    MAX_RECORD_BODY,
    SwccgRecordIn,
    checked_record,
    gemp_error,
    replay_record,
)
from rules.models import SavedReplay
from rules.swccg.referee import CHECK
from rules.swccg_words import event_words

GAME = "swccg"
MAX_SAVED_REPLAYS = 200  # per user
MAX_SAVED_BYTES = 64 * 1024 * 1024  # per user: 200 GEMP files of 4 MiB would be 800 MiB
MAX_TITLE = 120
GEMP_MEDIA_TYPE = "application/octet-stream"


# ---- the viewer ----


def viewer_cards(ids) -> dict[str, dict]:
    """The cards of a record by GEMP id: title, side, type, the scanned image (may be unreachable) and the face
    the catalogue draws (always there), for the viewer's table."""
    found = {}
    rows = Card.objects.filter(game_id=GAME, code__in=list(ids), edition=Card.Edition.CURRENT)
    for code, title, side, kind, image in rows.values_list("code", "title", "side", "type", "image_url"):
        try:
            face, page = reverse("card-face", args=[GAME, code]), reverse("card-detail", args=[GAME, code])
        except NoReverseMatch:  # an id no URL can carry: the title alone
            face = page = None
        found[code] = {"title": title, "side": side, "type": kind, "image": image or None, "face": face,
                       "url": page}  # fmt: skip
    return found


def viewer_answer(data: object) -> dict:
    """The whole record refereed in check mode, its events in words and its cards (ApiError if the record
    cannot be replayed)."""
    checked = checked_record(data)
    replay = replay_record(data, CHECK, checked=checked)
    record = checked[0]
    cards = viewer_cards(record.card_ids())
    titles = {code: c["title"] for code, c in cards.items()}
    events = [
        {"type": e["type"], "player": e.get("player"), "words": event_words(e, titles.get)}
        for e in record.events
    ]
    return {
        "replay": replay,
        "players": [{"name": p.name, "side": p.side} for p in record.players],
        "events": events,
        "cards": cards,
    }


class ReplayViewerView(APIView):
    """A SWCCG record as the replay viewer shows it: the referee's check-mode replay of the whole record (every
    violation with its event's index, the turns, the table at the end), the players, each event in words, and
    the record's cards (title, side, type, image and drawn face URLs). The table after event n:
    POST /api/games/swccg/replay?mode=check&upto=n."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(request=SwccgRecordIn, responses={200: dict, 400: ERROR, 413: ERROR})
    def post(self, request):
        check_body_size(request, MAX_RECORD_BODY)
        answer = viewer_answer(request.data)
        check_answer_size(answer, "Send a shorter record.")
        return Response(answer)


# ---- saved replays ----


class GempFileParser(parsers.BaseParser):
    """A GEMP replay file as the body: its bytes, read as they are (rules/swccg/gemp_replay.py reads them)."""

    media_type = GEMP_MEDIA_TYPE

    def parse(self, stream, media_type=None, parser_context=None):
        return stream.read() if stream is not None else b""


class SavedRecordIn(StrictSerializer):
    title = serializers.CharField(
        max_length=MAX_TITLE, required=False, allow_blank=True, help_text="Default: the players' names."
    )
    record = serializers.JSONField(help_text="A SWCCG game record (GET /api/games/swccg/record-schema).")


class OwnReplaysView(APIView):
    """A view of the caller's saved replays: 401 `not-authenticated` without a login (before a body is read)."""

    permission_classes = [LoginRequired]
    login_to = "save and list your replays (viewing a shared replay needs none)"


def _own_replay(request, replay_id: int) -> SavedReplay:
    """The caller's replay (an OwnReplaysView has checked the login)."""
    saved = SavedReplay.objects.filter(pk=replay_id, owner=request.user, game_id=GAME).first()
    if saved is None:  # someone else's replay too: its id tells nothing
        raise ApiError(
            "replay-not-found", f"You have no saved replay {replay_id}.", status.HTTP_404_NOT_FOUND
        )
    return saved


def clean_title(raw: str, code: str, where: str = "title") -> str:
    """A title as it is kept: trimmed, at most MAX_TITLE characters, no control characters (ApiError `code`)."""
    title = raw.strip()
    if len(title) > MAX_TITLE:
        raise ApiError(code, f"{where} has {len(title):,} characters; at most {MAX_TITLE}.")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in title):
        raise ApiError(code, f"{where} holds a control character or a lone surrogate; write plain text.")
    return title


def _names(players) -> str:
    """A default title from the players' names (a record's or a GEMP file's: free text, control characters
    dropped)."""
    names = " vs ".join(str(p)[:50] for p in players)
    return "".join(ch for ch in names if unicodedata.category(ch) != "Cc").strip()[:MAX_TITLE] or "SWCCG game"


def replay_answer(request, saved: SavedReplay) -> dict:
    share = reverse("swccg-replay-shared", args=[saved.token])
    return {
        "id": saved.pk,
        "game": saved.game_id,
        "kind": saved.kind,
        "title": saved.title,
        "events": saved.events,
        "violations": saved.violations,
        "size": saved.size,
        "created": saved.created,
        "share_url": request.build_absolute_uri(share),
        "file_url": request.build_absolute_uri(reverse("swccg-replay-file", args=[saved.token])),
        "url": reverse("api-swccg-saved-replay", args=[saved.pk]),
    }


def _keep(user, **fields) -> SavedReplay:
    """A new saved replay, unless the user's room is used up (the check and the insert together)."""
    with transaction.atomic():
        # The user's row locked: two saves at once cannot both pass the check (PostgreSQL; SQLite writes one
        # transaction at a time anyway).
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        _check_room(user, fields["size"])
        return SavedReplay.objects.create(owner=user, game_id=GAME, **fields)


def _check_room(user, size: int) -> None:
    """409 too-many-replays when the user keeps MAX_SAVED_REPLAYS already, or `size` more bytes would take
    them past MAX_SAVED_BYTES."""
    kept = SavedReplay.objects.filter(owner=user).aggregate(count=Count("id"), bytes=Sum("size"))
    if kept["count"] >= MAX_SAVED_REPLAYS:
        raise ApiError(
            "too-many-replays",
            f"You have {MAX_SAVED_REPLAYS} saved replays, as many as one user may keep; delete one first.",
            status.HTTP_409_CONFLICT,
            limit=MAX_SAVED_REPLAYS,
        )
    if (kept["bytes"] or 0) + size > MAX_SAVED_BYTES:
        raise ApiError(
            "too-many-replays",
            f"Your saved replays hold {kept['bytes'] or 0:,} bytes; with this one's {size:,} they would pass the "
            f"{MAX_SAVED_BYTES:,} one user may keep. Delete some first.",
            status.HTTP_409_CONFLICT,
            limit_bytes=MAX_SAVED_BYTES,
        )


def save_record(user, data: object, title: str) -> SavedReplay:
    _check_room(user, 0)  # before the referee's work; its size is checked when it is kept
    checked = checked_record(data)
    replay = replay_record(data, CHECK, checked=checked)
    record = checked[0]
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))  # as the share link serves it
    return _keep(
        user,
        kind=SavedReplay.Kind.RECORD,
        title=title or _names(p.name for p in record.players),
        record=data,
        size=len(text.encode()),
        events=replay["events"],
        violations=replay["violations_total"],
    )


def save_gemp(user, data: bytes, title: str) -> SavedReplay:
    from rules.swccg import gemp_replay

    _check_room(user, len(data))  # before the file is read
    try:
        game = gemp_replay.read_replay(data)
    except gemp_replay.ReplayError as exc:
        raise gemp_error(exc) from None
    return _keep(
        user,
        kind=SavedReplay.Kind.GEMP,
        title=title or _names(game.players),
        gemp_file=bytes(data),
        size=len(data),
        events=len(game.events),
    )


class SavedReplaysView(OwnReplaysView):
    """Your saved SWCCG replays (GET, the latest first), or a new one (POST, logged in): a record as JSON
    `{"title", "record"}`, or a GEMP replay file as the body (Content-Type: application/octet-stream, the title
    in ?title=). A record is checked as the viewer checks it, a GEMP file read as the GEMP endpoint reads it,
    before it is kept. The answer names the share link: anyone with it may view the replay, no login needed."""

    parser_classes = [JSONParser, GempFileParser]

    @extend_schema(operation_id="games_swccg_replays_list", responses={200: dict, 401: ERROR})
    def get(self, request):
        saved = SavedReplay.objects.filter(owner=request.user, game_id=GAME).defer("record", "gemp_file")
        return Response({"replays": [replay_answer(request, s) for s in saved[:MAX_SAVED_REPLAYS]]})

    @extend_schema(
        request={"application/json": SavedRecordIn, GEMP_MEDIA_TYPE: {"type": "string", "format": "binary"}},
        parameters=[OpenApiParameter("title", str, description="A GEMP file's title (default: its players)")],
        responses={201: dict, 400: ERROR, 401: ERROR, 409: ERROR, 413: ERROR},
    )
    def post(self, request):
        gemp = request.content_type.split(";")[0].strip().lower() == GEMP_MEDIA_TYPE
        check_body_size(request, MAX_GEMP_BODY if gemp else MAX_RECORD_BODY)
        data = request.data  # 415 for other media types
        if gemp:
            title = clean_title(request.query_params.get("title", ""), "bad-parameter")
            saved = save_gemp(
                request.user, data if isinstance(data, bytes) else b"", title
            )  # empty: DRF's {}
        else:
            body = SavedRecordIn(data=data)
            body.is_valid(raise_exception=True)
            title = clean_title(body.validated_data.get("title", ""), "invalid-request")
            saved = save_record(request.user, body.validated_data["record"], title)
        return Response(replay_answer(request, saved), status=status.HTTP_201_CREATED)


class SavedReplayView(OwnReplaysView):
    """One of your saved replays (with the record, for a record; a GEMP file is at file_url), or DELETE it."""

    @extend_schema(responses={200: dict, 401: ERROR, 404: ERROR})
    def get(self, request, replay_id: int):
        saved = _own_replay(request, replay_id)
        answer = replay_answer(request, saved)
        if saved.kind == SavedReplay.Kind.RECORD:
            answer["record"] = saved.record
        return Response(answer)

    @extend_schema(responses={204: None, 401: ERROR, 404: ERROR})
    def delete(self, request, replay_id: int):
        _own_replay(request, replay_id).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
