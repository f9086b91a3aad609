"""Settings, all from the environment (see README "Configuration")."""

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("CARDSDB_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


def _env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = _env_bool("DJANGO_DEBUG", True)


def _secret_key() -> str:
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DJANGO_DEBUG is off.")
    # A development key generated once and kept, so logins survive restarts.
    path = VAR_DIR / "dev_secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
if DEBUG:
    ALLOWED_HOSTS += ["testserver"]

# HTTPS in production. Each is off by default (plain HTTP in development) and turned on from the environment;
# with them on, `manage.py check --deploy` is clean (tests/cardsdb/test_production.py).
SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = _env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = _env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = _env_bool("CSRF_COOKIE_SECURE", False)
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS")
# A reverse proxy in front sets X-Forwarded-Proto and X-Forwarded-For (and drops clients' own copies): trust
# them for "is this HTTPS?" and for the client's address (login throttling, cardsdb/auth.py). Never set it
# when clients reach the app directly: they could then forge both headers.
TRUSTED_PROXY = _env_bool("TRUSTED_PROXY", False)
if TRUSTED_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Where the importers look for local copies of the public card data (one folder per game).
_data_dir = os.environ.get("CARDSDB_DATA_DIR", "")
CARDSDB_DATA_DIR = Path(_data_dir).resolve() if _data_dir else None
# Where downloaded sources and rendered card faces are cached.
CARDSDB_CACHE_DIR = Path(os.environ.get("CARDSDB_CACHE_DIR", VAR_DIR / "cache"))
# Each game's whole catalogue as gzipped JSON (cardsdb/bulk.py), rewritten by every import; var/ is gitignored.
BULK_DIR = Path(os.environ.get("CARDSDB_BULK_DIR", VAR_DIR / "bulk"))
BULK_ON_IMPORT = _env_bool("CARDSDB_BULK_ON_IMPORT", True)  # off: only `manage.py export_bulk` writes them
# Rendered card faces kept at most (files, bytes); the least recently used go first.
CARDSDB_FACE_CACHE_MAX_FILES = _env_int("CARDSDB_FACE_CACHE_MAX_FILES", 30_000)
CARDSDB_FACE_CACHE_MAX_BYTES = _env_int("CARDSDB_FACE_CACHE_MAX_BYTES", 1024 * 2**20)
# The longest one search query may run (ms) before it answers 503 search-timeout.
CARDSDB_SEARCH_TIMEOUT_MS = _env_int("CARDSDB_SEARCH_TIMEOUT_MS", 2000)
# How long a search API answer, and a card or search page for visitors not logged in, is kept (seconds; 0: not
# kept). Imports change the key, so nothing kept is stale.
CARDSDB_SEARCH_CACHE_SECONDS = _env_int("CARDSDB_SEARCH_CACHE_SECONDS", 600)
# The search API finds a game's cards in a table each process keeps per catalogue version (search.in_memory);
# off: every search asks the database (the same answers, slower).
CARDSDB_SEARCH_IN_MEMORY = _env_bool("CARDSDB_SEARCH_IN_MEMORY", True)
# Search parts (cards' list entries, database terms' rows) shared by every process through the cache
# (search/shared_parts.py): on with Redis; the database cache is bounded and costs a query a read.
CARDSDB_SEARCH_SHARED = _env_bool("CARDSDB_SEARCH_SHARED", bool(os.environ.get("REDIS_URL", "")))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # runserver leaves static files to WhiteNoise, as gunicorn does: one behaviour in development and production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "cardsdb",
    "decks",
    "rules",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files from the app itself, with DJANGO_DEBUG=0 too (runserver and gunicorn alike).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The interface's language: the picker's cookie, else the browser's Accept-Language (English by default).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "cardsdb.urls"
WSGI_APPLICATION = "cardsdb.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'cardsdb.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the web server read while an import writes.
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = "PRAGMA journal_mode=WAL;"
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    DATABASES["default"]["CONN_MAX_AGE"] = 0

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The interface speaks these; card names and texts stay as the data has them. Two of the rules documents are
# Italian and Polish (../shared/docs/rules). Translations: locale/<lang>/LC_MESSAGES/django.po (make messages).
LANGUAGES = [("en", "English"), ("it", "Italiano"), ("pl", "Polski")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the picker's choice is remembered for a year
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Every password check goes through the throttle: failed log-ins (form, HTTP Basic, admin) per client address
# and per username; past the limit, attempts are refused without hashing until the window ends.
AUTHENTICATION_BACKENDS = ["cardsdb.auth.ThrottledModelBackend"]
LOGIN_FAILURE_LIMIT = 10
LOGIN_FAILURE_WINDOW = 60  # seconds

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "deck-list"
LOGOUT_REDIRECT_URL = "search"
# Batches of up to 500 decks; each endpoint checks its own, smaller limit first.
DATA_UPLOAD_MAX_MEMORY_SIZE = 8_000_000

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Production: hashed, compressed copies made by `collectstatic` (make run / make serve), cached for ever by
    # browsers. Development and tests: the apps' own files as they are, no collectstatic needed.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# Decided from DJANGO_DEBUG when the settings load, not from the DEBUG that pytest-django turns off: tests find
# the files in the apps as development does; production reads STATIC_ROOT once at start.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

REST_FRAMEWORK = {
    # One tag per operation, by its path (cardsdb/api/schema_tags.py); SPECTACULAR_SETTINGS["TAGS"] describes them.
    "DEFAULT_SCHEMA_CLASS": "cardsdb.api.schema_tags.TaggedAutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "EXCEPTION_HANDLER": "cardsdb.api.errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": ["cardsdb.api.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # "format" is a domain word here (deck formats), not a renderer switch.
    "URL_FORMAT_OVERRIDE": None,
    # Basic first: its header is the one a 401 names (`WWW-Authenticate: Basic realm="api"`); DRF turns the 401
    # into a 403 when the first class has no header. Wrong credentials on a read count as none (cardsdb/auth.py).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "cardsdb.auth.BasicAuthentication",
        # Scripts: `Authorization: Token <key>` (or Bearer), keys made on /account/tokens/.
        "cardsdb.api.token_auth.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Rates per scope in CARDSDB_API_RATES below, counted in the shared "rates" cache.
    "DEFAULT_THROTTLE_CLASSES": ["cardsdb.api.throttles.ApiRateThrottle"],
}


_RATE_PERIODS = {"s", "second", "m", "min", "minute", "h", "hour", "d", "day"}  # as cardsdb/api/throttles.py


def _env_rate(name: str, default: str) -> str | None:
    """A rate such as 6000/hour (per second, minute, hour or day), or "off" for no limit."""
    value = os.environ.get(name, "").strip() or default
    if value.lower() == "off":
        return None
    number, _, period = value.partition("/")
    if not number.isdigit() or period.lower() not in _RATE_PERIODS:
        raise ImproperlyConfigured(f"{name} must be a rate such as 6000/hour, or off; not {value!r}.")
    return value


# API rate limits (cardsdb/api/throttles.py, docs/api.md). Logged-in callers (a token, HTTP Basic, the session)
# per user: scripts fetching the catalogue page by page fit easily. Anonymous callers per address; their
# legality checks, the costliest requests, tighter still (the deck builder checks after each change: about
# 5 a minute while editing, and a logged-in builder counts as its user).
CARDSDB_API_RATES = {
    "user": _env_rate("CARDSDB_RATE_USER", "6000/hour"),
    "anon": _env_rate("CARDSDB_RATE_ANON", "1200/hour"),
    "anon-check": _env_rate("CARDSDB_RATE_ANON_CHECK", "300/hour"),
}
CARDSDB_RATE_CACHE = "rates"

SPECTACULAR_SETTINGS = {
    "TITLE": "cardsdb API",
    "DESCRIPTION": "Cards, sets and search for the Star Wars card games (SWCCG, SWTCG, SW:DBG).\n\n"
    "**Logging in.** Reads need no login. Scripts send an API token (make one on /account/tokens/ or with "
    "POST /api/tokens/) as `Authorization: Token <key>` or `Bearer <key>`; HTTP Basic and the browser's "
    "session work too.\n\n"
    "**Rate limits** on this server (per window that opens at a client's first request): logged-in callers "
    f"{CARDSDB_API_RATES['user'] or 'no limit'} per user; anonymous callers "
    f"{CARDSDB_API_RATES['anon'] or 'no limit'} per address, and for legality checks (/api/legality/, "
    f"/api/legality/batch/) {CARDSDB_API_RATES['anon-check'] or 'no limit'}. Past a limit every operation "
    "answers 429 `rate-limited` with `Retry-After` (seconds). See docs/api.md.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The refusals every operation can meet (406, a rate limit's 429, a body's 400/413/415, a log-in's 401/429):
    # cardsdb/api/schema.py
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "cardsdb.api.schema.add_common_errors",
        # An example answer for every error code, beside the responses that carry it (cardsdb/api/error_examples.py)
        "cardsdb.api.schema.add_error_examples",
    ],
    # The docs' groups, one per operation (cardsdb/api/schema_tags.py gives each operation its tag), in this order.
    "TAGS": [
        {
            "name": "cards",
            "description": "The catalogue: the card games, their sets and cards, the query language's "
            "search, a card found by name, and the bulk files of a whole game.",
        },
        {
            "name": "decks",
            "description": "Saved decks (yours and the public ones): make, read, change and delete "
            "them, read a pasted deck list, export, duplicate and share.",
        },
        {
            "name": "history",
            "description": "A deck's kept versions, the changes between two versions or two "
            "decks, putting back an old version, and your collection's history.",
        },
        {
            "name": "collection",
            "description": "The cards you own: changes, imports and exports, what a deck lacks "
            "of them and which decks you can build.",
        },
        {
            "name": "legality",
            "description": "Formats and legality checks: one deck, a batch of decks, or a "
            "tournament's worth as a job. Every violation comes with a code, a message and the cards.",
        },
        {
            "name": "odds",
            "description": "Draw odds: opening hands, destiny draws and sample hands, exact where "
            "possible and simulated beside, for any list of cards or a saved deck.",
        },
        {
            "name": "SWCCG rules",
            "description": "The SWCCG calculators: a battle, a hand of sabacc, a Force drain, a "
            "capture, resolved by the rulebook from the cards and the modifiers you state.",
        },
        {
            "name": "SWTCG rules",
            "description": "The SWTCG rules: the unit a stack of cards forms and who wins a "
            "confrontation's bidding.",
        },
        {
            "name": "games",
            "description": "Games played and recorded: SWCCG game records and GEMP replays through "
            "the referee, saved replays, SW:DBG games against the AI, replays and simulations.",
        },
        {
            "name": "jobs",
            "description": "Long work off the request: your jobs' progress and results, and a "
            "catalogue import (staff).",
        },
        {
            "name": "tokens",
            "description": "Your API tokens: list, make and revoke them (log in with your password "
            "to do so).",
        },
    ],
    "ENUM_NAME_OVERRIDES": {
        "ErrorCodeEnum": "cardsdb.api.schema.ERROR_CODE_CHOICES",
        "GameEnum": "cardsdb.games.registry.GAME_CODES",
        "AiPlayerEnum": "rules.saved_games.OPPONENTS",
        "RecordGameEnum": "rules.api.games.RECORD_GAMES",
        "RulesSideEnum": "rules.swccg.cards.SIDES",
    },
}

# Shared by every server process (never LocMem: each gunicorn worker would count log-in failures and API rates
# on its own). "default": pages and search answers kept for visitors, log-in failures; "rates": the API's rate
# limits, apart so that many kept pages never push the counts out. Redis when REDIS_URL is set (exact counts),
# else tables in the database, made by `manage.py createcachetable` (make run/serve; the test database too).
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "cardsdb",
        },
        "rates": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "cardsdb-rates",
        },
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "cardsdb_cache",
            # Mostly pages kept for visitors (~100 KB each): a bound on the table's size.
            "OPTIONS": {"MAX_ENTRIES": 1000},
        },
        "rates": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "cardsdb_rates_cache",
            # incr() on this backend re-sets the default timeout: a day, the longest rate period, so a count
            # never expires inside its window.
            "TIMEOUT": 24 * 3600,
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        },
    }

# Jobs (cardsdb/jobs.py) run as Celery tasks on the broker CELERY_BROKER_URL names (Redis: redis://host:6379/1),
# taken by `celery -A cardsdb worker`. Without one ("thread") each runs on a thread of the web process that
# accepted it (cardsdb/job_threads.py), so `make run` and `make serve` need nothing else, and the request answers
# at once. The job's row holds its result: no result backend.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CARDSDB_JOB_RUNNER = "celery" if CELERY_BROKER_URL else "thread"
# Seconds of checking a legality batch request spends before it answers the rest `batch-budget-spent`
# (decks/legality/api.py): the 2 s a synchronous request may take, with its parsing and rendering.
CARDSDB_BATCH_SECONDS = float(os.environ.get("CARDSDB_BATCH_SECONDS", "1.0"))
# Without a broker a task sent runs at once where it is sent: the tests send jobs so (tests/conftest.py), to have
# each run, in order, when the request's transaction commits.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_TASK_ALWAYS_EAGER:
    CELERY_BROKER_URL = "memory://localhost/"  # in-process; never carries a task while eager
CELERY_TASK_IGNORE_RESULT = True
# A worker that dies before it takes a job leaves the job for another; one that dies mid-job leaves it running until
# its silence marks it lost (jobs.run takes a job once, jobs.end_lost).
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # jobs are long: one at a time per worker process
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
