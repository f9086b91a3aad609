"""Deck lists on every endpoint that reads them: refused over one list's limits (413 decklist-too-large) before
anything is read, a batch's total work bounded (413 batch-too-large), unread lines cheap (closest cards for the
first lines only, from an index kept per catalogue version)."""

import pytest
from rest_framework.test import APIClient

from cardsdb import names
from cardsdb.models import ImportRun
from decks.formats_io.limits import MAX_CHARS, MAX_LINES, MAX_SUGGESTED_LINES
from decks.legality.api import BATCH_LIMITS
from decks.legality.batch import MAX_SUGGESTED_LINES as MAX_BATCH_SUGGESTED_LINES

pytestmark = pytest.mark.usefixtures("catalogue")

TOO_MANY_LINES = "1x Darth Vader\n" * MAX_LINES  # MAX_LINES + 1 lines (the last one empty)
TOO_MANY_CHARS = "1x Darth Vader " + "x" * MAX_CHARS


@pytest.fixture
def api():
    return APIClient()


def post(api, url, body):
    return api.post(url, body, format="json")


def assert_too_large(response, limit):
    assert response.status_code == 413, response.content
    body = response.json()
    assert body["code"] == "decklist-too-large" and body["limit"] == limit
    assert f"at most {limit:,}" in body["message"]


@pytest.mark.parametrize(("text", "limit"), [(TOO_MANY_LINES, MAX_LINES), (TOO_MANY_CHARS, MAX_CHARS)])
def test_a_list_over_the_limits_is_refused_on_every_endpoint(api, django_user_model, text, limit):
    legality = {"game": "swccg", "format": "open", "decklist": text}
    assert_too_large(post(api, "/api/legality/", legality), limit)
    assert_too_large(post(api, "/api/decks/import/", {"game": "swccg", "decklist": text}), limit)
    api.force_authenticate(django_user_model.objects.create_user("limits", password="x"))
    assert_too_large(post(api, "/api/decks/", {"name": "Big", "game": "swccg", "decklist": text}), limit)


def test_the_builder_page_says_the_list_is_too_large(client):
    response = client.post("/decks/new/", {"game": "swccg", "decklist": TOO_MANY_LINES, "format": "open"})
    assert response.status_code == 200
    assert f"at most {MAX_LINES:,} are read" in response.content.decode()


def test_a_list_at_the_line_limit_is_read(api):
    text = "1x Darth Vader\n" * (MAX_LINES - 1) + "1x Stormtrooper"
    body = post(api, "/api/decks/import/", {"game": "swccg", "decklist": text}).json()
    assert sum(c["count"] for c in body["cards"]) == MAX_LINES and body["problems"] == []


def test_unread_lines_get_candidates_for_the_first_lines_only(api, monkeypatch):
    searches = []
    extract = names.process.extract
    monkeypatch.setattr(names.process, "extract", lambda *a, **k: searches.append(a[0]) or extract(*a, **k))
    unread = MAX_SUGGESTED_LINES + 30
    text = "\n".join(f"2x Qwzx Nocard {i}" for i in range(unread)) + "\n1x Darth Vader"
    body = post(api, "/api/decks/import/", {"game": "swccg", "decklist": text}).json()
    problems = [p for p in body["problems"] if p["code"] == "unknown-card-name"]
    assert [p["line"] for p in problems] == list(range(1, unread + 1))
    assert all(p["candidates"] for p in problems[:MAX_SUGGESTED_LINES])
    assert not any(p["candidates"] for p in problems[MAX_SUGGESTED_LINES:])
    assert len(searches) == MAX_SUGGESTED_LINES  # one fuzzy search per suggested line, none for the others
    assert [c["card_id"] for c in body["cards"]] == ["1_168"]


def test_the_suggestion_index_is_kept_per_catalogue_version(api):
    post(api, "/api/decks/import/", {"game": "swtcg", "decklist": "1 Qwzx Nocard"})
    index = names.name_index("swtcg")
    assert index._choices  # built by the first unread line
    post(api, "/api/decks/import/", {"game": "swtcg", "decklist": "1 Qwzx Other"})
    assert names.name_index("swtcg") is index
    ImportRun.objects.create(
        game_id="swtcg", source="a test import"
    )  # what every import that changes cards does
    assert names.name_index("swtcg") is not index and not names.name_index("swtcg")._choices


def test_the_legality_check_counts_unread_lines_and_a_batch_shares_the_suggestions(api):
    lists = ["\n".join(f"1x Qwzx Nocard {i}" for i in range(60)) for _ in range(3)]
    items = [{"game": "swccg", "format": "open", "decklist": text} for text in lists]
    body = post(api, "/api/legality/batch/", {"decks": items}).json()
    problems = [p for r in body["results"] for p in r["decklist"]["problems"] if p["line"]]
    assert len(problems) == 180 and not any(r["legal"] for r in body["results"])
    assert sum(1 for p in problems if p["candidates"]) == MAX_BATCH_SUGGESTED_LINES
    assert "of the batch only" in problems[-1]["message"]


@pytest.mark.parametrize("unit", ["cards", "characters", "lines"])
def test_a_batch_over_its_total_limits_is_refused(api, unit):
    limit = BATCH_LIMITS[unit]
    if unit == "cards":
        per_deck, decks = 1000, limit // 1000 + 1
        items = [{"game": "swccg", "format": "open", "cards": ["1_168"] * per_deck}] * decks
    elif unit == "characters":
        per_deck = MAX_CHARS - 1000
        items = [{"game": "swccg", "format": "open", "decklist": "x" * per_deck}] * (limit // per_deck + 1)
    else:
        text = "1x Darth Vader\n" * (MAX_LINES - 1)
        items = [{"game": "swccg", "format": "open", "decklist": text}] * (limit // MAX_LINES + 1)
    response = post(api, "/api/legality/batch/", {"decks": items})
    assert response.status_code == 413, response.content
    body = response.json()
    assert body["code"] == "batch-too-large" and body["limit"] == limit and body["size"] > limit


def test_a_batch_at_its_limits_is_checked(api):
    per_deck = BATCH_LIMITS["cards"] // 500
    items = [{"game": "swccg", "format": "open", "cards": ["1_168"] * per_deck}] * 500
    body = post(api, "/api/legality/batch/", {"decks": items}).json()
    assert body["count"] == 500 and all("violations" in r for r in body["results"])


def test_a_list_over_its_limit_in_a_batch_fails_only_its_own_item(api):
    items = [
        {"game": "swccg", "format": "open", "decklist": TOO_MANY_LINES},
        {"game": "swccg", "format": "open", "decklist": "1x Darth Vader"},
    ]
    body = post(api, "/api/legality/batch/", {"decks": items}).json()
    assert body["results"][0]["error"]["code"] == "decklist-too-large"
    assert body["results"][1]["decklist"]["cards"] == 1
