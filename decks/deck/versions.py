"""Deck versions over HTTP: the ETag of a deck's answers and the If-Match precondition of its changes.

A deck's version rises with every change (decks/deck/services.py `deck_update`). Answers that show a deck carry
it as a strong ETag (`"7"`) and in the JSON (`version`). A change (PATCH, PUT, DELETE) may send `If-Match` with
the ETag it read; a deck changed since is refused with 412 `version-mismatch`, and nothing is written.

Changing the cards (`cards`, `decklist` or a SW:DBG `setup`) requires If-Match (428 `precondition-required`
without it): a new card list replaces the old one whole, so a client must say which list it replaces, or send
`If-Match: *` to replace whatever the deck holds. Plain fields (name, notes, side, format, is_public, is_active) may change
without it: only the fields sent are written, so two clients changing different fields both keep their change.
"""

import re

from rest_framework import status

from cardsdb.api.errors import ApiError
from decks.models import Deck

CARD_FIELDS = ("cards", "decklist", "setup")  # a change of any of them replaces the deck's card list
_ETAG = re.compile(r'"?([0-9]{1,9})"?')  # quotes as RFC 9110 writes them; a bare number is read too


def etag(deck: Deck) -> str:
    return f'"{deck.version}"'


def with_etag(response, deck: Deck):
    response["ETag"] = etag(deck)
    return response


def if_match(request) -> int | None:
    """The version the request's If-Match names; None for `*` or no header. 412 for anything else."""
    raw = request.headers.get("If-Match")
    if raw is None or raw.strip() == "*":
        return None
    found = _ETAG.fullmatch(raw.strip())
    if found is None:
        raise ApiError(
            "precondition-failed",
            f'If-Match must be one ETag of the deck as its answers send it (e.g. "3"), or *; got {raw[:40]!r}.',
            status.HTTP_412_PRECONDITION_FAILED,
        )
    return int(found.group(1))


def require_if_match(request, data: dict) -> None:
    """428 for a change of the cards without If-Match (checked once the body is known to be valid)."""
    if "If-Match" not in request.headers and any(key in data for key in CARD_FIELDS):
        raise ApiError(
            "precondition-required",
            "Changing a deck's cards needs an If-Match header with the deck's ETag as you read it "
            '(e.g. If-Match: "3"), so that no change you have not seen is overwritten; '
            "If-Match: * replaces whatever the deck holds.",
            status.HTTP_428_PRECONDITION_REQUIRED,
        )
