"""Places where a higher floor adds to the catalogue's pages, the way the game registry adds games: the catalogue
names the place and what it passes, and an app above it (decks) fills it in its AppConfig.ready(). The card page
shows each format's standing and the search page the copies owned without cardsdb importing decks; a place left
unfilled (a project without decks) answers its default."""

from collections.abc import Callable
from typing import Any


class Slot:
    """One function a higher app provides; `default` answers until one is."""

    def __init__(self, default: Callable[..., Any]):
        self._default = default
        self._provided: Callable[..., Any] | None = None

    def provide(self, function: Callable[..., Any]) -> None:
        self._provided = function

    def __call__(self, *args, **kwargs) -> Any:
        return (self._provided or self._default)(*args, **kwargs)


class Panels:
    """Named parts a higher app adds to a page: each takes what the page shows and gives its part of the context,
    under its name, in the order added."""

    def __init__(self) -> None:
        self._parts: dict[str, Callable[..., Any]] = {}

    def add(self, name: str, part: Callable[..., Any]) -> None:
        self._parts[name] = part

    def context(self, *args) -> dict[str, Any]:
        return {name: part(*args) for name, part in self._parts.items()}


# The card page: card → each part's context ("standings": the card's standing in every format).
CARD_PAGE = Panels()
# The copies a logged-in user owns of the cards shown: (user, card ids) → {card id: ...}, or None for no column.
OWNED_CARDS = Slot(lambda user, card_ids: None)
# The public decks' state, part of the cache key of a visitor's page that lists them ("decks using this card").
PUBLIC_DECKS_STAMP = Slot(lambda: "")
# The stored kinds of effect of a game's cards (cardsdb.models.CardEffect) brought up to date — by the app that reads
# game text (rules, for SWCCG) — before an effect: search term is compiled: game → None.
CARD_EFFECTS = Slot(lambda game: None)
