"""Where import data comes from: local folders, URLs, and the pinned public files (checksums verified)."""

import functools
import hashlib
import http.server
import threading
from pathlib import Path

import pytest

from cardsdb.importers import swccg
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.sources import LocalSource, PinnedFile, PinnedSource, UrlSource, open_source


@pytest.fixture
def served(tmp_path):
    """A local HTTP server over tmp_path/www (loopback only, stopped after the test)."""
    root = tmp_path / "www"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_pinned_download_is_verified_and_cached(served, tmp_path):
    root, base = served
    (root / "Dark.json").write_text('{"cards": []}')
    digest = hashlib.sha256(b'{"cards": []}').hexdigest()
    source = PinnedSource([PinnedFile("Dark.json", base + "Dark.json", digest)], tmp_path / "cache", "test")
    assert source.read_json("Dark.json") == {"cards": []}
    (root / "Dark.json").unlink()  # the second read comes from the cache
    assert source.read_json("Dark.json") == {"cards": []}
    assert (tmp_path / "cache" / digest).is_file()


def test_pinned_download_with_wrong_checksum_is_refused(served, tmp_path):
    root, base = served
    (root / "Dark.json").write_text('{"cards": ["tampered"]}')
    source = PinnedSource([PinnedFile("Dark.json", base + "Dark.json", "0" * 64)], tmp_path / "cache", "test")
    with pytest.raises(
        ImportProblem, match=r"Dark\.json: downloaded file does not match the pinned checksum"
    ):
        source.read_bytes("Dark.json")
    cache = tmp_path / "cache"
    assert not cache.exists() or not any(cache.iterdir())  # nothing unverified is kept


def test_download_errors_name_the_file(served, tmp_path):
    _, base = served
    with pytest.raises(ImportProblem, match=r"sets\.json: download failed: HTTP 404"):
        UrlSource(base).read_bytes("sets.json")


def test_url_source_imports_the_real_files(served, swccg_dir):
    root, base = served
    for path in swccg_dir.rglob("*.json"):
        target = root / path.relative_to(swccg_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    snapshot = swccg.load(UrlSource(base))
    assert len(snapshot.cards) == 5022


def test_pinned_manifest_matches_the_shared_data(swccg_dir):
    """The checksums the downloader demands are those of the commit the shared data was taken from."""
    for pinned in swccg.PINNED_FILES:
        assert hashlib.sha256((swccg_dir / pinned.name).read_bytes()).hexdigest() == pinned.sha256, (
            pinned.name
        )
        assert swccg.CARD_JSON_COMMIT in pinned.url or swccg.GEMP_COMMIT in pinned.url


def test_open_source_precedence(tmp_path):
    (tmp_path / "swccg").mkdir()
    pinned = PinnedSource([], tmp_path / "cache", "v")
    assert isinstance(open_source(str(tmp_path), game="swccg", data_dir=None, pinned=pinned), LocalSource)
    assert isinstance(
        open_source("https://example.org/x/", game="swccg", data_dir=None, pinned=pinned), UrlSource
    )
    local = open_source(None, game="swccg", data_dir=tmp_path, pinned=pinned)
    assert isinstance(local, LocalSource) and local.root == tmp_path / "swccg"
    assert open_source(None, game="swccg", data_dir=None, pinned=pinned) is pinned
    assert open_source(None, game="swccg", data_dir=Path("/nonexistent"), pinned=pinned) is pinned
    with pytest.raises(ImportProblem, match="does not exist"):
        open_source("/nonexistent/folder", game="swccg", data_dir=None, pinned=pinned)
