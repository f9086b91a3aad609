"""GET /api/decks/<id>/missing/ and its export: exact numbers on real cards, who may see what, hostile input."""

import csv
import io

import pytest

from cardsdb.models import Card
from decks.models import CollectionItem, Deck, DeckCard
from tests.decks.helpers import client_for

pytestmark = pytest.mark.usefixtures("catalogue")


def card(code: str) -> Card:
    return Card.objects.get(game_id="swccg", code=code)


def make_deck(owner, name, lines, *, is_public=False, is_active=False, side="Dark", game="swccg") -> Deck:
    """lines: (code, count, zone); the code may be a printing's id (105_4 is Boba Fett's set-105 printing)."""
    deck = Deck.objects.create(
        owner=owner, name=name, game_id=game, side=side, is_public=is_public, is_active=is_active
    )
    for code, count, zone in lines:
        catalogue_code = {"105_4": "7_167"}.get(code, code)
        DeckCard.objects.create(deck=deck, card=card(catalogue_code), code=code, count=count, zone=zone)
    return deck


def own(user, code, quantity, **line):
    CollectionItem.objects.create(owner=user, card=card(code), quantity=quantity, **line)


@pytest.fixture
def hunt(han, greedo):
    """Han's deck: 3 Vader (2 in the deck, 1 starting), Boba Fett as two printings (105_4 and 7_167), 1 Luke's
    opponent card outside. Han owns Vader as two lines (a printing and an alternate image) and one Boba Fett;
    his active deck uses one Vader; an inactive deck and Greedo's active deck use more but do not count."""
    deck = make_deck(
        han,
        "Hunt",
        [
            ("1_168", 2, "deck"),
            ("1_168", 1, "starting"),
            ("105_4", 1, "deck"),
            ("7_167", 1, "deck"),
            ("209_16", 1, "outside"),
        ],
    )
    own(han, "1_168", 1, set_code="1")
    own(han, "1_168", 2, variant="AI", finish="foil")
    own(han, "7_167", 1, set_code="105")
    own(han, "pre-40033", 1)  # the pre-errata printing of 209_16: the same card
    make_deck(han, "Active one", [("1_168", 1, "deck")], is_active=True)
    make_deck(han, "Active two", [("7_167", 1, "outside")], is_active=True)
    make_deck(han, "Shelved", [("1_168", 3, "deck")])
    make_deck(greedo, "Greedo's", [("1_168", 4, "deck")], is_active=True, is_public=True)
    return deck


def test_needed_owned_used_elsewhere_and_missing(han, hunt):
    body = client_for(han).get(f"/api/decks/{hunt.pk}/missing/").json()
    rows = {
        c["card"]: (c["needed"], c["owned"], c["used_elsewhere"], c["available"], c["missing"])
        for c in body["cards"]
    }
    assert rows == {
        "1_168": (3, 3, 1, 2, 1),  # two collection lines summed; one copy in "Active one"
        "7_167": (2, 1, 1, 0, 2),  # both printings are the card; "Active two" holds one outside its deck
        "209_16": (1, 1, 0, 1, 0),  # owned as its pre-errata version
    }
    assert (body["needed"], body["covered"], body["missing"], body["missing_cards"]) == (6, 3, 3, 2)
    assert body["share_owned"] == 0.5 and body["complete"] is False
    assert [d["name"] for d in body["active_decks"]] == ["Active one", "Active two"]
    boba = next(c for c in body["cards"] if c["card"] == "7_167")
    assert boba["printings"] == [
        {"id": "105_4", "zone": "deck", "count": 1},
        {"id": "7_167", "zone": "deck", "count": 1},
    ]
    assert body["exports"]["csv"] == f"/api/decks/{hunt.pk}/missing/export/?as=csv"


def test_an_active_deck_does_not_count_its_own_copies(han, hunt):
    active = Deck.objects.get(name="Active one")
    own(han, "7_167", 5)
    body = client_for(han).get(f"/api/decks/{active.pk}/missing/").json()
    (row,) = body["cards"]
    assert (row["needed"], row["owned"], row["used_elsewhere"], row["missing"]) == (1, 3, 0, 0)
    assert body["complete"] is True and [d["name"] for d in body["active_decks"]] == ["Active two"]


def test_marking_a_deck_active_takes_its_copies(han, hunt):
    Deck.objects.filter(name="Shelved").update(is_active=True)
    body = client_for(han).get(f"/api/decks/{hunt.pk}/missing/").json()
    vader = next(c for c in body["cards"] if c["card"] == "1_168")
    assert (vader["used_elsewhere"], vader["available"], vader["missing"]) == (4, 0, 3)


def test_a_public_deck_of_another_user_is_measured_against_my_collection(han, greedo, hunt):
    theirs = Deck.objects.get(name="Greedo's")
    body = client_for(han).get(f"/api/decks/{theirs.pk}/missing/").json()
    (row,) = body["cards"]
    # Han's 3 Vaders, one in his active deck; Greedo's own active decks are not Han's business
    assert (row["needed"], row["owned"], row["used_elsewhere"], row["missing"]) == (4, 3, 1, 2)


def test_another_users_private_deck_is_not_found(han, greedo, hunt):
    for url in (f"/api/decks/{hunt.pk}/missing/", f"/api/decks/{hunt.pk}/missing/export/?as=csv"):
        response = client_for(greedo).get(url)
        assert response.status_code == 404 and response.json()["code"] == "deck-not-found"
    response = client_for(han).get("/api/decks/999999999/missing/")
    assert response.status_code == 404 and response.json()["code"] == "deck-not-found"


def test_login_is_required(hunt):
    for url in (
        f"/api/decks/{hunt.pk}/missing/",
        f"/api/decks/{hunt.pk}/missing/export/",
        "/api/collection/buildable/?game=swccg",
    ):
        response = client_for().get(url)
        assert response.status_code == 401 and response.json()["code"] == "not-authenticated", url
        assert response.json()["message"]


def test_export_text_is_the_missing_deck_list(han, hunt):
    response = client_for(han).get(f"/api/decks/{hunt.pk}/missing/export/?as=text")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert response["Content-Disposition"] == 'attachment; filename="Hunt.missing.txt"'
    text = response.content.decode()
    assert text.startswith("Deck: Missing from Hunt\nSide: Dark\n")
    # the two owned Vaders go to the starting copy and one deck copy; Boba Fett under its first printing
    assert "Starting" not in text
    assert "1x •Darth Vader" in text and "2x •Boba Fett" in text and "Brave" not in text


def test_export_csv_rows_are_the_missing_cards(han, hunt):
    response = client_for(han).get(f"/api/decks/{hunt.pk}/missing/export/?as=csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="Hunt.missing.csv"'
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["code"], r["name"], r["qty"], r["needed"], r["owned"], r["used_elsewhere"]) for r in rows] == [
        ("1_168", "•Darth Vader", "1", "3", "3", "1"),
        ("7_167", "•Boba Fett", "2", "2", "1", "1"),
    ]


def test_nothing_missing(han):
    deck = make_deck(han, "Small", [("1_168", 1, "deck")])
    own(han, "1_168", 1)
    body = client_for(han).get(f"/api/decks/{deck.pk}/missing/").json()
    assert body["complete"] is True and body["missing"] == 0 and body["share_owned"] == 1.0
    text = client_for(han).get(f"/api/decks/{deck.pk}/missing/export/?as=text").content.decode()
    assert "Nothing is missing." in text
    assert (
        client_for(han).get(f"/api/decks/{deck.pk}/missing/export/?as=csv").content.decode().count("\n") == 1
    )


@pytest.mark.parametrize(
    "query",
    ["as=pdf", "as=", "as=text%00", "as=%ED%A0%80", "as=%FF%FE", "as=" + "x" * 10_000, "as=text&as=csv"],
    ids=["pdf", "empty", "nul", "surrogate-utf8", "bad-utf8", "long", "repeated"],
)
def test_a_bad_export_kind_is_a_coded_400(han, hunt, query):
    response = client_for(han).get(f"/api/decks/{hunt.pk}/missing/export/?{query}")
    if query == "as=text&as=csv":  # the last value counts, as everywhere in Django
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
        return
    assert response.status_code == 400 and response.json()["code"] == "bad-parameter"
    assert "text, csv" in response.json()["message"]


def test_the_missing_list_takes_a_fixed_number_of_queries(han, hunt, django_assert_max_num_queries):
    for n in range(10):  # more active decks change nothing in the number of queries
        make_deck(han, f"Active {n}", [("1_168", 1, "deck")], is_active=True)
    with django_assert_max_num_queries(8):  # user, deck, its cards, collection, active use, active names
        response = client_for(han).get(f"/api/decks/{hunt.pk}/missing/")
    assert response.status_code == 200


def test_the_schema_documents_the_endpoints(han):
    schema = client_for(han).get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    if schema.status_code == 404:
        pytest.skip("no schema endpoint at /api/schema/")
    paths = (
        schema.json()["paths"]
        if schema["Content-Type"].startswith("application/vnd.oai.openapi+json")
        else None
    )
    text = schema.content.decode()
    assert "/api/decks/{deck_id}/missing/" in text and "/api/collection/buildable/" in text
    if paths:
        assert "401" in paths["/api/decks/{deck_id}/missing/"]["get"]["responses"]


def test_the_missing_csv_imports_into_the_collection_and_completes_the_deck(han, hunt):
    """The CSV's swccgdb columns (code, qty = copies missing) are read by the collection import
    (docs/collections.md): buying the missing list and importing it leaves nothing missing."""
    client = client_for(han)
    missing_csv = client.get(f"/api/decks/{hunt.pk}/missing/export/?as=csv").content.decode()
    response = client.post(
        "/api/collection/import/",
        {"game": "swccg", "text": missing_csv, "kind": "csv", "mode": "add", "preview": False},
        format="json",
    )
    assert response.status_code == 200, response.content[:500]
    body = client.get(f"/api/decks/{hunt.pk}/missing/").json()
    assert (body["missing"], body["complete"]) == (0, True)


def test_the_missing_text_reads_back_as_a_deck_list(han, hunt):
    text = client_for(han).get(f"/api/decks/{hunt.pk}/missing/export/?as=text").content.decode()
    read = client_for().post("/api/decks/import/", {"game": "swccg", "decklist": text}, format="json").json()
    assert read["problems"] == [] and read["name"] == "Missing from Hunt" and read["side"] == "Dark"
    # "•Boba Fett" is two Dark cards (5_91, 7_167): the list names the set, and reads back as this one
    assert "2x •Boba Fett [7]" in text and "Darth Vader [" not in text
    assert sorted((c["card_id"], c["count"]) for c in read["cards"]) == [("1_168", 1), ("7_167", 2)]


def test_an_swtcg_deck_and_its_sideboard(han, swtcg_catalogue):
    """Other games the same way: the sideboard (outside the game) counts, the text uses SWTCG's headers."""
    deck = Deck.objects.create(owner=han, name="Empire", game_id="swtcg", side="")
    for code, count, zone in (("ANH_7", 4, "deck"), ("AGD_26", 2, "deck"), ("ANH_7", 1, "outside")):
        DeckCard.objects.create(
            deck=deck, card=Card.objects.get(game_id="swtcg", code=code), code=code, count=count, zone=zone
        )
    CollectionItem.objects.create(owner=han, card=Card.objects.get(game_id="swtcg", code="ANH_7"), quantity=3)
    body = client_for(han).get(f"/api/decks/{deck.pk}/missing/").json()
    assert sorted((c["card"], c["needed"], c["owned"], c["missing"]) for c in body["cards"]) == [
        ("AGD_26", 2, 0, 2),
        ("ANH_7", 5, 3, 2),
    ]
    text = client_for(han).get(f"/api/decks/{deck.pk}/missing/export/?as=text").content.decode()
    read = client_for().post("/api/decks/import/", {"game": "swtcg", "decklist": text}, format="json").json()
    assert read["problems"] == []
    assert sorted((c["card_id"], c["count"], c["zone"]) for c in read["cards"]) == [
        ("AGD_26", 2, "deck"),
        ("ANH_7", 1, "deck"),  # the 3 owned fill 3 of the 4 deck copies first, then…
        ("ANH_7", 1, "outside"),  # …the sideboard copy is missing too
    ]
    ranked = client_for(han).get("/api/collection/buildable/", {"game": "swtcg"}).json()["results"]
    assert [(r["name"], r["covered"], r["needed"]) for r in ranked] == [("Empire", 3, 7)]


@pytest.mark.parametrize(("kind", "accept"), [("csv", "text/csv"), ("text", "text/plain")])
def test_an_export_answers_the_type_a_client_asks_for(han, hunt, kind, accept):
    """Issue #25: a client asking for the file's type (Accept: text/csv) got a 406."""
    response = client_for(han).get(f"/api/decks/{hunt.pk}/missing/export/?as={kind}", HTTP_ACCEPT=accept)
    assert response.status_code == 200 and response["Content-Type"].startswith(accept)
