"""What a game plug-in states: its facts as data, its parts as the functions that do them.

Code that works on any game reads these; a new game fills one in (cardsdb/games/<game>.py) and adds it to
`registry.GAMES`. Every part named here is plain Python or a loader that needs no database at import time, so
the registry can be imported from any layer.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class DeckProfile:
    """Decks in this game: sides, zones, the default format, hints for the builder (decks/games.py)."""

    game: str
    sides: tuple[str, ...]  # the values a deck's side may take (besides "" = from the cards)
    zones: tuple[tuple[str, str], ...]  # (DeckCard zone, label in this game)
    default_format: str
    search_example: str
    list_help: str  # lazy: the builder shows it in the page's language
    side_label: str = "Side"


@dataclass(frozen=True)
class GamePlugin:
    code: str
    # The catalogue: `import_cards` loads a Source into a Snapshot (cardsdb/importers/<game>.py); `pinned_cards`
    # gives the pinned public download, where there is one.
    load_cards: Callable[[Any], Any]
    pinned_cards: Callable[[], Any] | None
    deck: DeckProfile
    # Statistics of a deck: SWCCG's (decks/deck/stats.py: destiny, deploy, ability) or the TCG-style ones
    # (decks/deck/stats_swtcg.py: types, cost curve, power); `stats_power` is the card field read as power.
    statistics: Literal["swccg", "tcg"]
    # Draw odds (rules/deck_odds.py): the opening hand, the cards drawn each turn when the game says.
    hand_size: int
    stats_power: str = "power"
    # A deck is a game setup (starter decks, bases, galaxy), checked and edited as one.
    setup_decks: bool = False
    has_arenas: bool = False  # units fight in arenas and have a speed
    per_turn: int | None = None
    draws_destiny: bool = False
    starting_pulls: bool = False  # starting cards pull others from the deck before the opening hand
    # The game engine that plays and replays whole games (plain Python, a dotted package path), if any:
    # its records are replayed by the rules app (rules/api/games.py).
    engine: str | None = None
