"""Parts of search answers every process shares through the cache, per game and catalogue version: the list
entries of cards (cardsdb/api/card_entries.py) and the rows of the terms the database answers for the in-memory
table (search/in_memory.py).

Each process keeps its own copy too; what the cache adds is that the first process to need a part computes it,
and the others (gunicorn's workers, other machines) read it instead of serialising the same cards or asking the
database the same term again. On with Redis (settings.CARDSDB_SEARCH_SHARED, on when REDIS_URL is set): the
database cache is bounded to a thousand entries, mostly pages, and a read of it costs a query. A cache that
cannot be reached is a miss (logged): the search still answers.
"""

import hashlib
import logging

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)
KEPT_SECONDS = 24 * 3600  # the keys change with the catalogue version: nothing kept is stale


def enabled() -> bool:
    return settings.CARDSDB_SEARCH_SHARED and settings.CARDSDB_SEARCH_CACHE_SECONDS > 0


def _key(kind: str, game: str, version: tuple, part) -> str:
    raw = repr((kind, game, version, part)).encode("utf-8", "surrogatepass")
    return f"search-part:{kind}:" + hashlib.sha256(raw).hexdigest()


def get_many(kind: str, game: str, version: tuple, parts: list) -> dict:
    """{part: value} for the parts another process stored."""
    if not parts:
        return {}
    keys = {_key(kind, game, version, part): part for part in parts}
    try:
        found = cache.get_many(list(keys))
    except Exception:  # an unreachable cache is a miss, never a failed search
        log.warning("reading shared search parts failed", exc_info=True)
        return {}
    return {keys[key]: value for key, value in found.items()}


def set_many(kind: str, game: str, version: tuple, values: dict) -> None:
    if not values:
        return
    try:
        cache.set_many({_key(kind, game, version, part): v for part, v in values.items()}, KEPT_SECONDS)
    except Exception:
        log.warning("storing shared search parts failed", exc_info=True)
