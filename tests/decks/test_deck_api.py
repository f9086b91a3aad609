"""The deck API: owners, visibility, cards in zones, decklist import with problems, legality, exports."""

import json
import xml.etree.ElementTree as ET

import pytest

from tests.decks.helpers import as_items, client_for, sample

pytestmark = pytest.mark.usefixtures("catalogue")


def create(client, **body):
    body = {"name": "EBO", "game": "swccg", "format": "classic", **body}
    return client.post("/api/decks/", body, format="json")


def test_create_read_and_legality(owner, swccg_dir):
    deck = sample(swccg_dir)
    response = create(client_for(owner), cards=as_items(deck["cards"]), side="light")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["owner"] == "han" and body["side"] == "Light" and body["format"] == "classic"
    assert sum(c["count"] for c in body["cards"]) == 60
    assert body["legality"]["legal"] is True and body["legality"]["format"] == "classic"
    stats = body["stats"]
    assert stats["total"] == 60 and sum(stats["by_type"].values()) == 60
    assert set(stats["destiny"]["histogram"]) <= {str(n) for n in range(8)} | {"0.5", "3.14159"}
    assert stats["destiny"]["average"] is not None and stats["force_icons"]["light"] > 0
    other_format = client_for(owner).get(body["url"], {"format": "premiere"}).json()
    assert other_format["legality"]["format"] == "premiere" and other_format["legality"]["legal"] is False


def test_create_needs_login():
    response = create(client_for(None), cards=[])
    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"


def test_private_decks_are_invisible_and_only_owners_change(owner, other):
    deck = create(client_for(owner), cards=[{"id": "1_168", "count": 2}]).json()
    assert client_for(other).get(deck["url"]).status_code == 404
    assert client_for(None).get(deck["url"]).json()["code"] == "deck-not-found"
    assert client_for(owner).patch(deck["url"], {"is_public": True}, format="json").status_code == 200
    assert client_for(other).get(deck["url"]).status_code == 200
    response = client_for(other).patch(deck["url"], {"name": "Mine now"}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "forbidden"
    assert client_for(other).delete(deck["url"]).status_code == 403
    listed = [d["id"] for d in client_for(None).get("/api/decks/").json()]
    assert deck["id"] in listed
    assert client_for(owner).delete(deck["url"]).status_code == 204
    assert client_for(owner).get(deck["url"]).status_code == 404


def test_zones_and_merged_counts(owner):
    body = create(
        client_for(owner),
        cards=[
            {"id": "1_168", "count": 1},
            {"id": "1_168", "count": 2},
            {"id": "7_296", "count": 1, "zone": "starting"},
            {"id": "200_95", "count": 1, "zone": "outside"},
        ],
    ).json()
    cards = {(c["id"], c["zone"]): c["count"] for c in body["cards"]}
    assert cards == {("1_168", "deck"): 3, ("7_296", "starting"): 1, ("200_95", "outside"): 1}
    assert body["legality"]["summary"]["deck_cards"] == 4 and body["legality"]["summary"]["outside_deck"] == 1


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ([{"id": "99_999", "count": 1}], "unknown-card"),
        ([{"id": "1_168", "count": 0}], "invalid-request"),
        ([{"id": "1_168", "count": 1, "zone": "hand"}], "invalid-request"),
        ([{"count": 1}], "invalid-request"),
        ("1_168", "invalid-request"),
    ],
)
def test_bad_cards_are_refused(owner, cards, code):
    response = create(client_for(owner), cards=cards)
    assert response.status_code == 400 and response.json()["code"] == code


def test_bad_fields_are_refused(owner):
    assert create(client_for(owner), name="").json()["code"] == "invalid-request"
    assert create(client_for(owner), colour="red").json()["code"] == "invalid-request"
    assert create(client_for(owner), format="nope").json()["code"] == "unknown-format"
    assert create(client_for(owner), game="pazaak").json()["code"] == "unknown-game"


def test_create_from_decklist_and_problems(owner):
    good = create(client_for(owner), decklist="Side: Dark\n2x Darth Vader\n1x Admiral Ozzel\n").json()
    assert good["side"] == "Dark" and sum(c["count"] for c in good["cards"]) == 3
    response = create(client_for(owner), decklist="2x Darth Vader\n1x Darth Vadr\n")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "decklist-problems"
    assert [(p["code"], p["line"]) for p in body["problems"]] == [("unknown-card-name", 2)]


def test_import_endpoint_reads_without_saving():
    response = client_for(None).post(
        "/api/decks/import/", {"game": "swccg", "decklist": "1_168,1_168|200_95"}, format="json"
    )
    body = response.json()
    assert body["format"] == "gemp-list" and body["problems"] == []
    assert {(c["card_id"], c["zone"], c["count"]) for c in body["cards"]} == {
        ("1_168", "deck", 2),
        ("200_95", "outside", 1),
    }
    assert client_for(None).post("/api/decks/import/", {"game": "swccg"}, format="json").status_code == 400


def test_exports_round_trip(owner, swccg_dir):
    deck = sample(swccg_dir)
    body = create(
        client_for(owner), cards=as_items(deck["cards"]) + as_items(deck["outside_deck"], "outside")
    ).json()
    url = f"/api/decks/{body['id']}/export/"
    gemp = client_for(owner).get(url, {"as": "gemp"}).content.decode()
    inside, _, outside = gemp.partition("|")
    assert sorted(inside.split(",")) == sorted(deck["cards"])
    root = ET.fromstring(client_for(owner).get(url, {"as": "xml"}).content)
    assert len(root.findall("card")) == 60
    text = client_for(owner).get(url, {"as": "text"}).content.decode()
    read = (
        client_for(None).post("/api/decks/import/", {"game": "swccg", "decklist": text}, format="json").json()
    )
    assert read["problems"] == [] and sum(c["count"] for c in read["cards"]) == 60
    data = json.loads(client_for(owner).get(url, {"as": "json"}).content)
    assert sum(c["count"] for c in data["cards"]) == 60
    response = client_for(owner).get(url, {"as": "pdf"})
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")
    assert 'filename="EBO.pdf"' in response["Content-Disposition"]
    assert client_for(owner).get(url, {"as": "docx"}).json()["code"] == "bad-export"


@pytest.mark.parametrize("field", ["game", "format", "decklist_format"])
def test_non_string_fields_are_refused(owner, field):
    response = create(client_for(owner), **{field: 5, "cards": []})
    assert response.status_code == 400 and response.json()["code"] in ("invalid-request", "unknown-game")


def test_import_endpoint_refuses_non_string_game():
    response = client_for(None).post("/api/decks/import/", {"game": 5, "decklist": "1_168"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "unknown-game"


# Cards outside the deck, exported exactly: Hidden Base's systems (two of them also in the deck, kept apart).
OUTSIDE_TITLES = {
    "106_2": "•Corulag",
    "1_126": "•Kessel",
    "1_135": "•Yavin 4",
    "8_68": "•Endor",
    "9_60": "•Sullust",
}
OUTSIDE = {**{code: 1 for code in OUTSIDE_TITLES}, "9_60": 2}  # two copies of one, to see copies written out


def test_exports_list_the_cards_outside_the_deck_exactly(owner, swccg_dir):
    deck = sample(swccg_dir, "P-DSII HB X-wings")
    assert sorted(deck["outside_deck"]) == sorted(OUTSIDE_TITLES)
    outside = [{"id": code, "count": n, "zone": "outside"} for code, n in OUTSIDE.items()]
    client = client_for(owner)
    body = create(client, name="HB X-wings", format="open", cards=as_items(deck["cards"]) + outside).json()
    url = f"/api/decks/{body['id']}/export/"
    copies = sorted(code for code, n in OUTSIDE.items() for _ in range(n))

    inside, bar, outside_ids = client.get(url, {"as": "gemp"}).content.decode().partition("|")
    assert bar == "|" and sorted(outside_ids.split(",")) == copies
    assert sorted(inside.split(",")) == sorted(deck["cards"])

    root = ET.fromstring(client.get(url, {"as": "xml"}).content)
    written = sorted((e.get("blueprintId"), e.get("title")) for e in root.findall("cardOutsideDeck"))
    assert written == [(code, OUTSIDE_TITLES[code]) for code in copies]
    assert len(root.findall("card")) == 60 and len(root) == 60 + 6

    text = client.get(url, {"as": "text"}).content.decode()
    assert text.endswith("\nOutside deck (6)\n1x •Corulag\n1x •Endor\n1x •Kessel\n2x •Sullust\n1x •Yavin 4\n")
    assert "Locations (8)\n1x •Corulag\n2x •Endor\n1x ◇Forest\n1x •Kessel\n" in text  # the deck's own copies
    read = client.post("/api/decks/import/", {"game": "swccg", "decklist": text}, format="json").json()
    assert not [p for p in read["problems"] if "Sullust" in p["text"] or "Corulag" in p["text"]]
    assert sorted((c["card_id"], c["count"]) for c in read["cards"] if c["zone"] == "outside") == sorted(
        OUTSIDE.items()
    )

    cards = json.loads(client.get(url, {"as": "json"}).content)["cards"]
    assert sorted(
        (c["card_id"], c["title"], c["type"], c["count"]) for c in cards if c["zone"] == "outside"
    ) == [(code, OUTSIDE_TITLES[code], "Location", OUTSIDE[code]) for code in sorted(OUTSIDE)]
    assert [c["zone"] for c in cards][-5:] == ["outside"] * 5  # after the deck's cards

    pdf = client.get(url, {"as": "pdf"}).content  # 66 proxies, 9 a page: 8 pages (the deck alone fills 7)
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 8


def test_unknown_keys_inside_card_items_are_refused_with_their_index(owner):
    """Like unknown top-level fields: a misspelt `zone` must not silently put a card in the deck."""
    client = client_for(owner)
    cards = [{"id": "1_168", "count": 1}, {"id": "200_95", "count": 1, "zome": "outside", "bogus": 1}]
    response = create(client, cards=cards)
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"
    assert response.json()["message"] == (
        "cards[1] (200_95): unknown keys 'bogus', 'zome'; an item has id, count and zone"
    )
    deck = create(client, cards=cards[:1]).json()
    response = client.patch(
        deck["url"], {"cards": [{"id": "1_1", "count": 1, "bogus": 1}]}, format="json", HTTP_IF_MATCH="*"
    )
    assert response.json()["errors"] == [
        "cards[0] (1_1): unknown key 'bogus'; an item has id, count and zone"
    ]
    assert [c["id"] for c in client.get(deck["url"]).json()["cards"]] == ["1_168"]  # unchanged


def test_a_card_named_on_two_lines_is_saved_once_with_both_counts(owner):
    # It answered 500 (a unique constraint on deck, card and zone) before the lines were merged.
    response = create(client_for(owner), decklist="2x Darth Vader\n1x Darth Vader\n1x Admiral Ozzel\n")
    assert response.status_code == 201, response.content
    cards = {c["id"]: c["count"] for c in response.json()["cards"]}
    assert cards["1_168"] == 3
    again = create(client_for(owner), cards=[{"id": "1_168", "count": 1}, {"id": " 1_168", "count": 2}])
    assert again.status_code == 201 and {c["id"]: c["count"] for c in again.json()["cards"]}["1_168"] == 3


@pytest.mark.parametrize(
    ("kind", "accept"),
    [
        ("text", "text/plain"),
        ("json", "application/json"),
        ("xml", "application/xml"),
        ("gemp", "text/plain"),
        ("pdf", "application/pdf"),
    ],
)
def test_an_export_answers_the_type_a_client_asks_for(owner, swccg_dir, kind, accept):
    """Issue #25: Accept: text/csv (or any file type) answered 406 from renderers that only speak JSON."""
    deck = sample(swccg_dir)
    body = create(client_for(owner), cards=as_items(deck["cards"])).json()
    url = f"/api/decks/{body['id']}/export/"
    response = client_for(owner).get(url, {"as": kind}, HTTP_ACCEPT=accept)
    assert response.status_code == 200 and response["Content-Type"].startswith(accept)
    refused = client_for(owner).get(url, {"as": "docx"}, HTTP_ACCEPT=accept)
    assert refused.status_code == 400 and refused.json()["code"] == "bad-export"


def test_each_export_has_its_own_file_name(owner, swccg_dir):
    client = client_for(owner)
    deck_id = create(client, cards=as_items(sample(swccg_dir)["cards"])).json()["id"]
    names = {
        kind: client.get(f"/api/decks/{deck_id}/export/", {"as": kind})["Content-Disposition"]
        for kind in ("gemp", "xml", "text", "json")
    }
    assert (
        names["gemp"] == 'attachment; filename="EBO.gemp.txt"'
        and names["text"] == 'attachment; filename="EBO.txt"'
    )
    assert len(set(names.values())) == 4
