"""Each card's entry in a search answer (CardListSerializer's data), kept in the process per catalogue version.

An entry is a function of the card's row and its set's code, abbreviation and name, which only an import writes,
and every import changes the game's catalogue version (cardsdb.catalogue_versions.catalogue_version): an entry kept under
the version is the same as one serialised afresh until the version changes, and then the game's entries are
dropped. A search then reads only the ids of its page (and the count) from the database, and serialises a card
the first time this process shows it. Serialising was most of a search's Python time (a ModelSerializer with a
nested set and two reversed URLs: 1.3 ms a card on the loaded 2-core development machine, a page of 50 in
60 ms); an entry is about 1.8 KB, so a whole catalogue kept in one worker is SWCCG 9 MB, SWTCG about 20 MB
(MAX_ENTRIES bounds each game's).

Entries are kept under the same setting as whole answers (cardsdb/search/results_cache.py): with
CARDSDB_SEARCH_CACHE_SECONDS=0 nothing is kept, and each answer serialises its cards. A game never imported (no
version) is never kept either.
"""

import threading

from django.conf import settings

from ..catalogue_versions import catalogue_version
from ..models import Card
from ..search import shared_parts
from .serializers import LIST_COLUMNS, CardListSerializer

MAX_ENTRIES = 20_000  # per game: SWCCG has ~5,000 cards, SWTCG ~11,000

_lock = threading.Lock()
_kept: dict[str, tuple[tuple, dict[int, dict]]] = {}  # game → (catalogue version, {card pk: entry})


def _kept_for(game: str, version: tuple) -> dict[int, dict]:
    with _lock:
        found = _kept.get(game)
        if found is None or found[0] != version:
            found = _kept[game] = (version, {})
        return found[1]


def list_entries(cards: list[Card]) -> list[dict]:
    """CardListSerializer(cards, many=True).data, for cards loaded with at least their pk and game (the page of a
    search); the kept entries where there are (this process's, then those other processes shared), the other
    cards read with LIST_COLUMNS and serialised."""
    keep = settings.CARDSDB_SEARCH_CACHE_SECONDS > 0
    stores: dict[str, dict[int, dict] | None] = {}
    versions: dict[str, tuple | None] = {}
    for card in cards:
        if card.game_id not in stores:
            version = versions[card.game_id] = catalogue_version(card.game_id) if keep else None
            stores[card.game_id] = _kept_for(card.game_id, version) if version is not None else None
    found: dict[int, dict] = {}
    for card in cards:
        store = stores[card.game_id]
        entry = store.get(card.pk) if store is not None else None
        if entry is not None:
            found[card.pk] = entry
    missing = [card for card in cards if card.pk not in found]
    if missing and shared_parts.enabled():
        for game, version in versions.items():
            if version is not None:
                wanted = [card.pk for card in missing if card.game_id == game]
                for pk, entry in shared_parts.get_many("entry", game, version, wanted).items():
                    found[pk] = entry
                    _keep(stores[game], pk, entry)
        missing = [card for card in missing if card.pk not in found]
    if missing:
        rows = Card.objects.select_related("card_set").only(*LIST_COLUMNS).in_bulk([c.pk for c in missing])
        fresh = [rows[card.pk] for card in missing if card.pk in rows]
        made: dict[str, dict[int, dict]] = {}
        for card, entry in zip(fresh, CardListSerializer(fresh, many=True).data, strict=True):
            found[card.pk] = entry
            _keep(stores.get(card.game_id), card.pk, entry)
            made.setdefault(card.game_id, {})[card.pk] = entry
        if shared_parts.enabled():
            for game, entries in made.items():
                if versions.get(game) is not None:
                    shared_parts.set_many("entry", game, versions[game], entries)
    return [found[card.pk] for card in cards if card.pk in found]


def _keep(store: dict[int, dict] | None, pk: int, entry: dict) -> None:
    if store is not None and len(store) < MAX_ENTRIES:
        store[pk] = entry
