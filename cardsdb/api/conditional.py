"""Conditional reads (RFC 9110 §13): ETag and Last-Modified on the reads of the catalogue (cards, sets), the
formats and the public decks, and 304 Not Modified to a matching If-None-Match or If-Modified-Since.

The answer of such a read is a function of a few cheap stamps (the games' catalogue versions, which every import
changes: cardsdb.catalogue_versions.catalogue_version; the formats' rows; the public decks' decks_stamp), the URL with its
query string, the negotiated media type (JSON or the browsable API) and the interface language. The ETag is a
hash of those, computed after authentication and content negotiation but before the view reads a single card,
so a 304 costs one or two indexed queries. Django's own machinery (django.utils.cache.get_conditional_response,
which the `condition` decorator uses) evaluates the request's preconditions.

Answers that depend on who asks (a search of the user's collection: owned:, is:owned) get no validator at all,
so they are never shared between users. Validated answers say `Cache-Control: no-cache`: a client may keep them
but must revalidate, so no cache serves a catalogue answer from before an import.
"""

import hashlib
from datetime import datetime

from django.db.models import Count, Max
from django.http import HttpResponse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date, parse_etags
from drf_spectacular.utils import OpenApiResponse
from rest_framework import status

from ..catalogue_versions import catalogue_version
from ..models import ImportRun
from .errors import ApiError

# Raise when the JSON a validated read answers changes shape without a catalogue change (a new field, a new
# serialisation): clients' kept ETags then stop matching after the deploy.
SHAPE = "1"

# The schema's word for the answer to a matching If-None-Match / If-Modified-Since.
NOT_MODIFIED = OpenApiResponse(
    description="Not Modified: the ETag in If-None-Match (or the time in If-Modified-Since) is still current; "
    "no body."
)


class Stamp:
    """What a read's answer depends on besides its URL: `parts` (strings) and the newest change among them; or,
    for an answer whose bytes are known ahead (a bulk file), its own strong `etag`."""

    def __init__(self, *parts: str, last_modified: datetime | None = None, etag: str | None = None):
        self.parts = parts
        self.last_modified = last_modified
        self.etag = etag

    def __add__(self, other: "Stamp") -> "Stamp":
        times = [t for t in (self.last_modified, other.last_modified) if t is not None]
        return Stamp(*self.parts, *other.parts, last_modified=max(times) if times else None)


def catalogue_stamp(game: str | None) -> Stamp | None:
    """The game's catalogue version; without a game, the newest import of any game (a read across games changes
    with each). None for an unknown game or one never imported: such a read is not validated."""
    if game is not None:
        if not isinstance(game, str) or "\x00" in game or len(game) > 20:
            return None
        version = catalogue_version(game)
    else:
        version = ImportRun.objects.values_list("id", "finished_at").first()  # newest first (Meta.ordering)
    if version is None:
        return None
    run_id, finished_at = version
    # The id and the time: SQLite may give a rolled-back run's id to the next run.
    return Stamp(f"catalogue:{game or '*'}:{run_id}:{finished_at.isoformat()}", last_modified=finished_at)


def rows_stamp(name: str, queryset, field: str = "updated_at") -> Stamp:
    """The count and newest `field` of a queryset: changes when a row is added, removed or saved."""
    found = queryset.aggregate(count=Count("pk"), last=Max(field))
    last = found["last"]
    return Stamp(f"{name}:{found['count']}:{last.isoformat() if last else ''}", last_modified=last)


def _conditional(request, etag: str, last_modified: datetime | None, response):
    """Django's evaluation of the request's preconditions (the `condition` decorator's): `response` or a 304 (or a
    plain 412) carrying its validators."""
    # Whole seconds, as HTTP dates have them (and as the `condition` decorator compares them).
    seconds = int(last_modified.timestamp()) if last_modified else None
    return get_conditional_response(request, etag=etag, last_modified=seconds, response=response)


class NotModified(Exception):
    """Raised from `initial` to answer 304 without running the handler."""

    def __init__(self, response):
        self.response = response


class ConditionalReadMixin:
    """For an APIView whose GET answer is a function of `read_stamp()` and the request's URL: ETag, Last-Modified
    and 304s. `read_stamp(request, *args, **kwargs)` returns a Stamp, or None for an answer not to validate
    (personal, or one the view will refuse)."""

    def read_stamp(self, request, *args, **kwargs) -> Stamp | None:
        raise NotImplementedError

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)  # authentication, throttles, content negotiation
        self._validators = None
        if request.method not in ("GET", "HEAD"):
            return
        stamp = self.read_stamp(request, *args, **kwargs)
        if stamp is None:
            return
        raw = "|".join(
            [
                SHAPE,
                *stamp.parts,
                str(request.accepted_media_type),
                translation.get_language() or "",
                request.get_full_path(),
            ]
        )
        etag = (
            stamp.etag or 'W/"' + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:40] + '"'
        )
        self._validators = (etag, stamp.last_modified)
        self._deferred = "*" in parse_etags(request.headers.get("If-None-Match", "")) or any(
            name in request.headers for name in ("If-Match", "If-Unmodified-Since")
        )
        if self._deferred:
            # "*" matches any answer there is, and a failed If-Match is a 412 only for a resource that exists:
            # judged once the answer is known to be a 200 (a missing card's 404 stays a 404), in finalize_response.
            return
        probe = self._with_validators(request, HttpResponse())
        answer = _conditional(request, etag, stamp.last_modified, probe)
        if answer is not probe:
            raise NotModified(answer)  # the only other answer to If-None-Match / If-Modified-Since alone

    def handle_exception(self, exc):
        if isinstance(exc, NotModified):
            return exc.response
        return super().handle_exception(exc)

    def finalize_response(self, request, response, *args, **kwargs):
        validated = getattr(self, "_validators", None) and response.status_code == status.HTTP_200_OK
        if validated:
            self._with_validators(request, response)
            if self._deferred:
                answer = _conditional(request, *self._validators, response)
                if answer.status_code == status.HTTP_412_PRECONDITION_FAILED:
                    response = self.handle_exception(
                        ApiError(
                            "precondition-failed",
                            "If-Match or If-Unmodified-Since does not hold for this answer; reads need neither.",
                            status.HTTP_412_PRECONDITION_FAILED,
                        )
                    )
                else:
                    response = answer
        return super().finalize_response(request, response, *args, **kwargs)

    def _with_validators(self, request, response):
        etag, last_modified = self._validators
        if "ETag" not in response:  # a handler's own (a bulk file's, read with the file) is the exact one
            response["ETag"] = etag
        if last_modified is not None:
            response["Last-Modified"] = http_date(last_modified.timestamp())
        if request.user.is_authenticated:
            patch_cache_control(response, private=True)
        patch_cache_control(response, no_cache=True)
        return response
