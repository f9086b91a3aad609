"""What can I build: GET /api/collection/buildable/ and /collection/buildable/, and the deck page's missing
panel. Exact ranks on real cards, filters, pagination, a fixed number of queries, hostile parameters."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.models import Deck, Format
from tests.decks.test_missing_api import client_for, make_deck, own

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def decks(han, greedo):
    """Han owns 2 Vader and 1 Boba Fett; his active deck "Box" holds one Vader."""
    own(han, "1_168", 2)
    own(han, "7_167", 1, set_code="105")
    classic = Format.objects.get(game_id="swccg", code="classic")
    made = {
        "box": make_deck(han, "Box", [("1_168", 1, "deck")], is_active=True),  # 1/1: its own copy
        "half": make_deck(han, "Half", [("1_168", 2, "deck"), ("7_167", 2, "deck")]),  # 1+1 of 4
        "full": make_deck(greedo, "Full", [("7_167", 1, "starting")], is_public=True),  # 1/1
        "none": make_deck(greedo, "None", [("1_19", 3, "deck")], is_public=True, side="Light"),  # 0/3
        "hidden": make_deck(greedo, "Hidden", [("1_168", 1, "deck")]),  # private: never listed
    }
    Deck.objects.filter(pk=made["half"].pk).update(format=classic)
    return made


def test_my_decks_and_public_decks_ranked_by_share_owned(han, decks):
    body = client_for(han).get("/api/collection/buildable/", {"game": "swccg"}).json()
    got = [
        (r["name"], r["covered"], r["needed"], r["missing"], r["missing_cards"], r["share_owned"])
        for r in body["results"]
    ]
    assert got == [
        ("Box", 1, 1, 0, 0, 1.0),  # complete and mine: first
        ("Full", 1, 1, 0, 0, 1.0),
        ("Half", 2, 4, 2, 2, 0.5),  # 2 Vader − 1 in Box = 1; 1 Boba
        ("None", 0, 3, 3, 1, 0.0),
    ]
    assert (body["count"], body["considered"], body["capped"]) == (4, 4, False)
    first = body["results"][0]
    assert first["mine"] is True and first["is_active"] is True and first["owner"] == "han"
    assert first["missing_url"] == f"/api/decks/{decks['box'].pk}/missing/"


def test_filters_side_format_and_scope(han, decks):
    def names(**params):
        response = client_for(han).get("/api/collection/buildable/", {"game": "swccg", **params})
        assert response.status_code == 200, response.content
        return [r["name"] for r in response.json()["results"]]

    assert names(side="light") == ["None"]
    assert names(format="classic") == ["Half"]
    assert names(scope="mine") == ["Box", "Half"]
    assert names(scope="public") == ["Full", "None"]
    assert client_for(han).get("/api/collection/buildable/", {"game": "swtcg"}).json()["results"] == []


def test_pagination(han, decks):
    pages = [
        client_for(han).get("/api/collection/buildable/", {"game": "swccg", "page_size": 3, "page": p}).json()
        for p in (1, 2, 3)
    ]
    assert [[r["name"] for r in p["results"]] for p in pages] == [["Box", "Full", "Half"], ["None"], []]
    assert pages[0]["count"] == 4 and pages[0]["page_size"] == 3


def test_the_decks_ranked_are_capped(han, decks, monkeypatch):
    monkeypatch.setattr("decks.missing.services.MAX_BUILDABLE_DECKS", 2)
    body = client_for(han).get("/api/collection/buildable/", {"game": "swccg"}).json()
    assert (body["count"], body["considered"], body["capped"], body["max_decks"]) == (2, 2, True, 2)


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("", "bad-parameter"),
        ("game=xx", "unknown-game"),
        ("game=swccg%00", "unknown-game"),
        ("game=swccg&side=Purple", "bad-parameter"),
        ("game=swccg&side=Dark%00", "bad-parameter"),
        ("game=swccg&side=%ED%A0%80", "bad-parameter"),
        ("game=swccg&format=nope", "unknown-format"),
        ("game=swccg&format=classic%00", "unknown-format"),
        ("game=swccg&scope=everyone", "bad-parameter"),
        ("game=swccg&page=0", "bad-parameter"),
        ("game=swccg&page=" + "9" * 5000, "bad-parameter"),
        ("game=swccg&page=%C2%B2", "bad-parameter"),
        ("game=swccg&page_size=101", "bad-parameter"),
        ("game=swccg&page_size=-1", "bad-parameter"),
    ],
)
def test_bad_parameters_are_coded_400s(han, decks, query, code):
    response = client_for(han).get(f"/api/collection/buildable/?{query}")
    assert (response.status_code, response.json()["code"]) == (400, code), response.content[:300]
    assert response.json()["message"]


def _queries(user) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client_for(user).get("/api/collection/buildable/", {"game": "swccg"}).status_code == 200
    return len(ctx.captured_queries)


def test_the_number_of_queries_does_not_grow_with_the_decks(han, greedo, decks):
    few = _queries(han)
    for n in range(30):
        make_deck(greedo, f"Public {n}", [("1_168", 2, "deck"), ("1_19", 1, "starting")], is_public=True)
        make_deck(han, f"Mine {n}", [("7_167", 1, "deck")], is_active=n % 2 == 0)
    assert _queries(han) == few <= 6  # user, decks, their cards, collection, active decks' cards


# ---- pages ----


def test_the_buildable_page_ranks_for_a_logged_in_user(client, han, decks):
    client.force_login(han)
    html = client.get("/collection/buildable/", {"game": "swccg"}).content.decode()
    order = [html.index(f'data-deck="{decks[k].pk}"') for k in ("box", "full", "half", "none")]
    assert order == sorted(order) and f'data-deck="{decks["hidden"].pk}"' not in html
    assert "50% <span" in html and "(active)" in html


def test_the_buildable_page_filters_and_paginates(client, han, greedo, decks):
    client.force_login(han)
    for n in range(30):
        make_deck(greedo, f"Public {n:02}", [("1_19", 1, "deck")], is_public=True, side="Light")
    html = client.get(
        "/collection/buildable/", {"game": "swccg", "side": "Light", "page": 2}
    ).content.decode()
    assert "Page 2 of 2" in html and 'rel="prev"' in html and "side=Light" in html
    assert 'name="q" value=""' in html  # the header's search box is not given the filters
    assert html.count("data-deck=") == 31 - 25


def test_the_buildable_page_says_what_is_wrong_with_a_filter(client, han, decks):
    client.force_login(han)
    for params in (
        {"game": "nope"},
        {"game": "swccg", "side": "Purple"},
        {"game": "swccg", "format": "x\x00"},
    ):
        response = client.get("/collection/buildable/", params)
        assert response.status_code == 200 and 'data-code="bad-filter"' in response.content.decode()
    response = client.get("/collection/buildable/", {"game": "swccg", "page": "9" * 5000})
    assert response.status_code == 200  # past the last page: the last page


def test_anonymous_users_get_a_sign_in_hint(client, decks):
    html = client.get("/collection/buildable/").content.decode()
    assert "/accounts/login/?next=/collection/buildable/" in html and "data-deck=" not in html
    html = client.get(f"/decks/{decks['full'].pk}/").content.decode()
    assert (
        "Missing from my collection" in html and f"/accounts/login/?next=/decks/{decks['full'].pk}/" in html
    )
    assert "missing-table" not in html


def test_the_deck_page_shows_the_missing_panel(client, han, decks):
    client.force_login(han)
    html = client.get(f"/decks/{decks['half'].pk}/").content.decode()
    assert 'id="missing"' in html and 'data-missing="2"' in html
    assert "covers 2 of 4 cards (50%)" in html and "2 copies missing (2 cards)." in html
    assert f'/decks/{decks["box"].pk}/">Box</a>' in html  # the active deck that takes a copy
    assert f"/api/decks/{decks['half'].pk}/missing/export/?as=csv" in html
    panel = html[html.index('id="missing"') :]
    row = panel[panel.index(">•Darth Vader</a> <span") :]
    row = row[: row.index("</tr>")]
    assert [cell.split("<")[0] for cell in row.split("<td>")[1:]] == [
        "2",
        "2",
        "1",
        "",
    ]  # needed owned used missing
    assert "<strong>1</strong>" in row and "data-preview=" in panel[: panel.index(">•Darth Vader</a>")]
