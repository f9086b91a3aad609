"""The referee on the advanced rules (captives, crossing over, Lando and Lobot, sabacc, stealing, weapons): for
each rule a record that keeps it and one that breaks it, with the expected code."""

from rules.swccg.cards import DARK, LIGHT
from rules.swccg.table import CAPTIVE, LOST

from .tables import codes, replay, turn

EXTRA = {
    DARK: ["6_164", "5_99", "4_137", "11_68", "5_106", "1_317"],
    LIGHT: ["5_5"],
}
# The extra cards each side needs in hand (the rest stay in the Reserve Deck for sabacc).
DRAW_EXTRA = [
    {"type": "draw", "player": DARK, "kind": "opening", "cards": ["6_164", "5_99", "1_317"]},
    {"type": "draw", "player": LIGHT, "kind": "opening", "cards": ["5_5"]},
]
FREE = {"until": "game", "stat": "deploy"}


def run(*events, **more):
    return replay(*DRAW_EXTRA, *events, extra=EXTRA, **more)


def codes_of(*events):
    return codes(*DRAW_EXTRA, *events, extra=EXTRA)


def free(card, by):
    return {"type": "modify", "card": card, "by": -by, **FREE}


def _han_meets_djas_puhr():
    """Djas Puhr (a bounty hunter) and a Stormtrooper at the Cantina; Han and Luke deploy there."""
    return (
        turn(DARK, {"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_171", "to": "1_128"},
             {"type": "deploy", "card": "1_194#1", "to": "1_128"})
        + [free("1_11", 3), free("1_19", 2)]
        + turn(LIGHT, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_11", "to": "1_128"},
               {"type": "deploy", "card": "1_19", "to": "1_128"})
        + turn(DARK, {"type": "activate", "amount": 5}, end=False)
    )  # fmt: skip


# ---- captives ----


def test_a_bounty_hunter_seizes_a_captive():
    replayed = run(
        *_han_meets_djas_puhr(), {"type": "capture", "player": DARK, "card": "1_11", "escort": "1_171"}
    )
    assert replayed.violations == []
    han = replayed.table.find(LIGHT, "1_11")
    assert (han.zone, han.escort) == (CAPTIVE, "1_171#1")
    table = replayed.table.snapshot()
    assert table["captives"] == [
        {"card": "1_11#1", "title": "•Han Solo", "escort": "1_171#1", "prison": None, "at": "1_128#1"}
    ]
    assert table["players"][LIGHT]["personas"] == ["HAN", "LUKE"]  # the captive still counts
    assert [c["card"] for c in replayed.table.snapshot()["locations"][1]["cards"][LIGHT]] == ["1_19#1"]


def test_capture_rules():
    base = _han_meets_djas_puhr()
    seize = {"type": "capture", "player": DARK, "card": "1_11", "escort": "1_171"}
    assert codes_of(*base, {**seize, "player": LIGHT}) == ["light-side-capture"]
    assert codes_of(*base, {**seize, "card": "1_194#1"}) == ["not-capturable"]
    assert codes_of(*base, {**seize, "escort": "1_181"}) == ["not-an-escort"]  # in hand, not at the Cantina
    luke = {"type": "capture", "player": DARK, "card": "1_19", "escort": "1_171"}
    assert codes_of(*base, seize, luke) == ["not-an-escort"]  # one captive each
    assert codes_of(*base, seize, {**luke, "escort": "1_194#1"}) == []  # a warrior escorts the other
    assert codes_of(*base, {**seize, "escort": None, "prison": "1_128"}) == ["not-a-prison"]


def test_a_captured_character_escapes_when_no_one_seizes_it():
    before = run(*_han_meets_djas_puhr()).table.players[LIGHT].life_force
    replayed = run(*_han_meets_djas_puhr(), {"type": "capture", "player": DARK, "card": "1_11"})
    assert replayed.violations == []
    assert replayed.table.players[LIGHT].life_force == before + 1  # to the Used Pile


def test_imprisonment_only_at_a_prison():
    events = turn(DARK, {"type": "activate", "amount": 5}, {"type": "deploy", "card": "6_164"},
                  {"type": "deploy", "card": "1_171", "to": "6_164"})  # fmt: skip
    events += [
        {"type": "modify", "location": "6_164", "player": LIGHT, "stat": "icons", "by": 1, "until": "game"}
    ]
    events += turn(
        LIGHT, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_11", "to": "6_164"}
    )
    events += turn(DARK, {"type": "activate", "amount": 3}, end=False)
    jail = {"type": "capture", "player": DARK, "card": "1_11", "prison": "6_164"}
    replayed = run(*events, jail)
    assert replayed.violations == [] and replayed.table.find(LIGHT, "1_11").prison == "6_164#1"


def test_release_and_what_captives_still_count_for():
    seized = [*_han_meets_djas_puhr(), {"type": "capture", "player": DARK, "card": "1_19", "escort": "1_171"}]
    release = {"type": "release", "player": LIGHT, "card": "1_19"}
    assert codes_of(*seized, release) == []
    assert codes_of(*seized, {**release, "card": "1_11"}) == ["not-a-captive"]
    # a captive Luke still counts for the persona rule
    jedi = [
        {"type": "draw", "player": LIGHT, "kind": "opening", "cards": ["test_luke"]},
        free("test_luke", 6),
    ]
    later = turn(DARK) + turn(
        LIGHT, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "test_luke", "to": "1_128"}
    )
    assert codes_of(*seized, *jedi, {"type": "end_turn", "player": DARK}, *later[1:]) == ["persona-on-table"]


# ---- crossing over, Lando and Lobot ----


def test_a_crossed_over_persona_is_barred_to_its_old_side():
    crossed = [*_han_meets_djas_puhr(), {"type": "cross_over", "player": DARK, "card": "1_19"}]
    replayed = run(*crossed)
    assert replayed.violations == [] and replayed.table.find(None, "1_19").owner == DARK
    jedi = [
        {"type": "draw", "player": LIGHT, "kind": "opening", "cards": ["test_luke"]},
        free("test_luke", 6),
    ]
    events = [*crossed, *jedi, {"type": "end_turn", "player": DARK}]
    events += turn(
        LIGHT, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "test_luke", "to": "1_128"}
    )
    assert codes_of(*events) == ["persona-crossed-over", "persona-on-table"]
    assert codes_of(*_han_meets_djas_puhr(), {"type": "cross_over", "player": DARK, "card": "1_171"}) == [
        "unknown-card"
    ]


def _dark_lando():
    return turn(DARK, {"type": "activate", "amount": 5}, {"type": "deploy", "card": "5_99", "to": "1_295"})


def test_light_lando_replaces_dark_lando():
    convert = {"type": "convert", "player": LIGHT, "card": "5_5", "replaces": "5_99"}
    replayed = run(*_dark_lando(), *turn(LIGHT, {"type": "activate", "amount": 3}, convert))
    assert replayed.violations == []
    assert replayed.table.find(DARK, "5_99").zone == LOST
    light_lando = replayed.table.find(LIGHT, "5_5")
    assert light_lando.at == "1_295#1" and light_lando.zone == "table"
    not_lando = {**convert, "replaces": "1_295"}  # the Dark Side's Mos Eisley: no Lando
    assert codes_of(*_dark_lando(), *turn(LIGHT, {"type": "activate", "amount": 3}, not_lando)) == [
        "bad-conversion"
    ]


def test_a_persona_out_of_play_bars_every_version():
    events = [*_dark_lando(), {"type": "place_out_of_play", "player": DARK, "card": "5_99"}]
    events += turn(LIGHT, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "5_5", "to": "1_128"})
    assert codes_of(*events) == ["persona-out-of-play"]


# ---- sabacc ----


def _sabacc(**more):
    return {"type": "sabacc", "player": DARK, **more}


def test_perfect_sabacc():
    event = _sabacc(dark=["4_137", "11_68"], light=["1_28#2", "1_28#3"], winner=DARK)
    replayed = run(event)
    assert replayed.violations == []
    assert [replayed.table.find(LIGHT, k).zone for k in ("1_28#2", "1_28#3")] == [LOST, LOST]  # double loss
    assert codes_of({**event, "winner": LIGHT}) == ["sabacc-result"]


def test_the_winner_takes_a_stake_or_the_loser_loses_a_card():
    event = _sabacc(dark=["5_106", "1_194#5"], light=["1_28#2", "1_28#3"], winner=DARK, gives_up="1_28#2")
    replayed = run(event)
    assert replayed.violations == [] and replayed.table.find(LIGHT, "1_28#2").zone == LOST
    assert codes_of({**event, "gives_up": "1_194#5"}) == ["sabacc-result"]
    staked = run({**event, "stakes": ["1_28"]})
    assert staked.violations == [] and staked.table.find(None, "1_28#2").owner == DARK  # stolen
    assert codes_of({**event, "dark": ["5_106"]}) == ["sabacc-result"]  # two to six cards a hand


def test_no_sabacc_during_a_battle():
    events = [*_han_meets_djas_puhr(), {"type": "battle", "player": DARK, "location": "1_128"}]
    sabacc = _sabacc(dark=["5_106", "1_194#5"], light=["1_28#2", "1_28#3"], winner=DARK, gives_up="1_28#2")
    assert codes_of(*events, sabacc)[:1] == ["sabacc-in-battle"]


# ---- stealing and weapons ----


def test_stealing_from_the_lost_pile():
    lose = {"type": "lose_force", "player": LIGHT, "amount": 1, "from": "hand", "cards": ["1_143"]}
    steal = {"type": "steal", "player": DARK, "card": "1_143"}
    replayed = run(lose, steal)
    assert replayed.violations == [] and replayed.table.find(None, "1_143").owner == DARK
    assert codes_of(steal) == ["card-not-there"]  # still in the Light Side's hand


def test_weapons_fire_in_a_battle_at_a_target_there():
    events = [
        *_han_meets_djas_puhr(),
        {"type": "deploy", "player": DARK, "card": "1_317", "on": "1_194#1", "cost": 0},
    ]
    fire = {"type": "fire_weapon", "player": DARK, "card": "1_317", "target": "1_11", "cost": 1}
    battle = {"type": "battle", "player": DARK, "location": "1_128"}
    assert codes_of(*events, battle, fire) == []
    assert codes_of(*events, fire) == ["no-weapon-target"]


def test_the_players_own_sabacc_choices():
    # Binders is wild (1 to 6) here: the Dark Side may count it as 1 and tie, rather than as 6 and win
    base = _sabacc(dark=["5_106", "1_194#5"], light=["1_28#2", "1_28#3"], wild=["5_106"])
    chosen = {**base, "assigned": {DARK: {"wild": {"0": 1}}}}
    assert codes_of({**chosen, "winner": None}) == []
    assert codes_of({**chosen, "winner": DARK}) == ["sabacc-result"]
    assert codes_of({**base, "winner": DARK, "gives_up": "1_28#2"}) == []  # left open: the best choice
    assert codes_of({**base, "assigned": {DARK: {"wild": {"0": 9}}}, "winner": DARK}) == ["sabacc-result"]
