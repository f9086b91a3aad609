"""Decks saved before history was kept get their state as a first version (decks/0006); reversing removes only
those versions. The migration's functions run against the current models, whose fields are those of 0006."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User

from cardsdb.models import Card, Game
from decks.models import Deck, DeckCard, DeckVersion

pytestmark = pytest.mark.django_db

migration = importlib.import_module("decks.migrations.0006_first_deck_versions")


def test_a_deck_without_versions_gets_its_current_state_as_one():
    owner = User.objects.create(username="old-timer")
    game = Game.objects.get(code="swccg")
    card = Card.objects.create(
        game=game, code="mig_1", title="Migration Test Card", name="Migration Test Card"
    )
    old = Deck.objects.create(
        owner=owner, game=game, name="Before history", side="Dark", notes="n", version=3
    )
    DeckCard.objects.create(deck=old, card=card, code="mig_1", count=2, zone="deck")
    DeckCard.objects.create(deck=old, card=card, code="mig_1", count=1, zone="outside")
    kept = Deck.objects.create(owner=owner, game=game, name="Already kept", side="Dark")
    DeckVersion.objects.create(deck=kept, number=1, name="Already kept", cards=[], note="saved")

    migration.keep_current_versions(apps, None)
    first = DeckVersion.objects.get(deck=old)
    assert first.number == 3
    assert (first.name, first.side, first.notes) == ("Before history", "Dark", "n")
    assert first.cards == [
        {"code": "mig_1", "zone": "deck", "count": 2},
        {"code": "mig_1", "zone": "outside", "count": 1},
    ]
    assert list(DeckVersion.objects.filter(deck=kept).values_list("note", flat=True)) == ["saved"]

    migration.keep_current_versions(apps, None)  # run twice: nothing more
    assert DeckVersion.objects.filter(deck=old).count() == 1

    migration.forget_them(apps, None)
    assert not DeckVersion.objects.filter(deck=old).exists()
    assert DeckVersion.objects.filter(deck=kept).count() == 1
