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
# Rendered card faces kept at most (files, bytes); the least recently used go first.
CARDSDB_FACE_CACHE_MAX_FILES = _env_int("CARDSDB_FACE_CACHE_MAX_FILES", 30_000)
CARDSDB_FACE_CACHE_MAX_BYTES = _env_int("CARDSDB_FACE_CACHE_MAX_BYTES", 1024 * 2**20)
# The longest one search query may run (ms) before it answers 503 search-timeout.
CARDSDB_SEARCH_TIMEOUT_MS = _env_int("CARDSDB_SEARCH_TIMEOUT_MS", 2000)
# How long a search API answer, and a card or search page for visitors not logged in, is kept (seconds; 0: not
# kept). Imports change the key, so nothing kept is stale.
CARDSDB_SEARCH_CACHE_SECONDS = _env_int("CARDSDB_SEARCH_CACHE_SECONDS", 600)

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
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
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
        "rest_framework.authentication.SessionAuthentication",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "cardsdb API",
    "DESCRIPTION": "Cards, sets and search for the Star Wars card games (SWCCG, SWTCG, SW:DBG).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The refusals every operation can meet (406, a body's 400/413/415, a log-in's 401/429): cardsdb/api/schema.py
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "cardsdb.api.schema.add_common_errors",
    ],
    "ENUM_NAME_OVERRIDES": {
        "ErrorCodeEnum": "cardsdb.api.schema.ERROR_CODE_CHOICES",
        "GameEnum": "cardsdb.games.registry.GAME_CODES",
        "AiPlayerEnum": "rules.saved_games.OPPONENTS",
        "RecordGameEnum": "rules.api.games.RECORD_GAMES",
        "RulesSideEnum": "rules.swccg.cards.SIDES",
    },
}

# Per process: the login throttle (cardsdb/auth.py) counts per gunicorn worker until a shared cache is set up.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
