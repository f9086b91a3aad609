"""Users the deck tests share: `owner` and `other` log in with passwords (the pages' tests need them); `han` and
`greedo` are bare users for the collection tests."""

import pytest
from django.contrib.auth.models import User


@pytest.fixture
def owner(db):
    return User.objects.create_user("han", password="falcon-pass-123")


@pytest.fixture
def other(db):
    return User.objects.create_user("lando", password="cloud-pass-123")


@pytest.fixture
def han(db):
    return User.objects.create(username="han")


@pytest.fixture
def greedo(db):
    return User.objects.create(username="greedo")


@pytest.fixture
def luke(db):
    return User.objects.create(username="luke")


@pytest.fixture
def page(client, luke):
    """The web client, logged in as Luke (the collection pages' tests)."""
    client.force_login(luke)
    return client
