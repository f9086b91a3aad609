"""Formats imported from GEMP and checked against the real card pool: the 56 real sample decks, real-card
violations, the formats import, and the legality API."""

import json
import shutil

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from decks.legality.checker import check_deck
from decks.legality.pool import card_pool, format_rules
from decks.models import Format

pytestmark = pytest.mark.usefixtures("catalogue")

# Sample deck name prefix → the GEMP format it was built for (longest prefix first).
DECK_FORMATS = [
    ("Classic (no V)", "classic_no_virtual"),
    ("Classic", "classic"),
    ("Decipher Only", "open_no_virtual"),
    ("Open 40 card", "open40card"),
    ("P-ANH", "premiere_anh"),
    ("P-DSII", "premiere_ds2"),
    ("P-RefII", "premiere_ref2"),
    ("P-SE", "premiere_se"),
    ("Precon Open Demo Deck", "open"),
    ("Precon P-DSII", "premiere_ds2"),
    ("Precon Premiere Intro 2PG", "premiere"),
]


def sample_decks(swccg_dir):
    return json.loads((swccg_dir / "gemp" / "sample_decks.json").read_text())["decks"]


def intended_format(name: str) -> str | None:
    return next((code for prefix, code in DECK_FORMATS if name.startswith(prefix)), None)


def rules(code: str):
    return format_rules(Format.objects.get(game="swccg", code=code))


def test_all_37_formats_are_imported():
    assert Format.objects.filter(game="swccg").count() == 37
    limited = rules("limited_resources")
    assert len(limited.banned) == 726
    assert rules("open_100_card").deck_size == 100 and rules("cube").deck_size == 45
    assert rules("sealed").deck_size == 40
    assert rules("classic").banned_icons == {"DEFENSIVE_SHIELD", "EPISODE_I", "MAINTENANCE"}
    assert "PV" in rules("scavenger_premiere_ds2").banned_rarities
    assert rules("premiere_set3").valid >= {"209_15", "225_3"}
    assert rules("open_100_card").info["tenetsLink"] == "https://www.starwarsccg.org/100card/"


def test_formats_reimport_is_idempotent_and_updates(swccg_dir, tmp_path):
    call_command("import_formats", "swccg", "--source", str(swccg_dir), verbosity=0)
    before = dict(Format.objects.values_list("code", "version"))
    copy = tmp_path / "swccg"
    (copy / "gemp").mkdir(parents=True)
    definitions = json.loads((swccg_dir / "gemp" / "swccgFormats.json").read_text())
    definitions[0]["banned"] = ["1_168"]
    (copy / "gemp" / "swccgFormats.json").write_text(json.dumps(definitions[:-1]))
    call_command("import_formats", "swccg", "--source", str(copy), verbosity=0)
    after = dict(Format.objects.values_list("code", "version"))
    assert after["open"] != before["open"]
    assert set(before) - set(after) == {definitions[-1]["code"]}
    assert rules("open").banned == {"1_168"}


@pytest.mark.parametrize(
    ("mutate", "match"),
    [
        (lambda d: d.append({"code": "open", "name": "Again", "set": [1]}), "appears twice"),
        (lambda d: d[0].update(set=["one"]), "'set' must be a list of set numbers"),
        (lambda d: d[0].update(banned=["12_9-1"]), "bad card range"),
        (lambda d: d[1].pop("code"), "'code' missing"),
    ],
)
def test_bad_formats_file_changes_nothing(swccg_dir, tmp_path, mutate, match):
    before = list(Format.objects.order_by("code").values_list("code", "version"))
    copy = tmp_path / "swccg"
    shutil.copytree(swccg_dir / "gemp", copy / "gemp")
    definitions = json.loads((swccg_dir / "gemp" / "swccgFormats.json").read_text())
    mutate(definitions)
    target = copy / "gemp" / "swccgFormats.json"
    target.chmod(0o644)
    target.write_text(json.dumps(definitions))
    with pytest.raises(CommandError, match=match):
        call_command("import_formats", "swccg", "--source", str(copy), verbosity=0)
    assert list(Format.objects.order_by("code").values_list("code", "version")) == before


def test_the_56_real_sample_decks_are_legal(swccg_dir):
    decks = [d for d in sample_decks(swccg_dir) if not d["name"].startswith("Legacy")]
    assert len(decks) == 56
    pool = card_pool()
    failures = {}
    for deck in decks:
        code = intended_format(deck["name"])
        assert code, deck["name"]
        report = check_deck(deck["cards"], deck["outside_deck"], rules(code), pool)
        if not report.legal:
            failures[deck["name"]] = [v.message for v in report.violations]
    assert failures == {}


def test_legacy_sample_decks_report_their_unknown_set_601_cards(swccg_dir):
    legacy = [d for d in sample_decks(swccg_dir) if d["name"].startswith("Legacy")]
    assert len(legacy) == 5
    report = check_deck(legacy[0]["cards"], legacy[0]["outside_deck"], rules("legacy"), card_pool())
    assert "unknown-card" in report.codes()
    assert all(v.cards[0].startswith("601_") for v in report.violations if v.code == "unknown-card")


def _first(swccg_dir, prefix):
    return next(d for d in sample_decks(swccg_dir) if d["name"].startswith(prefix))


def test_real_deck_in_a_stricter_format(swccg_dir):
    deck = _first(swccg_dir, "Classic EBO")
    report = check_deck(deck["cards"], deck["outside_deck"], rules("premiere"), card_pool())
    assert not report.legal and set(report.codes()) == {"set-not-legal"}
    assert all(v.cards and v.message.endswith("replace it.") for v in report.violations)


def test_real_cards_trigger_the_card_specific_rules():
    pool = card_pool()
    light_filler = ["1_2"] * 57  # •Luke Skywalker… any Light card; size is not the point here
    report = check_deck(["10_42", "10_42", "204_35", "204_35", *light_filler], [], rules("open"), pool)
    assert {"card-limit", "requires-card"} <= set(report.codes())
    requires = next(v for v in report.violations if v.code == "requires-card")
    assert "Carbon Chamber Testing" in requires.message


def test_set_not_legal_hint_names_a_legal_card_with_the_same_title():
    # Admiral Motti (V) 200_73 is virtual; Premiere's Admiral Motti 1_164 is legal in Premiere - A New Hope.
    report = check_deck(["200_73"] + ["1_168"] * 59, [], rules("premiere_anh"), card_pool())
    violation = next(v for v in report.violations if v.code == "set-not-legal")
    assert violation.cards == ("200_73",)
    assert violation.hint == "Legal in this format with the same title: 1_164"


def test_game_aid_and_banned_icon_with_real_cards():
    pool = card_pool()
    shield = next(c.id for c in pool.cards.values() if c.category == "DEFENSIVE_SHIELD" and c.side == "Dark")
    report = check_deck(["1_168"] * 59 + ["102_9"], [shield], rules("classic"), pool)
    assert {"not-deck-card", "banned-icon"} <= set(report.codes())


# --- API ---------------------------------------------------------------------------------------------------


@pytest.fixture
def api():
    return APIClient()


def post(api, url, body, status=200):
    response = api.post(url, body, format="json")
    assert response.status_code == status, response.content
    return response.json()


def test_legality_api_legal_deck(api, swccg_dir):
    deck = _first(swccg_dir, "Classic EBO")
    body = post(api, "/api/legality/", {"game": "swccg", "format": "classic", "cards": deck["cards"]})
    assert body["legal"] is True and body["violations"] == []
    assert body["format"] == "classic" and body["format_version"].startswith("gemp@948de41+")
    assert body["summary"]["deck_cards"] == 60


def test_legality_api_reports_every_violation(api):
    body = post(api, "/api/legality/", {"game": "swccg", "format": "open", "cards": ["1_168", "1_2", "zz_9"]})
    assert body["legal"] is False
    assert {v["code"] for v in body["violations"]} == {"unknown-card", "deck-size", "mixed-sides"}
    for violation in body["violations"]:
        assert set(violation) == {"code", "message", "cards", "hint"}


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "swccg", "format": "nope", "cards": []}, 400, "unknown-format"),
        ({"game": "pazaak", "format": "open", "cards": []}, 400, "unknown-game"),
        ({"game": "swccg", "format": "open", "cards": "1_168"}, 400, "invalid-request"),
        ({"game": "swccg", "format": "open", "cards": [1, 2]}, 400, "invalid-request"),
        ({"game": "swccg", "format": "open"}, 400, "invalid-request"),
        ({"game": "swccg", "format": "open", "cards": [], "decklist": "1_1"}, 400, "invalid-request"),
        ({"format": "open", "cards": []}, 400, "invalid-request"),
        ({"game": "swccg", "format": "open", "cards": ["1_1"] * 1001}, 400, "invalid-request"),
    ],
)
def test_legality_api_bad_requests(api, body, status, code):
    response = api.post("/api/legality/", body, format="json")
    assert response.status_code == status
    data = response.json()
    assert data["code"] == code and data["message"]


def test_legality_api_unparseable_json_and_wrong_type(api):
    response = api.post("/api/legality/", "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse-error"
    response = api.post("/api/legality/", "game=swccg", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415 and response.json()["code"] == "unsupported-media-type"


def test_legality_api_oversized_body(api):
    huge = json.dumps({"game": "swccg", "format": "open", "cards": ["1_168"] * 200_000})
    response = api.post("/api/legality/", huge, content_type="application/json")
    assert response.status_code == 413 and response.json()["code"] == "request-too-large"


def test_batch(api, swccg_dir):
    decks = [d for d in sample_decks(swccg_dir) if not d["name"].startswith("Legacy")]
    items = [
        {
            "game": "swccg",
            "format": intended_format(d["name"]),
            "cards": d["cards"],
            "outside_deck": d["outside_deck"],
        }
        for d in decks
    ]
    items.append({"game": "swccg", "format": "nope", "cards": []})
    items.append({"game": "swccg", "cards": "oops"})
    body = post(api, "/api/legality/batch/", {"decks": items})
    assert body["count"] == 58 and body["legal"] == 56
    assert body["results"][56]["error"]["code"] == "unknown-format"
    assert body["results"][57]["error"]["code"] == "invalid-request"
    assert [r["index"] for r in body["results"]] == list(range(58))


def test_batch_limits(api):
    deck = {"game": "swccg", "format": "open", "cards": ["1_168"]}
    assert (
        api.post("/api/legality/batch/", {"decks": [deck] * 501}, format="json").json()["code"]
        == "invalid-request"
    )
    assert api.post("/api/legality/batch/", {"decks": []}, format="json").status_code == 400


def test_formats_api(api):
    response = api.get("/api/formats/", {"game": "swccg"})
    assert response.status_code == 200
    formats = response.json()
    assert len(formats) == 37 and formats[0]["code"] == "open"
    classic = next(f for f in formats if f["code"] == "classic")
    assert classic["banned_icons"] == ["DEFENSIVE_SHIELD", "EPISODE_I", "MAINTENANCE"]
    assert classic["deck_size"] == 60 and "1" in classic["legal_sets"]
    assert classic["card_limits"] and classic["requirements"] and classic["max_outside_deck"] == 50
    detail = api.get("/api/formats/swccg/limited_resources/").json()
    assert len(detail["banned"]) == 726
    assert api.get("/api/formats/swccg/nope/").json()["code"] == "unknown-format"
    assert api.get("/api/formats/", {"game": "nope"}).json()["code"] == "unknown-game"


def test_legality_api_reads_a_decklist(api, swccg_dir):
    deck = _first(swccg_dir, "Classic EBO")
    gemp_list = ",".join(deck["cards"]) + "|" + ",".join(deck["outside_deck"])
    body = post(api, "/api/legality/", {"game": "swccg", "format": "classic", "decklist": gemp_list})
    assert body["legal"] is True
    assert body["decklist"]["format"] == "gemp-list" and body["decklist"]["cards"] == 60
    assert body["decklist"]["problems"] == []


def test_legality_api_decklist_problems_are_reported_not_dropped(api):
    text = "Side: Dark\n2x Darth Vader\n1x Darth Vadr\n1x Tatooine: Mos Eisley\n"
    body = post(api, "/api/legality/", {"game": "swccg", "format": "open", "decklist": text})
    problems = body["decklist"]["problems"]
    assert [(p["code"], p["line"]) for p in problems] == [("unknown-card-name", 3)]
    assert any("Darth Vader" in c for c in problems[0]["candidates"])
    assert body["decklist"]["side"] == "Dark" and body["decklist"]["cards"] == 3
    assert body["legal"] is False and "deck-size" in {v["code"] for v in body["violations"]}


def test_legality_api_decklist_ambiguous_name_without_side(api):
    body = post(
        api, "/api/legality/", {"game": "swccg", "format": "open", "decklist": "1x Tatooine: Mos Eisley"}
    )
    # Nothing could be read, so the list is also reported as empty.
    assert [p["code"] for p in body["decklist"]["problems"]] == ["ambiguous-card-name", "empty-deck"]
    body = post(
        api,
        "/api/legality/",
        {"game": "swccg", "format": "open", "decklist": "1x Tatooine: Mos Eisley", "side": "light"},
    )
    assert body["decklist"]["problems"] == [] and body["summary"]["side"] == "Light"
