# The two commands of the README: `make run` (the app on SQLite, data imported on first run) and `make test`;
# `make serve` runs the app in production mode behind gunicorn.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
SHARED_DATA := $(abspath ../shared/data)
# Local copies of the public card data, when this checkout sits beside them; otherwise the importer downloads.
CARDSDB_DATA_DIR ?= $(if $(wildcard $(SHARED_DATA)/swccg),$(SHARED_DATA),)
export CARDSDB_DATA_DIR
# Python keeps the compiled modules (and pytest its rewritten tests) in __pycache__: an environment that says
# otherwise makes every start compile the whole project again (the suite's collection took 26 s instead of 10).
unexport PYTHONDONTWRITEBYTECODE
HOST ?= 127.0.0.1
PORT ?= 8000
# gunicorn (make serve): processes for the CPU (checks, odds), threads for requests waiting on the database.
# Single-threaded workers: the work is CPU-bound Python, and threads of one process queue behind each other's GIL
# (bench/load_run.py: p95 253 ms with 4 workers × 2 threads, 64 ms with 5 workers × 1 thread, on 2 cores).
WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) + 1 )))
THREADS ?= 1

.PHONY: run serve test test-quick lint format bench install engine messages backup restore

# Three installs, each only when needed: the app's own packages (make run), the engine's compiler (make engine,
# make serve) and the test and lint tools (make test). Pip says only what went wrong, and compiles nothing ahead
# (half of its time): Python compiles each module the first time it is imported, into __pycache__.
PIP := $(BIN)/python -m pip install --quiet --quiet --no-compile --disable-pip-version-check

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $@

$(BIN)/.installed-engine: $(BIN)/.installed
	$(PIP) -e '.[engine]'
	touch $@

$(BIN)/.installed-dev: $(BIN)/.installed
	$(PIP) -e '.[dev,engine]'
	touch $@ $(BIN)/.installed-engine

# The SW:DBG engine's hot modules compiled with mypyc (rules/compile_engine.py), about 2.5 times faster. Until
# then (make run does not compile) the engine runs from its Python sources: the same games. If compiling fails
# the engine stays plain Python; rules/swdbg/__init__.py ignores a build older than its sources.
ENGINE_SOURCES := $(addprefix rules/swdbg/,__init__.py state.py effects.py game.py players.py search.py \
	cards.py texts.py setup.py errors.py view.py) rules/compile_engine.py
rules/swdbg/compiled.json: $(ENGINE_SOURCES) | $(BIN)/.installed-engine
	-$(BIN)/python -m rules.compile_engine

engine: rules/swdbg/compiled.json

install: $(BIN)/.installed-dev engine

# What both ways of running do first: static files (hashed and compressed when DJANGO_DEBUG=0), the database
# with its cache tables (migrate makes them: cardsdb/apps.py), the cards on first run, the formats every run.
define PREPARE
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py import_cards swccg --if-empty
	$(BIN)/python manage.py import_formats swccg
	$(BIN)/python manage.py import_cards swtcg --if-empty --if-available
	$(BIN)/python manage.py import_formats swtcg
	$(BIN)/python manage.py import_cards swdbg --if-empty --if-available
	$(BIN)/python manage.py import_formats swdbg
endef

# The first page comes first: make run's imports leave the bulk files (/api/bulk/) to a process of their own
# that runs beside the server; make serve writes them during the imports, as every later import does.
run: export CARDSDB_BULK_ON_IMPORT = 0
run: $(BIN)/.installed
	$(PREPARE)
	CARDSDB_BULK_ON_IMPORT=1 $(BIN)/python manage.py export_bulk --if-stale --verbosity 0 &
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production mode behind gunicorn: DEBUG off, so SECRET_KEY must come from the environment.
serve: export DJANGO_DEBUG = 0
serve: $(BIN)/.installed engine
	@test -n "$$SECRET_KEY" || { echo "make serve runs with DJANGO_DEBUG=0 and needs SECRET_KEY in the environment:" \
		"export SECRET_KEY=\$$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')" \
		"(keep the same key across restarts, or every login is lost)." >&2; exit 1; }
	$(PREPARE)
	$(BIN)/gunicorn cardsdb.wsgi:application -c cardsdb/gunicorn_conf.py --bind $(HOST):$(PORT) \
		--workers $(WORKERS) --threads $(THREADS) \
		--access-logfile -

# The whole suite on both cores (pytest-xdist: a test database per worker, the catalogues imported once in
# each). `make test ARGS="tests/decks -k legality"` runs a part; TEST_WORKERS=0 runs in this one process.
# `make test-quick` runs what needs no shared data (the data tests fail, with the reason, when it is missing).
TEST_WORKERS ?= auto
test: $(BIN)/.installed-dev engine
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache  # the floors only look down (pyproject.toml, docs/architecture.md)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(ARGS)

test-quick: $(BIN)/.installed-dev
	$(BIN)/python -m pytest -n $(TEST_WORKERS) -m "not data" $(ARGS)

lint: $(BIN)/.installed-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	$(BIN)/lint-imports --no-cache

bench: $(BIN)/.installed-dev engine
	$(BIN)/python bench/import_speed.py
	$(BIN)/python bench/search_latency.py
	$(BIN)/python bench/legality_speed.py
	$(BIN)/python bench/legality_other_games.py
	$(BIN)/python bench/swdbg_engine.py
	$(BIN)/python bench/swdbg_soak.py --games 2000
	$(BIN)/python bench/swccg_referee.py

# Backups (docs/operations.md): one .tar.gz of the database (pg_dump, or SQLite's online backup) and the user data.
# `make backup [OUT=file]`; `make restore FILE=backup.tar.gz` replaces the whole database (same engine), then
# migrates; with USER_DATA=1 it loads only the users and what they own, into a database whose catalogue is imported.
backup: $(BIN)/.installed
	$(BIN)/python manage.py backup $(if $(OUT),--output "$(OUT)")

restore: $(BIN)/.installed
	@test -n "$(FILE)" || { echo "make restore needs FILE=<backup .tar.gz>" >&2; exit 1; }
	$(BIN)/python manage.py restore "$(FILE)" $(if $(USER_DATA),--user-data)
	$(if $(USER_DATA),,$(BIN)/python manage.py migrate --noinput)

# The interface's translations (Italian, Polish): collect the messages of the templates and code into
# locale/<lang>/LC_MESSAGES/django.po, and those of the scripts (gettext() in */static/**.js, served by /jsi18n/)
# into djangojs.po, then compile the .mo files (kept in git, so running the app needs no gettext). Needs GNU
# gettext (Debian: gettext). tests/cardsdb/test_i18n.py and test_i18n_js.py fail while a message is untranslated
# or a .mo differs from its .po. var/ holds the collected static files (STATIC_ROOT): copies, not sources.
MESSAGES_IGNORE := --ignore=.venv --ignore=var --ignore=build --ignore=staticfiles
messages: $(BIN)/.installed-dev
	$(BIN)/python manage.py makemessages -l it -l pl --no-obsolete $(MESSAGES_IGNORE)
	$(BIN)/python manage.py makemessages -d djangojs -l it -l pl --no-obsolete $(MESSAGES_IGNORE)
	$(BIN)/python manage.py compilemessages --ignore=.venv
