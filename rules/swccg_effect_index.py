"""The kinds of effect the reader finds in each SWCCG card's text (rules/swccg/gametext), stored in cardsdb's
CardEffect table for the search's `effect:` keyword. cardsdb does not read game text (it must not import rules):
it asks, through cardsdb.extensions.CARD_EFFECTS (provided in rules/apps.py), before compiling an effect: term;
this module then brings the rows up to date when the catalogue or the reader changed since they were written
(CardEffectsStamp: the catalogue version and a digest of the reader's source), in one transaction."""

import hashlib
from functools import cache
from pathlib import Path

from django.db import transaction

from cardsdb.catalogue_versions import catalogue_version
from cardsdb.models import Card, CardEffect, CardEffectsStamp, Game
from rules.swccg_gametext import read_catalogue

_READER = Path(__file__).resolve().parent / "swccg" / "gametext"
_fresh: set[str] = set()  # stamps this process has seen stored


@cache
def reader_digest() -> str:
    """Changes whenever the reader's code does (a phrase added reads more sentences)."""
    digest = hashlib.sha256()
    for path in sorted(_READER.glob("*.py")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def stamp() -> str:
    return f"{catalogue_version('swccg')}|{reader_digest()}"


def store_effect_kinds(game: str) -> None:
    """CardEffect rows for every SWCCG card of every edition, unless they already hold this reading."""
    if game != "swccg":
        return
    wanted = stamp()
    if wanted in _fresh:
        return
    if not Game.objects.filter(code="swccg").exists():
        return
    if CardEffectsStamp.objects.filter(game_id="swccg", stamp=wanted).exists():
        _fresh.add(wanted)
        return
    effects = read_catalogue()  # outside the transaction: about a second, once per catalogue version
    with transaction.atomic():
        row = CardEffectsStamp.objects.select_for_update().filter(game_id="swccg").first()
        if row is not None and row.stamp == wanted:  # another process stored it meanwhile
            _fresh.add(wanted)
            return
        ids = dict(Card.objects.filter(game_id="swccg").values_list("code", "pk"))
        CardEffect.objects.filter(card__game_id="swccg").delete()
        CardEffect.objects.bulk_create(
            [
                CardEffect(card_id=ids[code], kind=kind)
                for code, read in effects.items()
                if code in ids
                for kind in sorted({e.kind for e in read})
            ],
            batch_size=2000,
        )
        CardEffectsStamp.objects.update_or_create(game_id="swccg", defaults={"stamp": wanted})
    _fresh.add(wanted)
