"""The catalogue's SWCCG cards read once for the game text tests (reading them all takes about a second)."""

import pytest


@pytest.fixture(scope="module", name="read_cards")
def read_cards_fixture(swccg_dir, django_db_setup, django_db_blocker):
    """Every SWCCG card's effects by its code, and the records they were read from."""
    from rules.swccg_gametext import catalogue_texts, read_catalogue

    with django_db_blocker.unblock():
        return read_catalogue(), {t.code: t for t in catalogue_texts()}
