"""A real server and a real browser: the app runs in its own process on its own SQLite database (imported from
CARDSDB_DATA_DIR), and Playwright drives Debian's headless chromium against it."""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import require_data

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# What the live site's database holds: every game's catalogue and formats, so each game's pages can be driven.
SITE_COMMANDS = [
    ["migrate", "--noinput"],
    ["createcachetable"],  # the shared cache's tables (settings.CACHES), as `make run` makes them
    *(
        step
        for game in ("swccg", "swtcg", "swdbg")
        for step in (["import_cards", game], ["import_formats", game])
    ),
]


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        reason = "chromium is not installed (apt-get install chromium); .ci/run installs it"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return path


@pytest.fixture(scope="session")
def live_site(tmp_path_factory):
    require_data()
    _chromium()
    var = tmp_path_factory.mktemp("site")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{var / 'site.sqlite3'}",
        "CARDSDB_DATA_DIR": str(settings.CARDSDB_DATA_DIR),
        "CARDSDB_VAR_DIR": str(var),
        "DJANGO_DEBUG": "1",
        # No API rate limits: the builder's checks of every test add up (tests/cardsdb/test_throttles.py).
        "CARDSDB_RATE_USER": "off",
        "CARDSDB_RATE_ANON": "off",
        "CARDSDB_RATE_ANON_CHECK": "off",
        # No bulk files (cardsdb/bulk.py): writing SWCCG's after its import takes half a minute.
        "CARDSDB_BULK_ON_IMPORT": "0",
    }
    for command in SITE_COMMANDS:
        subprocess.run([sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, check=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # up to a minute: a loaded CI machine starts Django slowly
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the test server did not start")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


# Per module, not per session: Playwright's synchronous API keeps an asyncio loop running while it is open, and
# Django refuses database access under a running loop (SynchronousOnlyOperation). With the suite spread over
# workers (make test), a worker may run database tests after a browser module: the loop must be closed by then.
@pytest.fixture(scope="module")
def browser(live_site):
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def sign_up(live_site):
    """Signs a new player up through the site's own page (the user lands in the live server's database) and
    leaves the page's browser context logged in."""

    def sign_up(page, username: str, password: str = "echo-base-4242") -> None:
        page.goto(live_site + "/accounts/signup/")
        page.fill("#id_username", username)
        page.fill("#id_password1", password)
        page.fill("#id_password2", password)
        page.click("button[type=submit]")
        page.wait_for_url(live_site + "/decks/")

    return sign_up


@pytest.fixture
def screenshots(tmp_path) -> Path:
    """Where a test's screenshots go: docs/screenshots when CARDSDB_SCREENSHOTS=1 (to refresh the pictures in
    docs/), else a temporary folder, so a test run leaves the checkout as it was."""
    if os.environ.get("CARDSDB_SCREENSHOTS") == "1":
        folder = ROOT / "docs" / "screenshots"
        folder.mkdir(exist_ok=True)
        return folder
    return tmp_path
