"""The builder's live legality panel in the page's language (decks/legality/builder_panel.py): the script posts
/api/legality/'s body to /decks/legality-panel/ and gets templates/decks/_legality.html back, its messages in the
language of the page (the language cookie, else Accept-Language); the same violations as the API, whose answer
stays English; the same coded refusals for bad or hostile bodies; and the page's CSRF token is required."""

import json
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from django.utils.html import escape
from rest_framework.test import APIClient

from cardsdb.api.request_size import MAX_BODY
from decks.legality import services
from decks.legality.messages import violation_hint, violation_message
from decks.legality.pool import card_pool
from decks.legality.serializers import MAX_DECK_CARDS

pytestmark = pytest.mark.usefixtures("catalogue")

URL = "/decks/legality-panel/"
ENGLISH = "The deck has 3 cards; Open needs exactly 60 (add 57). Cards outside the deck do not count."
ITALIAN = "Il mazzo ha 3 carte; Open ne richiede esattamente 60 (aggiungine 57). Le carte fuori dal mazzo non contano."


def dark_characters() -> list[str]:
    return sorted(c.id for c in card_pool().cards.values() if c.side == "Dark" and c.category == "CHARACTER")


def short_body(**more) -> dict:
    """Three copies of one Dark character: too few cards, too many copies (as tests/decks/test_legality_messages_i18n.py)."""
    return {"game": "swccg", "format": "open", "cards": [dark_characters()[0]] * 3, **more}


def page_client(language: str | None = None, **headers) -> Client:
    """A browser on the builder: CSRF enforced, the token from the builder page, maybe a language cookie."""
    client = Client(enforce_csrf_checks=True, **headers)
    assert client.get("/decks/new/").status_code == 200
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def post_panel(client: Client, body, *, token: bool = True, raw: bool = False):
    headers = {"HTTP_X_CSRFTOKEN": client.cookies[settings.CSRF_COOKIE_NAME].value} if token else {}
    data = body if raw else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **headers)


def listed_codes(html: str) -> list[str]:
    return sorted(re.findall(r'<li data-code="([^"]+)"', html))


def test_the_panel_speaks_italian_with_the_language_cookie():
    response = post_panel(page_client("it"), short_body())
    html = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    assert 'id="legality"' in html and 'data-code="deck-size"' in html
    assert escape(ITALIAN) in html and ENGLISH not in html
    assert re.search(r"<h2>Non legale in Open: \d+ problem[ai]</h2>", html)
    assert re.search(r'<p class="small">Versione delle regole [^<]+</p>', html)


def test_the_panel_is_english_by_default_and_polish_by_accept_language():
    english = post_panel(page_client(), short_body()).content.decode()
    assert escape(ENGLISH) in english and re.search(r"<h2>Not legal in Open: \d+ problems?</h2>", english)
    polish = post_panel(page_client(HTTP_ACCEPT_LANGUAGE="pl"), short_body()).content.decode()
    assert ENGLISH not in polish and 'data-code="deck-size"' in polish
    report, _ = services.legality_report(**short_body())
    with translation.override("pl"):
        message = violation_message(next(v for v in report.violations if v.code == "deck-size"))
    assert message != ENGLISH and escape(message) in polish


def test_the_panel_lists_the_apis_violations_each_translated():
    """A deck with several kinds of problem: the panel lists the codes the API answers, and each violation's
    message and hint as decks/legality/messages.py says them in Italian; the API's answer stays English."""
    body = short_body(outside_deck=["99_999"], side="Light")
    api = APIClient()
    api.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    answer = api.post("/api/legality/", body, format="json")
    assert answer.status_code == 200 and ENGLISH in [v["message"] for v in answer.json()["violations"]]
    assert answer.content == APIClient().post("/api/legality/", body, format="json").content
    api_codes = sorted(v["code"] for v in answer.json()["violations"])
    assert len(set(api_codes)) >= 3, api_codes
    html = post_panel(page_client("it"), body).content.decode()
    assert listed_codes(html) == api_codes
    report, _ = services.legality_report(**body)
    with translation.override("it"):
        shown = [(violation_message(v), violation_hint(v)) for v in report.violations]
    for message, hint in shown:
        assert escape(message) in html, message
        if hint:
            assert escape(hint) in html, hint
    assert any(message != v.message for (message, _), v in zip(shown, report.violations, strict=True))


def test_a_legal_deck_and_a_swdbg_setup(swdbg_catalogue):
    setup = {"game": "swdbg", "format": "beginner", "setup": {"players": [], "bases_to_win": 9}}
    html = post_panel(page_client("pl"), setup).content.decode()
    report, _ = services.legality_report(**setup)
    with translation.override("pl"):
        polish = [violation_message(v) for v in report.violations]
    assert polish and listed_codes(html) == sorted(report.codes())
    for text, v in zip(polish, report.violations, strict=True):
        assert text != v.message and escape(text) in html, text


# ---- refusals: the API's, code for code ---------------------------------------------------------------------------

HOSTILE = {
    "bad-json": (b'{"game": "swccg", "format": ', 400, "parse-error"),
    "empty": (b"", 400, "invalid-request"),  # DRF reads no parser for an empty body: no fields
    "lone-surrogate": (b'{"game": "swccg", "format": "open", "cards": ["\\ud800"]}', 400, "bad-unicode"),
    "surrogate-in-a-key": (b'{"game": "swccg", "\\udfff": 1}', 400, "bad-unicode"),
    "nul": (b'{"game": "swccg", "format": "open\\u0000", "cards": []}', 400, "bad-unicode"),
    "nested-100000": (b"[" * 100_000 + b"]" * 100_000, 400, "too-deep"),
    "huge-list": (
        json.dumps({"game": "swccg", "format": "open", "cards": ["1_168"] * (MAX_DECK_CARDS + 1)}).encode(),
        400,
        "invalid-request",
    ),
    "too-large": (
        json.dumps({"game": "swccg", "format": "open", "cards": [], "pad": "x" * MAX_BODY}).encode(),
        413,
        "request-too-large",
    ),
    "not-an-object": (b"[1, 2]", 400, "invalid-request"),
    "card-id-not-text": (b'{"game": "swccg", "format": "open", "cards": [7]}', 400, "invalid-request"),
    "unknown-format": (b'{"game": "swccg", "format": "nope", "cards": []}', 400, "unknown-format"),
    "setup-for-swccg": (b'{"game": "swccg", "format": "open", "setup": {}}', 400, "invalid-request"),
}


@pytest.mark.parametrize(("raw", "status", "code"), HOSTILE.values(), ids=list(HOSTILE))
def test_bad_and_hostile_bodies_get_the_apis_coded_refusal(raw, status, code):
    response = post_panel(page_client("it"), raw, raw=True)
    assert (response.status_code, response.json()["code"]) == (status, code), response.content[:300]
    assert response.json()["message"]
    api = APIClient().post("/api/legality/", raw, content_type="application/json")
    assert (api.status_code, api.json()["code"]) == (status, code)


def test_only_json_is_read():
    client = page_client()
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    response = client.post(URL, {"game": "swccg", "format": "open"}, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 415 and response.json()["code"] == "unsupported-media-type", (
        response.content
    )


# ---- CSRF ---------------------------------------------------------------------------------------------------------


def test_the_csrf_token_is_required_anonymous_or_logged_in():
    client = page_client("it")
    refused = post_panel(client, short_body(), token=False)
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    assert "CSRF" in refused.json()["message"]
    # A hostile body without the token is refused for the token, before it is read.
    refused = post_panel(client, b'{"cards": ["\\ud800"]}', token=False, raw=True)
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    wrong = client.post(
        URL, json.dumps(short_body()), content_type="application/json", HTTP_X_CSRFTOKEN="x" * 32
    )
    assert wrong.status_code == 403 and wrong.json()["code"] == "forbidden"
    user = User.objects.create(username="mon")
    client.force_login(user)
    client.get("/decks/new/")  # a new token after logging in
    assert post_panel(client, short_body(), token=False).status_code == 403
    assert post_panel(client, short_body()).status_code == 200


def test_a_get_is_not_allowed():
    response = page_client().get(URL)
    assert response.status_code == 405 and response.json()["code"] == "method-not-allowed"
