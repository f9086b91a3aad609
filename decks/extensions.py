"""Places where the floor above (rules) adds to the deck pages, as decks adds to the catalogue's
(cardsdb/extensions.py): decks never imports rules."""

from cardsdb.extensions import Panels

# The deck page: (deck, the request's query parameters) → each part's context ("odds": the Odds panel).
DECK_PAGE = Panels()
