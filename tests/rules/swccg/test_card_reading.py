"""The SWCCG card page's "How the rules read this card" (rules/views/card_reading.py, added to cardsdb's card page
through CARD_PAGE): each sentence with its effects in words, or marked as not read, in the interface's language."""

from cardsdb.models import Card


def page(client, code, language="en"):
    response = client.get(f"/cards/swccg/{code}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def test_each_sentence_with_its_effects_or_not_read(client, catalogue):
    vader = page(client, "1_168")
    assert 'id="card-reading"' in vader and "How the rules read this card" in vader
    assert "<q>When in battle, adds 1 to each of your battle destiny draws.</q>" in vader
    assert "adds to destiny draws +1 — each of your battle destiny draws" in vader
    assert "<em>while in battle</em>" in vader
    assert "immune to attrition below 5" in vader and 'href="/?q=effect%3Aimmune-attrition"' in vader
    assert "3 of 3 sentences read" in vader and "<strong>not read</strong>" not in vader
    boshek = page(client, "1_4")  # "May make a Kessel Run in place of a smuggler." is not read
    assert "2 of 3 sentences read" in boshek
    assert (
        "<q>May make a Kessel Run in place of a smuggler.</q>" in boshek
        and "<strong>not read</strong>" in boshek
    )


def test_in_italian_and_polish(client, catalogue):
    italian = page(client, "1_168", "it")
    assert "Come le regole leggono questa carta" in italian
    assert "aggiunge alle pescate di destino +1" in italian and "mentre è in battaglia" in italian
    assert "immune al logoramento sotto 5" in italian
    polish = page(client, "1_168", "pl")
    assert "Jak reguły czytają tę kartę" in polish
    assert "dodaje do dobranych przeznaczeń +1" in polish and "podczas bitwy" in polish
    assert "nieodczytane" in page(client, "1_4", "pl")


def test_other_games_cards_have_no_reading(client, catalogue, swtcg_catalogue):
    card = Card.objects.filter(game_id="swtcg").exclude(gametext="").first()
    response = client.get(card.get_absolute_url())
    assert response.status_code == 200 and 'id="card-reading"' not in response.content.decode()
