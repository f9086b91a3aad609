"""Production mode (DJANGO_DEBUG=0): static files are served by the app (WhiteNoise, hashed and compressed by
collectstatic), under the Django test client and under a real gunicorn, and `check --deploy` is clean once the
environment turns the HTTPS settings on."""

import os
import re
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings

BASE_DIR = Path(settings.BASE_DIR)
HASHED = r"\.[0-9a-f]{12}\."  # the manifest's content hash in a file name
HTTPS_ENV = {
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "SESSION_COOKIE_SECURE": "1",
    "CSRF_COOKIE_SECURE": "1",
    "CSRF_TRUSTED_ORIGINS": "https://cards.example.org",
    "TRUSTED_PROXY": "1",
}
TIMEOUT = 120  # seconds for any one subprocess


def production_env(var_dir: Path, **extra) -> dict:
    """DEBUG off, a long random key, everything written under var_dir; the database is never touched."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", *HTTPS_ENV}}
    env.update(
        DJANGO_DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        CARDSDB_VAR_DIR=str(var_dir),
        ALLOWED_HOSTS="127.0.0.1,testserver",
        **extra,
    )
    return env


def manage(var_dir: Path, *args: str, **extra) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=production_env(var_dir, **extra),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


@pytest.fixture(scope="module")
def var_dir(tmp_path_factory) -> Path:
    """A var/ folder whose static/ holds what `make serve` collects: the production settings' storage."""
    var = tmp_path_factory.mktemp("var")
    result = manage(var, "collectstatic", "--noinput", "--verbosity", "0")
    assert result.returncode == 0, result.stderr
    assert (var / "static" / "staticfiles.json").is_file()  # the manifest: production storage was used
    return var


def linked(html: str, pattern: str) -> str:
    match = re.search(pattern, html)
    assert match, pattern
    return match.group(1)


@pytest.mark.usefixtures("catalogue")
def test_static_files_are_served_with_debug_off(var_dir):
    production = {
        "DEBUG": False,
        "STATIC_ROOT": var_dir / "static",
        "STORAGES": {
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
        },
        # Only what collectstatic wrote, read once, as in production (no finders looking into the apps).
        "WHITENOISE_USE_FINDERS": False,
        "WHITENOISE_AUTOREFRESH": False,
    }
    with override_settings(**production):
        client = Client()  # its middleware (WhiteNoise) is built under these settings
        builder = client.get("/decks/new/").content.decode()
        docs = client.get("/api/docs/").content.decode()
        files = {
            linked(builder, rf'href="(/static/cardsdb/site{HASHED}css)"'): "text/css",
            linked(builder, rf'src="(/static/decks/builder{HASHED}js)"'): "javascript",
            linked(
                docs, rf'src="(/static/drf_spectacular_sidecar/[^"]*swagger-ui-bundle{HASHED}js)"'
            ): "javascript",
            linked(docs, rf'href="(/static/drf_spectacular_sidecar/[^"]*swagger-ui{HASHED}css)"'): "text/css",
        }
        for url, content_type in files.items():
            response = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
            assert response.status_code == 200, url
            assert content_type in response["Content-Type"], (url, response["Content-Type"])
            assert response["Content-Encoding"] == "gzip", url  # compressed by collectstatic
            assert "immutable" in response["Cache-Control"], url  # a hashed name never changes
        assert client.get("/static/cardsdb/no-such-file.css").status_code == 404


def test_gunicorn_serves_pages_and_static_files_with_debug_off(var_dir):
    """A real gunicorn on a free loopback port, as `make serve` starts it."""
    log = var_dir / "gunicorn.log"
    command = [sys.executable, "-m", "gunicorn", "cardsdb.wsgi:application", "--bind", "127.0.0.1:0"]
    command += ["--workers", "1", "--no-control-socket", "--error-logfile", str(log)]
    server = subprocess.Popen(command, cwd=BASE_DIR, env=production_env(var_dir), stderr=subprocess.DEVNULL)
    try:
        port = _listening_port(server, log)

        def get(path: str):
            return urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60)

        with get("/accounts/login/") as page:
            assert page.status == 200
            html = page.read().decode()
        stylesheet = linked(html, rf'href="(/static/cardsdb/site{HASHED}css)"')
        with get(stylesheet) as response:
            assert response.status == 200 and response.headers["Content-Type"].startswith("text/css")
            assert b"body" in response.read()
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=30)


def _listening_port(server: subprocess.Popen, log: Path) -> int:
    """The port the kernel gave gunicorn (--bind :0), read from its log; bounded wait."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(
                f"gunicorn exited with {server.returncode}: {log.read_text() if log.exists() else ''}"
            )
        match = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log.read_text() if log.exists() else "")
        if match:
            return int(match.group(1))
        time.sleep(0.2)
    pytest.fail("gunicorn did not start listening in time")


def test_check_deploy_is_clean_with_the_https_settings_on(tmp_path):
    result = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", **HTTPS_ENV)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_names_each_https_setting_left_off(tmp_path):
    result = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    found = set(re.findall(r"\(security\.(W\d+)\)", result.stderr))
    assert found == {"W004", "W008", "W012", "W016"}, result.stderr


def test_a_malformed_setting_is_named(tmp_path):
    result = manage(tmp_path, "check", SECURE_HSTS_SECONDS="a year")
    assert result.returncode != 0
    assert "SECURE_HSTS_SECONDS must be a whole number, not 'a year'" in result.stderr
