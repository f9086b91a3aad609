"""Issue #25: the words the pages write themselves (a card's standing and why, format names, a deck's history, a
replay's kind) are in the page's language; what the data holds stays as it is."""

import pytest
from django.utils import translation

from decks.legality.card_formats import swccg_standing, swtcg_standing
from decks.legality.formats import FormatRules
from decks.legality.records import LegalityCard
from decks.legality.swtcg import TcgCard, TcgFormat

LANGS = ("it", "pl")


def gemp(card_id, **kw):
    return LegalityCard(id=card_id, card=card_id, title="X", side="Light", category="EFFECT", **kw)


def fmt(**kw):
    return FormatRules(code="open", name="Open", version="1", **kw)


@pytest.mark.parametrize(
    "lang, rules, card, expected",
    [
        (
            "it",
            fmt(banned_rarities=frozenset({"R1"})),
            gemp("1_1", rarity="R1"),
            "la rarità R1 è bandita nel formato",
        ),
        (
            "pl",
            fmt(banned_rarities=frozenset({"R1"})),
            gemp("1_1", rarity="R1"),
            "rzadkość R1 jest zakazana w formacie",
        ),
        (
            "it",
            fmt(banned=frozenset({"1_1"})),
            gemp("1_1"),
            "nella lista delle carte bandite del formato (1_1)",
        ),
        ("pl", fmt(banned=frozenset({"1_1"})), gemp("1_1"), "na liście zakazanych kart formatu (1_1)"),
        ("en", fmt(banned=frozenset({"1_1"})), gemp("1_1"), "on the format's ban list (1_1)"),
    ],
)
def test_the_card_pages_reasons_are_in_its_language(lang, rules, card, expected):
    with translation.override(lang):
        assert swccg_standing([card], rules, own="1_1").reason == expected


def test_a_count_in_a_reason_takes_polish_forms():
    card = TcgCard(
        id="ANH_1",
        title="Han Solo (A)",
        name="Han Solo",
        version="A",
        side="Light",
        type="Character",
        set="ANH",
    )
    rules = TcgFormat(code="std", name="Standard", version="1", copy_limit=4)
    with translation.override("pl"):
        assert swtcg_standing([card], ["ANH"], rules).reason == "najwyżej 4 kopie"
    with translation.override("it"):
        assert swtcg_standing([card], ["ANH"], rules).reason == "al massimo 4 copie"
