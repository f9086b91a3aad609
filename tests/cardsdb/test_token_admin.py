"""API tokens in the Django admin (cardsdb/admin.py): listed with their owner and use, revoked by an action, never
made or edited there, and neither the key nor its hash is shown or settable."""

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.auth.models import Permission, User
from rest_framework.test import APIClient

from cardsdb import token_services
from cardsdb.models import ApiToken

pytestmark = pytest.mark.django_db

LIST = "/admin/cardsdb/apitoken/"


@pytest.fixture
def tokens():
    han = User.objects.create_user("han", password="falcon-123")
    leia = User.objects.create_user("leia", password="alderaan-123")
    made = {
        "han": token_services.create_token(han, "deck sync"),
        "leia": token_services.create_token(leia, "price bot"),
    }
    token_services.token_for_key(made["han"][1])  # noted as used
    return made


def works(key: str) -> bool:
    response = APIClient().get("/api/jobs/", HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code in (200, 401), response.status_code
    return response.status_code == 200


def test_the_list_shows_name_owner_prefix_and_use_but_no_hash(admin_client, tokens):
    page = admin_client.get(LIST)
    assert page.status_code == 200
    text = page.content.decode()
    for token, key in tokens.values():
        assert token.name in text and token.prefix in text and token.owner.username in text
        assert token.key_hash not in text and key not in text
    assert "Last used" in text and "Created" in text
    found = admin_client.get(LIST, {"q": "price"}).content.decode()
    assert "price bot" in found and "deck sync" not in found


def test_a_token_is_seen_but_never_made_or_edited_in_the_admin(admin_client, tokens):
    token, _ = tokens["han"]
    assert admin_client.get(f"{LIST}add/").status_code == 403
    page = admin_client.get(f"{LIST}{token.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert token.name in text and token.key_hash not in text
    assert 'name="key_hash"' not in text and 'name="name"' not in text  # nothing to fill in
    before = ApiToken.objects.get(pk=token.pk)
    response = admin_client.post(f"{LIST}{token.pk}/change/", {"name": "renamed", "key_hash": "0" * 64})
    assert response.status_code == 403
    after = ApiToken.objects.get(pk=token.pk)
    assert (after.name, after.key_hash) == (before.name, before.key_hash)


def test_revoking_in_the_admin_stops_the_key_at_once(admin_client, tokens):
    (han_token, han_key), (_, leia_key) = tokens["han"], tokens["leia"]
    assert works(han_key) and works(leia_key)
    actions = admin_client.get(LIST).content.decode()
    assert 'value="revoke"' in actions and 'value="delete_selected"' not in actions
    response = admin_client.post(LIST, {"action": "revoke", "_selected_action": [han_token.pk]}, follow=True)
    assert response.status_code == 200
    assert "Revoked 1 API token" in response.content.decode()
    assert not ApiToken.objects.filter(pk=han_token.pk).exists()
    assert not works(han_key) and works(leia_key)
    entry = LogEntry.objects.get(object_id=str(han_token.pk))
    assert entry.action_flag == DELETION and "deck sync" in entry.object_repr


def test_staff_without_the_permissions_see_no_tokens(client, tokens):
    clerk = User.objects.create_user("clerk", password="clerk-12345", is_staff=True)
    client.force_login(clerk)
    assert client.get(LIST).status_code == 403
    clerk.user_permissions.add(Permission.objects.get(codename="view_apitoken"))
    client.force_login(User.objects.get(pk=clerk.pk))
    page = client.get(LIST).content.decode()
    assert "deck sync" in page and 'value="revoke"' not in page  # seeing is not revoking
    token, key = tokens["han"]
    client.post(LIST, {"action": "revoke", "_selected_action": [token.pk]})
    assert ApiToken.objects.filter(pk=token.pk).exists() and works(key)
