"""The engine as a library: seeded determinism, undo, copy, a coded IllegalAction for every kind of illegal
action (hostile input included) that changes nothing, and the setups it refuses (rules/swdbg/setup.py's check,
rules/setups.py's engine_setup)."""

import copy
import json
import random
from dataclasses import replace

import pytest

from rules.setups import SetupRefused, default_setup, engine_setup
from rules.swdbg.errors import RULES, IllegalAction, SetupError
from rules.swdbg.game import Game

from . import positions

END = {"type": "end_turn"}
EMPIRE, REBEL = 0, 1


def refused(game, action) -> str:
    """The code `game` refuses `action` with; the refusal changes nothing (table, actions, legal actions)."""
    before, legal = positions.table_snapshot(game), copy.deepcopy(game.legal_actions())
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    error = caught.value
    assert positions.table_snapshot(game) == before
    assert positions.fresh(game).legal_actions() == legal
    assert error.code in RULES and error.rule == RULES[error.code] and error.message
    assert error.as_dict() == {"code": error.code, "rule": error.rule, "message": error.message}
    json.dumps(error.as_dict())  # an API can answer with it
    return error.code


def random_actions(game, rng, limit) -> list[dict]:
    played = []
    while game.outcome() is None and len(played) < limit:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        played.append(action)
    return played


# ---- determinism ----


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_a_seed_and_the_actions_reproduce_the_game(new_game, seed):
    first = new_game(seed)
    snapshots = [positions.table_snapshot(first)]
    rng = random.Random(seed)
    while first.outcome() is None and len(first.actions) < 600:
        first.apply(rng.choice(first.legal_actions()))
        snapshots.append(positions.table_snapshot(first))
    second = new_game(seed)
    assert positions.table_snapshot(second) == snapshots[0]
    for action, expected in zip(first.actions, snapshots[1:], strict=True):
        second.apply(copy.deepcopy(action))
        assert positions.table_snapshot(second) == expected
    assert second.outcome() == first.outcome()


def test_a_whole_random_game_replays_to_the_same_result(new_game):
    first = new_game(5)
    random_actions(first, random.Random(5), 100_000)
    assert first.outcome() is not None
    second = new_game(5)
    for action in first.actions:
        second.apply(action)
    assert second.outcome() == first.outcome()
    assert positions.table_snapshot(second) == positions.table_snapshot(first)


def test_different_seeds_deal_different_games(new_game):
    deals = [positions.table_snapshot(new_game(seed)) for seed in range(4)]
    for deal in deals[1:]:
        assert deal["rng"] != deals[0]["rng"]
    assert len({(tuple(d["row"]), tuple(d["players"][0]["hand"])) for d in deals}) > 1


def test_the_same_choices_under_another_seed_differ(new_game):
    first, second = new_game(1), new_game(2)
    for _ in range(6):
        first.apply(END)
        second.apply(END)
    assert positions.table_snapshot(first)["players"] != positions.table_snapshot(second)["players"]


# ---- undo ----


def test_undo_restores_the_previous_state_and_legal_actions(new_game):
    game = new_game(9)
    rng = random.Random(9)
    history = []
    for _ in range(40):
        if game.outcome() is not None:
            break
        history.append((positions.table_snapshot(game), copy.deepcopy(game.legal_actions())))
        game.apply(rng.choice(game.legal_actions()))
    played = list(game.actions)
    for index in range(len(played) - 1, len(played) - 11, -1):
        assert game.undo() == played[index]
        snapshot, legal = history[index]
        assert positions.table_snapshot(game) == snapshot
        assert game.legal_actions() == legal
        assert game.actions == played[:index]


def test_undo_then_the_same_action_gives_the_same_state(new_game):
    game = new_game(4)
    game.apply(END)
    after = positions.table_snapshot(game)
    game.undo()
    game.apply(END)
    assert positions.table_snapshot(game) == after


def test_undo_of_a_decision(new_game):
    """Undo rebuilds from the seed: the Inquisitor must be in a dealt hand, not put there."""
    (inquisitor,) = positions.instances(new_game(1), "Inquisitor")
    seed = next(s for s in range(100) if inquisitor in new_game(s).state.players[EMPIRE].hand)
    game = new_game(seed)
    game.apply({"type": "play", "card": inquisitor})
    pending = positions.table_snapshot(game)
    game.apply({"type": "select", "option": "resources"})
    assert game.state.players[EMPIRE].resources >= 1
    game.undo()
    assert positions.table_snapshot(game) == pending and game.pending()["kind"] == "choose"


def test_undo_without_an_action_raises(new_game):
    game = new_game(3)
    with pytest.raises(IndexError):
        game.undo()


# ---- copy ----


def test_a_copy_is_independent_of_the_original(new_game):
    game = new_game(6)
    random_actions(game, random.Random(6), 15)
    before = positions.table_snapshot(game)
    twin = game.copy()
    assert positions.table_snapshot(twin) == before
    random_actions(twin, random.Random(60), 40)
    twin.state.players[EMPIRE].hand.append(twin.state.galaxy_deck.pop())
    twin.state.force = 0
    assert positions.table_snapshot(game) == before


def test_a_copy_plays_on_exactly_as_the_original(new_game):
    game = new_game(8)
    random_actions(game, random.Random(8), 20)
    twin = game.copy()
    rng = random.Random(80)
    for _ in range(60):
        if game.outcome() is not None:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        twin.apply(action)
    assert positions.table_snapshot(twin) == positions.table_snapshot(game)


def test_the_original_is_independent_of_its_copy(new_game):
    game = new_game(6)
    twin = game.copy()
    twin_before = positions.table_snapshot(twin)
    random_actions(game, random.Random(1), 30)
    assert positions.table_snapshot(twin) == twin_before


# ---- illegal actions: hostile input ----


@pytest.fixture
def game(new_game):
    """The Empire's turn 1 holding the cards numbered 0 and 1, so that False and True would equal them."""
    game = new_game(3)
    empire = game.state.players[EMPIRE]
    for card in (0, 1):
        if card not in empire.hand:
            positions.lift(game, card)
            empire.hand.append(card)
    positions.fresh(game)
    assert {"type": "play", "card": 1} in game.legal_actions()
    return game


HUGE = 10**100
HOSTILE = [
    None,
    [],
    "end_turn",
    7,
    3.5,
    ["type", "end_turn"],
    ({"type": "end_turn"},),
    {},
    {"type": None},
    {"type": 5},
    {"type": "fly"},
    {"type": "END_TURN"},
    {"type": "\ud800"},
    {"type": ["end_turn"]},
    {"type": {"type": "end_turn"}},
    {1: "end_turn"},
    {"type": "play"},
    {"type": "play", "card": 1, "extra": 1},
    {"type": "end_turn", "card": 1},
    {"type": "end_turn", "junk": {"a": [{"b": None}]}},
    {"type": "end_turn", "\ud800": 1},
    {"type": "play", "card": HUGE},
    {"type": "play", "card": -HUGE},
    {"type": "play", "card": -1},
    {"type": "play", "card": 140},
    {"type": "play", "card": True},
    {"type": "play", "card": False},
    {"type": "play", "card": 1.0},
    {"type": "play", "card": "1"},
    {"type": "play", "card": "\ud800"},
    {"type": "play", "card": None},
    {"type": "play", "card": [[{}]]},
    {"type": "play", "card": {"card": 1}},
    {"type": "purchase", "card": None},
    {"type": "ability", "card": True},
    {"type": "commit", "card": 1, "target": HUGE},
    {"type": "commit", "card": 1, "target": True},
    {"type": "commit", "card": 1, "target": "\ud800"},
    {"type": "commit", "card": 1, "target": {"x": [1]}},
    {"type": "commit", "card": 1, "target": None},
    {"type": "commit", "card": 1},
    {"type": "resolve", "target": [["base"]]},
    {"type": "resolve", "target": "BASE"},
    {"type": "select", "option": 1},
    {"type": "select", "option": "\ud800", "amount": "3"},
    {"type": "select", "card": 1, "amount": True},
    {"type": "decline", "card": 1},
]


@pytest.mark.parametrize("action", HOSTILE, ids=[repr(a)[:40] for a in HOSTILE])
def test_hostile_input_is_a_bad_action(game, action):
    assert refused(game, action) == "bad-action"


def test_hostile_card_numbers_are_bad_actions_even_when_equal_to_a_legal_one(game):
    """True == 1 and 1.0 == 1 in Python: the engine must still refuse them, not play card 1."""
    for card in (True, False, 1.0, 0.0):
        assert refused(game, {"type": "play", "card": card}) == "bad-action"
    assert game.actions == []


def test_a_bad_action_while_a_decision_is_pending(game):
    inquisitor = positions.put(game, "Inquisitor", "hand", EMPIRE)
    game.apply({"type": "play", "card": inquisitor})
    assert game.pending()["kind"] == "choose"
    for action in ({"type": "select", "option": ["force"]}, {"type": "select", "card": True}, "decline"):
        assert refused(game, action) == "bad-action"


def test_a_deeply_nested_action_is_refused(game):
    junk: list = []
    for _ in range(10_000):
        junk = [junk]
    assert refused(game, {"type": "play", "card": junk}) == "bad-action"


# ---- illegal actions: each rule's code ----


def test_game_over(full_setup):
    game = Game.new(replace(full_setup, turn_limit=1), 3)
    game.apply(END)
    assert game.outcome() is not None
    assert refused(game, END) == "game-over"
    assert refused(game, {"type": "play", "card": game.state.players[REBEL].hand[0]}) == "game-over"
    assert refused(game, {"type": "decline"}) == "game-over"


def test_decision_pending(game):
    inquisitor = positions.put(game, "Inquisitor", "hand", EMPIRE)
    game.apply({"type": "play", "card": inquisitor})
    assert game.pending()["player"] == EMPIRE
    assert refused(game, END) == "decision-pending"
    assert refused(game, {"type": "play", "card": 1}) == "decision-pending"


def test_not_an_option(game):
    assert refused(game, {"type": "select", "option": "force"}) == "not-an-option"  # nothing pending
    assert refused(game, {"type": "decline"}) == "not-an-option"
    inquisitor = positions.put(game, "Inquisitor", "hand", EMPIRE)
    game.apply({"type": "play", "card": inquisitor})
    assert refused(game, {"type": "select", "option": "hit points"}) == "not-an-option"
    assert refused(game, {"type": "select", "card": 1}) == "not-an-option"


def test_a_decision_that_cannot_be_declined(game):
    cruiser = positions.put(game, "Mon Calamari Cruiser", "in_play", REBEL)
    positions.put(game, "Rebel Transport", "in_play", REBEL)
    at_st = positions.put(game, "AT-ST", "in_play", EMPIRE)
    game.apply({"type": "commit", "card": at_st, "target": "base"})
    game.apply({"type": "resolve", "target": "base"})
    assert game.pending()["kind"] == "assign_damage"
    assert refused(game, {"type": "decline"}) == "not-an-option"
    assert refused(game, {"type": "select", "card": cruiser, "amount": 5}) == "not-an-option"


def test_not_in_hand(game):
    empire = game.state.players[EMPIRE]
    assert refused(game, {"type": "play", "card": empire.deck[-1]}) == "not-in-hand"
    assert refused(game, {"type": "play", "card": game.state.players[REBEL].hand[0]}) == "not-in-hand"
    game.apply({"type": "play", "card": 1})
    assert refused(game, {"type": "play", "card": 1}) == "not-in-hand"


def test_purchase_codes(game):
    xwing, tie, _ = positions.set_row(game, "X-Wing", "TIE Interceptor", "Z-95 Headhunter")
    game.state.players[EMPIRE].resources = 2
    positions.fresh(game)
    assert refused(game, {"type": "purchase", "card": xwing}) == "enemy-card"
    assert refused(game, {"type": "purchase", "card": tie}) == "not-enough-resources"
    assert refused(game, {"type": "purchase", "card": game.state.galaxy_deck[-1]}) == "not-in-galaxy-row"
    assert refused(game, {"type": "purchase", "card": 1}) == "not-in-galaxy-row"


def test_ability_codes(game):
    in_hand = positions.put(game, "TIE Fighter", "hand", EMPIRE)
    assert refused(game, {"type": "ability", "card": in_hand}) == "not-in-play"
    trooper = positions.put(game, "Stormtrooper", "in_play", EMPIRE)
    assert refused(game, {"type": "ability", "card": trooper}) == "no-ability"
    tie = positions.put(game, "TIE Fighter", "in_play", EMPIRE)  # "If you have a capital ship in play…"
    assert refused(game, {"type": "ability", "card": tie}) == "ability-condition"
    smuggler = positions.put(game, "Twi'lek Smuggler", "in_play", EMPIRE)
    game.apply({"type": "ability", "card": smuggler})
    assert refused(game, {"type": "ability", "card": smuggler}) == "ability-used"
    gozanti = positions.put(game, "Gozanti Cruiser", "in_play", EMPIRE)  # costs a card from hand
    positions.clear_hand(game, EMPIRE)
    assert refused(game, {"type": "ability", "card": gozanti}) == "ability-cost"
    rebel_card = positions.put(game, "X-Wing", "in_play", REBEL)
    assert refused(game, {"type": "ability", "card": rebel_card}) == "not-in-play"


def test_attack_codes(game):
    (xwing, z95, _) = positions.set_row(game, "X-Wing", "Z-95 Headhunter", "Mon Calamari Cruiser")
    in_hand = positions.put(game, "Stormtrooper", "hand", EMPIRE)
    assert refused(game, {"type": "commit", "card": in_hand, "target": "base"}) == "not-in-play"
    shuttle = positions.put(game, "Imperial Shuttle", "in_play", EMPIRE)
    assert refused(game, {"type": "commit", "card": shuttle, "target": "base"}) == "no-attack"
    destroyer = positions.put(game, "Star Destroyer", "in_play", EMPIRE)
    assert refused(game, {"type": "commit", "card": destroyer, "target": xwing}) == "capital-ship-target"
    trooper = positions.put(game, "Stormtrooper", "in_play", EMPIRE)
    assert refused(game, {"type": "commit", "card": trooper, "target": z95}) == "not-a-target"
    assert (
        refused(game, {"type": "commit", "card": trooper, "target": game.state.galaxy_deck[-1]})
        == "not-a-target"
    )
    assert refused(game, {"type": "resolve", "target": "base"}) == "nothing-committed"
    assert refused(game, {"type": "resolve", "target": xwing}) == "nothing-committed"
    game.apply({"type": "commit", "card": trooper, "target": xwing})
    assert refused(game, {"type": "commit", "card": trooper, "target": "base"}) == "already-attacked"
    assert refused(game, {"type": "resolve", "target": "base"}) == "nothing-committed"
    game.apply({"type": "resolve", "target": xwing})
    assert refused(game, {"type": "commit", "card": trooper, "target": xwing}) == "already-attacked"
    assert refused(game, {"type": "resolve", "target": xwing}) == "nothing-committed"


def test_pay_off_codes(game, full_setup):
    (z95,) = positions.set_row(game, "Z-95 Headhunter")
    game.state.players[EMPIRE].resources = 5
    positions.fresh(game)
    assert refused(game, {"type": "pay_off", "card": z95}) == "pay-off-off"
    with_rule = Game.new(replace(full_setup, pay_off_neutral=True), 3)
    (tie, z95) = positions.set_row(with_rule, "TIE Fighter", "Z-95 Headhunter")
    assert refused(with_rule, {"type": "pay_off", "card": z95}) == "not-enough-resources"
    with_rule.state.players[EMPIRE].resources = 5
    positions.fresh(with_rule)
    assert refused(with_rule, {"type": "pay_off", "card": tie}) == "not-legal"
    assert (
        refused(with_rule, {"type": "pay_off", "card": with_rule.state.galaxy_deck[-1]})
        == "not-in-galaxy-row"
    )


def test_legal_actions_are_all_accepted(new_game):
    """The other side of the codes: each legal action of a random game is applied without refusal."""
    game = new_game(12)
    rng = random.Random(12)
    for _ in range(300):
        if game.outcome() is not None:
            break
        for action in game.legal_actions():
            game.copy().apply(copy.deepcopy(action))
        game.apply(rng.choice(game.legal_actions()))


# ---- setups refused: rules/swdbg/setup.py ----


def codes(problems) -> list[str]:
    return [p["code"] for p in problems]


@pytest.mark.parametrize("format_code", ["full-galaxy", "beginner"])
def test_the_default_setups_pass_the_engine_s_check(swdbg_setups, format_code):
    swdbg_setups[format_code].check()


def test_setup_both_players_of_one_side(full_setup):
    empire = full_setup.players[0]
    with pytest.raises(SetupError) as caught:
        replace(full_setup, players=(empire, empire)).check()
    assert "factions" in codes(caught.value.problems)


def test_setup_card_without_rules_text(full_setup):
    galaxy = list(full_setup.galaxy)
    galaxy[0] = replace(galaxy[0], title="A Card the Engine Does Not Know", code="sw23_unknown")
    with pytest.raises(SetupError) as caught:
        replace(full_setup, galaxy=tuple(galaxy)).check()
    assert caught.value.problems == [
        {
            "code": "unsupported-card",
            "message": caught.value.problems[0]["message"],
            "cards": ["sw23_unknown"],
        }
    ]


def test_setup_unknown_hit_points(full_setup):
    galaxy = [replace(c, hit_points=None) if c.title == "Star Destroyer" else c for c in full_setup.galaxy]
    with pytest.raises(SetupError) as caught:
        replace(full_setup, galaxy=tuple(galaxy)).check()
    (problem,) = caught.value.problems  # two copies, one problem
    assert problem["code"] == "unknown-value" and problem["cards"] == ["sw23_star-destroyer"]


def test_setup_starting_base_not_in_the_base_deck(full_setup):
    empire = full_setup.players[0]
    bases = tuple(b for b in empire.bases if b != empire.starting_base)
    with pytest.raises(SetupError) as caught:
        replace(full_setup, players=(replace(empire, bases=bases), full_setup.players[1])).check()
    assert codes(caught.value.problems) == ["bad-setup"]


def test_setup_starter_of_another_faction(full_setup):
    empire, rebel = full_setup.players
    starter = (*empire.starter[:-1], rebel.starter[0])
    with pytest.raises(SetupError) as caught:
        replace(full_setup, players=(replace(empire, starter=starter), rebel)).check()
    assert codes(caught.value.problems) == ["bad-setup"]


@pytest.mark.parametrize(
    ("key", "value"), [("bases_to_win", 0), ("bases_to_win", 11), ("turn_limit", 0), ("turn_limit", 10_001)]
)
def test_setup_numbers_out_of_range(full_setup, key, value):
    with pytest.raises(SetupError) as caught:
        replace(full_setup, **{key: value}).check()
    assert codes(caught.value.problems) == ["bad-setup"]


def test_setup_every_problem_at_once(full_setup):
    empire = full_setup.players[0]
    galaxy = [replace(c, hit_points=None) if c.is_ship else c for c in full_setup.galaxy]
    broken = replace(full_setup, players=(empire, empire), galaxy=tuple(galaxy), bases_to_win=0, turn_limit=0)
    with pytest.raises(SetupError) as caught:
        broken.check()
    found = codes(caught.value.problems)
    assert found.count("factions") == 1 and found.count("bad-setup") == 2
    assert found.count("unknown-value") == len({c.code for c in galaxy if c.is_ship})


def test_game_new_refuses_what_the_check_refuses(full_setup):
    empire = full_setup.players[0]
    with pytest.raises(SetupError) as caught:
        Game.new(replace(full_setup, players=(empire, empire)), 1)
    assert "factions" in codes(caught.value.problems)


# ---- setups refused: rules/setups.py ----


def refused_setup(data) -> list[dict]:
    with pytest.raises(SetupRefused) as caught:
        engine_setup(data)
    problems = caught.value.problems
    assert problems and all(set(p) >= {"code", "message", "cards"} for p in problems)
    return problems


@pytest.fixture
def record_setup(swdbg_catalogue):
    return default_setup("full-galaxy")


@pytest.mark.parametrize("data", [None, [], "full-galaxy", 3, {"format": "full-galaxy", "seed": 1}])
def test_engine_setup_refuses_what_is_not_a_setup(swdbg_catalogue, data):
    assert codes(refused_setup(data)) == ["bad-setup"]


@pytest.mark.parametrize("fmt", ["chess", "", "FULL-GALAXY", 5, None, ["full-galaxy"]])
def test_engine_setup_refuses_an_unknown_format(record_setup, fmt):
    assert codes(refused_setup({**record_setup, "format": fmt})) == ["bad-setup"]


@pytest.mark.parametrize(
    "options",
    [
        [],
        "pay off",
        {"pay_off": True},
        {"pay_off_neutral": "yes"},
        {"pay_off_neutral": 1},
        {"turn_limit": 0},
        {"turn_limit": 10_001},
        {"turn_limit": True},
        {"turn_limit": "50"},
        {"turn_limit": 2.5},
        {"values": []},
        {"values": {"sw23_lothal": 9}},
        {"values": {"sw23_lothal": {"hit_points": -1}}},
        {"values": {"sw23_lothal": {"hit_points": 100}}},
        {"values": {"sw23_lothal": {"hit_points": True}}},
        {"values": {"sw23_lothal": {"name": 3}}},
        {"values": {f"sw23_card-{i}": {"cost": 1} for i in range(201)}},
    ],
    ids=repr,
)
def test_engine_setup_refuses_bad_options(record_setup, options):
    assert codes(refused_setup({**record_setup, "options": options})) == ["bad-setup"]


def test_engine_setup_names_every_bad_option(record_setup):
    options = {"pay_off_neutral": "yes", "turn_limit": 0, "values": {"sw23_lothal": {"cost": -1}}}
    assert codes(refused_setup({**record_setup, "options": options})) == ["bad-setup"] * 3


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda s: s["players"].__setitem__(1, copy.deepcopy(s["players"][0])), "same-faction"),
        (lambda s: s.__setitem__("bases_to_win", 9), "bases-to-win"),
        (lambda s: s["players"][0]["starter"][0].__setitem__("card", "sw23_no-such-card"), "unknown-card"),
        (lambda s: s["players"][0]["bases"].pop(), "base-deck-size"),
    ],
    ids=["same-faction", "bases-to-win", "unknown-card", "base-deck-size"],
)
def test_engine_setup_refuses_with_the_checker_s_violations(record_setup, change, code):
    data = copy.deepcopy(record_setup)
    change(data)
    assert code in codes(refused_setup(data))


def test_engine_setup_beginner_refuses_ten_bases(record_setup):
    assert set(codes(refused_setup({**record_setup, "format": "beginner"}))) == {"base-deck-size"}


def test_engine_setup_applies_the_options(record_setup):
    options = {**record_setup.get("options", {}), "pay_off_neutral": True, "turn_limit": 50}
    options["values"] = {**options.get("values", {}), "sw23_lothal": {"hit_points": 9}}
    setup = engine_setup({**record_setup, "bases_to_win": 4, "options": options})
    assert setup.pay_off_neutral is True and setup.turn_limit == 50 and setup.bases_to_win == 4
    assert setup.players[0].starting_base.title == "Lothal" and setup.players[0].starting_base.hit_points == 9
    game = Game.new(setup, 1)
    assert game.state.pay_off and game.state.turn_limit == 50 and game.state.bases_to_win == 4


def test_an_unsettled_value_is_refused_by_the_engine(record_setup):
    """Tatooine's hit points are disputed: without a settled value the engine refuses the setup, naming it."""
    data = {k: v for k, v in record_setup.items() if k != "options"}
    setup = engine_setup(data)
    with pytest.raises(SetupError) as caught:
        Game.new(setup, 1)
    assert caught.value.problems[0]["code"] == "unknown-value"
    assert caught.value.problems[0]["cards"] == ["sw23_tatooine"]
