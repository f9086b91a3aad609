"""What the floors above fill in below (cardsdb/extensions.py, decks/extensions.py, cardsdb/jobs.py): each app's
AppConfig.ready() registers its parts, so the lower floors reach them without importing up (pyproject.toml's
import contract, checked by `make test`)."""

from cardsdb import extensions, jobs
from cardsdb.extensions import Panels, Slot
from cardsdb.games.registry import GAMES
from decks.collection.services import owned_cards
from decks.extensions import DECK_PAGE
from decks.history.services import decks_stamp
from decks.legality import batch
from decks.legality.format_readers import FORMAT_READERS
from rules.simulation_jobs import run_simulation_job
from rules.swccg_effect_index import store_effect_kinds
from rules.views.calculators import deck_links
from rules.views.card_reading import reading_panel
from rules.views.games import play_panel
from rules.views.odds_panel import odds_panel


def test_the_apps_above_fill_the_places_below():
    assert list(extensions.CARD_PAGE._parts) == ["standings", "gametext_reading"]
    assert extensions.CARD_PAGE._parts["gametext_reading"] is reading_panel
    assert extensions.CARD_EFFECTS._provided is store_effect_kinds
    assert extensions.OWNED_CARDS._provided is owned_cards
    assert extensions.PUBLIC_DECKS_STAMP._provided is decks_stamp
    assert DECK_PAGE._parts == {"odds": odds_panel, "calculators": deck_links, "play": play_panel}
    assert jobs.RUNNERS["legality-batch"] is batch.run_legality_job
    assert jobs.RUNNERS["swdbg-simulation"] is run_simulation_job
    assert set(jobs.RUNNERS) == {"legality-batch", "swdbg-simulation", "catalogue-import"}
    assert set(jobs.ALIVE) == {"catalogue-import"}


def test_every_game_has_a_format_reader():
    assert set(FORMAT_READERS) == set(GAMES)


def test_an_unfilled_place_answers_its_default():
    slot = Slot(lambda user, ids: None)
    assert slot("someone", [1]) is None
    slot.provide(lambda user, ids: {i: 1 for i in ids})
    assert slot("someone", [1]) == {1: 1}
    panels = Panels()
    assert panels.context("card") == {}
    panels.add("a", lambda card: f"a of {card}")
    panels.add("b", lambda card: "b")
    assert panels.context("card") == {"a": "a of card", "b": "b"}
