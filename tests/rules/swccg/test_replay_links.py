"""A saved replay's share link can be revoked without deleting the replay (rules/api/replay_links.py): a new link
by the API or the saved replays' "New link" button, after which the old link's page and file are 404s."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from rules.models import SavedReplay

GEMP_XML = b'<gameReplay><player name="leia"/></gameReplay>'


@pytest.fixture
def leia(db):
    return User.objects.create(username="leia")


@pytest.fixture
def saved(leia):
    return SavedReplay.objects.create(
        owner=leia, game_id="swccg", kind="gemp", title="GEMP game", gemp_file=GEMP_XML, size=len(GEMP_XML)
    )


def links(token: str) -> list[str]:
    return [f"/games/swccg/replay/{token}/", f"/games/swccg/replay/{token}/file"]


def test_a_new_link_by_the_api_revokes_the_old_one(client, leia, saved):
    old = saved.token
    url = f"/api/games/swccg/replays/{saved.pk}/share-link/"
    assert APIClient().post(url).json()["code"] == "not-authenticated"
    other = APIClient()
    other.force_authenticate(User.objects.create(username="han"))
    refused = other.post(url)  # someone else's replay is not found, like one that does not exist
    assert refused.status_code == 404 and refused.json()["code"] == "replay-not-found"
    api = APIClient()
    api.force_authenticate(leia)
    answer = api.post(url)
    assert answer.status_code == 200
    saved.refresh_from_db()
    assert saved.token != old and answer.json()["share_url"].endswith(f"/games/swccg/replay/{saved.token}/")
    assert [client.get(link).status_code for link in links(old)] == [404, 404]
    assert [client.get(link).status_code for link in links(saved.token)] == [200, 200]


def test_the_saved_replays_new_link_button_posts_with_csrf(leia, saved):
    old = saved.token
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(leia)
    page = browser.get("/games/swccg/replay/").content.decode()
    assert f'action="/games/swccg/replays/{saved.pk}/new-link/"' in page
    url = f"/games/swccg/replays/{saved.pk}/new-link/"
    assert browser.post(url).status_code == 403  # no CSRF token
    token = browser.cookies["csrftoken"].value
    done = browser.post(url, {"csrfmiddlewaretoken": token}, follow=True)
    assert done.status_code == 200 and "the old one no longer works" in done.content.decode()
    saved.refresh_from_db()
    assert saved.token != old and Client().get(links(old)[0]).status_code == 404
    browser.force_login(User.objects.create(username="han"))
    assert browser.post(url, {"csrfmiddlewaretoken": token}).status_code == 404
    assert Client().post(url).status_code == 404  # anonymous: nothing changed
    assert SavedReplay.objects.get(pk=saved.pk).token == saved.token
