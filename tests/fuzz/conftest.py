"""Fixtures of the fuzz run: a user who logs in with HTTP Basic, real decks to aim at, and requests that go
through Django's WSGI application inside the test's transaction."""

import base64

import pytest
from django.contrib.auth.models import User
from django.core import signals
from django.db import close_old_connections

from cardsdb.models import Card
from decks.models import Deck, DeckCard, Format

PASSWORD = "fuzz-pass-123"
SETUP = {
    "players": [
        {
            "faction": "Empire",
            "starter": [
                {"card": "Imperial Shuttle", "count": 7},
                "Stormtrooper",
                "stormtrooper",
                "Inquisitor",
            ],
            "bases": ["Lothal", "Corellia", "Kessel", "Kafrene", "Mustafar"],
        },
        {
            "faction": "Rebel",
            "starter": [{"card": "sw23_alliance-shuttle", "count": 7}, {"card": "Rebel Trooper", "count": 2}],
            "bases": ["sw23_dantooine", "sw23_mon-cala", "sw23_dagobah", "sw23_bespin", "sw23_alderaan"],
            "starting_base": "Dantooine",
        },
    ]
}


@pytest.fixture(autouse=True)
def _fresh_catalogue_caches():
    """Overrides the suite's fixture of that name: these tests change no card, so the catalogue caches they
    build (card pools, name index: seconds each) stay valid, and every operation does not rebuild them."""
    yield


@pytest.fixture(autouse=True)
def _keep_the_connection(db):
    """Requests go through Django's WSGI application as a server runs it, but without closing the database
    connection after each one (the test's transaction lives on it), as Django's test client does."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def fuzz_user(db, settings):
    # HTTP Basic checks the password on every request: a fast hasher keeps the run short.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return User.objects.create_user("fuzzer", password=PASSWORD)


@pytest.fixture
def basic_auth(fuzz_user) -> dict:
    token = base64.b64encode(f"{fuzz_user.username}:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


def _deck(owner, game: str, name: str, *, format_code=None, cards=(), **fields) -> int:
    fmt = Format.objects.get(game_id=game, code=format_code) if format_code else None
    deck = Deck.objects.create(owner=owner, name=name, game_id=game, format=fmt, **fields)
    for code, count, zone in cards:
        card = Card.objects.get(game_id=game, code=code)
        DeckCard.objects.create(deck=deck, card=card, code=code, count=count, zone=zone)
    return deck.pk


@pytest.fixture
def deck_ids(fuzz_user):
    """Decks of every kind the deck operations meet: the user's own (each game, public and private), someone
    else's public and private ones."""
    other = User.objects.create_user("someone-else", password=PASSWORD)
    swccg = [("1_168", 2, "deck"), ("9_151", 1, "starting"), ("7_1", 1, "outside")]
    return [
        _deck(fuzz_user, "swccg", "Mine", format_code="classic", cards=swccg, side="Dark", is_public=True),
        _deck(fuzz_user, "swtcg", "Mine too", format_code="full", cards=[("ANH_26", 4, "deck")]),
        _deck(fuzz_user, "swdbg", "A setup", format_code="beginner", side="Empire", setup=SETUP),
        _deck(other, "swccg", "Public", cards=swccg, is_public=True),
        _deck(other, "swccg", "Private", cards=swccg),
    ]
