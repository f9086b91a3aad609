"""owned: and is:owned (cardsdb/search/owned.py): copies in the searching user's collection, every printing,
variant, finish and condition of a card summed; refused with a code for visitors; never one user's answer
served to another from the results cache."""

import pytest
from rest_framework.test import APIClient

from cardsdb.models import Card
from cardsdb.search.fields import GAME_FIELDS, Kind
from cardsdb.search.owned import SearchNeedsLogin
from cardsdb.search.results_cache import _whose
from cardsdb.selectors import card_search
from decks.models import CollectionItem

VADER, LUKE, LEIA = "1_168", "1_19", "1_17"


@pytest.fixture
def collector(django_user_model, catalogue):
    """Owns Vader ×3 (two lines: 1 plain + 2 foil) and Luke ×1; nothing else."""
    user = django_user_model.objects.create_user("collector", password="x" * 12)
    cards = {c.code: c for c in Card.objects.filter(game_id="swccg", code__in=[VADER, LUKE])}
    CollectionItem.objects.create(owner=user, card=cards[VADER], quantity=1)
    CollectionItem.objects.create(owner=user, card=cards[VADER], finish="foil", quantity=2)
    CollectionItem.objects.create(owner=user, card=cards[LUKE], quantity=1)
    return user


@pytest.fixture
def other(django_user_model, catalogue):
    """Owns Leia ×2 only."""
    user = django_user_model.objects.create_user("other", password="x" * 12)
    CollectionItem.objects.create(owner=user, card=Card.objects.get(game_id="swccg", code=LEIA), quantity=2)
    return user


def codes(query, user, game="swccg"):
    return set(card_search(query=query, game=game, user=user).values_list("code", flat=True))


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("is:owned", {VADER, LUKE}),
        ("owned>=1", {VADER, LUKE}),
        ("owned>=2", {VADER}),  # 1 + 2 copies on two lines
        ("owned>1", {VADER}),
        ("owned=3", {VADER}),
        ("owned:1", {LUKE}),
        ("owned<=1 is:owned", {LUKE}),
        ("owned>3", set()),
        ("is:owned side:light", {LUKE}),
        ("is:owned or id:" + LEIA, {VADER, LUKE, LEIA}),
    ],
)
def test_owned_counts(collector, query, expected):
    assert codes(query, collector) == expected


@pytest.mark.parametrize("query", ["owned=0", "-is:owned", "not:owned", "owned<1"])
def test_not_owned(collector, query):
    found = codes(f"({query}) (id:{VADER} or id:{LUKE} or id:{LEIA})", collector)
    assert found == {LEIA}


def test_owned_below_n_includes_cards_not_owned(collector):
    found = codes(f"owned<3 (id:{VADER} or id:{LUKE} or id:{LEIA})", collector)
    assert found == {LUKE, LEIA}
    assert codes(f"owned!=3 (id:{VADER} or id:{LUKE})", collector) == {LUKE}


def test_each_user_counts_their_own(collector, other):
    assert codes("is:owned", other) == {LEIA}
    assert codes("owned>=2", other) == {LEIA}


def test_owned_in_every_game(collector, swtcg_catalogue):
    card = Card.objects.filter(game_id="swtcg").order_by("code").first()
    CollectionItem.objects.create(owner=collector, card=card, quantity=4)
    assert codes("owned>=4", collector, game="swtcg") == {card.code}
    assert codes("is:owned", collector, game=None) == {VADER, LUKE, card.code}


@pytest.mark.parametrize("query", ["owned>=x", "owned>=-1", "owned>=1234567", "owned:/1/"])
def test_owned_needs_a_whole_number(collector, query):
    from cardsdb.search.syntax import QuerySyntaxError

    with pytest.raises(QuerySyntaxError) as raised:
        codes(query, collector)
    assert not isinstance(raised.value, SearchNeedsLogin)


@pytest.mark.parametrize(
    ("query", "position"),
    [("is:owned", 0), ("owned>=2", 0), ("vader -is:owned", 7), ("not:owned", 0), ("t:character owned=0", 12)],
)
def test_visitors_get_a_coded_error(catalogue, query, position):
    with pytest.raises(SearchNeedsLogin) as raised:
        codes(query, None)
    assert raised.value.code == "search-needs-login"
    response = APIClient().get("/api/cards/", {"game": "swccg", "q": query})
    assert response.status_code == 401
    body = response.json()
    assert body["code"] == "search-needs-login" and "log in" in body["message"]
    assert body["position"] == position


def test_the_search_page_says_to_log_in(client, catalogue):
    response = client.get("/", {"q": "is:owned", "game": "swccg"})
    assert response.status_code == 400
    markup = response.content.decode()
    assert 'data-code="search-needs-login"' in markup
    assert 'href="/accounts/login/?next=' in markup


def test_the_api_for_a_logged_in_user(collector):
    api = APIClient()
    api.force_authenticate(collector)
    body = api.get("/api/cards/", {"game": "swccg", "q": "owned>=2"}).json()
    assert [c["id"] for c in body["results"]] == [VADER]


def test_the_results_cache_never_serves_one_users_collection_to_another(collector, other, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    api = APIClient()
    url, params = "/api/cards/", {"game": "swccg", "q": "is:owned"}
    api.force_authenticate(collector)
    assert {c["id"] for c in api.get(url, params).json()["results"]} == {VADER, LUKE}
    api.force_authenticate(other)
    assert {c["id"] for c in api.get(url, params).json()["results"]} == {LEIA}
    api.force_authenticate(None)
    assert api.get(url, params).status_code == 401  # a visitor gets the refusal, not a kept answer
    api.force_authenticate(collector)
    CollectionItem.objects.filter(owner=collector, card__code=LUKE).delete()
    # Kept for this user until it expires or the catalogue changes: still theirs, never the other's.
    assert {c["id"] for c in api.get(url, params).json()["results"]} == {VADER, LUKE}


def test_every_way_to_the_collection_says_owned():
    """results_cache keys a query per user when it holds "owned": every keyword reaching the collection does."""
    from cardsdb.search.fields import ALIASES, GAME_ALIASES, resolve

    for game, fields in GAME_FIELDS.items():
        for name in [f.name for f in fields] + list(ALIASES) + list(GAME_ALIASES[game]):
            spec = resolve(name, game)
            if spec is not None and spec.kind is Kind.OWNED:
                assert "owned" in name.lower(), name


def test_the_cache_key_depends_on_the_user_only_for_owned(rf, collector):
    request = rf.get("/api/cards/", {"q": "vader"})
    request.user = collector
    assert _whose(request) == ""
    request = rf.get("/api/cards/", {"q": "OWNED>=2"})
    request.user = collector
    assert _whose(request) == f"user:{collector.pk}"


def test_the_page_shows_owned_counts_to_a_logged_in_user(client, collector):
    client.force_login(collector)
    markup = client.get("/", {"q": "is:owned", "game": "swccg"}).content.decode()
    assert "<th>Owned</th>" in markup
    assert '<td class="owned">3</td>' in markup and '<td class="owned">1</td>' in markup
    client.logout()
    assert "<th>Owned</th>" not in client.get("/", {"q": "vader", "game": "swccg"}).content.decode()
