"""The SW:DBG engine's limits at their exact edges: damage that exactly destroys (capital ships, a base), the
winning number of bases, the Force track's ends, the turn limit, what an ability's cost needs, and the bounds of
setups, records and simulations; each at the limit and one past it."""

from dataclasses import replace

import pytest

from rules import setups
from rules.swdbg.errors import SetupError
from rules.swdbg.game import Game
from rules.swdbg.record import MAX_ACTIONS, MAX_SEED, RecordError, check_shape
from rules.swdbg.simulate import MAX_GAMES, play_games
from rules.swdbg.state import TRACK_END
from tests.rules.swdbg.positions import attack, fresh, place, use

EMPIRE, REBEL = 0, 1


@pytest.fixture
def empire_turn(full_setup):
    """The Empire's turn 1, its attack to be tuned with buffs (attack gained this turn)."""
    return Game.new(full_setup, 3)


def with_attack(game, total: int) -> int:
    """An Empire Stormtrooper in play whose attack this turn is `total`."""
    trooper = place(game, "Stormtrooper", "in_play", EMPIRE)
    game.state.buffs[trooper] = total - 2
    fresh(game)
    return trooper


# ---- capital ships absorb damage before the base (effects._assign_base_damage) ----


def rebel_ships(game) -> tuple[int, int]:
    """A Mon Calamari Cruiser (6 HP) and a Hammerhead Corvette (4 HP) in the Rebel play area: 10 to destroy."""
    cruiser = place(game, "Mon Calamari Cruiser", "in_play", REBEL)
    return cruiser, place(game, "Hammerhead Corvette", "in_play", REBEL)


def test_damage_exactly_destroying_every_capital_ship_destroys_them_all(empire_turn):
    game = empire_turn
    ships = rebel_ships(game)
    attack(game, "base", with_attack(game, 10))
    rebel = game.state.players[REBEL]
    assert game.pending() is None and rebel.in_play == [] and set(ships) <= set(rebel.discard)
    assert rebel.base_damage == 0


def test_damage_one_past_the_capital_ships_reaches_the_base(empire_turn):
    game = empire_turn
    rebel_ships(game)
    attack(game, "base", with_attack(game, 11))
    assert game.pending() is None and game.state.players[REBEL].base_damage == 1


def test_damage_one_short_of_the_capital_ships_is_split_by_the_attacker(empire_turn):
    game = empire_turn
    cruiser, corvette = rebel_ships(game)
    attack(game, "base", with_attack(game, 9))
    pending = game.pending()
    assert pending["kind"] == "assign_damage" and game.state.players[REBEL].in_play == [cruiser, corvette]
    most = {}
    for option in pending["options"]:
        most[option["card"]] = max(most.get(option["card"], 0), option["amount"])
    assert most == {cruiser: 6, corvette: 4}  # up to what each can take, each within the 9


def test_the_split_offers_no_more_than_the_damage(empire_turn):
    game = empire_turn
    cruiser, corvette = rebel_ships(game)
    attack(game, "base", with_attack(game, 5))
    amounts = {(o["card"], o["amount"]) for o in game.pending()["options"]}
    assert (
        max(a for c, a in amounts if c == cruiser) == 5 and max(a for c, a in amounts if c == corvette) == 4
    )


def test_a_capital_ship_is_destroyed_by_exactly_its_hit_points(empire_turn):
    game = empire_turn
    state = game.state
    cruiser, corvette = rebel_ships(game)
    state.damage_ship(REBEL, cruiser, 5)
    assert cruiser in state.players[REBEL].in_play and state.ship_damage[cruiser] == 5
    state.damage_ship(REBEL, cruiser, 1)
    assert cruiser not in state.players[REBEL].in_play and cruiser in state.players[REBEL].discard


# ---- bases and the game's end ----


def test_a_base_is_destroyed_by_exactly_its_hit_points(empire_turn):
    state = empire_turn.state
    rebel = state.players[REBEL]
    base = rebel.base
    state.damage_base(EMPIRE, 7)  # Dantooine: 8 HP
    assert rebel.base == base and rebel.base_damage == 7
    state.damage_base(EMPIRE, 1)
    assert rebel.base is None and state.players[EMPIRE].victory == [base]


@pytest.mark.parametrize("destroyed_before, ends", [(1, False), (2, True)])
def test_the_game_ends_at_exactly_the_winning_number_of_bases(empire_turn, destroyed_before, ends):
    state = empire_turn.state
    assert state.bases_to_win == 3
    state.players[EMPIRE].victory += state.players[REBEL].bases[:destroyed_before]
    state.damage_base(EMPIRE, 8)
    assert (state.outcome is not None) is ends
    if ends:
        assert state.outcome["winner"] == EMPIRE and state.outcome["reason"] == "bases"


@pytest.mark.parametrize("limit", [1, 2])
def test_the_turn_limit_ends_the_game_at_exactly_that_turn(full_setup, limit):
    game = Game.new(replace(full_setup, turn_limit=limit), 3)
    game.apply({"type": "end_turn"})
    assert (game.outcome() is not None) is (limit == 1)
    if limit == 2:
        game.apply({"type": "end_turn"})
        assert game.outcome() == {"winner": None, "reason": "turn-limit", "turn": 2}


# ---- the Force track ----


def test_the_force_stops_at_the_tracks_ends(empire_turn):
    state = empire_turn.state
    state.force = 0
    state.gain_force(REBEL, TRACK_END)
    assert state.force == TRACK_END
    state.gain_force(REBEL, 1)
    assert state.force == TRACK_END
    state.gain_force(EMPIRE, 2 * TRACK_END + 1)
    assert state.force == -TRACK_END


@pytest.mark.parametrize("force, with_rebels, all_the_way", [(0, False, False), (1, True, False),
                                                             (TRACK_END - 1, True, False), (TRACK_END, True, True)])  # fmt: skip
def test_the_force_is_with_you_from_1_and_all_the_way_at_the_end(
    empire_turn, force, with_rebels, all_the_way
):
    state = empire_turn.state
    state.force = force
    assert state.force_with(REBEL) is with_rebels and state.force_all_the_way(REBEL) is all_the_way
    state.force = -force
    assert state.force_with(EMPIRE) is with_rebels and state.force_all_the_way(EMPIRE) is all_the_way


# ---- costs ----


@pytest.mark.parametrize("resources, usable", [(3, False), (4, True)])
def test_an_ability_costing_4_needs_4_resources(empire_turn, resources, usable):
    """The Death Star: pay 4 resources to destroy a capital ship."""
    game = empire_turn
    star = place(game, "Death Star", "base", EMPIRE)
    place(game, "Mon Calamari Cruiser", "in_play", REBEL)
    game.state.players[EMPIRE].resources = resources
    fresh(game)
    assert ({"type": "ability", "card": star} in game.legal_actions()) is usable
    if usable:
        use(game, star)
        assert game.state.players[EMPIRE].resources == 0


# ---- setups, records, simulations ----


@pytest.mark.parametrize("bases_to_win, ok", [(0, False), (1, True), (10, True), (11, False)])
def test_bases_to_win_runs_from_1_to_the_bases_each_player_has(full_setup, bases_to_win, ok):
    assert min(len(p.bases) for p in full_setup.players) == 10
    setup = replace(full_setup, bases_to_win=bases_to_win)
    if ok:
        setup.check()
    else:
        with pytest.raises(SetupError):
            setup.check()


@pytest.mark.parametrize("turn_limit, ok", [(0, False), (1, True), (10_000, True), (10_001, False)])
def test_the_turn_limit_runs_from_1_to_10000(full_setup, turn_limit, ok):
    setup = replace(full_setup, turn_limit=turn_limit)
    if ok:
        setup.check()
    else:
        with pytest.raises(SetupError):
            setup.check()


def record(**changes) -> dict:
    return {"game": "swdbg", "record_version": 1, "setup": {}, "seed": 0, "actions": [], **changes}


@pytest.mark.parametrize(
    "changes, ok",
    [
        ({"seed": 0}, True),
        ({"seed": -1}, False),
        ({"seed": MAX_SEED}, True),
        ({"seed": MAX_SEED + 1}, False),
        ({"players": [{"name": "x" * 100}, {"faction": "y" * 100}]}, True),
        ({"players": [{"name": "x" * 101}, {}]}, False),
        ({"players": [{}, {"faction": "y" * 101}]}, False),
        ({"actions": [{}] * MAX_ACTIONS}, True),
        ({"actions": [{}] * (MAX_ACTIONS + 1)}, False),
    ],
)
def test_a_records_bounds(changes, ok):
    if ok:
        check_shape(record(**changes))
    else:
        with pytest.raises(RecordError):
            check_shape(record(**changes))


@pytest.mark.parametrize("games, ok", [(0, False), (1, True), (MAX_GAMES, True), (MAX_GAMES + 1, False)])
def test_a_simulation_plays_1_to_max_games(full_setup, games, ok):
    runs = play_games(replace(full_setup, turn_limit=1), ("random", "random"), games, 0)
    if ok:
        # the first game only: the bound is checked before it
        assert next(runs)[0].game.outcome()["reason"] == "turn-limit"
    else:
        with pytest.raises(ValueError, match="games must be"):
            next(runs)


@pytest.mark.parametrize(
    "options, ok",
    [
        ({"turn_limit": 1}, True),
        ({"turn_limit": 0}, False),
        ({"turn_limit": 10_000}, True),
        ({"turn_limit": 10_001}, False),
        ({"values": {f"c{i}": {} for i in range(200)}}, True),
        ({"values": {f"c{i}": {} for i in range(201)}}, False),
        ({"values": {"c": {"cost": 0, "attack": 99}}}, True),
        ({"values": {"c": {"cost": 100}}}, False),
        ({"values": {"c": {"cost": -1}}}, False),
    ],
)
def test_a_setups_options_stay_within_their_bounds(options, ok):
    """rules/setups.py: the options a game record's setup may carry."""
    if ok:
        assert setups._options(options)["turn_limit"] == options.get("turn_limit", 200)
    else:
        with pytest.raises(setups.SetupRefused):
            setups._options(options)
