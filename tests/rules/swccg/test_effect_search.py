"""The search's effect: keyword (cardsdb/search) over the kinds of effect the rules read in SWCCG game text, stored
by rules/swccg_effect_index.py in cardsdb's CardEffect table (cardsdb never imports rules)."""

import pytest

from cardsdb.models import Card, CardEffect, CardEffectsStamp
from rules import swccg_effect_index
from rules.swccg_gametext import read_catalogue

VADER, BOSHEK, STORMTROOPER = "1_168", "1_4", "1_194"


@pytest.fixture
def fresh():
    swccg_effect_index._fresh.clear()  # as a new process: the stamp is read from the database
    yield
    swccg_effect_index._fresh.clear()


def codes(client, q, game="swccg"):
    response = client.get("/api/cards/", {"q": q, "page_size": 100} | ({"game": game} if game else {}))
    assert response.status_code == 200, response.content[:300]
    body = response.json()
    return {c["id"] for c in body["results"]}, body["count"]


def test_effect_finds_the_kinds_the_reader_found(client, catalogue, fresh):
    found, count = codes(client, "effect=immune-attrition name:vader")
    assert VADER in found and BOSHEK not in found
    read = read_catalogue()
    current = Card.objects.filter(game_id="swccg", edition=Card.Edition.CURRENT).values_list(
        "code", flat=True
    )
    expected = {c for c in current if any(e.kind == "adds-battle-destiny" for e in read.get(c, ()))}
    assert codes(client, "effect=adds-battle-destiny")[1] == len(expected) > 0
    assert BOSHEK in codes(client, "effect:unread name:boshek")[0]  # "May make a Kessel Run…" is not read
    assert VADER not in codes(client, "effect:unread name:vader")[0]  # all his sentences are read
    assert VADER in codes(client, "effect:adds name:vader")[0]  # adds-to-destiny: effect: matches the start
    assert VADER not in codes(client, "-effect:adds-to name:vader")[0]
    assert VADER in codes(client, "effects=pilot-power name:vader", game=None)[0]  # the alias; no game chosen
    assert codes(client, "effect=no-such-kind")[1] == 0
    page = client.get("/", {"q": "effect=immune-attrition name:vader", "game": "swccg"}).content.decode()
    assert "/cards/swccg/1_168/" in page  # the search page too


def test_the_rows_follow_the_stamp(client, catalogue, fresh):
    codes(client, "effect=power")
    row = CardEffectsStamp.objects.get(game_id="swccg")
    assert row.stamp == swccg_effect_index.stamp()
    stored = CardEffect.objects.count()
    assert stored > 5_000
    CardEffect.objects.filter(card__code=VADER).delete()
    codes(client, "effect=power")  # the same stamp: not read again
    assert CardEffect.objects.count() < stored
    swccg_effect_index._fresh.clear()
    CardEffectsStamp.objects.filter(game_id="swccg").update(stamp="an older reading")
    assert VADER in codes(client, "effect=adds-to-destiny name:vader")[0]  # read again, Vader's rows back
    assert CardEffect.objects.count() == stored


def test_a_bad_effect_term_is_a_coded_error(client, catalogue, fresh):
    response = client.get("/api/cards/", {"q": "effect>2", "game": "swccg"})
    assert response.status_code == 400 and response.json()["code"] == "bad-query"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "what the rules read in the game text"),
        ("it", "ciò che le regole leggono nel testo di gioco"),
        ("pl", "co reguły odczytują z tekstu gry"),
    ],
)
def test_the_syntax_page_documents_effect(client, catalogue, language, words):
    page = client.get("/search/help", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "<code>effect</code>" in page and "<code>effects</code>" in page and words in page
    assert 'id="effects"' in page and "effect=adds-battle-destiny t:character" in page
