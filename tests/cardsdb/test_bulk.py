"""Bulk downloads (cardsdb/bulk.py, cardsdb/api/bulk.py): each game's whole catalogue as gzipped JSON, written by
imports and export_bulk, listed at /api/bulk/ and served at /api/bulk/<game>.json.gz."""

import gzip
import hashlib
import json

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from cardsdb import bulk
from cardsdb.models import Card, CardSet, ImportRun, Persona
from tests.conftest import require_data, writable_copy


@pytest.fixture(autouse=True)
def _bulk_on_import(settings):
    settings.BULK_ON_IMPORT = True  # tests/conftest.py turns it off for the other tests


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def swdbg_copy(db, tmp_path):
    return writable_copy(require_data() / "swdbg", tmp_path / "swdbg")


def listing(api) -> dict:
    response = api.get("/api/bulk/")
    assert response.status_code == 200
    return {entry["game"]: entry for entry in response.json()}


def download(api, game: str, **headers):
    response = api.get(f"/api/bulk/{game}.json.gz", **headers)
    body = b"".join(response.streaming_content) if response.status_code == 200 else response.content
    return response, body


def test_the_file_holds_the_whole_catalogue_and_matches_its_listing(api, swdbg_catalogue):
    assert "swdbg" not in listing(api)
    call_command("export_bulk", "swdbg", verbosity=0)
    entry = listing(api)["swdbg"]
    response, body = download(api, "swdbg")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip" and "Content-Encoding" not in response
    assert 'attachment; filename="swdbg.json.gz"' == response["Content-Disposition"]
    assert response["ETag"] == f'"{entry["sha256"]}"' and "Last-Modified" in response
    assert hashlib.sha256(body).hexdigest() == entry["sha256"] and len(body) == entry["size"]
    assert entry["url"] == "/api/bulk/swdbg.json.gz" and entry["current"] is True
    assert entry["catalogue_version"] == ImportRun.objects.filter(game_id="swdbg").first().id
    doc = json.loads(gzip.decompress(body))
    assert doc["format"] == bulk.FORMAT and doc["game"] == "swdbg"
    assert doc["catalogue_version"] == entry["catalogue_version"]
    assert sorted(c["id"] for c in doc["cards"]) == sorted(
        Card.objects.filter(game_id="swdbg").values_list("code", flat=True)
    )
    assert {s["code"] for s in doc["sets"]} == set(
        CardSet.objects.filter(game_id="swdbg").values_list("code", flat=True)
    )
    assert len(doc["personas"]) == Persona.objects.filter(game_id="swdbg").count()
    # Each card as GET /api/cards/<game>/<id>/ gives it (less the face the id was read by).
    one = doc["cards"][0]
    detail = api.get(f"/api/cards/swdbg/{one['id']}/").json()
    detail.pop("face")
    assert one == detail and one["printings"]


def test_the_download_answers_304_to_its_sha256(api, swdbg_catalogue):
    written = bulk.export("swdbg")
    response, body = download(api, "swdbg", HTTP_IF_NONE_MATCH=f'"{written.sha256}"')
    assert response.status_code == 304 and body == b""
    assert download(api, "swdbg", HTTP_IF_NONE_MATCH='"0000"')[0].status_code == 200


def test_the_same_catalogue_gives_the_same_bytes(swdbg_catalogue):
    first = bulk.export("swdbg")
    second = bulk.export("swdbg")
    assert first.sha256 == second.sha256 and second.path.is_file()
    assert sorted(p.name for p in bulk.bulk_dir().iterdir()) == sorted([second.name, "swdbg.meta.json"])


def test_an_import_writes_the_file_again(api, swdbg_copy):
    call_command(
        "import_cards", "swdbg", "--source", str(swdbg_copy), verbosity=0
    )  # nothing changed: written
    before = listing(api)["swdbg"]
    assert before["current"]
    path = swdbg_copy / "original_2023.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["cards"][0]["ability"] = "Draw 7 cards."
    path.write_text(json.dumps(doc), encoding="utf-8")
    call_command("import_cards", "swdbg", "--source", str(swdbg_copy), verbosity=0)
    after = listing(api)["swdbg"]
    assert after["catalogue_version"] > before["catalogue_version"] and after["sha256"] != before["sha256"]
    assert after["current"]
    _, body = download(api, "swdbg")
    assert "Draw 7 cards." in gzip.decompress(body).decode("utf-8")
    assert len(list(bulk.bulk_dir().glob("swdbg-*.json.gz"))) == 1  # the old file is gone


def test_a_catalogue_change_without_a_new_file_is_shown_as_not_current(api, swdbg_catalogue):
    bulk.export("swdbg")
    ImportRun.objects.create(game_id="swdbg", source="admin: test")  # an admin edit versions the catalogue
    assert listing(api)["swdbg"]["current"] is False


def test_a_failed_write_leaves_the_previous_file_and_no_partial_one(api, swdbg_catalogue, monkeypatch):
    good = bulk.export("swdbg")
    ImportRun.objects.create(game_id="swdbg", source="test")
    real = bulk._document

    def breaks_halfway(*args):
        for i, piece in enumerate(real(*args)):
            if i == 4:  # the head, sets and personas written, the cards not yet
                raise OSError("No space left on device")
            yield piece

    monkeypatch.setattr(bulk, "_document", breaks_halfway)
    with pytest.raises(OSError, match="No space"):
        bulk.export("swdbg")
    assert sorted(p.name for p in bulk.bulk_dir().iterdir()) == sorted([good.name, "swdbg.meta.json"])
    entry = listing(api)["swdbg"]
    assert entry["sha256"] == good.sha256 and entry["current"] is False
    _, body = download(api, "swdbg")
    assert hashlib.sha256(body).hexdigest() == good.sha256


def test_an_import_whose_file_cannot_be_written_still_imports(swdbg_copy, monkeypatch, capsys):
    def full_disk(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr(bulk, "export", full_disk)
    call_command("import_cards", "swdbg", "--source", str(swdbg_copy), verbosity=0)
    assert "bulk file not written" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("/api/bulk/pazaak.json.gz", "unknown-game"),
        ("/api/bulk/swccg.json.gz", "bulk-not-found"),
        ("/api/bulk/swccg\u00e9.json.gz", "unknown-game"),
        ("/api/bulk/" + "x" * 5000 + ".json.gz", "unknown-game"),
        ("/api/bulk/swccg", "not-found"),
        ("/api/bulk/..%2Fsecret.json.gz", "not-found"),
    ],
)
def test_unknown_or_unwritten_files_are_a_coded_404(api, db, url, code):
    response = api.get(url, HTTP_ACCEPT="application/gzip")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json") and response.json()["code"] == code


def test_a_broken_meta_file_counts_as_no_file(api, swdbg_catalogue):
    bulk.export("swdbg")
    (bulk.bulk_dir() / "swdbg.meta.json").write_text('{"game": "swdbg", "name": "../../etc/passwd"}')
    assert "swdbg" not in listing(api)
    assert download(api, "swdbg")[0].json()["code"] == "bulk-not-found"


def test_export_bulk_without_a_game_writes_every_imported_game(swdbg_catalogue, monkeypatch):
    written = []
    monkeypatch.setattr(bulk, "export", lambda game, progress: written.append(game))
    call_command("export_bulk", verbosity=0)
    assert written == ["swccg", "swtcg", "swdbg"]


def test_a_facts_import_writes_the_file_again(api, swdbg_catalogue, tmp_path):
    before = bulk.export("swdbg")
    path = tmp_path / "facts.json"
    path.write_text(json.dumps({"cards": [{"code": "cw24_xorrn", "hit_points": 8, "note": "my copy"}]}))
    call_command("import_card_facts", "swdbg", str(path), verbosity=0)
    after = listing(api)["swdbg"]
    assert after["current"] and after["catalogue_version"] != before.catalogue_version
    _, body = download(api, "swdbg")
    xorrn = next(c for c in json.loads(gzip.decompress(body))["cards"] if c["id"] == "cw24_xorrn")
    assert xorrn["stats"]["hit_points"] == "8"


def test_every_edition_of_a_large_catalogue_and_cards_pointing_at_others_as_the_detail_api_shows_them(
    api, catalogue, django_assert_max_num_queries
):
    """One export of the whole SWCCG catalogue (the largest file; about 15 s) for both checks."""
    # The file reads the cards pointed at (earlier versions, relation targets) with a few fields only; a field
    # the file shows but the query skipped would cost one query per card and differ from the API.
    chunks = -(-Card.objects.filter(game_id="swccg").count() // bulk.CHUNK)
    with django_assert_max_num_queries(10 + 8 * chunks):  # the cards and their 7 prefetches per chunk
        written = bulk.export("swccg")
    doc = json.loads(gzip.decompress(written.path.read_bytes()))
    assert len(doc["cards"]) == Card.objects.filter(game_id="swccg").count() > 5000
    assert {c["edition"] for c in doc["cards"]} >= {"current", "legacy"}
    cards = {c["id"]: c for c in doc["cards"]}
    pointing = [
        c for c in cards.values() if c["relations"] and c["earlier_versions"] and c["current_version"]
    ]
    pointing += [c for c in cards.values() if any(r["target"] for r in c["relations"])][:5]
    pointing += [c for c in cards.values() if c["earlier_versions"]][:5]
    assert len(pointing) >= 10
    for card in pointing:
        detail = api.get(f"/api/cards/swccg/{card['id']}/").json()
        detail.pop("face")
        assert card == detail
