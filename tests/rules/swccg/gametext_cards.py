"""The catalogue's SWCCG cards read once for the game text tests (reading them all takes about a second)."""

import pytest

_READ: dict = {}  # the reading, kept for the worker's session: no test of these modules changes a card


@pytest.fixture(name="read_cards")
def read_cards_fixture(catalogue):
    """Every SWCCG card's effects by its code, and the records they were read from: read in the first test's
    transaction, as every other test sees the catalogue (not beside it, where another worker's state may differ)."""
    from rules import swccg_gametext
    from rules.swccg_gametext import catalogue_texts, read_catalogue

    if "read" not in _READ:
        swccg_gametext._read.clear()  # not a reading an earlier test kept of its own cards at the same version
        _READ["read"] = (read_catalogue(), {t.code: t for t in catalogue_texts()})
    return _READ["read"]
