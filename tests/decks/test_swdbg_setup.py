"""SW:DBG game setups: the real original-edition cards (CARDSDB_DATA_DIR/swdbg) plus hand-built Clone Wars
records. No database.

The Clone Wars starter cards and beginner bases are the rulebook's; the catalogue has no Clone Wars galaxy
cards yet, so the Clone Wars galaxy here is synthetic ("CW test ..." titles, 10 × 3 per faction and neutral).
"""

import inspect
import json
import re

import pytest
from django.conf import settings

from decks.legality import violations
from decks.legality.swdbg import (
    SETUP_CODES,
    SetupCard,
    SetupPool,
    check_setup,
    load_formats,
    purchasable,
    rules_from_definition,
)
from tests.conftest import require_data

FORMATS = load_formats()
CW = "clone_wars_2024"


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def from_record(record: dict) -> SetupCard:
    """The test's adapter from a card of original_2023.json (the importer maps the same facts to Card)."""
    copies = record["copies"]
    if copies is None:  # starter cards and the Outer Rim Pilot keep their count elsewhere
        copies = record.get("starter_copies") or record.get("outer_rim_pilot_stack_count")
    return SetupCard(
        code=f"{record['edition']}:{slug(record['title'])}",
        title=record["title"],
        faction=record["faction"],
        edition=record["edition"],
        deck=record["deck"],
        card_type=record["card_type"],
        traits=tuple(record["traits"] or ()),
        starting_base=bool(record.get("starting_base")),
        copies=copies,
    )


def cw(title, faction, deck, card_type="unit", copies=1, starting_base=False) -> SetupCard:
    return SetupCard(f"{CW}:{slug(title)}", title, faction, CW, deck, card_type, (), starting_base, copies)


def clone_wars_cards() -> list[SetupCard]:
    cards = [
        # Starter decks and beginner bases as the Clone Wars rulebook lists them.
        cw("Republic Shuttle", "Republic", "starter", copies=7),
        cw("Clone Trooper", "Republic", "starter", copies=2),
        cw("Jedi Knight", "Republic", "starter", copies=1),
        cw("Separatist Shuttle", "Separatist", "starter", copies=7),
        cw("B1 Battle Droid", "Separatist", "starter", copies=2),
        cw("Dark Side Agent", "Separatist", "starter", copies=1),
        cw("Outer Rim Pilot", "Neutral", "outer_rim", copies=10),
    ]
    for faction, titles in (
        ("Republic", ["Rishi", "Anaxes", "Coruscant", "Kamino", "Ryloth"]),
        ("Separatist", ["Xorrn", "Dac", "Felucia", "Geonosis", "Mygeeto"]),
    ):
        cards += [cw(t, faction, "base", "base", 1, starting_base=i == 0) for i, t in enumerate(titles)]
        cards.append(cw(f"CW test {faction} advanced base", faction, "base", "base"))  # synthetic
    for faction in ("Republic", "Separatist", "Neutral"):  # synthetic galaxy: 10 titles × 3 copies
        cards += [cw(f"CW test {faction} {i}", faction, "galaxy", copies=3) for i in range(10)]
    return cards


@pytest.fixture(scope="module")
def original() -> list[dict]:
    return json.loads((require_data() / "swdbg" / "original_2023.json").read_text())["cards"]


@pytest.fixture(scope="module")
def pool(original) -> SetupPool:
    return SetupPool([from_record(r) for r in original] + clone_wars_cards())


def code(title: str, edition: str = "original_2023") -> str:
    return f"{edition}:{slug(title)}"


EMPIRE_STARTER = [
    {"card": "Imperial Shuttle", "count": 7},
    {"card": "Stormtrooper", "count": 2},
    "Inquisitor",
]
REBEL_STARTER = [
    {"card": "Alliance Shuttle", "count": 7},
    {"card": "Rebel Trooper", "count": 2},
    "Temple Guardian",
]
REPUBLIC_STARTER = [
    {"card": "Republic Shuttle", "count": 7},
    {"card": "Clone Trooper", "count": 2},
    "Jedi Knight",
]
SEPARATIST_STARTER = [
    {"card": "Separatist Shuttle", "count": 7},
    {"card": "B1 Battle Droid", "count": 2},
    "Dark Side Agent",
]
EMPIRE_BASES = ["Lothal", "Corellia", "Kessel", "Kafrene", "Mustafar"]
EMPIRE_ALL_BASES = EMPIRE_BASES + ["Ord Mantell", "Coruscant", "Death Star", "Endor", "Rodia"]
REBEL_BASES = ["Dantooine", "Mon Cala", "Dagobah", "Bespin", "Hoth"]
REBEL_ALL_BASES = REBEL_BASES + ["Alderaan", "Jedha", "Tatooine", "Sullust", "Yavin 4"]
REPUBLIC_BASES = ["Rishi", "Anaxes", "Coruscant", "Kamino", "Ryloth"]
SEPARATIST_BASES = ["Xorrn", "Dac", "Felucia", "Geonosis", "Mygeeto"]


def player(faction, starter, bases, **extra) -> dict:
    return {"faction": faction, "starter": starter, "bases": bases, **extra}


def empire(**extra) -> dict:
    return player("Empire", extra.pop("starter", EMPIRE_STARTER), extra.pop("bases", EMPIRE_BASES), **extra)


def rebel(**extra) -> dict:
    return player("Rebel", extra.pop("starter", REBEL_STARTER), extra.pop("bases", REBEL_BASES), **extra)


def republic(**extra) -> dict:
    return player(
        "Republic", extra.pop("starter", REPUBLIC_STARTER), extra.pop("bases", REPUBLIC_BASES), **extra
    )


def separatist(**extra) -> dict:
    bases = extra.pop("bases", SEPARATIST_BASES)
    return player("Separatist", extra.pop("starter", SEPARATIST_STARTER), bases, **extra)


def setup(*players, **extra) -> dict:
    return {"players": list(players), **extra}


def galaxy_list(pool: SetupPool, factions: list[str], neutral_edition: str) -> list[dict]:
    """The standard galaxy deck written out as a card list, as a client would send it."""
    cards = [c for c in pool.cards.values() if c.deck == "galaxy" and c.faction in factions]
    cards += [
        c
        for c in pool.cards.values()
        if c.deck == "galaxy" and c.faction == "Neutral" and c.edition == neutral_edition
    ]
    return [{"card": c.code, "count": c.copies} for c in sorted(cards, key=lambda c: c.code)]


def check(pool, data, fmt="beginner"):
    return check_setup(data, FORMATS[fmt], pool)


# ---- the data and the formats ----


def test_the_real_starter_decks_show_the_roles_by_their_copies(pool):
    """The role of a starter card is read from its copies: each faction has one card each of 7, 2 and 1."""
    rules = FORMATS["beginner"]
    for faction in ("Empire", "Rebel", "Republic", "Separatist"):
        starters = pool.select(deck="starter", faction=faction)
        assert sorted(rules.role(c.copies) for c in starters) == ["agent", "shuttle", "trooper"]
        assert sum(c.copies for c in starters) == rules.starter_size == 10
    assert {c.title: c.copies for c in pool.select(deck="starter", faction="Empire")} == {
        "Imperial Shuttle": 7,
        "Stormtrooper": 2,
        "Inquisitor": 1,
    }


def test_formats_are_data():
    assert set(FORMATS) == {"beginner", "full-galaxy", "cross-edition", "cross-edition-full-galaxy"}
    assert [FORMATS[c].base_deck_size for c in sorted(FORMATS)] == [5, 5, 10, 10]
    full = FORMATS["full-galaxy"]
    assert (full.bases_to_win_default, full.bases_to_win_range, full.bases_to_win_recommended) == (
        3,
        (2, 5),
        4,
    )
    assert FORMATS["beginner"].bases_to_win_recommended is None
    assert full.galaxy_size == 90 and not full.cross_edition and FORMATS["cross-edition"].cross_edition
    assert FORMATS["beginner"].beginner_bases["Separatist"][0] == "Xorrn" and not full.beginner_bases
    assert full.version.startswith("swdbg+") and full.version != FORMATS["beginner"].version


def test_a_definition_is_checked_and_fingerprinted():
    data = json.loads((settings.BASE_DIR / "decks" / "data" / "swdbg_formats.json").read_text())
    definition = {**{k: v for k, v in data.items() if k not in ("formats", "_comment")}, **data["formats"][0]}
    assert rules_from_definition(definition).version == FORMATS["beginner"].version
    assert rules_from_definition({**definition, "base_deck_size": 6}).version != FORMATS["beginner"].version
    with pytest.raises(ValueError):
        rules_from_definition(
            {**definition, "starter": {"size": 10, "roles": [{"role": "shuttle", "copies": 7}]}}
        )
    with pytest.raises(ValueError):
        rules_from_definition({**definition, "bases_to_win": {"default": 6, "min": 2, "max": 5}})


def test_setup_card_normalises_the_deck_name_and_rejects_unknown_ones():
    pilot = SetupCard("x", "Outer Rim Pilot", "Neutral", "original_2023", "outer_rim_pilot_stack", "unit")
    assert pilot.deck == "outer_rim"
    with pytest.raises(ValueError):
        SetupCard("y", "Thing", "Neutral", "original_2023", "hand", "unit")
    with pytest.raises(ValueError):
        SetupPool([pilot, pilot])


# ---- legal setups ----


def test_a_legal_beginner_setup(pool):
    report = check(pool, setup(empire(), rebel(starting_base="dantooine")))
    assert report.legal, report.codes()
    summary = report.summary
    assert [
        (p["faction"], p["starter_cards"], p["base_cards"], p["starting_base"]) for p in summary["players"]
    ] == [
        ("Empire", 10, 5, code("Lothal")),
        ("Rebel", 10, 5, code("Dantooine")),
    ]
    assert summary["galaxy"] == {
        "source": "catalogue",
        "cards": 90,
        "by_faction": {"Empire": 30, "Neutral": 30, "Rebel": 30},
        "required": 90,
    }
    assert summary["bases_to_win"] == 3 and summary["neutral_edition"] == "original_2023"
    # The original edition's beginner base lists are not in the data: said, not hidden.
    assert any("base list for Empire is not in the data" in n for n in summary["notes"])


def test_a_legal_full_galaxy_setup_and_the_recommended_length(pool):
    data = setup(empire(bases=EMPIRE_ALL_BASES), rebel(bases=REBEL_ALL_BASES))
    report = check(pool, data, "full-galaxy")
    assert report.legal, report.codes()
    assert any("recommends playing to 4 bases (this setup: 3)" in n for n in report.summary["notes"])
    report = check(pool, {**data, "bases_to_win": 4}, "full-galaxy")
    assert report.legal and not report.summary["notes"]
    assert [p["base_cards"] for p in report.summary["players"]] == [10, 10]


def test_a_legal_clone_wars_beginner_setup_reads_titles_in_the_players_edition(pool):
    """ "Coruscant" is a base of both editions; the Republic player's means the Clone Wars one."""
    report = check(pool, setup(separatist(), republic()))
    assert report.legal, report.codes()
    assert report.summary["neutral_edition"] == CW
    assert report.summary["galaxy"]["by_faction"] == {"Neutral": 30, "Republic": 30, "Separatist": 30}
    assert report.summary["players"][1]["starting_base"] == code("Rishi", CW)


def test_a_legal_cross_edition_setup_with_the_galaxy_listed(pool):
    cards = galaxy_list(pool, ["Empire", "Republic"], CW)
    data = setup(empire(), republic(), galaxy={"neutral_edition": CW, "cards": cards})
    report = check(pool, data, "cross-edition")
    assert report.legal, report.codes()
    assert report.summary["galaxy"]["source"] == "listed"
    assert report.summary["galaxy"]["by_faction"] == {"Empire": 30, "Neutral": 30, "Republic": 30}
    # The rulebook: "each choose a different faction"; two dark side factions may meet across editions.
    assert check(pool, setup(empire(), separatist(), galaxy={"neutral_edition": CW}), "cross-edition").legal


def test_purchasable_is_own_faction_and_neutral_never_the_enemy(pool):
    data = setup(empire(), republic(), galaxy={"neutral_edition": CW})
    buys = purchasable(data, pool)
    assert set(buys) == {"Empire", "Republic"}
    empire_buys = {pool.cards[c] for c in buys["Empire"]}
    assert {c.faction for c in empire_buys} == {"Empire", "Neutral"}
    assert all(c.edition == CW for c in empire_buys if c.faction == "Neutral")
    assert code("Darth Vader") in buys["Empire"] and code("Darth Vader") not in buys["Republic"]
    assert code("Outer Rim Pilot", CW) in buys["Empire"] and code("Outer Rim Pilot") not in buys["Empire"]
    assert len(buys["Empire"]) == 18 + 10 + 1  # 18 Empire titles, 10 neutral titles, the Outer Rim Pilot
    report = check(pool, data, "cross-edition")
    assert report.summary["purchasable"] == buys


# ---- one scenario per violation code ----


def codes(report) -> set[str]:
    return set(report.codes())


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (["players"], "must be a JSON object"),
        ({}, "players: missing"),
        ({"players": [{}, {}, {}]}, "players: lists 3"),
        ({"players": [], "extra": 1}, "extra: unknown key"),
        (setup(empire(), {**rebel(), "faction": "Sith"}), "'Sith' is not a faction"),
        (setup(empire(), {"faction": "Rebel", "starter": REBEL_STARTER}), "players[1].bases: missing"),
        (setup(empire(starter=[{"card": "Inquisitor", "count": 0}]), rebel()), "players[0].starter[0].count"),
        (setup(empire(bases="Lothal"), rebel()), "players[0].bases: must be a list"),
        (setup(empire(), rebel(), bases_to_win="three"), "bases_to_win: 'three'"),
        (setup(empire(), rebel(), galaxy={"factions": {"Empire": "original_2023"}}), "galaxy.factions"),
    ],
)
def test_bad_setup_names_the_wrong_key(pool, data, fragment):
    report = check(pool, data)
    messages = [v.message for v in report.violations if v.code == "bad-setup"]
    assert any(fragment in m for m in messages), messages


def test_a_malformed_part_is_reported_once_and_not_checked_further(pool):
    report = check(pool, setup(empire(), {"faction": "Rebel", "starter": REBEL_STARTER}))
    assert report.codes() == ["bad-setup"]
    report = check(pool, setup(empire(), rebel(), galaxy={"cards": "all of them"}))
    assert report.codes() == ["bad-setup"]


def test_unknown_and_ambiguous_cards(pool):
    report = check(pool, setup(empire(starter=[*EMPIRE_STARTER[:2], "Grand Inquisitor"]), rebel()))
    unknown = [v for v in report.violations if v.code == "unknown-card"]
    assert [v.cards for v in unknown] == [("Grand Inquisitor",)]
    # "Coruscant" is a base of the Empire and of the Republic: in the galaxy list nothing narrows it.
    data = setup(empire(), republic(), galaxy={"neutral_edition": CW, "cards": ["Coruscant"]})
    ambiguous = [v for v in check(pool, data, "cross-edition").violations if v.code == "ambiguous-card"]
    assert len(ambiguous) == 1 and code("Coruscant") in ambiguous[0].message
    assert code("Coruscant", CW) in ambiguous[0].message


def test_starter_deck_size(pool):
    report = check(pool, setup(empire(starter=EMPIRE_STARTER[:2]), rebel()))
    size = [v for v in report.violations if v.code == "starter-deck-size"]
    assert len(size) == 1 and "9 cards" in size[0].message and "Empire" in size[0].message


def test_starter_deck_composition(pool):
    starter = [{"card": "Imperial Shuttle", "count": 8}, "Stormtrooper", "Inquisitor"]
    report = check(pool, setup(empire(starter=starter), rebel()))
    assert codes(report) == {"starter-deck-composition"}
    by_card = {v.cards: v.message for v in report.violations}
    assert "8 copies of Imperial Shuttle (the shuttle); it needs 7" in by_card[(code("Imperial Shuttle"),)]
    assert "1 copy of Stormtrooper (the trooper); it needs 2" in by_card[(code("Stormtrooper"),)]


def test_starter_faction_and_wrong_deck(pool):
    starter = [{"card": "Imperial Shuttle", "count": 7}, "Stormtrooper", "Rebel Trooper", "TIE Fighter"]
    report = check(pool, setup(empire(starter=starter), rebel()))
    assert [v.cards for v in report.violations if v.code == "starter-faction"] == [(code("Rebel Trooper"),)]
    assert [v.cards for v in report.violations if v.code == "wrong-deck"] == [(code("TIE Fighter"),)]
    assert "starter-deck-composition" in codes(report)  # one Stormtrooper and no Inquisitor


def test_base_deck_size_faction_and_copies(pool):
    report = check(pool, setup(empire(bases=["Lothal", "Corellia", "Kessel", "Hoth"]), rebel()))
    assert codes(report) == {"base-deck-size", "base-faction"}
    assert [v.cards for v in report.violations if v.code == "base-faction"] == [(code("Hoth"),)]
    report = check(
        pool, setup(empire(bases=["Lothal", "Corellia", "Corellia", "Kessel", "Kafrene"]), rebel())
    )
    assert codes(report) == {"card-copies"}
    assert "lists Corellia 2 times" in report.violations[0].message


def test_base_deck_composition_in_the_clone_wars_beginner_game(pool):
    bases = ["Rishi", "Anaxes", "Coruscant", "Kamino", "CW test Republic advanced base"]
    report = check(pool, setup(separatist(), republic(bases=bases)))
    assert codes(report) == {"base-deck-composition"}
    assert "missing Ryloth; not in the list: CW test Republic advanced base" in report.violations[0].message
    # Full Galaxy takes all ten (here: the six the test knows), so no beginner list applies.
    full = check(pool, setup(separatist(), republic(bases=bases)), "full-galaxy")
    assert "base-deck-composition" not in codes(full)


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        ({"bases": ["Corellia", "Kessel", "Kafrene", "Mustafar", "Endor"]}, "no starting base"),
        ({"starting_base": "Corellia"}, "Corellia is not a starting base"),
        ({"bases": EMPIRE_BASES[1:] + ["Endor"], "starting_base": "Lothal"}, "not in the base deck"),
        ({"starting_base": "Dantooine"}, "the Rebel starting base, not yours"),
    ],
)
def test_starting_base(pool, extra, fragment):
    report = check(pool, setup(empire(**extra), rebel()))
    messages = [v.message for v in report.violations if v.code == "starting-base"]
    assert any(fragment in m for m in messages), report.violations
    assert all(v.hint is None or "Lothal" in v.hint for v in report.violations)


def test_same_faction_and_same_side(pool):
    report = check(pool, setup(empire(), empire()))
    assert [v.code for v in report.violations] == ["same-faction"]
    report = check(pool, setup(empire(), separatist(), galaxy={"neutral_edition": CW}))
    assert codes(report) == {"same-faction", "mixed-editions"}
    assert "both on the dark side" in next(v.message for v in report.violations if v.code == "same-faction")


def test_mixed_editions_need_a_cross_edition_format(pool):
    report = check(pool, setup(empire(), republic(), galaxy={"neutral_edition": CW}))
    assert codes(report) == {"mixed-editions"}


def test_bases_to_win(pool):
    for value in (1, 6):
        report = check(pool, setup(empire(), rebel(), bases_to_win=value))
        assert codes(report) == {"bases-to-win"}
    for value in (2, 5):
        assert check(pool, setup(empire(), rebel(), bases_to_win=value)).legal


def test_galaxy_deck_size_and_faction(pool):
    cards = galaxy_list(pool, ["Empire", "Rebel"], "original_2023")
    short = [c for c in cards if c["card"] != code("Darth Vader")]
    report = check(pool, setup(empire(), rebel(), galaxy={"cards": short}))
    assert codes(report) == {"galaxy-deck-size", "galaxy-faction"}
    assert "29 cards of Empire" in next(v.message for v in report.violations if v.code == "galaxy-faction")
    extra = cards + [{"card": "CW test Republic 0", "count": 1}]
    report = check(pool, setup(empire(), rebel(), galaxy={"cards": extra}))
    faction = next(v for v in report.violations if v.code == "galaxy-faction")
    assert "Republic, which nobody plays" in faction.message and faction.cards == (
        code("CW test Republic 0", CW),
    )


def test_galaxy_copies_and_wrong_deck(pool):
    cards = galaxy_list(pool, ["Empire", "Rebel"], "original_2023")
    cards = [c for c in cards if c["card"] != code("TIE Fighter")] + [{"card": "TIE Fighter", "count": 4}]
    report = check(pool, setup(empire(), rebel(), galaxy={"cards": cards + ["Lothal"]}))
    assert "card-copies" in codes(report) and "wrong-deck" in codes(report)
    assert "4 copies of TIE Fighter; the game has 3" in next(
        v.message for v in report.violations if v.code == "card-copies"
    )


def test_neutral_edition(pool):
    report = check(pool, setup(empire(), rebel(), galaxy={"neutral_edition": CW}))
    assert codes(report) == {"neutral-edition"}
    report = check(pool, setup(empire(), republic()), "cross-edition")
    assert (
        codes(report) == {"neutral-edition"}
        and "choose whose 30 neutral cards" in report.violations[0].message
    )
    report = check(pool, setup(empire(), republic(), galaxy={"neutral_edition": "2025"}), "cross-edition")
    assert codes(report) == {"neutral-edition"}
    # A listed galaxy with the other edition's neutral cards.
    cards = galaxy_list(pool, ["Empire", "Republic"], "original_2023")
    data = setup(empire(), republic(), galaxy={"neutral_edition": CW, "cards": cards})
    report = check(pool, data, "cross-edition")
    stray = next(v for v in report.violations if v.code == "neutral-edition")
    assert codes(report) == {"neutral-edition"} and len(stray.cards) == 18


def test_many_violations_come_back_at_once(pool):
    data = setup(
        empire(
            starter=[{"card": "Imperial Shuttle", "count": 7}, "Rebel Trooper"], bases=["Corellia", "Hoth"]
        ),
        empire(starter=["Nobody"], bases=EMPIRE_BASES, starting_base="Kessel"),
        bases_to_win=9,
        galaxy={"cards": ["Lothal"], "colour": "red"},
    )
    report = check(pool, data)
    expected = {
        "starter-deck-size",
        "starter-deck-composition",
        "starter-faction",
        "base-deck-size",
        "base-faction",
        "starting-base",
        "unknown-card",
        "same-faction",
        "bases-to-win",
        "wrong-deck",
        "galaxy-deck-size",
        "galaxy-faction",
        "bad-setup",
    }
    assert expected <= codes(report), expected - codes(report)
    assert report.summary["violations_by_code"]["starter-deck-size"] == 2
    assert not report.legal and report.as_dict()["violations"][0]["code"]


def sw_dbg_block() -> set[str]:
    """The codes registered under the "# SW:DBG game setups" comment of violations.py."""
    source = inspect.getsource(violations)
    block = source.split("# SW:DBG game setups", 1)[1].split("\n}", 1)[0]
    return set(re.findall(r'^\s*"([a-z-]+)":', block, re.M))


def test_every_sw_dbg_code_is_registered_and_produced(pool):
    """Every code of the block (and the reused unknown-card) comes out of some setup here: no dead code."""
    assert SETUP_CODES == sw_dbg_block() | {"unknown-card"}
    assert SETUP_CODES <= set(violations.CODES)
    cards = galaxy_list(pool, ["Empire", "Rebel"], "original_2023")
    scenarios = [
        setup(empire(starter=[*EMPIRE_STARTER[:2], "Rebel Trooper", "Lothal", "Nobody"]), rebel()),
        setup(empire(bases=["Corellia", "Corellia", "Hoth"]), empire(), bases_to_win=1),
        setup(empire(starting_base="Kessel"), rebel(), galaxy={"cards": cards[1:] + ["CW test Republic 0"]}),
        setup(separatist(), republic(bases=["Rishi"])),
        setup(empire(), rebel(), galaxy={"neutral_edition": CW}),
        setup(empire(), republic(), galaxy={"neutral_edition": CW, "cards": ["Coruscant"]}),
        ["not a setup"],
    ]
    produced = {c for data in scenarios for c in check(pool, data).codes()}
    assert produced == SETUP_CODES, SETUP_CODES ^ produced


# ---- what the catalogue does not know ----


def test_galaxy_cards_of_unknown_faction_get_their_own_message(original):
    """Eight Clone Wars galaxy cards come without a faction (Card.side ""): not "cards of , which nobody
    plays", but what is unknown and how to fill it in, naming the cards."""
    unknown = [cw("ARC Trooper", "", "galaxy", copies=None), cw("Asajj Ventress", "", "galaxy", copies=None)]
    pool = SetupPool([from_record(r) for r in original] + clone_wars_cards() + unknown)
    cards = galaxy_list(pool, ["Republic", "Separatist"], CW) + [{"card": "ARC Trooper", "count": 2}]
    report = check(pool, setup(separatist(), republic(), galaxy={"cards": cards + ["Asajj Ventress"]}))
    faction = [v for v in report.violations if v.code == "galaxy-faction"]
    assert len(faction) == 1, faction
    (violation,) = faction
    assert violation.cards == (code("ARC Trooper", CW), code("Asajj Ventress", CW))
    assert violation.message == (
        "The galaxy deck lists 3 cards whose faction the catalogue does not know (ARC Trooper ×2, Asajj "
        "Ventress), so they cannot be counted for any faction: fill the faction in with a card fact "
        "(manage.py import_card_facts swdbg, field faction) or leave them out."
    )
    assert "which nobody plays" not in " ".join(v.message for v in report.violations)
    assert codes(report) == {"galaxy-faction", "galaxy-deck-size"}  # 93 cards listed
    # Reported whoever plays, even when the players are not both readable.
    report = check(pool, setup(separatist(), {"faction": "Jedi"}, galaxy={"cards": ["ARC Trooper"]}))
    assert any("faction the catalogue does not know (ARC Trooper)" in v.message for v in report.violations)


def rulebook_clone_wars_pool(original) -> SetupPool:
    """The catalogue as it is: only the five beginner bases of each Clone Wars faction."""
    cards = [c for c in clone_wars_cards() if "advanced base" not in c.title]
    return SetupPool([from_record(r) for r in original] + cards)


def test_full_galaxy_with_every_base_the_catalogue_holds_is_legal_and_says_what_is_missing(original):
    pool = rulebook_clone_wars_pool(original)
    report = check(pool, setup(separatist(), republic(), bases_to_win=4), "full-galaxy")
    assert report.legal, report.violations
    notes = [n for n in report.summary["notes"] if "bases" in n]
    assert notes == [
        f"The catalogue holds only 5 {faction} bases and lacks the others: Full Galaxy needs 10, so a base "
        "deck of all 5 is accepted here, not checked against 10."
        for faction in ("Separatist", "Republic")
    ]
    # A base deck short even of what the catalogue holds is still too small; the original edition's ten are
    # all in the catalogue, so its five-base deck is checked against ten as before.
    report = check(pool, setup(separatist(bases=SEPARATIST_BASES[:3]), republic()), "full-galaxy")
    (size,) = [v for v in report.violations if v.code == "base-deck-size"]
    assert size.message == (
        "Separatist (players[0]): the base deck has 3 bases; Full Galaxy needs exactly 10, the starting base "
        "included (the catalogue holds only 5 Separatist bases: list them all)."
    )
    report = check(pool, setup(empire(), rebel(), bases_to_win=4), "full-galaxy")
    assert codes(report) == {"base-deck-size"} and not any("bases" in n for n in report.summary["notes"])
    # Across editions the same: the Empire's ten are checked, the Republic's five accepted.
    data = setup(empire(bases=EMPIRE_ALL_BASES), republic(), galaxy={"neutral_edition": CW}, bases_to_win=4)
    report = check(pool, data, "cross-edition-full-galaxy")
    assert report.legal, report.violations
    assert [n for n in report.summary["notes"] if "bases" in n] == [
        "The catalogue holds only 5 Republic bases and lacks the others: Cross-Edition Play, Full Galaxy needs "
        "10, so a base deck of all 5 is accepted here, not checked against 10."
    ]


@pytest.mark.django_db
def test_the_real_catalogue_clone_wars_cards(swdbg_catalogue):
    """The imported catalogue: its faction-less Clone Wars galaxy cards and its five bases per faction."""
    from decks.legality.pool import setup_pool

    pool = setup_pool()
    faceless = sorted(c.title for c in pool.cards.values() if c.deck == "galaxy" and not c.faction)
    assert len(faceless) == 8 and {"ARC Trooper", "Asajj Ventress"} <= set(faceless)
    report = check_setup(
        setup(separatist(), republic(), bases_to_win=4, galaxy={"cards": ["ARC Trooper", "Asajj Ventress"]}),
        FORMATS["full-galaxy"],
        pool,
    )
    assert not {"base-deck-size", "bad-setup", "unknown-card", "ambiguous-card"} & codes(report)
    faction = [v for v in report.violations if v.code == "galaxy-faction"]
    assert any(v.cards == ("cw24_arc-trooper", "cw24_asajj-ventress") for v in faction), faction
    assert not any(", which nobody plays" in v.message for v in faction)
    assert sum("bases and lacks the others: Full Galaxy needs 10" in n for n in report.summary["notes"]) == 2


def test_faction_order_does_not_depend_on_the_definitions_key_order():
    """PostgreSQL's jsonb gives keys back in its own order; the rules put the factions in one fixed order."""
    from decks.legality.swdbg import FORMATS_FILE

    data = json.loads(FORMATS_FILE.read_text())
    shared = {k: v for k, v in data.items() if k not in ("formats", "_comment")}
    definition = {**shared, **data["formats"][0]}
    shuffled = {
        **definition,
        "factions": dict(sorted(definition["factions"].items(), key=lambda kv: len(kv[0]))),
    }
    assert list(rules_from_definition(shuffled).factions) == ["Empire", "Rebel", "Separatist", "Republic"]
    assert list(rules_from_definition(definition).factions) == list(rules_from_definition(shuffled).factions)
