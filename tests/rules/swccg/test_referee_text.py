"""The referee applies what a card's own text forbids, as the game text reader reads it: where it deploys, whether
it moves, and a permanent weapon that never leaves its character. The cards are real (their printed text read by
the reader), but for "May not deploy to Hoth", which no unit prints about itself (a made-up card, as the persona
tests have one)."""

from dataclasses import replace

import pytest

from rules.swccg.cards import DARK, LIGHT, CcgCard
from rules.swccg.gametext import CardText, read_card
from rules.swccg.places import place_matches
from rules.swccg.record import RecordError, check_shape
from rules.swccg.referee import CHECK, referee

from .tables import CARDS, record, turn


def _read(card: CcgCard, gametext: str) -> CcgCard:
    text = CardText(card.card_id, card.title, card.type, card.subtype, gametext)
    return replace(card, gametext=gametext, effects=read_card(text))


def _unit(card_id, title, side, gametext, **more) -> CcgCard:
    card = CcgCard(card_id, title, side, "Character", "Imperial" if side == DARK else "Rebel", **more)
    return _read(replace(card, uniqueness="•" if title.startswith("•") else ""), gametext)


TEXTS = {
    "5_99": "Deploys only on Cloud City. Adds 2 to power of anything he pilots. When playing Sabacc, may subtract 1 "
    "from or add 1 to your total. If present at a site, can be replaced by opponent with any Light Side Lando.",
    "1_181": "Power +4 when defending a battle. Cannot move.",
}
CARDS_READ = {
    **CARDS,
    **{i: _read(CARDS[i], text) for i, text in TEXTS.items()},
    "3_148": CcgCard("3_148", "•Hoth: Ice Plains (5th Marker)", DARK, "Location", "Site", dark_icons=2,
                     icons=("Exterior", "Planet", "Hoth"), uniqueness="•"),
    "5_166": CcgCard("5_166", "•Cloud City: Carbonite Chamber", DARK, "Location", "Site", dark_icons=2,
                     light_icons=1, icons=("Interior", "Mobile", "Scomp Link", "Cloud City"), uniqueness="•"),
    "9_118": _unit("9_118", "•Myn Kyneugh", DARK, "Deploys only on Coruscant or to Emperor's site (or related "
                   "site). When armed with a Force pike, adds one battle destiny.", deploy=3, ability=3),
    "tarkin_v": _unit("tarkin_v", "•Tarkin (V)", DARK, "Adds one battle destiny if with Vader (or a Rebel at a "
                      "mobile site). Jar Jar and opponent's spies may not deploy to Death Star.", deploy=2, ability=3),
    "5_6": _unit("5_6", "•Lobot", LIGHT, "Deploys only as a 'react' to a Cloud City site or to where your Lando is "
                 "present. When present at a Scomp link, power +2 and opponent's total power is -2 at same site.",
                 ability=2, forfeit=5, deploy=2, personas=("LOBOT",)),
    "not_hoth": _unit("not_hoth", "•Made-up Officer", DARK, "May not deploy to Hoth.", deploy=2, ability=2),
    "108_3": _unit("108_3", "•Luke With Lightsaber", LIGHT, "Adds 2 to power of anything he pilots. Permanent "
                   "weapon is •Luke's Lightsaber (may target a character or creature for free; draw two destiny; "
                   "target hit, and its forfeit = 0, if total destiny > defense value).", power=5, ability=5,
                   forfeit=7, deploy=5, icons=("Pilot", "Warrior", "Permanent Weapon"), personas=("LUKE",)),
}  # fmt: skip
EXTRA = {DARK: ["3_148", "5_166", "5_99", "9_118", "tarkin_v", "not_hoth"], LIGHT: ["108_3", "5_6"]}
DRAWS = [
    {"type": "draw", "player": DARK, "kind": "opening", "cards": EXTRA[DARK]},
    {"type": "draw", "player": LIGHT, "kind": "opening", "cards": EXTRA[LIGHT]},
]
FREE = {"type": "modify", "stat": "deploy", "by": -9, "until": "game"}


def replay(*events):
    return referee(check_shape(record(*DRAWS, *events, extra=EXTRA)), CARDS_READ, CHECK)


def violations(*events):
    return [(v.code, v.message) for v in replay(*events).violations]


def codes(*events):
    return [code for code, _ in violations(*events)]


def dark_deploys(card, to, *before):
    """The Dark Side's Hoth and Cloud City sites on table, then `card` deploys (for free) to `to`."""
    return turn(
        DARK,
        {"type": "activate", "amount": 3},
        {"type": "deploy", "card": "3_148"},
        {"type": "deploy", "card": "5_166"},
        *before,
        {"type": "deploy", "card": card, "to": to},
        end=False,
    )


# ---- where a card deploys ----


def test_a_card_that_deploys_only_on_cloud_city_does_not_deploy_to_hoth():
    free = {**FREE, "card": "5_99"}
    assert codes(free, *dark_deploys("5_99", "5_166")) == []
    found = violations(free, *dark_deploys("5_99", "3_148"))
    assert [code for code, _ in found] == ["deploys-only-on"]
    assert '"Deploys only on Cloud City."' in found[0][1] and "Hoth: Ice Plains" in found[0][1]
    violation = replay(free, *dark_deploys("5_99", "3_148")).violations[0].as_dict()
    assert violation["cards"] == ["5_99#1", "3_148#1"]
    assert violation["rule"]["title"] == "Game text" and "precedenza" in violation["rule"]["words"]


def test_a_card_that_may_not_deploy_to_hoth_deploys_elsewhere():
    free = {**FREE, "card": "not_hoth"}
    found = violations(free, *dark_deploys("not_hoth", "3_148"))
    assert [code for code, _ in found] == ["may-not-deploy-to"] and '"May not deploy to Hoth."' in found[0][1]
    assert codes(free, *dark_deploys("not_hoth", "5_166")) == []


def test_a_card_that_deploys_only_as_a_react_is_deployed_as_one():
    # Lobot: "Deploys only as a 'react' to a Cloud City site or to where your Lando is present": the 'react' is the
    # record's to say; where Lando is present is not decided, so the place is not checked
    lobot = {"type": "deploy", "player": LIGHT, "card": "5_6", "to": "5_166"}
    before = [
        *dark_deploys("1_194#1", "1_295"),
        {"type": "end_turn", "player": DARK},
        {**FREE, "card": "5_6"},
    ]
    before += turn(LIGHT, {"type": "activate", "amount": 3}, end=False)
    found = violations(*before, lobot)
    assert [code for code, _ in found] == ["deploys-only-on"] and "deploys only as a 'react'" in found[0][1]
    assert codes(*before, {**lobot, "reaction": True}) == []
    # at a Hoth site Lando may be present: not a deploys-only-on (only the Light Side's missing icon there is)
    assert codes(*before, {**lobot, "to": "3_148", "reaction": True}) == ["no-presence-or-icon"]


def test_a_place_the_table_cannot_decide_is_not_a_violation():
    # Myn Kyneugh: "Coruscant or to Emperor's site (or related site)": Hoth is not Coruscant, but it may be where
    # the Emperor is, which the referee does not decide
    assert codes({**FREE, "card": "9_118"}, *dark_deploys("9_118", "3_148")) == []


def test_a_restriction_on_other_cards_does_not_bind_the_card_that_prints_it():
    # Tarkin (V): "Jar Jar and opponent's spies may not deploy to Death Star" is read as a may-not-deploy-to with
    # no subject; it is about other cards, so Tarkin himself deploys anywhere (here a Cloud City site)
    tarkin = CARDS_READ["tarkin_v"]
    assert [e.target for e in tarkin.effects if e.kind == "may-not-deploy-to"] == ["Death Star"]
    assert codes({**FREE, "card": "tarkin_v"}, *dark_deploys("tarkin_v", "5_166")) == []


# ---- movement ----


def test_a_card_that_cannot_move_does_not_move():
    guard = CARDS_READ["1_181"]
    assert [e.sentence for e in guard.effects if e.kind == "may-not-move"] == ["Cannot move."]
    deploy = dark_deploys("1_181", "1_295")
    move = {"type": "move", "player": DARK, "card": "1_194#1", "to": "1_128", "kind": "site"}
    assert codes(*deploy, {**FREE, "card": "1_194#1"}, {**move, "card": "1_181"}) == ["may-not-move"]
    stormtrooper = {"type": "deploy", "player": DARK, "card": "1_194#1", "to": "1_295"}
    assert (
        codes({**FREE, "card": "1_181"}, *deploy, stormtrooper, move) == []
    )  # a Stormtrooper's says nothing


# ---- permanent weapons ----


def _luke_at_the_cantina():
    """Luke With Lightsaber (his permanent weapon •Luke's Lightsaber) and a Stormtrooper at the Cantina."""
    return (
        turn(DARK, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_194#1", "to": "1_128"})
        + [{**FREE, "card": "108_3"}]
        + turn(LIGHT, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "108_3", "to": "1_128"})
        + turn(DARK, {"type": "activate", "amount": 3}, end=False)
    )  # fmt: skip


def test_a_permanent_weapon_is_not_stolen_apart_from_its_character():
    steal = {"type": "steal", "player": DARK, "card": "108_3", "weapon": "permanent"}
    replayed = replay(*_luke_at_the_cantina(), steal)
    assert [v.code for v in replayed.violations] == ["permanent-weapon-separated"]
    assert "•Luke's Lightsaber" in replayed.violations[0].message
    luke = replayed.table.find(LIGHT, "108_3")
    assert (luke.owner, luke.zone) == (LIGHT, "table")  # nothing moved: the weapon is still Luke's
    forfeit = {"type": "forfeit", "player": LIGHT, "card": "108_3", "weapon": "permanent"}
    assert codes(*_luke_at_the_cantina(), forfeit) == ["permanent-weapon-separated"]
    out = {"type": "place_out_of_play", "player": LIGHT, "card": "108_3", "weapon": "permanent"}
    assert codes(*_luke_at_the_cantina(), out) == ["permanent-weapon-separated"]


def test_a_permanent_weapon_fires_with_its_character():
    battle = {"type": "battle", "player": DARK, "location": "1_128"}
    fire = {
        "type": "fire_weapon",
        "player": LIGHT,
        "card": "108_3",
        "target": "1_194#1",
        "weapon": "permanent",
    }
    assert codes(*_luke_at_the_cantina(), battle, fire) == []
    found = violations(*_luke_at_the_cantina(), fire)  # no battle
    assert found == [("no-weapon-target", "•Luke With Lightsaber's permanent weapon •Luke's Lightsaber fires in "
                      "a battle at a target at its location.")]  # fmt: skip
    # a Stormtrooper has no permanent weapon to fire (nor to lose)
    trooper = {**fire, "player": DARK, "card": "1_194#1", "target": "108_3"}
    assert codes(*_luke_at_the_cantina(), battle, trooper) == ["no-permanent-weapon"]
    steal = {"type": "steal", "player": LIGHT, "card": "1_194#1", "weapon": "permanent"}
    assert codes(*_luke_at_the_cantina(), steal) == ["no-permanent-weapon"]


def test_only_a_permanent_weapon_is_named_apart_from_its_card():
    body = record(
        *DRAWS, {"type": "steal", "player": DARK, "card": "108_3", "weapon": "lightsaber"}, extra=EXTRA
    )
    try:
        check_shape(body)
    except RecordError as error:
        assert error.code == "bad-record" and "weapon must be one of permanent" in error.message
    else:
        raise AssertionError("a weapon other than 'permanent' is not a record's word")


# ---- against the stored catalogue: the adapter gives the referee each card's text read ----


def test_the_stored_cards_carry_their_text_to_the_referee(client, catalogue):
    extra = {DARK: ["3_148", "5_166", "5_99"], LIGHT: ["108_3"]}
    draws = [
        {"type": "draw", "player": DARK, "kind": "opening", "cards": extra[DARK]},
        {"type": "draw", "player": LIGHT, "kind": "opening", "cards": extra[LIGHT]},
    ]
    events = dark_deploys("5_99", "3_148") + [
        {"type": "steal", "player": DARK, "card": "108_3", "weapon": "permanent"}
    ]
    response = client.post(
        "/api/games/swccg/replay?mode=check",
        record(*draws, *events, stored=True, extra=extra),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    found = [(v["code"], v["message"], v["cards"]) for v in response.json()["violations"]]
    assert found[0] == (
        "deploys-only-on",
        '•Lando Calrissian deploys only on Cloud City ("Deploys only on Cloud City."); •Hoth: Ice Plains (5th '
        "Marker) is not there.",
        ["5_99#1", "3_148#1"],
    )
    assert found[1][0] == "permanent-weapon-separated" and "•Luke's Lightsaber" in found[1][1]
    assert len(found) == 2


# ---- the places a text names, against a location ----


def _site(title, *icons, subtype="Site"):
    return CcgCard("x", title, DARK, "Location", subtype, icons=icons)


@pytest.mark.parametrize(
    ("target", "location", "carrier", "expected"),
    [
        ("Cloud City", _site("•Cloud City: Carbonite Chamber", "Interior", "Cloud City"), None, True),
        ("Cloud City", _site("•Bespin: Cloud City", "Planet", subtype="Sector"), None, True),  # its own name
        ("Cloud City", _site("•Hoth: Ice Plains (5th Marker)", "Exterior", "Hoth"), None, False),
        ("Hoth", _site("•Hoth", subtype="System"), None, True),  # a starship's pilot at the system is on Hoth
        ("Wampa Cave", _site("•Hoth: Wampa Cave"), None, True),
        ("Tatooine", _site("•Jabba's Palace: Audience Chamber", "Interior", "Jabba's Palace"), None, True),
        # a location's icons name its expansion, never a place: this Naboo site is not on Coruscant
        ("Coruscant", _site("•Naboo: Theed Palace Courtyard", "Exterior", "Coruscant"), None, False),
        ("aboard Executor", _site("•Executor: Holotheatre", "Interior", "Dagobah"), None, True),
        ("Dagobah", _site("•Executor: Holotheatre", "Interior", "Dagobah"), None, False),
        ("any Death Star site", _site("•Death Star II: Throne Room"), None, False),  # another system
        ("any Death Star site", _site("•Death Star", subtype="System"), None, False),  # a site, not the system
        ("Falcon, Hoth or Cloud City", _site("•Tatooine", subtype="System"), CARDS["1_143"], True),
        ("aboard Executor or on any Death Star Site", _site("•Tatooine", subtype="System"), CARDS["1_143"], False),
        ("interior sites", _site("•Cloud City: Carbonite Chamber", "Interior"), None, True),
        ("interior sites", _site("•Hoth: Ice Plains", "Exterior"), None, False),
        # undecidable: more than names and icons tell
        ("Coruscant or to Emperor's site (or related site)", _site("•Hoth: Ice Plains"), None, None),
        ("Coruscant or to Emperor's site (or related site)", _site("•Coruscant: Docking Bay"), None, True),
        ("Mon Calamari or any Rebel Base", _site("•Hoth: Echo Command Center"), None, None),
        ("same site as Jabba", _site("•Tatooine: Cantina"), None, None),
        ("Hoth but may move elsewhere", _site("•Tatooine: Cantina"), None, None),
    ],
)  # fmt: skip
def test_the_places_a_text_names(target, location, carrier, expected):
    assert place_matches(target, location, carrier) is expected


def test_cloud_city_and_jabbas_palace_sites_are_in_their_planets_systems():
    assert _site("•Jabba's Palace: Audience Chamber").system == "Tatooine"
    assert (
        _site("•Tatooine: Jabba's Palace").system == "Tatooine"
    )  # so moving between them stays in one system
    assert _site("•Cloud City: Upper Walkway").system == "Bespin" == _site("•Bespin: Cloud City").system
    assert _site("•Hoth: Ice Plains (5th Marker)").system == "Hoth"
