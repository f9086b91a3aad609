"""Which games the catalogue holds and the version of each (its last import): the key of every cache built from the
cards. Read once per game within a request (remembered_reads), so a search's ETag, cached answer and name
indexes agree. Below every reader of the catalogue, so that each of them may ask."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .models import Game, ImportRun

# Within remembered_reads(): the games found and catalogue versions read so far, so one request asks once.
_remembered: ContextVar[dict | None] = ContextVar("cardsdb_remembered_reads", default=None)


@contextmanager
def remembered_reads() -> Iterator[None]:
    """Inside the block (one request), game_exists and catalogue_version ask the database once per game: a
    search consults the version for its ETag, its cached answer and its name indexes. The block sees one
    version throughout, even if an import finishes meanwhile; the next request sees the new one."""
    token = _remembered.set({}) if _remembered.get() is None else None
    try:
        yield
    finally:
        if token is not None:
            _remembered.reset(token)


def _remember(key: tuple, read):
    memo = _remembered.get()
    if memo is None:
        return read()
    if key not in memo:
        memo[key] = read()
    return memo[key]


def game_exists(code: str) -> bool:
    if "\x00" in code:
        return False
    memo = _remembered.get()
    if memo is not None and memo.get(("version", code)) is not None:
        return True  # an import run of the game was read: its foreign key holds the game
    return _remember(("game", code), lambda: Game.objects.filter(code=code).exists())


def catalogue_version(game: str) -> tuple | None:
    """Changes whenever an import changes the game's cards: the key for caches built from them."""
    return _remember(
        ("version", game),
        lambda: ImportRun.objects.filter(game_id=game).values_list("id", "finished_at").first(),
    )
