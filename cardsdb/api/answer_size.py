"""One bound on what a synchronous answer may weigh, for views whose answer grows with what the caller sent.

Such a view bounds its input and pages what it lists; this is the last check, on the answer itself, so that no
request makes the worker render and send more than MAX_ANSWER_BYTES however its parts add up.
"""

import json

from rest_framework import status

from .errors import ApiError

MAX_ANSWER_BYTES = 5_000_000


def check_answer_size(data: object, fix: str, limit: int | None = None) -> None:
    """413 answer-too-large when `data` as compact UTF-8 JSON (as the API renders it) passes `limit` bytes
    (MAX_ANSWER_BYTES unless given); `fix` tells the caller how to ask for less."""
    limit = MAX_ANSWER_BYTES if limit is None else limit
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ApiError(
            "answer-too-large",
            f"The answer would be {size:,} bytes; one answer is at most {limit:,}. {fix}",
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            limit=limit,
        )
