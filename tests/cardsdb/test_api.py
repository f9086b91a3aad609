"""Tests for the JSON API (/api/...), against the real SWCCG catalogue imported by tests/conftest.py."""

import json

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient

from cardsdb.api.errors import ERROR_CODES
from cardsdb.models import Card, CardSet
from cardsdb.views.errors import server_error

CURRENT_SWCCG_CARDS = 3674
LEGACY_SWCCG_CARDS = 1184
SWCCG_SETS = 67

LIST_KEYS = {
    "game",
    "id",
    "title",
    "name",
    "side",
    "type",
    "subtype",
    "uniqueness",
    "edition",
    "set",
    "rarity",
    "alternate_image",
    "stats",
    "values",
    "image_url",
    "url",
    "api_url",
}
PAGE_KEYS = {"count", "page_size", "next", "previous", "results"}
# Extra keys an error body may carry besides "code" and "message", per error code.
ERROR_EXTRAS = {
    "bad-query": {"position"},
    "search-needs-login": {"position"},
    "no-match": {"suggestions"},
    "ambiguous-name": {"candidates"},
}


# --- helpers ---


@pytest.fixture
def api():
    client = APIClient()
    client.raise_request_exception = False  # a server error should be seen as a 500, not raised
    return client


def get(api, url, status=200, **params):
    response = api.get(url, params)
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def search(api, q, status=200, **params):
    return get(api, "/api/cards/", status, game="swccg", q=q, **params)


def card(api, code, status=200, game="swccg"):
    return get(api, f"/api/cards/{game}/{code}/", status)


def named(api, status=200, **params):
    return get(api, "/api/cards/named", status, **params)


def ids(page):
    return {result["id"] for result in page["results"]}


def assert_error(body, code, message_contains=""):
    assert body["code"] == code
    assert code in ERROR_CODES
    assert set(body) == {"code", "message"} | ERROR_EXTRAS.get(code, set()), body
    assert isinstance(body["message"], str) and body["message"]
    assert message_contains in body["message"]


# --- GET /api/cards/ : shape ---


def test_search_response_shape(api, catalogue):
    page = search(api, '!"Darth Vader"')
    assert set(page) == PAGE_KEYS
    assert page["count"] == 1
    assert page["page_size"] == 50
    assert page["next"] is None and page["previous"] is None
    [vader] = page["results"]
    assert set(vader) == LIST_KEYS
    assert vader == {
        "game": "swccg",
        "id": "1_168",
        "title": "•Darth Vader",
        "name": "Darth Vader",
        "side": "Dark",
        "type": "Character",
        "subtype": "Imperial",
        "uniqueness": {"kind": "unique", "limit": 1, "mark": "•"},
        "edition": "current",
        "set": {"code": "1", "abbr": "P", "name": "Premiere"},
        "rarity": "R1",
        "alternate_image": "",
        "stats": {"destiny": "1", "power": "6", "ability": "6", "deploy": "6", "forfeit": "8"},
        "values": {"destiny": 1, "power": 6, "ability": 6, "deploy": 6, "forfeit": 8},
        "image_url": "https://res.starwarsccg.org/cards/Premiere-Dark/large/darthvader.gif",
        "url": "/cards/swccg/1_168/",
        "api_url": "/api/cards/swccg/1_168/",
    }


def test_an_alternate_image_printing_is_marked(api, catalogue):
    """Issue #25: 11_54 and 11_55 both read "•Darth Maul"; the (AI) printing says so."""
    results = search(api, '!"Darth Maul" set:11')["results"]
    marks = {entry["id"]: entry["alternate_image"] for entry in results}
    assert marks == {"11_54": "", "11_55": "AI"}
    assert get(api, "/api/cards/swccg/11_55/")["alternate_image"] == "AI"


def test_search_result_links_resolve(api, catalogue):
    [vader] = search(api, '!"Darth Vader"')["results"]
    assert get(api, vader["api_url"])["id"] == "1_168"
    assert api.get(vader["url"]).status_code == 200


def test_stats_as_printed_and_values_as_numbers(api, catalogue):
    [brainiac] = search(api, "id:2_2")["results"]
    assert brainiac["title"] == "•Brainiac"
    assert brainiac["stats"] == {"destiny": "π", "power": "*", "ability": "3", "deploy": "Y", "forfeit": "X"}
    # Only single numbers have a value: "*", "Y" and "X" have none.
    assert brainiac["values"] == {"destiny": 3.14159, "ability": 3}

    [maul] = search(api, "id:213_10")["results"]
    assert maul["stats"]["destiny"] == "½"
    assert maul["values"]["destiny"] == 0.5

    [artoo] = search(api, "id:6_3")["results"]
    assert artoo["stats"]["destiny"] == "1 or 6"
    assert "destiny" not in artoo["values"]


def test_restricted_uniqueness(api, catalogue):
    results = search(api, "is:restricted", page_size=500)["results"]
    assert results
    for result in results:
        uniqueness = result["uniqueness"]
        assert uniqueness["kind"] == "restricted"
        assert uniqueness["limit"] >= 2
        assert uniqueness["mark"] == "•" * uniqueness["limit"]
        assert result["title"].startswith(uniqueness["mark"])


# --- GET /api/cards/ : what a query finds ---


def test_persona_and_side(api, catalogue):
    page = search(api, "persona:lando side:dark")
    assert page["count"] == 2
    assert ids(page) == {"5_99", "217_13"}
    assert {r["title"] for r in page["results"]} == {"•Lando Calrissian", "•Lando Calrissian, Vader's Broker"}
    assert {r["side"] for r in page["results"]} == {"Dark"}


def test_exact_name(api, catalogue):
    page = search(api, '!"Darth Vader"')
    assert ids(page) == {"1_168"}


def test_persona_vader(api, catalogue):
    page = search(api, "persona:VADER")
    assert page["count"] == 9
    assert {"1_168", "7_175", "200_78"} <= ids(page)


def test_order_descending_puts_the_highest_first_and_no_value_last(api, catalogue):
    results = search(api, "t:character order:-ability", page_size=500)["results"]
    abilities = [r["values"].get("ability") for r in results]
    numbers = [a for a in abilities if a is not None]
    assert numbers == sorted(numbers, reverse=True)
    # Cards without a numeric ability come after every card with one, on every database.
    assert abilities[: len(numbers)] == numbers


def test_default_is_current_cards_only(api, catalogue):
    page = search(api, "")
    assert page["count"] == CURRENT_SWCCG_CARDS
    assert Card.objects.filter(game="swccg", edition="current").count() == CURRENT_SWCCG_CARDS
    everything = search(api, "", page_size=500)
    assert {r["edition"] for r in everything["results"]} == {"current"}


def test_is_legacy_shows_only_legacy(api, catalogue):
    page = search(api, "is:legacy", page_size=500)
    assert page["count"] == LEGACY_SWCCG_CARDS
    assert {r["edition"] for r in page["results"]} == {"legacy"}
    assert all(r["id"].startswith("legacy-") for r in page["results"])


def test_legacy_vader_is_hidden_by_default(api, catalogue):
    legacy = search(api, "is:legacy vader")
    assert legacy["count"] > 0
    assert not ids(legacy) & ids(search(api, "vader", page_size=500))


def test_without_game_searches_every_game(api, catalogue):
    everywhere = get(api, "/api/cards/", q="vader")
    assert search(api, "vader")["count"] == 125
    others = sum(get(api, "/api/cards/", q="vader", game=game)["count"] for game in ("swtcg", "swdbg"))
    assert everywhere["count"] == 125 + others > 125


# --- GET /api/cards/ : paging ---


def test_page_size_500(api, catalogue):
    page = search(api, "", page_size=500)
    assert page["page_size"] == 500
    assert len(page["results"]) == 500
    assert page["previous"] is None
    assert "page=2" in page["next"] and "page_size=500" in page["next"]


@pytest.mark.parametrize("page_size", ["501", "0", "abc", "-1", "1.5", ""])
def test_bad_page_size(api, catalogue, page_size):
    body = search(api, "vader", 400, page_size=page_size)
    assert_error(body, "bad-parameter", "page_size")


@pytest.mark.parametrize("page", ["abc", "0", "-1", "last"])
def test_bad_page(api, catalogue, page):
    assert_error(search(api, "vader", 400, page=page), "bad-parameter", "page")


@pytest.mark.parametrize("param", ["page", "page_size"])
def test_superscript_digit_is_a_bad_parameter(api, catalogue, param):
    assert_error(search(api, "vader", 400, **{param: "²"}), "bad-parameter")


def test_pages_walk(api, catalogue):
    second = search(api, "", page=2)
    assert len(second["results"]) == 50
    assert "page=3" in second["next"]
    assert second["previous"].endswith("/api/cards/?game=swccg&q=")  # page 1 has no page= parameter
    last = search(api, "", page=74)  # 3674 = 73 × 50 + 24
    assert len(last["results"]) == 24
    assert last["next"] is None
    assert "page=73" in last["previous"]


def test_following_next_visits_every_result_once(api, catalogue):
    url, seen = "/api/cards/?game=swccg&q=persona:vader&page_size=2", []
    while url:
        page = api.get(url).json()
        seen += [r["id"] for r in page["results"]]
        url = page["next"]
    assert len(seen) == len(set(seen)) == 9


def test_page_beyond_the_end(api, catalogue):
    assert_error(search(api, "", 404, page=75), "not-found")
    assert_error(search(api, '!"Darth Vader"', 404, page=2), "not-found")


# --- GET /api/cards/ : malformed queries ---


@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ("(vader", 0, "Unclosed parenthesis"),
        ("vader (vader", 6, "Unclosed parenthesis"),
        ("power>", 6, "Expected a value after 'power>'"),
        ("vader power>", 12, "Expected a value after 'power>'"),
        ("foo:bar", 0, "unknown keyword 'foo'"),
        ("vader -foo:bar", 7, "unknown keyword 'foo'"),
        ("power>abc", 0, "needs a number, got 'abc'"),
        ("t:character power>abc", 12, "needs a number, got 'abc'"),
        ("order:nonsense", 0, "cannot order by 'nonsense'"),
        ("vader order:nonsense", 6, "cannot order by 'nonsense'"),
        ("is:nonsense", 0, "unknown is:nonsense"),
        ("vader is:nonsense", 6, "unknown is:nonsense"),
        ("vader )", 6, "Unexpected ')'"),
        ('vader "lord of', 6, "Unterminated quoted phrase"),
        ("vader name:/[/", 12, "invalid regular expression"),  # the position points into the pattern
    ],
)
def test_bad_query(api, catalogue, query, position, message):
    body = search(api, query, 400)
    assert_error(body, "bad-query", message)
    assert body["position"] == position


def test_overlong_query(api, catalogue):
    body = search(api, "vader " * 200, 400)  # 1,200 characters
    assert_error(body, "bad-query", "longer than 1000 characters")
    assert body["position"] == 0


def test_query_of_exactly_1000_characters_is_accepted(api, catalogue):
    query = ("vader " * 200)[:1000]
    assert len(query) == 1000
    assert search(api, query)["count"] == 125


def test_unknown_game(api, catalogue):
    assert_error(get(api, "/api/cards/", 400, game="pazaak", q="vader"), "unknown-game", "pazaak")


# --- GET /api/cards/<game>/<id>/ ---


def test_card_detail(api, catalogue):
    vader = card(api, "1_168")
    assert LIST_KEYS <= set(vader)
    assert vader["id"] == "1_168"
    assert vader["title"] == "•Darth Vader"
    assert vader["face"] == "front"
    assert vader["edition"] == "current"
    assert vader["personas"] == [{"code": "VADER", "name": "Vader"}]
    assert vader["printings"] == [{"set": {"code": "1", "abbr": "P", "name": "Premiere"}, "rarity": "R1"}]
    assert vader["variants"] == []
    assert vader["nicknames"] == ["Space Vader", "Math Vader"]
    assert vader["rulings"] == ["This card is a Black Squadron pilot."]
    assert vader["icons"] == ["Pilot", "Warrior"]
    assert vader["errata"] == {"symbol": "E1"}
    assert vader["gametext"].startswith("When in battle, adds 1 to each of your battle destiny draws.")
    assert vader["lore"].startswith("Dark Lord of the Sith.")
    assert vader["back"] is None
    assert vader["current_version"] is None
    assert vader["earlier_versions"] == []
    assert vader["aliases"] == []


def relation(card_data, kind, text):
    [found] = [r for r in card_data["relations"] if r["kind"] == kind and r["text"] == text]
    return found


def test_card_detail_relations(api, catalogue):
    vader = card(api, "1_168")
    assert relation(vader, "matching", "Vader's Custom TIE")["target"] == {
        "id": "1_306",
        "title": "•Vader's Custom TIE",
        "side": "Dark",
        "edition": "current",
        "url": "/cards/swccg/1_306/",
    }
    assert relation(vader, "matching-weapon", "Darth Vader's Lightsaber")["target"]["id"] == "9_178"
    assert relation(vader, "pulled-by", "The Empire's Back")["target"]["id"] == "1_272"
    assert relation(vader, "underlying-card-for", "Darth Vader (V)")["target"]["id"] == "200_78"
    # A combo's text names no single card: no target.
    combos = [r for r in vader["relations"] if r["kind"] == "combo"]
    assert len(combos) == 3
    assert all(r["target"] is None for r in combos)


def test_card_with_variants(api, catalogue):
    maul = card(api, "203_26")
    assert maul["title"] == "•Darth Maul, Lone Hunter"
    assert [(v["kind"], v["title"]) for v in maul["variants"]] == [
        ("AI", "•Darth Maul, Lone Hunter (AI)"),
        ("C-Slip AI", "•Darth Maul, Lone Hunter (C-Slip AI)"),
        ("C-Slip AI 2", "•Darth Maul, Lone Hunter (C-Slip AI 2)"),
    ]
    assert all(v["image_url"].startswith("https://res.starwarsccg.org/") for v in maul["variants"])
    assert len({v["image_url"] for v in maul["variants"]} | {maul["image_url"]}) == 4


def test_two_sided_objective_by_its_back_id(api, catalogue):
    objective = card(api, "109_12_BACK")
    assert objective["id"] == "109_12"
    assert objective["face"] == "back"
    assert objective["type"] == "Objective"
    assert objective["title"].startswith("This Deal Is Getting Worse All The Time")
    assert objective["aliases"] == [
        {"id": "109_12_BACK", "face": "back", "reason": "GEMP id of the back face"}
    ]
    assert objective["back"]["destiny"] == "7"
    assert objective["back"]["imageUrl"].endswith("prayidontalteritanyfurther.gif")
    assert objective["stats"] == {"destiny": "0"}

    front = card(api, "109_12")
    assert front["face"] == "front"
    assert {k: v for k, v in front.items() if k != "face"} == {
        k: v for k, v in objective.items() if k != "face"
    }


def test_anthology_reprint_id(api, catalogue):
    boba = card(api, "105_4")
    assert boba["id"] == "7_167"
    assert boba["title"] == "•Boba Fett"
    assert boba["face"] == "front"
    assert {"id": "105_4", "face": "front", "reason": "GEMP id of its printing in set 105"} in boba["aliases"]
    assert [p["set"]["code"] for p in boba["printings"]] == ["7", "105"]
    assert boba["personas"] == [{"code": "BOBA_FETT", "name": "Boba Fett"}]


def test_pre_errata_card_points_at_current_version(api, catalogue):
    old = card(api, "pre-40033")
    assert old["edition"] == "pre-errata"
    assert old["title"] == "•A Brave Resistance"
    assert old["current_version"] == {
        "id": "209_16",
        "title": "•A Brave Resistance",
        "side": "Light",
        "edition": "current",
        "url": "/cards/swccg/209_16/",
    }
    current = card(api, "209_16")
    assert current["current_version"] is None
    assert current["earlier_versions"] == [
        {
            "id": "pre-40033",
            "title": "•A Brave Resistance",
            "side": "Light",
            "edition": "pre-errata",
            "url": "/cards/swccg/pre-40033/",
        }
    ]


def test_pre_errata_cards_are_found_by_is_pre_errata(api, catalogue):
    page = search(api, "is:pre-errata", page_size=500)
    assert page["count"] == 164
    assert "pre-40033" in ids(page)
    assert {r["edition"] for r in page["results"]} == {"pre-errata"}


def test_legacy_card(api, catalogue):
    legacy = card(api, "legacy-5301")
    assert legacy["title"] == "•2-1B (Too-Onebee) (V)"
    assert legacy["edition"] == "legacy"
    assert legacy["set"] == {"code": "1002", "abbr": "VB2", "name": "Virtual Block 2"}
    assert legacy["current_version"] is None
    assert legacy["api_url"] == "/api/cards/swccg/legacy-5301/"


@pytest.mark.parametrize("code", ["9_999", "1_168_BACK", "1_1680", "legacy-0"])
def test_unknown_card(api, catalogue, code):
    assert_error(card(api, code, 404), "card-not-found", code)


def test_card_in_unknown_game(api, catalogue):
    assert_error(card(api, "1_168", 400, game="pazaak"), "unknown-game")


def test_card_of_another_game(api, catalogue):
    assert_error(card(api, "1_168", 404, game="swtcg"), "card-not-found")


# --- GET /api/cards/named ---


def test_named_fuzzy_misspelling(api, catalogue):
    found = named(api, game="swccg", fuzzy="darth vadr lord of the sith")
    assert found["id"] == "7_175"
    assert found["title"] == "•Darth Vader, Dark Lord Of The Sith"
    assert found["matched_by"] == "fuzzy"
    assert found["personas"] == [{"code": "VADER", "name": "Vader"}]


def test_named_fuzzy_nickname(api, catalogue):
    found = named(api, game="swccg", fuzzy="ADLR")
    assert found["title"] == "•A Day Long Remembered"
    assert found["id"] == "7_219"
    assert found["matched_by"] == "nickname"


@pytest.mark.parametrize("exact", ["darth vader", "DARTH VADER", "•Darth Vader", "  Darth   Vader "])
def test_named_exact(api, catalogue, exact):
    found = named(api, game="swccg", exact=exact)
    assert found["id"] == "1_168"
    assert found["matched_by"] == "exact"


def test_named_with_trailing_slash(api, catalogue):
    assert get(api, "/api/cards/named/", game="swccg", exact="darth vader")["id"] == "1_168"


def test_named_exact_ambiguous(api, catalogue):
    body = named(api, 404, game="swccg", exact="lando calrissian")
    assert_error(body, "ambiguous-name", "side=")
    assert body["candidates"] == [
        {"id": "5_99", "title": "•Lando Calrissian", "side": "Dark"},
        {"id": "5_5", "title": "•Lando Calrissian", "side": "Light"},
    ]


@pytest.mark.parametrize(("side", "code"), [("light", "5_5"), ("Light", "5_5"), ("dark", "5_99")])
def test_named_exact_with_side(api, catalogue, side, code):
    found = named(api, game="swccg", exact="lando calrissian", side=side)
    assert found["id"] == code
    assert found["side"].lower() == side.lower()


@pytest.mark.parametrize("param", ["fuzzy", "exact"])
def test_named_no_match(api, catalogue, param):
    body = named(api, 404, game="swccg", **{param: "qwzxqwzx"})
    assert_error(body, "no-match", "qwzxqwzx")
    assert isinstance(body["suggestions"], list)
    assert 1 <= len(body["suggestions"]) <= 5
    assert all(isinstance(s, str) and s for s in body["suggestions"])


def test_named_exact_no_match_suggests_the_near_name(api, catalogue):
    body = named(api, 404, game="swccg", exact="darth vadr")
    assert_error(body, "no-match")
    assert "Darth Vader" in body["suggestions"]


def test_named_fuzzy_suggestions_are_distinct(api, catalogue):
    body = named(api, 404, game="swccg", fuzzy="lando calrisian qqqqqqqqqqqq")
    assert_error(body, "no-match")
    assert "Lando Calrissian" in body["suggestions"]
    assert len(body["suggestions"]) == len(set(body["suggestions"]))


@pytest.mark.parametrize(
    "params",
    [
        {"exact": "darth vader"},  # no game
        {"game": "swccg"},  # neither fuzzy nor exact
        {"game": "swccg", "fuzzy": "   "},  # blank counts as missing
        {"game": "swccg", "fuzzy": "vader", "exact": "darth vader"},  # both
        {"game": "swccg", "exact": "darth vader", "side": "grey"},
    ],
)
def test_named_bad_parameters(api, catalogue, params):
    assert_error(named(api, 400, **params), "bad-parameter")


def test_named_unknown_game(api, catalogue):
    assert_error(named(api, 400, game="pazaak", exact="darth vader"), "unknown-game")


# --- /api/sets/ and /api/games/ ---


def test_sets(api, catalogue):
    sets = get(api, "/api/sets/", game="swccg")
    assert len(sets) == SWCCG_SETS
    assert [s["code"] for s in sets[:3]] == ["1", "2", "3"]  # release order
    assert sets[0] == {
        "game": "swccg",
        "code": "1",
        "abbr": "P",
        "name": "Premiere",
        "gemp_name": "Premiere",
        "release_date": "1995-12-01",
        "size": 324,
        "legacy": False,
        "kind": "decipher",
        "cycle": "full",
        "url": "/sets/swccg/1/",
    }
    assert sum(s["legacy"] for s in sets) == 10  # Virtual Blocks 1–9 and their shields


def test_sets_of_every_game(api, catalogue):
    everywhere = get(api, "/api/sets/")
    assert len(everywhere) == CardSet.objects.count() > SWCCG_SETS
    assert len(get(api, "/api/sets/", game="swccg")) == SWCCG_SETS
    assert {s["game"] for s in everywhere} == set(CardSet.objects.values_list("game", flat=True))


def test_sets_of_unknown_game(api, catalogue):
    assert_error(get(api, "/api/sets/", 400, game="pazaak"), "unknown-game")


def test_set_detail(api, catalogue):
    assert get(api, "/api/sets/swccg/200d/") == {
        "game": "swccg",
        "code": "200d",
        "abbr": "VDS",
        "name": "Virtual Defensive Shields",
        "gemp_name": "Set D",
        "release_date": "2014-09-24",
        "size": 19,
        "legacy": False,
        "kind": "virtual",
        "cycle": "shields",
        "url": "/sets/swccg/200d/",
    }


def test_unknown_set(api, catalogue):
    assert_error(get(api, "/api/sets/swccg/999/", 404), "set-not-found", "999")


def test_games(api, catalogue):
    games = get(api, "/api/games/")
    assert [g["code"] for g in games] == ["swccg", "swtcg", "swdbg"]  # the registry's order, as on every page
    assert set(games[0]) == {"code", "name", "short_name", "publisher", "years"}
    assert games[0]["name"] == "Star Wars Customizable Card Game"
    assert {g["short_name"] for g in games} == {"SWCCG", "SWTCG", "SW:DBG"}


# --- schema and docs ---


def test_schema(api, db):
    # JSON by content negotiation ("format" is a domain word here, not a renderer switch).
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "cardsdb API"
    for path in ("/api/cards/", "/api/cards/{game}/{code}/", "/api/cards/named", "/api/sets/", "/api/games/"):
        assert path in schema["paths"], path
    parameters = {p["name"] for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    assert {"game", "q", "page", "page_size"} <= parameters


def test_schema_default_is_yaml(api, db):
    response = api.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/cards/:" in response.content


def test_docs(api, db):
    response = api.get("/api/docs/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert b"swagger-ui" in response.content
    assert b"/api/schema/" in response.content


# --- errors ---


@pytest.mark.parametrize(
    "url", ["/api/nope/", "/api/", "/api/cards/swccg/", "/api/cards/swccg/1_168/face/", "/api/games"]
)
def test_unknown_api_url_answers_json(api, db, url):
    assert_error(get(api, url, 404), "not-found", url)


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_read_only(api, catalogue, method):
    response = getattr(api, method)("/api/cards/swccg/1_168/")
    assert response.status_code == 405
    assert_error(response.json(), "method-not-allowed", method.upper())


def test_not_acceptable_uses_a_documented_code(api, catalogue):
    response = api.get("/api/games/", HTTP_ACCEPT="application/xml")
    assert response.status_code == 406
    assert_error(response.json(), response.json()["code"])


def test_server_error_is_json_under_api():
    response = server_error(RequestFactory().get("/api/cards/"))
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert_error(json.loads(response.content), "server-error")


ERROR_REQUESTS = [
    ("/api/cards/", {"game": "swccg", "q": "(vader"}, 400, "bad-query"),
    ("/api/cards/", {"game": "swccg", "q": "is:owned"}, 401, "search-needs-login"),
    ("/api/cards/", {"game": "swccg", "page_size": "0"}, 400, "bad-parameter"),
    ("/api/cards/", {"game": "pazaak"}, 400, "unknown-game"),
    ("/api/cards/", {"game": "swccg", "page": "999"}, 404, "not-found"),
    ("/api/cards/swccg/9_999/", {}, 404, "card-not-found"),
    ("/api/sets/swccg/999/", {}, 404, "set-not-found"),
    ("/api/cards/named", {"game": "swccg", "exact": "qwzxqwzx"}, 404, "no-match"),
    ("/api/cards/named", {"game": "swccg", "exact": "lando calrissian"}, 404, "ambiguous-name"),
    ("/api/cards/named", {"game": "swccg"}, 400, "bad-parameter"),
    ("/api/nowhere/", {}, 404, "not-found"),
]


@pytest.mark.parametrize(("url", "params", "status", "code"), ERROR_REQUESTS)
def test_error_bodies_have_one_shape(api, catalogue, url, params, status, code):
    assert_error(get(api, url, status, **params), code)


def test_error_codes_are_all_exercised():
    """Every documented catalogue code has a GET that causes it, but server-error and the catch-all error;
    not-acceptable has its own test, and the request-body codes are exercised by tests/decks (legality API)."""
    exercised = {code for *_, code in ERROR_REQUESTS} | {"method-not-allowed", "not-acceptable"}
    body_codes = {
        "parse-error",
        "unsupported-media-type",
        "request-too-large",
        "invalid-request",
        "unknown-format",
    }
    # Exercised by tests/decks/test_deck_api.py.
    body_codes |= {
        "unknown-card",
        "deck-not-found",
        "forbidden",
        "not-authenticated",
        "decklist-problems",
        "bad-export",
    }
    # Exercised by tests/decks/test_odds_api.py.
    body_codes |= {"starting-not-in-deck", "hand-too-large", "bad-trials", "no-destiny"}
    # Exercised by tests/decks/test_swtcg_rules_api.py.
    body_codes |= {"illegal-stack", "illegal-bid", "no-confrontation", "authentication-failed"}
    # Exercised by tests/cardsdb/test_json_input.py.
    body_codes |= {"bad-unicode", "too-deep"}
    # Exercised by tests/cardsdb/test_auth.py::test_failed_basic_logins_are_throttled.
    body_codes |= {"throttled"}
    # Exercised by tests/cardsdb/test_search_hostile.py::test_a_search_past_its_time_budget_is_a_coded_503.
    body_codes |= {"search-timeout"}
    # Exercised by tests/decks/test_deck_versions.py::test_stale_or_missing_if_match_is_refused.
    body_codes |= {"version-mismatch", "precondition-failed", "precondition-required"}
    # Exercised by tests/decks/test_decklist_limits.py::test_a_list_over_the_limits_is_refused_on_every_endpoint
    # and ::test_a_batch_over_its_total_limits_is_refused.
    body_codes |= {"decklist-too-large", "batch-too-large"}
    # Exercised by tests/decks/test_batch_budget.py (in a batch's results, the decks past its budget).
    body_codes |= {"batch-budget-spent"}
    # Exercised by tests/fuzz/test_schema_matches.py::test_a_proxy_sheet_of_no_cards_is_refused_not_a_crash.
    body_codes |= {"cannot-export"}
    # Exercised by tests/rules/swdbg/test_games_api.py (SW:DBG replays, games against the AI, simulations).
    body_codes |= {
        "bad-record",
        "too-many-actions",
        "bad-setup",
        "bad-game",
        "too-many-games",
        "game-not-found",
        "not-your-move",
        "illegal-action",
        "game-in-progress",
        "simulation-too-large",
    }
    # Exercised by tests/rules/swccg/test_battle_api.py and test_swccg_api.py.
    body_codes |= {"battle-not-resolvable", "sabacc-not-playable", "too-many-events"}
    # Exercised by tests/rules/swccg/test_drain_capture.py.
    body_codes |= {"capture-not-allowed"}
    # Exercised by tests/rules/swccg/test_gemp_api.py.
    body_codes |= {"bad-replay", "not-a-replay", "replay-too-large"}
    # Exercised by tests/rules/swccg/test_replay_bounds.py.
    body_codes |= {"record-too-large", "answer-too-large"}
    # Exercised by tests/rules/swccg/test_saved_replays.py (saved SWCCG replays with a share link).
    body_codes |= {"too-many-replays", "replay-not-found"}
    # Exercised by tests/cardsdb/test_jobs.py (a tournament's legality as a job).
    body_codes |= {"job-not-found", "too-many-jobs", "job-failed"}
    # Exercised by tests/cardsdb/test_import_jobs.py (a catalogue import as a job, staff only).
    body_codes |= {"import-locked", "import-failed", "too-many-removals", "import-unavailable", "job-lost"}
    # Exercised by tests/cardsdb/test_bulk.py::test_unknown_or_unwritten_files_are_a_coded_404.
    body_codes |= {"bulk-not-found"}
    # Exercised by tests/decks/test_deck_history.py (kept versions, comparing decks).
    body_codes |= {"version-not-found", "different-games"}
    # Exercised by tests/decks/test_deck_storage.py (how much of decks one account keeps).
    body_codes |= {"notes-too-long", "too-many-decks", "deck-storage-full"}
    # Exercised by tests/decks/test_collection_api.py (collection changes and imports).
    body_codes |= {
        "collection-problems",
        "collection-too-large",
        "collection-columns",
        "collection-below-zero",
    }
    # Exercised by tests/cardsdb/test_api_tokens.py and tests/cardsdb/test_throttles.py.
    body_codes |= {"token-invalid", "token-limit", "token-not-found", "rate-limited"}
    assert exercised == set(ERROR_CODES) - {"server-error", "error"} - body_codes


NUL_REQUESTS = [
    ("/api/cards/", {"game": "swccg", "q": "vader\x00"}, (200, 400), None),
    ("/api/cards/", {"game": "swccg\x00"}, (400,), "unknown-game"),
    ("/api/cards/swccg/1_168\x00/", {}, (404,), "card-not-found"),
    ("/api/sets/swccg/1\x00/", {}, (404,), "set-not-found"),
]


@pytest.mark.parametrize(
    ("url", "params", "statuses", "code"), NUL_REQUESTS, ids=["q", "game", "card-id", "set-code"]
)
def test_nul_character_is_not_a_server_error(api, catalogue, url, params, statuses, code):
    response = api.get(url, params)
    assert response.status_code in statuses
    if code:
        assert_error(response.json(), code)


def test_the_openapi_schema_validates_without_warnings(tmp_path):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
    schema = (tmp_path / "schema.yml").read_text()
    assert "/api/rules/swtcg/stack:" in schema and "/api/rules/swtcg/confrontation:" in schema
    assert "/api/cards/named/:" not in schema
