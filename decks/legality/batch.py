"""Many decks' legality at once: the batch endpoint's loop (a few hundred decks, answered at once) and the
legality job's (a whole tournament, run by cardsdb/jobs.py). The same answer shape for both: results in order, a
deck with bad input getting an error object in its place instead of failing the batch.

The batch endpoint answers within its `BatchBudget` (seconds of checking, bytes of answer): the decks past it get
a `batch-budget-spent` error object in their place, and `next` says where to resume — in another batch, or as a
job, which has no such budget. The first deck is always checked, outside the time budget: in a fresh process it
loads the catalogue's name indexes (cardsdb/warmup.py does it before a web process serves), up to 1.6 s under
load, and one deck list's work is bounded by its own limits."""

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cardsdb.api.errors import ApiError
from cardsdb.catalogue_versions import remembered_reads
from decks.formats_io.limits import SuggestionBudget
from decks.legality import services
from decks.legality.serializers import parse_legality_body

MAX_SUGGESTED_LINES = 100  # unread lines of a whole batch that get the closest cards
JOBS_URL = "/api/legality/jobs/"


@dataclass(frozen=True)
class BatchBudget:
    seconds: float  # checking stops before the next deck once this much time has passed since the first one
    answer_bytes: int  # ... or once the results so far are this large as JSON (a deck may add ~1 MB more)
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)


def check_batch(
    decks: list, progress: Callable[[int, int], None] | None = None, budget: BatchBudget | None = None
) -> dict:
    # One catalogue version for the whole batch, read once per game instead of once or twice per deck
    with remembered_reads():
        results, stopped = _check_all(decks, progress, budget)
    if stopped is not None:
        assert budget is not None
        results.extend(_unchecked(i, stopped, budget) for i in range(stopped, len(decks)))
    legal = sum(1 for r in results if r.get("legal"))
    answer = {"count": len(results), "legal": legal, "results": results}
    if budget is not None:
        answer.update(checked=stopped if stopped is not None else len(decks), next=stopped)
    return answer


def _check_all(
    decks: list, progress: Callable[[int, int], None] | None, budget: BatchBudget | None
) -> tuple[list[dict], int | None]:
    """The decks' results in order, and the index of the first deck past the budget (None: all checked)."""
    results = []
    formats = services.FormatCache()
    suggestions = SuggestionBudget(MAX_SUGGESTED_LINES, scope="batch")
    started, size = 0.0, 0
    for index, body in enumerate(decks):
        if (
            budget is not None
            and index
            and (budget.clock() - started >= budget.seconds or size >= budget.answer_bytes)
        ):
            return results, index
        result = _check_one(index, body, formats, suggestions)
        results.append(result)
        if budget is not None:
            # ASCII-escaped and with spaces, json.dumps is never shorter than the rendered answer
            size += len(json.dumps(result, default=str))
            if not index:  # the first deck may have loaded the catalogue's caches: the time counts from here
                started = budget.clock()
        if progress is not None:
            progress(index + 1, len(decks))
    return results, None


def _check_one(index: int, body, formats: services.FormatCache, suggestions: SuggestionBudget) -> dict:
    values, errors = parse_legality_body(body)
    if errors:
        return {"index": index, "error": {"code": "invalid-request", "errors": errors}}
    try:
        result = services.legality_check(**values, formats=formats, suggestions=suggestions)
    except ApiError as exc:
        return {"index": index, "error": {"code": exc.code, "message": str(exc.detail)}}
    return {"index": index, **result}


def _unchecked(index: int, stopped: int, budget: BatchBudget) -> dict:
    message = (
        f"Not checked: the batch reached its budget ({budget.seconds:g} s of checking or "
        f"{budget.answer_bytes:,} bytes of answer) before deck {stopped}. Send the decks from index {stopped} on "
        f"in another batch, or the whole batch as a legality job (POST {JOBS_URL})."
    )
    return {"index": index, "error": {"code": "batch-budget-spent", "message": message}}


def run_legality_job(payload: dict, progress: Callable[[int, int], None]) -> dict:
    """The `legality-batch` job: its payload is the request's body, whose limits the API checked."""
    return check_batch(payload["decks"], progress)
