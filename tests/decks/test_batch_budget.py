"""A legality batch answers within its budget (decks/legality/batch.py BatchBudget): 500 decks of unknown card names took
8 s and answered 8.4 MB; now the decks past the budget get `batch-budget-spent` in their place, and `next` says
where to send again from. The legality job has no such budget."""

import itertools

import pytest
from rest_framework.test import APIClient

from decks.legality.batch import BatchBudget, check_batch, run_legality_job

pytestmark = pytest.mark.usefixtures("catalogue")


def unknown_names(deck: int, lines: int = 50) -> dict:
    text = "\n".join(f"1x Zqx Unknown Card Number {deck} {line}" for line in range(lines))
    return {"game": "swccg", "format": "open", "decklist": text}


def assert_paged(answer: dict, total: int, checked: int) -> None:
    assert answer["count"] == total and answer["checked"] == checked and answer["next"] == checked
    assert [r["index"] for r in answer["results"]] == list(range(total))
    assert all("decklist" in r for r in answer["results"][:checked])  # checked in full
    for result in answer["results"][checked:]:  # never dropped: each one says why and where to resume
        assert result["error"]["code"] == "batch-budget-spent"
        assert f"from index {checked} on" in result["error"]["message"]
        assert "/api/legality/jobs/" in result["error"]["message"]


def test_the_time_budget_stops_before_the_next_deck():
    ticks = itertools.count()
    budget = BatchBudget(seconds=2, answer_bytes=10**9, clock=lambda: next(ticks))  # 1 s per reading
    assert_paged(check_batch([unknown_names(d, 2) for d in range(5)], budget=budget), 5, 2)


def test_the_answer_budget_stops_before_the_next_deck_and_one_deck_is_always_checked():
    answer = check_batch([unknown_names(d, 2) for d in range(3)], budget=BatchBudget(10**9, answer_bytes=1))
    assert_paged(answer, 3, 1)


def test_without_a_budget_every_deck_is_checked():
    answer = check_batch([unknown_names(d, 2) for d in range(3)])
    assert answer["count"] == 3 and "next" not in answer and all("decklist" in r for r in answer["results"])
    job = run_legality_job({"decks": [unknown_names(d, 2) for d in range(3)]}, lambda *_: None)
    assert all("decklist" in r for r in job["results"])


def test_500_decks_of_unknown_names_answer_within_the_budget(settings):
    settings.CARDSDB_BATCH_SECONDS = 1.0  # the server's: the answer's size stops it first here
    decks = [unknown_names(d) for d in range(500)]
    response = APIClient().post("/api/legality/batch/", {"decks": decks}, format="json")
    assert response.status_code == 200 and len(response.content) <= 5_000_000, len(response.content)
    answer = response.json()
    assert 0 < answer["checked"] < 500  # was: every deck, 8 s and 8.4 MB
    assert_paged(answer, 500, answer["checked"])
