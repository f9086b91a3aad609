"""The bound on a request's body, checked from its Content-Length before Django reads a byte of it: every API view
that takes a body names its limit (MAX_BODY unless it says otherwise)."""

from rest_framework import status

from core.numbers import ascii_int

from .errors import ApiError

MAX_BODY = 1_000_000


def check_body_size(request, limit: int) -> None:
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not (length.isascii() and length.isdigit()):
        return  # no length ('²' passes isdigit() alone): Django reads no body either
    size = ascii_int(length)  # None: more digits than any length, past every limit
    if size is None or size > limit:
        stated = f"{size:,} bytes" if size is not None else f"a length of {len(length):,} digits"
        raise ApiError(
            "request-too-large",
            f"The body has {stated}; this endpoint accepts at most {limit:,} bytes.",
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
