# The two commands of the README: `make run` (the app on SQLite, data imported on first run) and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
SHARED_DATA := $(abspath ../shared/data)
# Local copies of the public card data, when this checkout sits beside them; otherwise the importer downloads.
CARDSDB_DATA_DIR ?= $(if $(wildcard $(SHARED_DATA)/swccg),$(SHARED_DATA),)
export CARDSDB_DATA_DIR
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint format bench install

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

install: $(BIN)/.installed

run: $(BIN)/.installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py import_cards swccg --if-empty
	$(BIN)/python manage.py import_formats swccg
	$(BIN)/python manage.py import_cards swtcg --if-empty --if-available
	$(BIN)/python manage.py import_formats swtcg
	$(BIN)/python manage.py import_cards swdbg --if-empty --if-available
	$(BIN)/python manage.py import_formats swdbg
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: $(BIN)/.installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(BIN)/.installed
	$(BIN)/python bench/import_speed.py
	$(BIN)/python bench/search_latency.py
	$(BIN)/python bench/legality_speed.py
	$(BIN)/python bench/legality_other_games.py
