"""Bulk downloads over HTTP: the list of each game's file, and the file itself (cardsdb/bulk.py writes them)."""

from datetime import datetime

from django.http import FileResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import bulk
from ..catalogue_versions import catalogue_version
from ..games.registry import GAMES
from .conditional import NOT_MODIFIED, ConditionalReadMixin, Stamp
from .errors import ApiError
from .files import FileAnswerMixin
from .schema import ERROR


class BulkFileOut(serializers.Serializer):
    game = serializers.CharField()
    url = serializers.CharField(help_text="Where to download the file (gzipped JSON).")
    catalogue_version = serializers.IntegerField(
        allow_null=True,
        help_text="The catalogue version (import) the file holds; it rises with every import.",
    )
    catalogue_updated_at = serializers.DateTimeField(allow_null=True)
    current = serializers.BooleanField(
        help_text="False while the catalogue has changed since the file was written (the next import rewrites it)."
    )
    size = serializers.IntegerField(help_text="Bytes of the .json.gz file.")
    sha256 = serializers.CharField(help_text="SHA-256 of the .json.gz file as downloaded; also its ETag.")
    generated_at = serializers.DateTimeField()


def _listing(found: bulk.BulkFile) -> dict:
    now = catalogue_version(found.game)
    return {
        "game": found.game,
        "url": reverse("api-bulk-file", args=[found.game]),
        "catalogue_version": found.catalogue_version,
        "catalogue_updated_at": found.catalogue_updated_at,
        "current": found.catalogue_version == (now[0] if now else None),
        "size": found.size,
        "sha256": found.sha256,
        "generated_at": found.generated_at,
    }


class BulkListView(APIView):
    """Each game's whole catalogue as one gzipped JSON file (sets, personas, every card with its printings): the
    games that have one, with its URL, size, SHA-256 and the catalogue version it holds. See docs/api.md."""

    @extend_schema(operation_id="bulk_list", responses={200: BulkFileOut(many=True)})
    def get(self, request):
        files = (bulk.current(game) for game in GAMES)
        return Response([_listing(found) for found in files if found is not None])


class BulkFileView(FileAnswerMixin, ConditionalReadMixin, APIView):
    """One game's bulk file: gzipped JSON served as a .gz download (no Content-Encoding). Its ETag is the
    SHA-256 the listing gives, so If-None-Match answers 304 while the file is unchanged."""

    def read_stamp(self, request, *args, **kwargs):
        found = self._found(kwargs["game"])
        return Stamp(etag=f'"{found.sha256}"', last_modified=datetime.fromisoformat(found.generated_at))

    @extend_schema(
        operation_id="bulk_file",
        parameters=[
            OpenApiParameter(
                "game", str, OpenApiParameter.PATH, description="swccg, swtcg or swdbg", enum=list(GAMES)
            )
        ],
        responses={
            (200, "application/gzip"): OpenApiResponse(OpenApiTypes.BINARY, description="The .json.gz file."),
            304: NOT_MODIFIED,
            404: ERROR,
        },
    )
    def get(self, request, game: str):
        for _ in range(2):  # a new file may replace this one between reading the meta file and opening it
            found = self._found(game)
            try:
                handle = found.path.open("rb")
            except FileNotFoundError:
                continue
            response = FileResponse(
                handle, content_type="application/gzip", as_attachment=True, filename=f"{game}.json.gz"
            )
            response["ETag"] = f'"{found.sha256}"'
            return response
        raise _not_written(game)

    def _found(self, game: str) -> bulk.BulkFile:
        if game not in GAMES:
            raise ApiError(
                "unknown-game",
                f"Unknown game {game!r}; use swccg, swtcg or swdbg.",
                status.HTTP_404_NOT_FOUND,
            )
        found = bulk.current(game)
        if found is None:
            raise _not_written(game)
        return found


def _not_written(game: str) -> ApiError:
    return ApiError(
        "bulk-not-found",
        f"No bulk file of {game} has been written yet: an import writes it, or `manage.py export_bulk {game}`.",
        status.HTTP_404_NOT_FOUND,
    )
