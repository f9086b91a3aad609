"""The SWCCG replay viewer's pages: the viewer (no login), your saved replays on it, a replay opened by its share
link (no login; the token is the only key), the shared file, and the links to the viewer."""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from rules.models import SavedReplay

from .replay_records import sample_record

GEMP = Path(__file__).parent / "fixtures" / "gemp"


@pytest.fixture
def leia(db):
    return User.objects.create(username="leia")


def keep(owner, **fields) -> SavedReplay:
    defaults = {
        "kind": "record",
        "title": "Cantina brawl",
        "record": sample_record(),
        "size": 100,
        "events": 12,
    }
    return SavedReplay.objects.create(owner=owner, game_id="swccg", **(defaults | fields))


def test_the_viewer_needs_no_login_and_offers_both_inputs(client, db):
    page = client.get("/games/swccg/replay/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'id="record-text"' in html and 'id="replay-file"' in html
    assert (
        'data-view-url="/api/games/swccg/replay/view"' in html
        and 'data-replay-url="/api/games/swccg/replay"' in html
    )
    assert 'data-gemp-url="/api/games/swccg/gemp-replay"' in html
    assert "Log in</a> to save this replay" in html and 'id="ccg-saved"' not in html
    assert "viewed, not refereed" in html
    assert "data-source-url" not in html
    assert not page.has_header("X-Robots-Tag")  # the open viewer may be indexed; shared replays may not


SCRIPTS = Path(settings.BASE_DIR) / "rules" / "static" / "rules" / "swccg-replay"
RECORD_SCRIPTS = ["cards", "table", "record", "record-steps"]
GEMP_SCRIPTS = ["gemp", "gemp-steps"]


def viewer_scripts(html: str) -> list[str]:
    return re.findall(r'<script src="/static/rules/swccg-replay/([\w-]+)\.js" defer></script>', html)


def test_each_page_loads_the_viewer_s_scripts_it_needs_in_order(client, leia, db):
    """The viewer opens either kind and may save: all its scripts, the shared part first and the opening last;
    a shared replay only its kind's, and the saving part only for someone logged in (their list's Delete)."""
    every = viewer_scripts(client.get("/games/swccg/replay/").content.decode())
    assert every == ["common", *RECORD_SCRIPTS, *GEMP_SCRIPTS, "saving", "opening"]
    assert sorted(every) == sorted(path.stem for path in SCRIPTS.glob("*.js"))  # none left unloaded
    record = keep(leia)
    gemp = keep(leia, kind="gemp", record=None, gemp_file=(GEMP / "game.xml").read_bytes(), events=43)
    shared = {token: f"/games/swccg/replay/{token}/" for token in (record.token, gemp.token)}
    assert viewer_scripts(client.get(shared[record.token]).content.decode()) == [
        "common",
        *RECORD_SCRIPTS,
        "opening",
    ]
    client.force_login(leia)
    assert viewer_scripts(client.get(shared[gemp.token]).content.decode()) == [
        "common",
        *GEMP_SCRIPTS,
        "saving",
        "opening",
    ]


def test_the_viewer_lists_your_saved_replays_with_their_share_links(client, leia, db):
    mine = keep(leia, title="<b>Cantina</b> brawl")
    keep(User.objects.create(username="han"), title="Han's secret game")
    client.force_login(leia)
    html = client.get("/games/swccg/replay/").content.decode()
    assert f'href="/games/swccg/replay/{mine.token}/"' in html
    assert "&lt;b&gt;Cantina&lt;/b&gt; brawl" in html and "<b>Cantina</b>" not in html
    assert "Han&#x27;s secret game" not in html and "Han's secret game" not in html
    assert f'data-url="/api/games/swccg/replays/{mine.pk}/"' in html and 'id="save-form"' in html


def test_a_shared_record_opens_for_anyone_with_the_link(client, leia, db):
    saved = keep(leia, title="<script>alert(1)</script>")
    page = client.get(f"/games/swccg/replay/{saved.token}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert(1)" not in html
    assert (
        f'data-source-url="/games/swccg/replay/{saved.token}/file"' in html
        and 'data-source-kind="record"' in html
    )
    assert "shared game record of 12 events" in html
    assert page["X-Robots-Tag"] == "noindex, nofollow" and page["Referrer-Policy"] == "no-referrer"
    assert 'id="record-text"' not in html  # the shared replay, not the paste form
    file = client.get(f"/games/swccg/replay/{saved.token}/file")
    assert file.status_code == 200 and file["Content-Type"] == "application/json"
    assert json.loads(file.content) == sample_record()
    assert file["Content-Disposition"] == f'attachment; filename="swccg-replay-{saved.pk}.json"'


def test_a_shared_gemp_file_comes_back_byte_for_byte(client, leia, db):
    data = (GEMP / "game.xml.gz").read_bytes()
    saved = keep(leia, kind="gemp", record=None, gemp_file=data, size=len(data), events=43, title="GEMP game")
    html = client.get(f"/games/swccg/replay/{saved.token}/").content.decode()
    assert 'data-source-kind="gemp"' in html and "A GEMP replay is viewed, not refereed." in html
    file = client.get(f"/games/swccg/replay/{saved.token}/file")
    assert file.content == data and file["Content-Type"] == "application/octet-stream"
    assert file["Content-Disposition"].endswith('.xml.gz"')
    plain = (GEMP / "game.xml").read_bytes()
    saved = keep(leia, kind="gemp", record=None, gemp_file=plain, size=len(plain), events=43)
    assert client.get(f"/games/swccg/replay/{saved.token}/file")["Content-Disposition"].endswith('.xml"')


@pytest.mark.parametrize(
    "path",
    [
        "/games/swccg/replay/{wrong}/",
        "/games/swccg/replay/{wrong}/file",
        "/games/swccg/replay/{prefix}/",
        "/games/swccg/replay/{prefix}/file",
        "/games/swccg/replay/{token}%00/",
        "/games/swccg/replay/..%2F{token}/",
        "/games/swccg/replay/%F0%9F%92%A5/",
        "/games/swccg/replay/" + "a" * 5000 + "/",
    ],
)
def test_a_link_that_is_not_a_token_finds_nothing(client, leia, db, path):
    saved = keep(leia)
    wrong = saved.token[:-1] + ("A" if saved.token[-1] != "A" else "B")
    url = path.format(wrong=wrong, prefix=saved.token[:20], token=saved.token)
    assert client.get(url).status_code == 404


def test_a_deleted_replays_link_stops_working(client, leia, db):
    saved = keep(leia)
    token = saved.token
    saved.delete()
    assert client.get(f"/games/swccg/replay/{token}/").status_code == 404
    assert client.get(f"/games/swccg/replay/{token}/file").status_code == 404


def test_the_pages_only_answer_get(client, leia, db):
    saved = keep(leia)
    assert client.post("/games/swccg/replay/", {"record": "{}"}).status_code == 405
    assert client.post(f"/games/swccg/replay/{saved.token}/").status_code == 405
    assert client.delete(f"/games/swccg/replay/{saved.token}/file").status_code == 405
    assert SavedReplay.objects.count() == 1


def test_tokens_are_random_and_url_safe(leia, db):
    tokens = [keep(leia).token for _ in range(20)]
    assert len(set(tokens)) == 20
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", t) for t in tokens)


def test_the_games_pages_link_the_viewer(client, leia, db):
    client.force_login(leia)
    assert 'href="/games/swccg/replay/"' in client.get("/games/").content.decode()
    assert 'href="/games/swccg/replay/"' in client.get("/games/swdbg/replay/").content.decode()
