"""The SWCCG referee (rules/swccg/referee/): for each rule it checks, a record that keeps it and one that breaks
it with the expected code; the rulebook's battle examples replayed from records."""

import pytest

from rules.swccg.cards import DARK, LIGHT
from rules.swccg.record import RecordError, check_shape
from rules.swccg.referee import STRICT, referee
from rules.swccg.rulebook import RULES

from .tables import CARDS, codes, record, replay, turn

ACTIVATE_3 = {"type": "activate", "amount": 3}


def dark_turn(*events, end=True):
    return turn(DARK, *events, end=end)


def light_turn(*events, end=True):
    return turn(LIGHT, *events, end=end)


# ---- turns and phases ----


def test_a_plain_opening_turn_keeps_every_rule():
    replayed = replay(*dark_turn(ACTIVATE_3, {"type": "deploy", "card": "1_181", "to": "1_295"}))
    assert replayed.violations == []
    table = replayed.table.snapshot()
    assert table["players"][DARK]["life_force"] == 11  # 20 cards − the site − eight in hand
    assert table["players"][DARK]["reserve"] == 10  # the 2 Force used went back under the Reserve Deck
    assert table["players"][DARK]["force_pile"] == 1  # the unused one stays for the next turns
    assert table["locations"][0]["cards"][DARK][0]["card"] == "1_181#1"
    assert replayed.turns[0].activated == 3 and replayed.turns[0].deployed == ["1_181#1"]


def test_the_dark_side_takes_the_first_turn():
    assert codes(*light_turn(ACTIVATE_3)) == ["not-your-turn", "not-your-turn"]


def test_phases_do_not_come_back():
    events = dark_turn(
        ACTIVATE_3, {"type": "deploy", "card": "1_181", "to": "1_295"}, {"type": "activate", "amount": 1}
    )
    assert codes(*events) == ["phase-order"]


# ---- activation ----


def test_activation_is_at_most_the_icons_plus_one():
    # Dark icons: Mos Eisley 2 + the Cantina 2, plus 1 = 5
    assert codes(*dark_turn({"type": "activate", "amount": 5})) == []
    assert codes(*dark_turn({"type": "activate", "amount": 6})) == ["too-much-activation"]
    assert codes(*dark_turn({"type": "activate", "amount": 3}, {"type": "activate", "amount": 3})) == [
        "too-much-activation"
    ]


def test_force_generation_modifiers_are_recorded_not_guessed():
    boost = {"type": "modify", "player": DARK, "stat": "force_generation", "by": 2, "until": "game"}
    assert codes(boost, *dark_turn({"type": "activate", "amount": 7})) == []


def test_activation_comes_from_the_reserve_deck():
    many = [e for _ in range(3) for e in dark_turn({"type": "activate", "amount": 5}, end=False)[:1]]
    events = [many[0], {"type": "use_force", "player": DARK, "amount": 5}]  # activated and spent: reserve 6
    events += [{"type": "lose_force", "player": DARK, "amount": 6, "from": "reserve"}]
    events += [{"type": "end_turn", "player": DARK}]  # recirculates the 5 used: reserve 5
    events += light_turn()
    events += dark_turn({"type": "activate", "amount": 5}, end=False)
    assert codes(*events) == []
    events[-1] = {"type": "activate", "player": DARK, "amount": 6}
    assert "reserve-empty" in codes(*events)


# ---- deploying ----


def test_deploying_is_paid_from_the_force_pile():
    assert codes(*dark_turn(ACTIVATE_3, {"type": "deploy", "card": "1_168", "to": "1_295"})) == [
        "not-enough-force"
    ]


def test_a_deploy_cost_is_the_printed_one_with_the_modifiers_recorded():
    assert codes(*dark_turn(ACTIVATE_3, {"type": "deploy", "card": "1_181", "to": "1_295", "cost": 1})) == [
        "wrong-cost"
    ]
    cheaper = {"type": "modify", "card": "1_181", "stat": "deploy", "by": -1, "until": "turn"}
    assert (
        codes(*dark_turn(ACTIVATE_3, cheaper, {"type": "deploy", "card": "1_181", "to": "1_295", "cost": 1}))
        == []
    )


def test_deploy_where_you_have_presence_or_a_force_icon():
    # The Light Side's Yavin 4: Jungle has no Dark Side icon and no Dark presence.
    events = dark_turn(ACTIVATE_3, end=True) + light_turn(
        {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_137", "cost": 0}
    )
    events += dark_turn(
        {"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_194#1", "to": "1_137"}
    )
    assert codes(*events) == ["no-presence-or-icon"]


def test_spies_deploy_anywhere():
    events = dark_turn(ACTIVATE_3) + light_turn(
        {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_137"}
    )
    events += dark_turn({"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_171", "to": "1_137"})
    assert codes(*events) == []  # Djas Puhr is a spy


def test_starships_deploy_to_systems_characters_to_sites():
    events = dark_turn({"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_289"}, end=False)
    assert codes(*events, {"type": "deploy", "player": DARK, "card": "1_194#1", "to": "1_289"}) == [
        "wrong-location-kind"
    ]
    assert codes(*events, {"type": "deploy", "player": DARK, "card": "1_301", "to": "1_295", "cost": 0}) == [
        "wrong-cost",
        "wrong-location-kind",
    ]


def test_a_card_is_deployed_from_hand():
    assert codes(*dark_turn(ACTIVATE_3, {"type": "deploy", "card": "1_194#5", "to": "1_295"})) == [
        "not-in-hand"
    ]
    assert codes(*dark_turn(ACTIVATE_3, {"type": "deploy", "card": "9_999", "to": "1_295"})) == [
        "unknown-card"
    ]


def test_uniqueness_on_table():
    second = [{"type": "draw", "player": DARK, "kind": "opening", "cards": ["1_171#2"]}]
    second += [
        {"type": "modify", "card": f"1_171#{i}", "stat": "deploy", "by": -4, "until": "game"} for i in (1, 2)
    ]
    deploy = [{"type": "deploy", "card": f"1_171#{i}", "to": "1_295", "cost": 0} for i in (1, 2)]
    assert codes(*second, *dark_turn(ACTIVATE_3, *deploy), extra={DARK: ["1_171"]}) == ["unique-on-table"]


def test_the_opponents_version_of_a_location_converts_it():
    events = dark_turn(ACTIVATE_3, {"type": "deploy", "card": "1_194#1", "to": "1_295"})
    events += [{"type": "draw", "player": LIGHT, "kind": "opening", "cards": ["1_133"]}]
    events += light_turn({"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_133"})
    replayed = replay(*events)
    assert replayed.violations == []
    mos_eisley = replayed.table.snapshot()["locations"][0]
    assert mos_eisley["card"] == "1_133#1" and mos_eisley["icons"] == {
        DARK: 1,
        LIGHT: 2,
    }  # the Light Side's card now
    assert [c["card"] for c in mos_eisley["cards"][DARK]] == ["1_194#1"]


def test_players_who_choose_the_same_starting_location_choose_again():
    same = [
        {"type": "start_location", "player": DARK, "card": "1_295"},
        {"type": "start_location", "player": LIGHT, "card": "1_133"},
    ]
    assert codes(*same, opening=False) == ["same-starting-location"]


def test_the_persona_rule():
    luke = light_turn({"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_19", "to": "1_128"})
    jedi = [{"type": "draw", "player": LIGHT, "kind": "opening", "cards": ["test_luke"]}]
    free = {"type": "modify", "card": "test_luke", "stat": "deploy", "by": -6}
    second = light_turn(
        {"type": "activate", "amount": 3}, free, {"type": "deploy", "card": "test_luke", "to": "1_128"}
    )
    events = dark_turn(ACTIVATE_3) + jedi + luke + dark_turn(ACTIVATE_3) + second
    assert codes(*events) == ["persona-on-table"]


# ---- control and drains ----


def _stormtrooper_at_the_cantina():
    return dark_turn(ACTIVATE_3, {"type": "deploy", "card": "1_194#1", "to": "1_128"}) + light_turn(
        {"type": "activate", "amount": 3}
    )


def test_a_force_drain_where_you_control():
    drain = {"type": "drain", "location": "1_128", "amount": 2}  # the Cantina's two Light Side icons
    lose = {"type": "lose_force", "player": LIGHT, "amount": 2, "from": "reserve"}
    replayed = replay(
        *_stormtrooper_at_the_cantina(), *dark_turn({"type": "activate", "amount": 2}, drain, end=False), lose
    )
    assert replayed.violations == []
    assert replayed.table.players[LIGHT].life_force == 11 - 2
    assert replayed.turns[-1].drains == [{"location": "1_128#1", "amount": 2}]


def test_drains_need_control_the_right_amount_and_happen_once():
    base = _stormtrooper_at_the_cantina()
    lose = {"type": "lose_force", "player": LIGHT, "amount": 2, "from": "reserve"}
    assert codes(*base, *dark_turn({"type": "drain", "location": "1_128", "amount": 3}, end=False), lose) == [
        "wrong-drain"
    ]
    twice = [{"type": "drain", "location": "1_128", "amount": 2}, lose] * 2
    assert codes(*base, *dark_turn(*twice, end=False)) == ["drained-twice"]
    assert (
        codes(*dark_turn({"type": "drain", "location": "1_295", "amount": 1}, end=False))
        == [
            "no-control",
            "force-loss-unpaid",
        ][:1]
    )


def test_force_owed_is_lost_before_the_phase_ends():
    base = _stormtrooper_at_the_cantina()
    events = base + dark_turn(
        {"type": "drain", "location": "1_128", "amount": 2}, {"type": "end_phase", "phase": "control"}
    )
    assert codes(*events) == ["force-loss-unpaid"]


def test_no_drain_without_opponent_icons():
    drain_modifier = {"type": "modify", "location": "1_128", "player": LIGHT, "stat": "icons", "by": -2}
    events = _stormtrooper_at_the_cantina() + [drain_modifier]
    assert codes(*events, *dark_turn({"type": "drain", "location": "1_128", "amount": 0}, end=False)) == [
        "no-opponent-icons"
    ]


# ---- battles ----


def _rulebook_diagram():
    """The rulebook's battle: the Dark Side (power 5: a defending Trooper Guard at +4 and a Stormtrooper) against
    BoShek (power 2, ability 4) at the Cantina."""
    return (
        dark_turn(
            ACTIVATE_3,
            {"type": "deploy", "card": "1_181", "to": "1_128"},
            {"type": "deploy", "card": "1_194#1", "to": "1_128"},
        )
        + light_turn(
            {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_127"}
        )  # Tatooine: 2 icons more
        + dark_turn(ACTIVATE_3)
        + light_turn(
            {"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_4", "to": "1_128"}, end=False
        )
        + [
            {"type": "modify", "card": "1_181", "stat": "power", "by": 4, "until": "battle"},  # defending
            {"type": "battle", "player": LIGHT, "location": "1_128"},
            {"type": "draw", "player": LIGHT, "kind": "battle_destiny", "cards": ["1_28#2"], "value": 2},
        ]
    )


def test_the_rulebooks_battle_from_a_record():
    satisfied = [
        {"type": "forfeit", "player": DARK, "card": "1_194#1"},  # attrition 2
        {"type": "lose_force", "player": LIGHT, "amount": 1, "from": "reserve"},  # battle damage 5 − 4
        {"type": "battle_end", "location": "1_128"},
    ]
    replayed = replay(*_rulebook_diagram(), *satisfied)
    assert replayed.violations == []
    battle = replayed.turns[-1].battles[0]
    assert battle["totals"] == {DARK: 5, LIGHT: 4} and battle["winner"] == DARK
    assert battle["destinies"][LIGHT] == [2]


def test_battle_damage_and_attrition_must_be_met():
    events = _rulebook_diagram() + [{"type": "battle_end", "location": "1_128"}]
    assert codes(*events) == ["attrition-unsatisfied", "battle-damage-unsatisfied"]


@pytest.mark.parametrize(
    ("destiny", "forfeits", "expected"),
    [(4, ["1_194#1"], []), (5, ["1_194#1"], ["attrition-unsatisfied"]), (5, ["1_168"], [])],
)
def test_vaders_immunity_in_a_record(destiny, forfeits, expected):
    events = dark_turn(
        {"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_194#1", "to": "1_128"}
    )
    events += light_turn({"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_19", "to": "1_128"})
    events += dark_turn({"type": "activate", "amount": 5}, {"type": "use_force", "amount": 0}, end=False)
    # Vader walks in for free (a recorded modifier), then battles Luke.
    events += [
        {"type": "modify", "card": "1_168", "stat": "deploy", "by": -6, "until": "turn"},
        {"type": "deploy", "player": DARK, "card": "1_168", "to": "1_128", "cost": 0},
        {"type": "battle", "player": DARK, "location": "1_128"},
        {"type": "draw", "player": LIGHT, "kind": "battle_destiny", "cards": ["1_28#2"], "value": destiny},
    ]
    events += [{"type": "forfeit", "player": DARK, "card": c} for c in forfeits]
    events += [{"type": "battle_end", "location": "1_128"}]
    found = [c for c in codes(*events) if c != "battle-damage-unsatisfied"]
    assert found == expected


def test_battle_rules():
    events = dark_turn(
        {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_194#1", "to": "1_128"}, end=False
    )
    assert codes(*events, {"type": "battle", "player": DARK, "location": "1_128"}) == ["no-battle-here"]
    battle = _rulebook_diagram()
    done = [
        {"type": "forfeit", "player": DARK, "card": "1_194#1"},
        {"type": "lose_force", "player": LIGHT, "amount": 1, "from": "reserve"},
    ]
    again = {"type": "battle", "player": LIGHT, "location": "1_128"}
    assert codes(*battle, *done, {"type": "battle_end", "location": "1_128"}, again)[:1] == ["battled-twice"]
    assert codes({"type": "battle_end", "location": "1_128"}) == ["no-battle"]


def test_one_battle_destiny_at_ability_8():
    events = _rulebook_diagram() + [
        {"type": "draw", "player": LIGHT, "kind": "battle_destiny", "cards": ["1_28#3"], "value": 1},
        {"type": "battle_end", "location": "1_128"},
    ]
    assert codes(*events)[0] == "too-many-destinies"


def test_hit_cards_are_forfeited():
    events = _rulebook_diagram() + [
        {"type": "hit", "player": LIGHT, "card": "1_181"},
        {"type": "forfeit", "player": DARK, "card": "1_194#1"},
        {"type": "lose_force", "player": LIGHT, "amount": 1, "from": "reserve"},
        {"type": "battle_end", "location": "1_128"},
    ]
    assert codes(*events) == ["hit-not-forfeited"]


# ---- movement ----


def test_a_character_moves_site_to_site_once_a_turn():
    events = dark_turn(
        {"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_194#1", "to": "1_295"}, end=False
    )
    move = {"type": "move", "player": DARK, "card": "1_194#1", "to": "1_128", "kind": "site"}
    back = {"type": "move", "player": DARK, "card": "1_194#1", "to": "1_295", "kind": "site"}
    assert codes(*events, move) == []
    assert codes(*events, move, back) == ["moved-twice"]


def test_starships_move_by_hyperspeed_with_a_pilot_and_a_nav_computer():
    falcon = [{"type": "modify", "player": LIGHT, "stat": "force_generation", "by": 2, "until": "game"}]
    falcon += light_turn({"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_127", "cost": 0},
                        {"type": "deploy", "card": "1_135", "cost": 0}, {"type": "deploy", "card": "1_143", "to": "1_127"}, end=False)  # fmt: skip
    to_yavin = {"type": "move", "player": LIGHT, "card": "1_143", "to": "1_135", "kind": "hyperspace"}
    assert codes(*dark_turn(ACTIVATE_3), *falcon, to_yavin) == ["no-pilot"]
    han = {"type": "deploy", "player": LIGHT, "card": "1_11", "on": "1_143", "cost": 0}
    cheap = {"type": "modify", "card": "1_11", "stat": "deploy", "by": -3}
    assert codes(*dark_turn(ACTIVATE_3), *falcon, cheap, han, to_yavin) == []  # 3 parsecs, hyperspeed 6
    back = {"type": "move", "player": LIGHT, "card": "1_143", "to": "1_127", "kind": "hyperspace"}
    free_moves = {
        "type": "modify",
        "card": "1_143",
        "stat": "move_cost",
        "by": -1,
    }  # card text: the Force is not the point
    assert codes(*dark_turn(ACTIVATE_3), *falcon, cheap, han, to_yavin, free_moves, back, to_yavin) == [
        "too-far"
    ]


def test_landing_stays_within_a_system():
    events = dark_turn({"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_296", "cost": 0},
                       {"type": "deploy", "card": "1_194#1", "to": "1_295"}, end=False)  # fmt: skip
    assert codes(
        *events, {"type": "move", "player": DARK, "card": "1_194#1", "to": "1_296", "kind": "landing"}
    ) == ["not-same-system"]


# ---- the end of the game ----


def test_the_game_ends_when_a_life_force_is_gone():
    drain_all = [
        {"type": "activate", "player": DARK, "amount": 1},
        {"type": "lose_force", "player": LIGHT, "amount": 11, "from": "reserve"},
    ]
    end = {"type": "game_end", "winner": DARK, "reason": "life_force"}
    replayed = replay(*drain_all, end, result={"winner": DARK, "reason": "life_force"})
    assert replayed.violations == [] and replayed.ended and replayed.winner == DARK
    assert codes(*drain_all, {"type": "game_end", "winner": LIGHT, "reason": "life_force"}) == [
        "result-mismatch"
    ]
    assert codes(*drain_all, {"type": "activate", "player": DARK, "amount": 1}) == ["game-over"]
    assert codes(result={"winner": DARK, "reason": "life_force"}) == ["result-mismatch"]
    assert codes({"type": "game_end", "winner": LIGHT, "reason": "concession"}) == []
    # drawing the last cards of a Life Force into the hand ends the game as well
    last = [
        {"type": "activate", "player": DARK, "amount": 5},
        {"type": "lose_force", "player": DARK, "amount": 6, "from": "reserve"},
    ]
    last.append(
        {"type": "draw", "player": DARK, "kind": "hand", "cards": [f"1_194#{i}" for i in range(3, 8)]}
    )
    replayed = replay(*last)
    assert replayed.violations == [] and replayed.ended and replayed.winner == LIGHT


# ---- modes, shape, bounds ----


def test_strict_replays_stop_at_the_first_violation():
    events = dark_turn({"type": "activate", "amount": 9}, {"type": "deploy", "card": "1_168", "to": "1_295"})
    strict = referee(check_shape(record(*events)), CARDS, STRICT)
    assert [v.code for v in strict.violations] == ["too-much-activation"]
    assert strict.stopped_at == 6 and strict.events_checked == 7
    checking = replay(*events)
    assert [v.code for v in checking.violations] == ["too-much-activation"]  # 9 activated: Vader is paid for


def test_every_violation_code_has_its_rule():
    assert all(len(words) == 3 for words in RULES.values())
    violation = replay(*dark_turn({"type": "activate", "amount": 9})).violations[0].as_dict()
    assert (
        violation["rule"]["section"] == "Fase uno: attivazione"
        and "icone Forza" in violation["rule"]["words"]
    )


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(game="swdbg"),
        lambda r: r.update(players=r["players"][:1]),
        lambda r: r["players"][1].update(side=DARK),
        lambda r: r["events"].append({"type": "teleport"}),
        lambda r: r["events"].append({"type": "activate", "player": DARK, "amount": -1}),
        lambda r: r["events"].append({"type": "activate", "player": DARK, "amount": True}),
        lambda r: r["events"].append({"type": "activate", "player": DARK, "amount": 10**20}),
        lambda r: r["events"].append({"type": "activate", "player": DARK, "amount": 1, "extra": 1}),
        lambda r: r["events"].append({"type": "deploy", "player": DARK, "card": "x" * 65}),
        lambda r: r["events"].append(
            {"type": "draw", "player": DARK, "kind": "hand", "cards": ["1_194"] * 131}
        ),
        lambda r: r["players"][0].update(deck=["1_194"] * 131),
        lambda r: r.update(events=[{"type": "end_turn", "player": DARK}] * 20_001),
        lambda r: r.update(result="dark"),
    ],
)
def test_records_of_the_wrong_shape_are_refused(change):
    bad = record()
    change(bad)
    with pytest.raises(RecordError) as error:
        check_shape(bad)
    assert error.value.code in ("bad-record", "too-many-events") and error.value.message


# ---- a Reserve Deck in a known order ----

DARK_ORDER = ["1_168", "1_181", "1_301", "1_171", "1_289", "1_296"] + [f"1_194#{i}" for i in range(1, 14)]


def _ordered(*events, order=DARK_ORDER):
    ordered = record(*events)
    ordered["players"][0]["reserve_order"] = order
    return referee(check_shape(ordered), CARDS)


def test_draws_come_off_the_top_of_a_reserve_deck_in_a_known_order():
    lose = {"type": "lose_force", "player": DARK, "amount": 1, "from": "reserve", "cards": ["1_194#6"]}
    # the opening eight are the top eight; activating 3 takes #3-#5; the next card lost is #6
    assert _ordered(*dark_turn({"type": "activate", "amount": 3}, end=False), lose).violations == []
    wrong = _ordered(*dark_turn({"type": "activate", "amount": 3}, end=False), {**lose, "cards": ["1_194#9"]})
    assert [v.code for v in wrong.violations] == ["not-the-top-card"]
    assert "1_194#6" in wrong.violations[0].message
    swapped = ["1_181", "1_168"] + DARK_ORDER[2:]
    assert [v.code for v in _ordered(order=swapped).violations] == ["not-the-top-card", "not-the-top-card"]


def test_recirculated_cards_go_under_in_an_unknown_order():
    events = dark_turn({"type": "activate", "amount": 3}, {"type": "use_force", "amount": 3})
    events += light_turn({"type": "activate", "amount": 3})
    # Dark: 8 left after activating: #6 … #13 on top, then the 3 recirculated (unknown): no false alarm on them
    events += [
        {"type": "lose_force", "player": DARK, "amount": 11, "from": "reserve", "cards": DARK_ORDER[11:]}
    ]
    assert _ordered(*events).violations == []


def test_a_reserve_order_lists_every_face_down_card_once():
    assert [v.code for v in _ordered(order=DARK_ORDER[:-1]).violations] == ["bad-order"]
    assert [v.code for v in _ordered(order=DARK_ORDER[:-1] + ["1_194#1"]).violations] == ["bad-order"]


def test_a_starship_carries_what_its_text_allows():
    falcon = [{"type": "modify", "player": LIGHT, "stat": "force_generation", "by": 2, "until": "game"}]
    falcon += [  # each deploys aboard for free (recorded modifiers of their printed costs)
        {"type": "modify", "card": c, "stat": "deploy", "by": -cost, "until": "game"}
        for c, cost in (("1_11", 3), ("1_19", 2), ("1_4", 3), ("1_28#1", 1))
    ]
    falcon += light_turn({"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_127", "cost": 0},
                         {"type": "deploy", "card": "1_143", "to": "1_127"}, end=False)  # fmt: skip
    crew = [
        {"type": "deploy", "player": LIGHT, "card": c, "on": "1_143", "cost": 0}
        for c in ("1_11", "1_19", "1_4", "1_28#1")
    ]
    # May add 2 pilots and 2 passengers: four characters, not five
    assert codes(*dark_turn(ACTIVATE_3), *falcon, *crew) == []
    fifth = [
        {"type": "draw", "player": LIGHT, "kind": "opening", "cards": ["1_28#2"]},
        {"type": "modify", "card": "1_28#2", "stat": "deploy", "by": -1},
    ]
    extra = {"type": "deploy", "player": LIGHT, "card": "1_28#2", "on": "1_143", "cost": 0}
    assert codes(*dark_turn(ACTIVATE_3), *falcon, *crew, *fifth, extra) == ["over-capacity"]


def test_sabacc_choices_in_a_record_have_a_bounded_shape():
    for bad in ({"grey": {}}, {DARK: {"wild": {"7": 1}}}, {DARK: {"wild": {"0": 10**9}}}, {DARK: []}, "x"):
        event = {"type": "sabacc", "player": DARK, "dark": [], "light": [], "winner": None, "assigned": bad}
        with pytest.raises(RecordError):
            check_shape(record(event))


def test_moving_costs_one_force():
    events = dark_turn(
        {"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_194#1", "to": "1_295"}, end=False
    )
    move = {"type": "move", "player": DARK, "card": "1_194#1", "to": "1_128", "kind": "site"}
    assert codes(*events, {**move, "cost": 1}) == []
    assert codes(*events, {**move, "cost": 0}) == ["wrong-cost"]
    cheaper = {"type": "modify", "card": "1_194#1", "stat": "move_cost", "by": -1}
    assert codes(*events, cheaper, {**move, "cost": 0}) == []  # card text, recorded


def test_no_drain_where_card_text_cancels_it():
    cancel = {
        "type": "modify",
        "location": "1_128",
        "player": DARK,
        "stat": "drain",
        "by": -2,
        "until": "turn",
    }
    events = _stormtrooper_at_the_cantina() + dark_turn(
        cancel, {"type": "drain", "location": "1_128", "amount": 0}, end=False
    )
    assert codes(*events) == ["drain-cancelled"]


def test_the_published_record_schema_is_the_one_the_code_builds():
    import json
    from pathlib import Path

    from rules.swccg.record import record_schema

    published = Path(__file__).resolve().parents[3] / "docs" / "swccg-record-schema.json"
    assert json.loads(published.read_text()) == record_schema(), "regenerate docs/swccg-record-schema.json"
