"""The deck API: list, create, read, change, delete, import (read a list without saving) and export.

A SW:DBG deck is a game setup: it is sent as `setup` (decks/legality/swdbg/), never as cards; its cards (the
first player's starter and base decks) and side (their faction) follow from the setup."""

import re
from dataclasses import asdict
from datetime import UTC, datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.files import FileAnswerMixin, file_response
from cardsdb.api.parsers import JSONParser
from cardsdb.api.permissions import LoginRequired, require_login
from cardsdb.api.request_size import MAX_BODY, check_body_size
from cardsdb.api.token_auth import TOKEN_ONLY
from cardsdb.api.views import ERROR, GAME_PARAM, check_game
from cardsdb.games.registry import game_plugin
from decks.deck import services as decks
from decks.deck import storage
from decks.deck.exports import EXPORTS, export_deck, exports_for
from decks.deck.versions import if_match, require_if_match, with_etag
from decks.games import PROFILES, all_sides, profile
from decks.legality.decklists import read_decklist
from decks.legality.serializers import (
    EXPORT_RESPONSES,
    IF_MATCH,
    DeckChangeIn,
    DeckCreateIn,
    DeckImportIn,
    DeckImportOut,
    DeckOut,
    DeckSummaryOut,
)
from decks.models import Deck

DECK_FIELDS = {"name": str, "side": str, "notes": str, "is_public": bool, "is_active": bool}


def deck_as_dict(deck: Deck, *, legality_format: str | None = None) -> dict:
    cards = deck.cards.select_related("card").all()
    return {
        "id": deck.pk,
        "name": deck.name,
        "game": deck.game_id,
        "side": deck.side,
        "format": deck.format.code if deck.format else None,
        "notes": deck.notes,
        "is_public": deck.is_public,
        "is_active": deck.is_active,
        "share_url": reverse("deck-share", args=[deck.share_id]),
        "version": deck.version,  # also the answer's ETag (decks/deck/versions.py)
        "owner": deck.owner.username,
        "created_at": deck.created_at,
        "updated_at": deck.updated_at,
        "url": reverse("api-deck-detail", args=[deck.pk]),
        **({"setup": deck.setup} if game_plugin(deck.game_id).setup_decks else {}),
        "cards": [
            {
                "id": dc.code,
                "card": dc.card.code,
                "title": dc.card.title,
                "type": dc.card.type,
                "side": dc.card.side,
                "count": dc.count,
                "zone": dc.zone,
            }
            for dc in cards
        ],
        "legality": decks.deck_legality(deck, legality_format),
        "stats": _stats(deck),
    }


def _stats(deck: Deck) -> dict:
    """SWCCG's statistics (destiny, deploy, icons…) for SWCCG decks; SWTCG's for SWTCG and SW:DBG decks."""
    tcg = game_plugin(deck.game_id).statistics == "tcg"
    return decks.deck_tcg_stats(deck) if tcg else decks.deck_stats(deck)


TIME_TEXT = re.compile(r"[0-9TZtz:.,+\- ]{1,64}")  # a changed_since value; the longest ISO 8601 time has 32


def sync_time(raw: str) -> datetime:
    """A changed_since value as an aware UTC datetime (a time without an offset is UTC); 400 bad-parameter for
    anything else, an out-of-range year or one that leaves the calendar once converted to UTC included."""
    problem = ApiError(
        "bad-parameter",
        "changed_since must be an ISO 8601 date and time, e.g. 2026-01-31T12:00:00Z or 2026-01-31T13:00:00+01:00.",
    )
    # The characters of ISO 8601 only: Python's fromisoformat accepts a trailing NUL, for one.
    if not TIME_TEXT.fullmatch(raw):
        raise problem
    try:
        found = parse_datetime(raw.strip())
        if found is None:
            raise problem
        if timezone.is_naive(found):
            found = found.replace(tzinfo=UTC)
        return found.astimezone(UTC)
    except (ValueError, OverflowError):
        raise problem from None


def _fields(data: dict, *, partial: bool, game: str | None = None) -> dict:
    """Plain deck fields, type-checked; unknown keys are refused rather than ignored."""
    allowed = {*DECK_FIELDS, "game", "format", "cards", "decklist", "decklist_format", "setup"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError("invalid-request", f"Unknown fields: {', '.join(unknown)}.")
    for key in ("game", "format", "decklist_format"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise ApiError("invalid-request", f"`{key}` must be a string.")
    values = {}
    for key, kind in DECK_FIELDS.items():
        if key in data:
            if not isinstance(data[key], kind):
                raise ApiError("invalid-request", f"`{key}` must be {kind.__name__}.")
            values[key] = data[key].strip() if kind is str else data[key]
    if not partial and not values.get("name"):
        raise ApiError("invalid-request", "`name` is required.")
    if "name" in values and not 1 <= len(values["name"]) <= 100:
        raise ApiError("invalid-request", "`name` must have 1 to 100 characters.")
    if "notes" in values:
        storage.check_notes(values["notes"])  # before a list or setup is read
    if "side" in values:
        sides = profile(game).sides if game in PROFILES else all_sides()
        values["side"] = next((s for s in sides if s.lower() == values["side"].lower()), values["side"])
        if values["side"] not in (*sides, ""):
            raise ApiError("invalid-request", f"`side` is one of {', '.join(sides)} for this game, or empty.")
    return values


def _entries(data: dict, game: str, side: str | None) -> tuple[list | None, str | None]:
    """Cards from `cards` or from a `decklist` text; a list with unreadable lines is refused, naming each."""
    if "cards" in data and "decklist" in data:
        raise ApiError("invalid-request", "Give `cards` or `decklist`, not both.")
    if "cards" in data:
        return decks.entries_from_request(data["cards"], game=game), None
    if "decklist" in data:
        if not isinstance(data["decklist"], str):
            raise ApiError("invalid-request", "`decklist` must be text.")
        try:
            read = read_decklist(
                data["decklist"], game=game, side=side or None, format=data.get("decklist_format")
            )
        except ValueError as exc:
            raise ApiError("invalid-request", str(exc)) from None
        if read.problems:
            raise ApiError(
                "decklist-problems",
                f"{len(read.problems)} line(s) could not be read; fix them and send the list again.",
                problems=[p.as_dict() for p in read.problems],
            )
        entries = [decks.Entry(e.card_id, e.count, e.zone) for e in read.read.entries]
        decks.check_zones(game, entries)  # a text list's "Starting:" section, for a game without one
        return entries, read.side
    return None, None


def _setup(data: dict, game: str, *, creating: bool) -> dict | None:
    """The posted setup of a SW:DBG deck (None when a change leaves it as it is); refused for other games."""
    if not game_plugin(game).setup_decks:
        if "setup" in data:
            raise ApiError("invalid-request", "`setup` is for SW:DBG decks; send `cards` or `decklist`.")
        return None
    for key in ("cards", "decklist", "decklist_format"):
        if key in data:
            raise ApiError(
                "invalid-request",
                f"A SW:DBG deck is a game setup: send `setup`, not `{key}` (its cards follow from the setup).",
            )
    if "setup" not in data:
        if creating:
            raise ApiError(
                "invalid-request",
                "A SW:DBG deck needs a `setup`: an object with players (faction, starter, bases, "
                "starting_base), bases_to_win and galaxy.",
            )
        return None
    if not isinstance(data["setup"], dict):
        raise ApiError("invalid-request", "`setup` must be an object with players, bases_to_win and galaxy.")
    return data["setup"]


def _setup_side(values: dict, faction: str) -> dict:
    """The deck fields without `side`, which must be the first player's faction when given."""
    values = dict(values)
    side = values.pop("side", None)
    if side is not None and side != faction:
        raise ApiError(
            "invalid-request",
            f"A SW:DBG deck's side is its first player's faction ({faction or 'none'}), not {side or 'empty'}; "
            "change the setup's first player instead.",
        )
    return values


class DeckListView(APIView):
    """Public decks and your own. POST creates a deck (login needed) from `cards` or a `decklist` text, or a
    SW:DBG deck from its `setup`."""

    parser_classes = [JSONParser]
    permission_classes = [LoginRequired.only("POST")]
    login_to = "save decks"

    @extend_schema(
        operation_id="decks_list",
        parameters=[
            OpenApiParameter(
                "mine",
                {"type": "string", "enum": ["true", "false", "1", "0"]},
                description="true (or 1): only your own decks (login needed to have any).",
            ),
            GAME_PARAM,
            OpenApiParameter(
                "changed_since",
                OpenApiTypes.DATETIME,
                description="For sync (login needed): your decks changed after this ISO 8601 time, oldest change "
                "first, at most 500 (more when several share the last time); ask again from the last one's "
                "updated_at. Deleted decks are not listed (deletion is final).",
            ),
        ],
        responses={200: DeckSummaryOut(many=True), 400: ERROR, 401: ERROR},
    )
    def get(self, request):
        found = decks.deck_visible_to(request.user)
        mine = request.query_params.get("mine")
        if mine not in (None, "true", "false", "1", "0"):
            raise ApiError("bad-parameter", "mine is true or false (or 1 or 0).")
        if mine in ("1", "true") and request.user.is_authenticated:
            found = found.filter(owner=request.user)
        game = check_game(request.query_params.get("game"))
        if game:
            found = found.filter(game_id=game)
        if "changed_since" in request.query_params:
            require_login(request, "list your decks changed since a time (changed_since)")
            since = sync_time(request.query_params["changed_since"])
            found = decks.decks_changed_since(found.filter(owner=request.user), since, limit=500)
        else:
            found = found[:500]
        return Response(
            [
                {
                    "id": d.pk,
                    "name": d.name,
                    "game": d.game_id,
                    "side": d.side,
                    "owner": d.owner.username,
                    "format": d.format.code if d.format else None,
                    "is_public": d.is_public,
                    "updated_at": d.updated_at,
                    "url": reverse("api-deck-detail", args=[d.pk]),
                }
                for d in found
            ]
        )

    @extend_schema(request=DeckCreateIn, responses={201: DeckOut, 400: ERROR, 401: ERROR, 409: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BODY)
        storage.check_deck_room(request.user)  # again when it is saved; first before any of the body is read
        data = request.data if isinstance(request.data, dict) else {}
        game = check_game(data.get("game"), required=True)
        values = _fields(data, partial=False, game=game)
        setup = _setup(data, game, creating=True)
        if setup is not None:
            values = _setup_side(values, decks.setup_entries(setup)[0])
            deck = decks.deck_create_setup(
                owner=request.user, setup=setup, format_code=data.get("format") or None, **values
            )
            return with_etag(Response(deck_as_dict(deck), status=status.HTTP_201_CREATED), deck)
        entries, read_side = _entries(data, game, values.get("side"))
        deck = decks.deck_create(
            owner=request.user,
            game=game,
            format_code=data.get("format") or None,
            entries=entries or [],
            **{**values, "side": values.get("side") or read_side or ""},
        )
        return with_etag(Response(deck_as_dict(deck), status=status.HTTP_201_CREATED), deck)


class DeckDetailView(APIView):
    """One deck with its cards and its legality in its format (or, with ?format=, in another). Changing or
    deleting it needs a login (401 before anything is read) and its owner (403 for another user)."""

    parser_classes = [JSONParser]
    permission_classes = [LoginRequired.only("PUT", "PATCH", "DELETE")]
    login_to = "change or delete your decks"

    @extend_schema(
        parameters=[OpenApiParameter("format", str)], responses={200: DeckOut, 400: ERROR, 404: ERROR}
    )
    def get(self, request, deck_id: int):
        deck = decks.deck_get(deck_id=deck_id, user=request.user)
        legality_format = request.query_params.get("format") or None
        return with_etag(Response(deck_as_dict(deck, legality_format=legality_format)), deck)

    @extend_schema(
        parameters=[IF_MATCH],
        request=DeckChangeIn,
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
    def patch(self, request, deck_id: int):
        deck = decks.deck_get(deck_id=deck_id, user=request.user, for_change=True)
        check_body_size(request, MAX_BODY)
        data = request.data if isinstance(request.data, dict) else {}
        if "game" in data and data["game"] != deck.game_id:
            raise ApiError("invalid-request", "A deck's game cannot change; create a new deck.")
        # The body's own shape first (a 400), then the precondition (a 412) before a long list is read.
        values = _fields(data, partial=True, game=deck.game_id)
        version = if_match(request)
        decks.check_version(deck, version)  # again under the lock when writing
        setup = _setup(data, deck.game_id, creating=False)
        format_code = data["format"] or "" if "format" in data else None
        if game_plugin(deck.game_id).setup_decks:
            faction = decks.setup_entries(setup)[0] if setup is not None else deck.side
            values = _setup_side(values, faction)
            require_if_match(request, data)
            deck = decks.deck_update_setup(
                deck, setup=setup, format_code=format_code, expected_version=version, **values
            )
            return with_etag(Response(deck_as_dict(deck)), deck)
        entries, _ = _entries(data, deck.game_id, values.get("side", deck.side))
        require_if_match(request, data)
        deck = decks.deck_update(
            deck, entries=entries, format_code=format_code, expected_version=version, **values
        )
        return with_etag(Response(deck_as_dict(deck)), deck)

    put = patch

    @extend_schema(
        parameters=[IF_MATCH], responses={204: None, 401: ERROR, 403: ERROR, 404: ERROR, 412: ERROR}
    )
    def delete(self, request, deck_id: int):
        deck = decks.deck_get(deck_id=deck_id, user=request.user, for_change=True)
        decks.deck_delete(deck, expected_version=if_match(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckImportView(APIView):
    """Read a deck list (any supported format) without saving it: the cards found, and every line that could
    not be read with its closest candidates. No login needed."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(request=DeckImportIn, responses={200: DeckImportOut, 400: ERROR, 413: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BODY)
        data = request.data if isinstance(request.data, dict) else {}
        game = check_game(data.get("game"), required=True)
        body = DeckImportIn(data=data)  # what the schema says: a text list, a text side, a known format
        body.is_valid(raise_exception=True)
        found = body.validated_data
        try:
            read = read_decklist(
                found["decklist"], game=game, side=found.get("side"), format=found.get("format")
            )
        except ValueError as exc:
            raise ApiError("invalid-request", str(exc)) from None
        titles = decks.card_titles(game, [e.card_id for e in read.read.entries])
        return Response(
            {
                "format": read.format,
                "name": read.name,
                "side": read.side,
                "cards": [{**asdict(e), **titles.get(e.card_id, {})} for e in read.read.entries],
                "problems": [self.problem(p) for p in read.problems],
            }
        )

    def problem(self, problem) -> dict:
        """One problem as the answer gives it (the builder's page endpoint says it in the page's language)."""
        return problem.as_dict()


class DeckExportView(FileAnswerMixin, APIView):
    """The deck as a file: ?as=text, json or pdf (proxy sheet) for every game; for SWCCG also gemp (GEMP's id
    list) and xml (GEMP's deck file), for SWTCG lackey-dek and lackey-txt (LackeyCCG's deck files)."""

    @extend_schema(
        parameters=[OpenApiParameter("as", str, enum=sorted(EXPORTS))],
        responses={**EXPORT_RESPONSES, 400: ERROR, 404: ERROR},
    )
    def get(self, request, deck_id: int):
        deck = decks.deck_get(deck_id=deck_id, user=request.user)
        kind = request.query_params.get("as", "text")
        allowed = exports_for(deck.game_id)
        if kind not in allowed:
            raise ApiError(
                "bad-export", f"No {kind!r} export for {deck.game_id} decks; use one of {', '.join(allowed)}."
            )
        try:
            content, content_type, filename = export_deck(deck, kind)
        except ValueError as exc:  # a proxy sheet holds 1 to 500 cards (decks/deck/proxies.py)
            raise ApiError("cannot-export", f"No {kind} export of this deck: {exc}.") from None
        return file_response(content, content_type, filename)
