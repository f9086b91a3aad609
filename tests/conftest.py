"""Shared fixtures. The real card data is read from CARDSDB_DATA_DIR (the Makefile points it at ../shared/data).

The SWCCG, SWTCG and SW:DBG catalogues are imported once per test session into the test database; tests run in
transactions on top of them, so importer tests may change them freely. `SESSION_IMPORTS` keeps each import's
summary for the importer tests.
"""

import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings

from cardsdb.importers import swccg, swdbg, swtcg
from cardsdb.importers.sources import LocalSource
from cardsdb.importers.sync import apply_snapshot
from decks.legality.formats_import import import_formats, import_swdbg_formats, import_swtcg_formats

pytest_plugins = ["tests.progress"]


def writable_copy(source: Path, target: Path) -> Path:
    """A copy of read-only shared data that a test may break (the shared folder has no write bits)."""
    shutil.copytree(source, target)
    for path in target.rglob("*"):
        path.chmod(0o644 if path.is_file() else 0o755)
    return target


def data_dir() -> Path | None:
    root = settings.CARDSDB_DATA_DIR
    return root if root is not None and (root / "swccg").is_dir() else None


MISSING_DATA = (
    "CARDSDB_DATA_DIR is not set to the shared data folder (see README; `make test` sets it when ../shared/data "
    "exists). `make test-quick` runs only the tests that need no data."
)


_QUICK = {"asked": False}  # `-m "not data"` (make test-quick): the person asked for the tests without data


def require_data() -> Path:
    """The shared data folder; a test that needs it fails, with the reason, when it is missing (never a quiet
    skip: a run without the data must not look like a passing run). In the quick subset, a test that reads the
    data without a `data` mark is skipped with the reason instead."""
    root = data_dir()
    if root is None:
        if _QUICK["asked"]:
            pytest.skip(MISSING_DATA)
        pytest.fail(MISSING_DATA)
    return root


# Tests that use one of these read the shared data or the catalogues imported from it: marked `data`, so that
# `-m "not data"` (make test-quick) leaves them out.
DATA_FIXTURES = {
    "catalogue",
    "swtcg_catalogue",
    "swdbg_catalogue",
    "swccg_dir",
    "swtcg_dir",
    "live_site",
    "real_cards",
    "archive",
    "deck_ids",  # the schema fuzz run's decks of real cards and formats (tests/fuzz/conftest.py)
}
# What talks to a database: the test's connection, or a database of its own (marked `database`). The PostgreSQL
# run (`--database-tests-only`) keeps these and leaves out what runs the same on every database.
DATABASE_FIXTURES = {"db", "transactional_db", "_django_db_helper", "django_db_setup", "live_server"}


def pytest_configure(config):
    _QUICK["asked"] = (config.getoption("markexpr", "") or "").replace(" ", "") == "notdata"


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="Run only the tests that use a database (the PostgreSQL half of CI; the others ran on SQLite).",
    )


def uses_database(item) -> bool:
    names = set(getattr(item, "fixturenames", ()))
    return bool(
        names & DATABASE_FIXTURES
        or item.get_closest_marker("django_db")
        or item.get_closest_marker("database")
    )


def pytest_collection_modifyitems(config, items):
    for item in items:
        if set(getattr(item, "fixturenames", ())) & DATA_FIXTURES:
            item.add_marker(pytest.mark.data)
    if config.getoption("database_tests_only"):
        kept = [item for item in items if uses_database(item)]
        config.hook.pytest_deselected(items=[item for item in items if not uses_database(item)])
        items[:] = kept


@pytest.fixture(scope="session")
def swccg_dir() -> Path:
    return require_data() / "swccg"


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
    return require_data() / "swtcg"


@pytest.fixture
def swtcg_catalogue(db, swtcg_dir):
    """The imported SWTCG catalogue (skips, or fails in CI, without the data)."""
    return swtcg_dir


@pytest.fixture
def swdbg_catalogue(db):
    """The imported SW:DBG catalogue (skips, or fails in CI, without the data)."""
    return require_data() / "swdbg"


# A write to a catalogue table: a card, printing, set, persona, alias, relation, fact, import run or format (not the
# cache, job or token tables). Django quotes table names with double quotes on SQLite and PostgreSQL alike.
_CATALOGUE_WRITE = re.compile(
    r'^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b.*"(?:cardsdb_(?!(?:job|apitoken|cache|rates_cache)")\w+|decks_format)"',
    re.IGNORECASE | re.DOTALL,
)


def _outside_the_test_transaction(request) -> bool:
    """A transactional test commits, and may write from other threads or processes the watch does not see."""
    if {"transactional_db", "live_server", "django_db_serialized_rollback"} & set(request.fixturenames):
        return True
    marker = request.node.get_closest_marker("django_db")
    return bool(marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0])))


@pytest.fixture(autouse=True)
def _fresh_catalogue_caches(request):
    """Caches keyed by the catalogue version may hold cards a test changed in its (rolled back) transaction
    without an import. They are dropped after every test that wrote a catalogue table (every SQL statement of
    the test's connection is watched) and after every transactional test; the others leave them valid, so the
    next test does not rebuild the card pools and name indexes (seconds each)."""
    from django.db import connection

    wrote = []

    def watch(execute, sql, params, many, context):
        if not wrote and isinstance(sql, str) and _CATALOGUE_WRITE.match(sql):
            wrote.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield
    if wrote or _outside_the_test_transaction(request):
        forget_catalogue_caches()


def forget_catalogue_caches() -> None:
    from cardsdb import names
    from cardsdb.api import card_entries
    from cardsdb.search import in_memory
    from decks.legality import pool
    from rules import swccg_effect_index, swccg_gametext

    for cache in (pool._pools, pool._tcg_pools, pool._setup_pools, names._index_cache, card_entries._kept):
        cache.clear()
    # the game text read per catalogue version, and the effect rows known stored: a test's own cards share the
    # catalogue's version, and its rows go with its transaction
    for cache in (swccg_gametext._read, swccg_gametext._some, swccg_effect_index._fresh):
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
def _english_first():
    """A request in another language leaves it active in the worker's thread: each test starts in English."""
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield


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
def _jobs_run_when_committed(settings):
    """A job runs in the test's own thread when its row is committed (Celery's task, eager without a broker),
    not on a thread of its own as without a broker in production: its end is there to check as soon as the
    request's commit callbacks ran. tests/cardsdb/test_job_threads.py runs jobs as production does."""
    settings.CARDSDB_JOB_RUNNER = "celery"


@pytest.fixture(autouse=True)
def _batch_time_unbounded(settings):
    """A legality batch's 1 s budget is wall-clock time: on a loaded test machine a batch a test means to have
    checked whole would answer part of it. tests/decks/test_batch_budget.py gives its budgets (and clock)."""
    settings.CARDSDB_BATCH_SECONDS = 600.0


@pytest.fixture(autouse=True)
def _cache_dir(settings, tmp_path_factory):
    settings.CARDSDB_CACHE_DIR = tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _bulk_dir(settings, tmp_path_factory):
    """Bulk files (cardsdb/bulk.py) go to each test's own folder, never to var/bulk; imports write them only in
    tests/cardsdb/test_bulk.py (SWCCG's takes half a minute)."""
    settings.BULK_DIR = tmp_path_factory.mktemp("bulk")
    settings.BULK_ON_IMPORT = False
