"""Many decks' legality at once: the batch endpoint's loop (a few hundred decks, answered at once) and the
legality job's (a whole tournament, run by cardsdb/jobs.py). The same answer shape for both: results in order, a
deck with bad input getting an error object in its place instead of failing the batch."""

from collections.abc import Callable

from cardsdb.api.errors import ApiError

from . import services
from .api.serializers import parse_legality_body
from .formats_io.limits import SuggestionBudget

MAX_SUGGESTED_LINES = 100  # unread lines of a whole batch that get the closest cards


def check_batch(decks: list, progress: Callable[[int, int], None] | None = None) -> dict:
    results = []
    formats = services.FormatCache()
    suggestions = SuggestionBudget(MAX_SUGGESTED_LINES, scope="batch")
    for index, body in enumerate(decks):
        values, errors = parse_legality_body(body)
        if errors:
            results.append({"index": index, "error": {"code": "invalid-request", "errors": errors}})
        else:
            try:
                result = services.legality_check(**values, formats=formats, suggestions=suggestions)
            except ApiError as exc:
                results.append({"index": index, "error": {"code": exc.code, "message": str(exc.detail)}})
            else:
                results.append({"index": index, **result})
        if progress is not None:
            progress(index + 1, len(decks))
    legal = sum(1 for r in results if r.get("legal"))
    return {"count": len(results), "legal": legal, "results": results}


def run_legality_job(payload: dict, progress: Callable[[int, int], None]) -> dict:
    """The `legality-batch` job: its payload is the request's body, whose limits the API checked."""
    return check_batch(payload["decks"], progress)
