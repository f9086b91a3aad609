"""What every page carries: the icon."""

import pytest

pytestmark = pytest.mark.django_db


def test_every_page_names_the_icon_and_favicon_ico_leads_to_it(client):
    page = client.get("/sets/").content.decode()
    assert 'rel="icon"' in page and "favicon" in page
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert client.get(response["Location"]).status_code == 200
