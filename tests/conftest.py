"""Shared fixtures. The real card data is read from CARDSDB_DATA_DIR (the Makefile points it at ../shared/data).

The SWCCG, SWTCG and SW:DBG catalogues are imported once per test session into the test database; tests run in
transactions on top of them, so importer tests may change them freely. `SESSION_IMPORTS` keeps each import's
summary for the importer tests.
"""

import os
import shutil
from pathlib import Path

import pytest
from django.conf import settings

from cardsdb.importers import swccg, swdbg, swtcg
from cardsdb.importers.sources import LocalSource
from cardsdb.importers.sync import apply_snapshot
from decks.formats_import import import_formats, import_swdbg_formats, import_swtcg_formats


def writable_copy(source: Path, target: Path) -> Path:
    """A copy of read-only shared data that a test may break (the shared folder has no write bits)."""
    shutil.copytree(source, target)
    for path in target.rglob("*"):
        path.chmod(0o644 if path.is_file() else 0o755)
    return target


def data_dir() -> Path | None:
    root = settings.CARDSDB_DATA_DIR
    return root if root is not None and (root / "swccg").is_dir() else None


def _require_data() -> Path:
    root = data_dir()
    if root is None:
        message = "CARDSDB_DATA_DIR is not set to the shared data folder (see README)"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI must never pass by skipping the real-data tests
        pytest.skip(message)
    return root


@pytest.fixture(scope="session")
def swccg_dir() -> Path:
    return _require_data() / "swccg"


SESSION_IMPORTS: dict = {}


@pytest.fixture(scope="session")
def django_db_setup(request, django_db_setup, django_db_blocker):
    if data_dir() is None:
        return
    with django_db_blocker.unblock():
        if request.config.getoption("reuse_db") and _catalogues_present():
            # A kept test database (`--reuse-db`, PostgreSQL) already holds the catalogues: a quick local re-run.
            # SESSION_IMPORTS stays empty, so the importer tests need a run without --reuse-db.
            return
        source = LocalSource(data_dir() / "swccg")
        SESSION_IMPORTS["swccg"] = apply_snapshot(swccg.load(source))
        import_formats(source)
        SESSION_IMPORTS["swtcg"] = apply_snapshot(swtcg.load(LocalSource(data_dir() / "swtcg")))
        SESSION_IMPORTS["swdbg"] = apply_snapshot(swdbg.load(LocalSource(data_dir() / "swdbg")))
        import_swtcg_formats()
        import_swdbg_formats()


def _catalogues_present() -> bool:
    from cardsdb.models import Card
    from decks.models import Format

    games = set(Card.objects.values_list("game_id", flat=True).distinct())
    return games >= {"swccg", "swtcg", "swdbg"} and Format.objects.exists()


@pytest.fixture
def catalogue(db, swccg_dir):
    """The imported SWCCG catalogue (skips, or fails in CI, without the data)."""
    return swccg_dir


@pytest.fixture(scope="session")
def swtcg_dir() -> Path:
    return _require_data() / "swtcg"


@pytest.fixture
def swtcg_catalogue(db, swtcg_dir):
    """The imported SWTCG catalogue (skips, or fails in CI, without the data)."""
    return swtcg_dir


@pytest.fixture
def swdbg_catalogue(db):
    """The imported SW:DBG catalogue (skips, or fails in CI, without the data)."""
    return _require_data() / "swdbg"


@pytest.fixture(autouse=True)
def _fresh_catalogue_caches():
    """Caches keyed by the catalogue version may hold cards a test changed in its (rolled back) transaction
    without an import: every test starts without them."""
    yield
    from cardsdb import naming
    from cardsdb.api import card_entries
    from cardsdb.search import in_memory
    from decks import pool

    for cache in (pool._pools, pool._tcg_pools, pool._setup_pools, naming._index_cache, card_entries._kept):
        cache.clear()
    in_memory.forget()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Users made with a password hash it with PBKDF2's million rounds (about half a second each) unless a test
    says otherwise; what the tests check of passwords does not depend on the hasher."""
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",  # passwords set outside a test still check
    ]


@pytest.fixture(autouse=True)
def _no_kept_answers(settings):
    """Tests change cards without an import and read them back: answers are kept only where a test asks
    (tests/cardsdb/test_search_cache.py)."""
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def _fresh_django_cache(request, django_db_blocker):
    """Login throttle counts and API rate counts live in Django's caches: one test's requests must not throttle
    the next. On the database cache (no REDIS_URL) a test's rows go with its rolled-back transaction, but not
    those of a transactional test; a test without database access wrote none (and the test database may not
    exist yet)."""
    yield
    from django.core.cache import caches
    from django.core.cache.backends.db import DatabaseCache

    uses_db = "_django_db_helper" in request.fixturenames
    for alias in settings.CACHES:
        cache = caches[alias]
        if isinstance(cache, DatabaseCache):
            if uses_db:
                with django_db_blocker.unblock():  # after the test's own database teardown
                    cache.clear()
        else:
            cache.clear()


@pytest.fixture(autouse=True)
def _no_rate_limits(settings):
    """API rate limits are off, so that no test is refused for the requests the ones before it made; the rate
    limit tests set their own (tests/cardsdb/test_throttles.py)."""
    settings.CARDSDB_API_RATES = dict.fromkeys(settings.CARDSDB_API_RATES)


@pytest.fixture(autouse=True)
def _cache_dir(settings, tmp_path_factory):
    settings.CARDSDB_CACHE_DIR = tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _bulk_dir(settings, tmp_path_factory):
    """Bulk files (cardsdb/bulk.py) go to each test's own folder, never to var/bulk; imports write them only in
    tests/cardsdb/test_bulk.py (SWCCG's takes half a minute)."""
    settings.BULK_DIR = tmp_path_factory.mktemp("bulk")
    settings.BULK_ON_IMPORT = False
