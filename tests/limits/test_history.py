"""Deck history and public-deck search limits (decks/history/services.py) at their exact edges."""

import pytest

from cardsdb.api.errors import ApiError
from decks.history import services as history
from decks.models import Deck


def test_max_card_filters_are_looked_up_one_more_is_refused(db):
    codes = [f"no_such_{i}" for i in range(history.MAX_CARD_FILTERS)]
    with pytest.raises(ApiError) as caught:  # counted, then looked up: none of them is a card
        history.cards_for_codes("swdbg", codes)
    assert caught.value.code == "unknown-card"
    with pytest.raises(ApiError) as caught:
        history.cards_for_codes("swdbg", [*codes, "one_more"])
    assert caught.value.code == "bad-parameter"


def test_a_deck_name_search_reads_max_characters(user):
    limit = history.MAX_NAME_QUERY
    deck = Deck.objects.create(owner=user, name="a" * (limit - 1) + "b", game_id="swccg", is_public=True)
    # the character past the limit is not read
    assert set(history.public_decks(name="a" * (limit - 1) + "b" + "z")) == {deck}
    assert set(history.public_decks(name="a" * (limit - 1) + "c")) == set()  # the last one read still counts
