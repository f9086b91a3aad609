"""Legality messages in the pages' language (issue #12): every code and phrasing of the three checkers, built by
the real checkers on the imported catalogues, reads in English exactly as the checker wrote it, and in Italian
and Polish in other words with the same numbers and card names; the pages show them translated, the API never.
"""

from collections import defaultdict

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import translation
from rest_framework.test import APIClient

from decks.deck import services as deck_services
from decks.legality.checker import check_deck
from decks.legality.formats import from_gemp
from decks.legality.messages import (
    ARENA_PARAMS,
    MESSAGES,
    SIDE_PARAMS,
    shown_report,
    violation_hint,
    violation_message,
)
from decks.legality.pool import card_pool, format_rules, setup_pool, tcg_pool
from decks.legality.swdbg import check_setup, rules_from_definition
from decks.legality.swtcg import check_tcg_deck
from decks.legality.violations import CODES
from decks.models import Deck, Format
from tests.decks.test_swdbg_setup import EMPIRE_STARTER, REBEL_STARTER, REPUBLIC_STARTER, player

pytestmark = pytest.mark.usefixtures("catalogue", "swtcg_catalogue", "swdbg_catalogue")

LANGUAGES = ("it", "pl")
# Params shown in other words (sides, factions, arenas, SW:DBG deck kinds and roles) or not at all.
NOT_LITERAL = SIDE_PARAMS | ARENA_PARAMS | {"variant", "deck", "role", "sides", "player", "index"}


def rules(game: str, code: str):
    return format_rules(Format.objects.get(game=game, code=code))


# ---- SWCCG -----------------------------------------------------------------------------------------------------


def swccg_reports() -> list:
    pool = card_pool()
    open_ = rules("swccg", "open")
    cards = sorted(pool.cards.values(), key=lambda c: c.id)

    def ids(test, n=1):
        return [c.id for c in cards if test(c)][:n]

    dark = ids(lambda c: c.side == "Dark" and c.category == "CHARACTER" and c.set == "1", 60)
    light = ids(lambda c: c.side == "Light" and c.category == "CHARACTER" and c.set == "1", 60)
    objectives = ids(lambda c: c.side == "Dark" and c.category == "OBJECTIVE", 2)
    starting = ids(lambda c: c.side == "Dark" and c.category == "EFFECT" and c.subtype == "STARTING", 2)
    shield = ids(lambda c: c.side == "Dark" and c.category == "DEFENSIVE_SHIELD")
    game_aid = ids(lambda c: c.category == "GAME_AID")
    outside_only = ids(lambda c: c.outside_deck_only)
    filler = (dark * 2)[:60]
    reports = [
        # unknown ids in and outside the deck, a game aid, an outside-only card, too few cards
        check_deck(["99_999", "99_999", *game_aid, *outside_only, *dark[:10]], ["98_1"], open_, pool),
        check_deck(filler + dark[:3], [], open_, pool),  # 63 cards: remove 3
        check_deck(filler[:59] + light[:1], [], open_, pool),  # mostly Dark: remove the Light cards
        check_deck(light[:59] + dark[:1], [], open_, pool),  # mostly Light: remove the Dark cards
        check_deck(filler[:58] + light[:2], [], open_, pool, side="Dark"),  # side-mismatch
        check_deck(filler[:56] + objectives + starting, [], open_, pool),  # two of each
        check_deck(light[:58] + ["204_35", "204_35"], [], open_, pool),  # The Falcon, Junkyard Garbage: 1
        check_deck(filler[:59] + ["10_42"], [], open_, pool),  # Jabba's Prize without Carbon Chamber Testing
        check_deck(filler, (dark * 3)[:51], open_, pool),  # 51 cards outside the deck
        check_deck(filler[:59] + ["13_69"], shield * 11, open_, pool),  # Fear Is My Ally: 10 shields at most
    ]
    # Restricted: no GEMP format restricts a card; the Open definition with one restricted card.
    fmt = Format.objects.get(game="swccg", code="open")
    restricted = from_gemp({**fmt.definition, "restricted": [dark[0]]}, fmt.house_rules, source="test")
    reports.append(check_deck(filler, [], restricted, pool))
    # A card off Premiere's sets with a printing there (the hint names it), an Episode I icon in Classic, a
    # rarity Scavenger bans and a card Jawa bans.
    premiere = rules("swccg", "premiere")
    table_premiere = [c for c in cards if c.set not in premiere.legal_sets and c.category == "CHARACTER"]
    reprinted = next(
        c.id
        for c in table_premiere
        if any(o.set in premiere.legal_sets for o in pool.same_title(c)) and c.side == "Dark"
    )
    reports.append(check_deck([reprinted] + filler[:59], [], premiere, pool))
    classic = rules("swccg", "classic")
    episode_one = ids(lambda c: "EPISODE_I" in c.icons and c.side == "Dark")
    reports.append(check_deck(episode_one + filler[:59], [], classic, pool))
    scavenger = rules("swccg", "scavenger_premiere_ds2")
    rare = ids(
        lambda c: c.rarity in scavenger.banned_rarities and c.set in scavenger.legal_sets and c.side == "Dark"
    )
    reports.append(check_deck(rare + filler[:59], [], scavenger, pool))
    jawa = rules("swccg", "jawa")
    banned = sorted(jawa.banned)[:1]
    reports.append(check_deck(banned + filler[:59], [], jawa, pool))
    return reports


# ---- SWTCG -----------------------------------------------------------------------------------------------------


def swtcg_reports() -> list:
    pool = tcg_pool()
    full, wotc = rules("swtcg", "full"), rules("swtcg", "wotc")
    cards = sorted(pool.values(), key=lambda c: c.id)

    def ids(test, n=1, fmt=full):
        return [c.id for c in cards if test(c) and not fmt.bans(c) and not fmt.restricts(c)][:n]

    def units(arena, n):  # n different light units of one arena only
        return ids(lambda c: c.side == "Light" and c.arenas == (arena,), n)

    space, ground, character = units("Space", 12), units("Ground", 12), units("Character", 12)
    assert len(space) == len(ground) == len(character) == 12
    battles = ids(lambda c: c.side == "Light" and c.type == "Battle" and c.set == "ANH", 6)
    legal = space + ground + character + [b for b in battles for _ in range(4)]
    resource = ids(lambda c: c.type.strip().casefold() == "resource")
    dark = ids(lambda c: c.side == "Dark" and c.type == "Battle", 2)
    restricted = next(c.id for c in cards if full.restricts(c) and not full.bans(c) and c.side == "Light")
    banned = next(c.id for c in cards if full.bans(c) and c.side == "Light")
    community = ids(lambda c: c.side == "Light" and c.set == "SOR", fmt=wotc)
    return [
        # unknown ids in and outside the deck; 3 units in all: each arena short, too few units and cards
        check_tcg_deck(["NOPE_1", space[0], ground[0], character[0]], ["NOPE_2", "NOPE_2"], full, pool),
        check_tcg_deck(legal[:40], resource, full, pool),  # a Resource outside: 59 needed
        check_tcg_deck(
            space[:12] + ground[:5] + character[:12] + legal[36:], [], full, pool
        ),  # arena balance
        check_tcg_deck(legal + [restricted] * 2 + [battles[0]], [], full, pool),  # restricted, 5 copies
        check_tcg_deck(legal + [banned], [banned], full, pool),  # banned in and outside the deck
        check_tcg_deck(legal + community, [], wotc, pool),  # a community set
        check_tcg_deck(legal + dark[:1], [], full, pool, side="Dark"),  # side-mismatch, mixed sides
        check_tcg_deck(legal, dark, full, pool),  # another side outside the deck
    ]


# ---- SW:DBG ----------------------------------------------------------------------------------------------------

EMPIRE_BASES = ["Lothal", "Corellia", "Kessel", "Kafrene", "Mustafar"]
REBEL_BASES = ["Dantooine", "Alderaan", "Bespin", "Dagobah", "Hoth"]
REPUBLIC_BASES = ["Rishi", "Anaxes", "Coruscant", "Kamino", "Ryloth"]


def empire(**more):
    return {**player("Empire", EMPIRE_STARTER, EMPIRE_BASES), **more}


def rebel(**more):
    return {**player("Rebel", REBEL_STARTER, REBEL_BASES), **more}


def swdbg_reports() -> list:
    pool = setup_pool()
    beginner, galaxy_format = rules("swdbg", "beginner"), rules("swdbg", "full-galaxy")
    cross = rules("swdbg", "cross-edition")
    # The original edition's beginner bases are not in the data: the Beginner definition naming Empire's five.
    definition = Format.objects.get(game="swdbg", code="beginner").definition
    named = rules_from_definition(
        {
            **definition,
            "beginner_base_decks": {**definition["beginner_base_decks"], "Empire": EMPIRE_BASES},
        }
    )
    galaxy = [c for c in pool.cards.values() if c.deck == "galaxy"]
    empire_card = next(c for c in sorted(galaxy, key=lambda c: c.code) if c.faction == "Empire" and c.copies)
    cw_neutral = next(c.code for c in galaxy if c.faction == "Neutral" and c.edition == "clone_wars_2024")
    separatist = next(c.code for c in galaxy if c.faction == "Separatist")
    unknown_faction = next(c.code for c in galaxy if c.faction == "")
    setups = [
        (beginner, []),  # not an object
        (beginner, {"players": [empire(), rebel()], "extra": 1}),  # an unknown key
        (beginner, {}),  # no players
        (beginner, {"players": "two"}),
        (beginner, {"players": [empire()]}),  # one player
        (beginner, {"players": ["Empire", rebel()]}),
        (
            beginner,
            {
                "players": [
                    {"faction": "Empire", "bases": "Lothal"},  # starter missing, bases not a list
                    {"faction": "Hutt", "starter": [5, {"card": "Stormtrooper", "count": 0}], "bases": []},
                ],
                "bases_to_win": "three",
                "galaxy": [],
            },
        ),
        (
            beginner,
            {
                "players": [
                    {"starter": EMPIRE_STARTER[:2], "bases": EMPIRE_BASES, "starting_base": 5},  # no faction
                    rebel(),
                ],
                "galaxy": {"neutral_edition": 5},
            },
        ),
        # A card nobody knows, a base among the starter cards, a Rebel starter card, a shuttle short, a starter
        # card among the bases, a Rebel base, Lothal twice, too few bases.
        (
            beginner,
            {
                "players": [
                    empire(
                        starter=[
                            {"card": "Imperial Shuttle", "count": 6},
                            {"card": "Stormtrooper", "count": 2},
                            "Inquisitor",
                            "Lothal",
                            "Rebel Trooper",
                            "No Such Card",
                        ],
                        bases=[{"card": "Lothal", "count": 2}, "Stormtrooper", "Dantooine"],
                    ),
                    rebel(),
                ],
                "bases_to_win": 7,
            },
        ),
        # No starting base; a base that is none; Rebel's starting base; a starting base outside the base deck
        (
            beginner,
            {"players": [empire(bases=EMPIRE_BASES[1:] + ["Endor"]), rebel(starting_base="Alderaan")]},
        ),
        (beginner, {"players": [empire(starting_base="Dantooine"), rebel()]}),
        (beginner, {"players": [empire(), empire()]}),  # one faction twice
        (beginner, {"players": [empire(), player("Separatist", [], [])]}),  # both dark, two editions
        (
            beginner,
            {"players": [rebel(), player("Republic", REPUBLIC_STARTER, REPUBLIC_BASES)]},
        ),  # both light
        (
            cross,
            {"players": [empire(), player("Republic", REPUBLIC_STARTER, REPUBLIC_BASES)]},
        ),  # which neutrals?
        (cross, {"players": [empire(), rebel()], "galaxy": {"neutral_edition": "third_2026"}}),
        (beginner, {"players": [empire(), rebel()], "galaxy": {"neutral_edition": "clone_wars_2024"}}),
        # Too few Republic bases where the catalogue holds only five of Full Galaxy's ten
        (galaxy_format, {"players": [empire(), player("Republic", REPUBLIC_STARTER, REPUBLIC_BASES[:4])]}),
        # The Beginner list of Empire bases: one missing and one not in it; one missing; one not in it
        (named, {"players": [empire(bases=EMPIRE_BASES[:4] + ["Endor"]), rebel()]}),
        (named, {"players": [empire(bases=EMPIRE_BASES[:4]), rebel()]}),
        (named, {"players": [empire(bases=[*EMPIRE_BASES, "Endor"]), rebel()]}),
        # A listed galaxy deck: a base in it, too many copies of a card, a Separatist card, a card of no known
        # faction, a Clone Wars neutral card; the Empire and Rebel cards short, and the neutral ones.
        (
            beginner,
            {
                "players": [empire(), rebel()],
                "galaxy": {
                    "cards": [
                        "Lothal",
                        {"card": empire_card.code, "count": empire_card.copies + 1},
                        separatist,
                        unknown_faction,
                        cw_neutral,
                    ]
                },
            },
        ),
        # Cross-edition: a title two factions in play share
        (
            cross,
            {
                "players": [empire(), player("Republic", REPUBLIC_STARTER, REPUBLIC_BASES)],
                "galaxy": {"neutral_edition": "original_2023", "cards": ["Coruscant"]},
            },
        ),
    ]
    return [check_setup(setup, fmt, pool) for fmt, setup in setups]


# ---- every phrasing, in three languages -------------------------------------------------------------------------


@pytest.fixture
def phrasings() -> dict:
    """(code, variant) → the violations the checkers built with that phrasing."""
    found = defaultdict(list)
    for report in swccg_reports() + swtcg_reports() + swdbg_reports():
        for v in report.violations:
            found[(v.code, dict(v.params).get("variant", ""))].append(v)
    return found


def test_every_code_and_phrasing_has_a_template_and_a_checker_builds_each(phrasings):
    assert {code for code, _ in MESSAGES} == set(CODES)
    assert set(MESSAGES) - set(phrasings) == set(), "no scenario builds these"
    assert set(phrasings) - set(MESSAGES) == set(), "no template for these"


def literal_params(violation) -> list[str]:
    return [
        str(value)
        for name, value in violation.params
        if name not in NOT_LITERAL and not isinstance(value, tuple) and value not in (None, "")
    ]


def test_in_english_each_message_and_hint_is_the_checkers_own(phrasings):
    with translation.override("en"):
        for key, violations in phrasings.items():
            for v in violations:
                assert violation_message(v) == v.message, key
                assert violation_hint(v) == v.hint, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_in_italian_and_polish_each_message_is_translated_with_its_numbers_and_names(phrasings, lang):
    for key, violations in phrasings.items():
        for v in violations:
            with translation.override(lang):
                message, hint = violation_message(v), violation_hint(v)
            assert message != v.message, (key, message)
            for value in literal_params(v):
                if value in v.message:
                    assert value in message, (key, value, message)
                if v.hint and value in v.hint:
                    assert value in hint, (key, value, hint)
            if (
                v.hint and key[0] != "requires-card"
            ):  # requires-card's hint is card ids, the same in every language
                assert hint != v.hint, (key, hint)
            if "index" in dict(v.params):
                assert f"players[{dict(v.params)['index']}]" in message


def test_sides_factions_and_arenas_are_named_in_the_language():
    pool = tcg_pool()
    full = rules("swtcg", "full")
    cards = sorted(pool.values(), key=lambda c: c.id)
    light = [c.id for c in cards if c.side == "Light" and c.type == "Battle" and not full.bans(c)][:2]
    dark = [c.id for c in cards if c.side == "Dark" and c.type == "Battle" and not full.bans(c)][:1]
    report = check_tcg_deck(light + dark, [], full, pool)
    mixed = next(v for v in report.violations if v.code == "mixed-sides")
    assert "(Light: 2, Dark: 1)" in mixed.message
    with translation.override("it"):
        assert "(Lato Chiaro: 2, Lato Oscuro: 1)" in violation_message(mixed)
    with translation.override("pl"):
        assert "(Jasna Strona: 2, Ciemna Strona: 1)" in violation_message(mixed)
    setup = {"players": [empire(), empire()]}
    same = check_setup(setup, rules("swdbg", "beginner"), setup_pool()).violations
    with translation.override("it"):
        assert "Impero" in violation_message(next(v for v in same if v.code == "same-faction"))


def test_polish_counts_take_their_plural_forms():
    pool = card_pool()
    open_ = rules("swccg", "open")
    dark = sorted(c.id for c in pool.cards.values() if c.side == "Dark" and c.category == "CHARACTER")
    said = {}
    with translation.override("pl"):
        for size in (1, 3, 5, 22, 61):
            report = check_deck(dark[:size], [], open_, pool)
            said[size] = violation_message(next(v for v in report.violations if v.code == "deck-size"))
    assert said[1].startswith("Talia ma 1 kartę;")
    assert said[3].startswith("Talia ma 3 karty;") and said[22].startswith("Talia ma 22 karty;")
    assert said[5].startswith("Talia ma 5 kart;") and said[61].startswith("Talia ma 61 kart;")


def test_a_violation_without_params_or_template_stays_english():
    from decks.legality.violations import Violation

    bare = Violation("deck-size", "The deck has 3 cards.")
    unknown_variant = Violation("deck-size", "Something else.", params=(("variant", "future"), ("count", 3)))
    with translation.override("it"):
        assert violation_message(bare) == "The deck has 3 cards."
        assert violation_message(unknown_variant) == "Something else."
    # The params never reach the API's answer, nor change what counts as the same violation.
    assert bare == Violation("deck-size", "The deck has 3 cards.", params=(("count", 3),))
    assert set(bare.as_dict()) == {"code", "message", "cards", "hint"}


# ---- the pages in Italian, the API in English --------------------------------------------------------------------


def short_deck(owner, **more) -> Deck:
    dark = sorted(c.id for c in card_pool().cards.values() if c.side == "Dark" and c.category == "CHARACTER")
    return deck_services.deck_create(
        owner=owner,
        game="swccg",
        format_code="open",
        entries=[deck_services.Entry(dark[0], 3, "deck")],
        name="Short",
        side="Dark",
        notes="",
        is_public=True,
        **more,
    )


ENGLISH = "The deck has 3 cards; Open needs exactly 60 (add 57). Cards outside the deck do not count."
ITALIAN = "Il mazzo ha 3 carte; Open ne richiede esattamente 60 (aggiungine 57). Le carte fuori dal mazzo non contano."


def test_the_deck_page_and_the_diff_show_the_message_in_the_pages_language(client):
    owner = User.objects.create_user("mon", password="mothma-pass-123")
    deck = short_deck(owner)
    english = client.get(f"/decks/{deck.pk}/").content.decode()
    assert ENGLISH in english
    italian = client.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert ITALIAN in italian and ENGLISH not in italian
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    deck_services.deck_update(
        deck, entries=[deck_services.Entry(deck.cards.get().code, 3, "deck")], name="Short 2"
    )
    diff = client.get(f"/decks/{deck.pk}/diff/", {"from": 1, "to": 2}).content.decode()
    assert ITALIAN in diff and ENGLISH not in diff


def test_the_builder_checks_in_the_pages_language(client):
    dark = sorted(c.id for c in card_pool().cards.values() if c.side == "Dark" and c.category == "CHARACTER")
    body = {"format": "open", "decklist": "\n".join([dark[0]] * 3), "action": "check", "side": "Dark"}
    italian = client.post("/decks/new/", body, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert 'data-code="deck-size"' in italian and ITALIAN in italian and ENGLISH not in italian
    english = client.post("/decks/new/", body).content.decode()
    assert ENGLISH in english


def test_the_setup_builder_checks_in_the_pages_language(client):
    response = client.post(
        "/decks/setup/new/",
        {"format": "beginner", "setup_json": '{"players": [], "bases_to_win": 9}', "action": "check"},
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    html = response.content.decode()
    report = check_setup({"players": [], "bases_to_win": 9}, rules("swdbg", "beginner"), setup_pool())
    with translation.override("pl"):
        polish = [violation_message(v) for v in report.violations]
    assert response.status_code == 200 and polish
    for text, v in zip(polish, report.violations, strict=True):
        assert text != v.message and text.replace("'", "&#x27;") in html, text


@pytest.mark.parametrize("how", ["header", "cookie"])
def test_the_api_stays_english_whatever_the_language(how):
    api = APIClient()
    dark = sorted(c.id for c in card_pool().cards.values() if c.side == "Dark" and c.category == "CHARACTER")
    body = {"game": "swccg", "format": "open", "cards": [dark[0]] * 3, "outside_deck": ["99_999"]}
    english = api.post("/api/legality/", body, format="json").json()
    if how == "cookie":
        api.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
        answer = api.post("/api/legality/", body, format="json")
    else:
        answer = api.post("/api/legality/", body, format="json", HTTP_ACCEPT_LANGUAGE="it")
    assert answer.content == api.post("/api/legality/", body, format="json").content
    assert answer.json() == english
    assert ENGLISH in [v["message"] for v in english["violations"]]
    assert all(set(v) == {"code", "message", "cards", "hint"} for v in english["violations"])
    setup = {"game": "swdbg", "format": "beginner", "setup": {"players": [], "bases_to_win": 9}}
    assert "bases to win is outside" in str(api.post("/api/legality/", setup, format="json").json())


def test_the_deck_api_stays_english_in_italian():
    owner = User.objects.create_user("bail", password="organa-pass-123")
    deck = short_deck(owner)
    api = APIClient()
    api.force_authenticate(owner)
    body = api.get(f"/api/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="it").json()
    assert [v["message"] for v in body["legality"]["violations"]] == [ENGLISH]
    diff = api.get(f"/api/decks/{deck.pk}/diff/", {"from": 1, "to": 1}, HTTP_ACCEPT_LANGUAGE="pl").json()
    assert [v["message"] for v in diff["legality"]["to_violations"]] == [ENGLISH]


def test_shown_report_keeps_the_reports_keys():
    pool = card_pool()
    report = check_deck(["99_999"], [], rules("swccg", "open"), pool)
    with translation.override("it"):
        shown = shown_report(report)
    assert set(shown) == set(report.as_dict()) and shown["summary"] is report.summary
    assert [v["code"] for v in shown["violations"]] == report.codes()
