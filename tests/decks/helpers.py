"""Helpers the deck tests share: an API client acting as a user, a real sample deck, counted card lines."""

import json

from rest_framework.test import APIClient


def client_for(user=None) -> APIClient:
    """An API client logged in as `user` (anonymous with None)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def sample(swccg_dir, prefix="Classic EBO") -> dict:
    """The first of GEMP's real sample decks whose name starts with `prefix`."""
    decks = json.loads((swccg_dir / "gemp" / "sample_decks.json").read_text())["decks"]
    return next(d for d in decks if d["name"].startswith(prefix))


def as_items(ids, zone="deck") -> list[dict]:
    """One API card line per id, copies counted."""
    counts: dict[str, int] = {}
    for card_id in ids:
        counts[card_id] = counts.get(card_id, 0) + 1
    return [{"id": i, "count": n, "zone": zone} for i, n in counts.items()]


def owned(user) -> dict[tuple, int]:
    """A user's collection: (card code, set, variant, finish, condition) → copies."""
    from decks.models import CollectionItem

    return {
        (i.card.code, i.set_code, i.variant, i.finish, i.condition): i.quantity
        for i in CollectionItem.objects.filter(owner=user).select_related("card")
    }


def add(user, code: str, count: int, **line):
    """Copies of a card added to a user's collection, as the editor would."""
    from cardsdb.models import Card
    from decks.collection import services as collection

    pk = Card.objects.get(code=code).pk
    collection.apply_changes(user, [collection.Delta(pk, count, **line)], source="edit")
