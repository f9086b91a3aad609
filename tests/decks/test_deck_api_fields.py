"""The deck API's answer carries the share address and the "active" mark, and a client can set the mark."""

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks.models import Deck

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def api(db):
    client = APIClient()
    client.force_authenticate(User.objects.create_user("bossk", password="x-pass-123456"))
    return client


def test_a_new_deck_answers_with_its_share_address_and_active_mark(api):
    body = api.post(
        "/api/decks/",
        {"name": "Hunters", "game": "swccg", "side": "Dark", "is_active": True, "cards": [{"id": "1_168"}]},
        format="json",
    ).json()
    deck = Deck.objects.get(pk=body["id"])
    assert body["is_active"] is True and deck.is_active
    assert body["share_url"] == f"/d/{deck.share_id}/"
    assert (
        APIClient().get(body["share_url"]).status_code == 404
    )  # private: the address answers only once public

    changed = api.patch(
        f"/api/decks/{deck.pk}/", {"is_public": True, "is_active": False}, format="json"
    ).json()
    assert changed["is_active"] is False
    assert changed["share_url"] == body["share_url"]  # stable across changes
    assert APIClient().get(changed["share_url"]).status_code == 200


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_the_active_mark_must_be_a_boolean(api, value):
    response = api.post(
        "/api/decks/", {"name": "X", "game": "swccg", "is_active": value, "cards": []}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid-request"
