"""POST /api/games/swccg/gemp-replay: a GEMP replay file read as an observed game, its cards named from the
catalogue (fixture files written to the shape of GEMP's serializer: see test_gemp_replay.py)."""

import zlib
from pathlib import Path

import pytest

URL = "/api/games/swccg/gemp-replay"
FIXTURES = Path(__file__).parent / "fixtures" / "gemp"


def post(client, data: bytes, status=200, query=""):
    response = client.post(URL + query, data, content_type="application/octet-stream")
    assert response.status_code == status, response.content[:500]
    return response.json()


@pytest.mark.parametrize("name", ["game.xml.gz", "game.xml"])
def test_a_gemp_replay_as_gemp_stores_it_and_as_plain_xml(client, catalogue, name):
    body = post(client, (FIXTURES / name).read_bytes())
    assert body["encoding"] == ("zlib" if name.endswith(".gz") else "xml")
    assert [p["side"] for p in body["players"]] == ["dark", "light"]
    assert body["recorded_by"] == "rebelscum" and body["refereed"] is False
    assert body["events_total"] == 43 and len(body["events"]) == 43
    deploy = body["events"][2]
    assert (deploy["card"], deploy["title"]) == ("1_295", "•Tatooine: Mos Eisley")
    assert "•Tatooine: Mos Eisley" in deploy["words"]
    assert body["unknown_cards"] == [] and body["unknown_event_types"] == []
    battles = [c for t in body["turns"] for c in t["conflicts"] if c["kind"] == "battle"]
    assert len(battles) == 1 and battles[0]["ended"] is not None
    draws = [d for t in body["turns"] for d in t["destiny_draws"]]
    assert len(draws) == 2 and all(d["destiny"] is not None for d in draws)


def test_unknown_event_types_and_cards_are_kept(client, catalogue):
    body = post(client, (FIXTURES / "unknown_events.xml").read_bytes())
    assert body["unknown_event_types"] == ["XYZ", "NEWTHING"]  # W is in GEMP's list, though nothing sends it
    assert [u["card"] for u in body["unknown_cards"]] == ["999_1"]
    raw = [e for e in body["events"] if e["type"] == "XYZ"][0]
    assert raw["known"] is False and raw["attributes"]["futureThing"] == "42"
    assert body["events"][-1]["words"].endswith("still read after the unknown ones")


def test_events_are_listed_a_page_at_a_time(client, catalogue):
    body = post(client, (FIXTURES / "game.xml.gz").read_bytes(), query="?offset=40&limit=10")
    assert body["offset"] == 40 and [e["index"] for e in body["events"]] == [40, 41, 42]
    assert post(client, b"x", 400, "?limit=5000")["code"] == "bad-parameter"
    assert post(client, b"x", 400, "?offset=-1")["code"] == "bad-parameter"


@pytest.mark.parametrize(
    ("data", "status", "code"),
    [
        (b"", 400, "bad-replay"),
        (b"hello", 400, "not-a-replay"),
        (b"<deck/>", 400, "not-a-replay"),
        (zlib.compress(b"<gameReplay><ge type='M'"), 400, "bad-replay"),
        ((FIXTURES / "billion_laughs.xml").read_bytes(), 400, "bad-replay"),
        ((FIXTURES / "external_entity.xml").read_bytes(), 400, "bad-replay"),
        (
            zlib.compress(b"<gameReplay>" + b"<ge type='M' message='x'/>" * 60_000 + b"</gameReplay>"),
            400,
            "too-many-events",
        ),
        (
            zlib.compress(b"<gameReplay><ge type='M' message='" + b"a" * 20_000_000 + b"'/></gameReplay>", 9),
            413,
            "replay-too-large",
        ),
        (
            "<gameReplay><ge type='M' message='\ud800'/></gameReplay>".encode("utf-8", "surrogatepass"),
            400,
            "bad-replay",
        ),
        (b"<gameReplay>" + b"<a>" * 100 + b"</a>" * 100 + b"</gameReplay>", 400, "bad-replay"),
    ],
)
def test_files_that_are_not_readable_replays(client, catalogue, data, status, code):
    assert post(client, data, status)["code"] == code


def test_a_body_over_the_limit_is_refused_before_it_is_read(client, catalogue):
    assert post(client, b"\0" * (4 * 1024 * 1024 + 1), 413)["code"] == "request-too-large"
