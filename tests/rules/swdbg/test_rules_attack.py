"""Commit to an Attack, Resolve an Attack (the enemy base behind its capital ships), Bounty Hunting and Sabotage,
Winning the Game, and the FAQ's attack on a destroyed base."""

from dataclasses import replace

import pytest

from rules.swdbg.errors import IllegalAction
from rules.swdbg.game import Game

from . import positions

END = {"type": "end_turn"}
EMPIRE, REBEL = 0, 1


def commit(card: int, target="base") -> dict:
    return {"type": "commit", "card": card, "target": target}


def resolve(target="base") -> dict:
    return {"type": "resolve", "target": target}


def attack(game, target, *cards) -> None:
    for card in cards:
        game.apply(commit(card, target))
    game.apply(resolve(target))


def refused(game, action) -> str:
    before = positions.table_snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert positions.table_snapshot(game) == before
    return caught.value.code


def units(game, player, *titles, taken=None) -> list[int]:
    taken = taken if taken is not None else set()
    return [positions.put(game, title, "in_play", player, taken) for title in titles]


@pytest.fixture
def game(new_game):
    """The Empire's first turn (the Force on the Rebel side: no Force bonus to the Empire's attack)."""
    return new_game(3)


# ---- the enemy base and its capital ships ----


def test_units_and_capital_ships_damage_the_enemy_base(game):
    trooper, ship = units(game, EMPIRE, "Stormtrooper", "Star Destroyer")
    attack(game, "base", trooper, ship)
    assert game.state.players[REBEL].base_damage == 2 + 4


def test_a_capital_ship_absorbs_damage_before_the_base(game):
    (cruiser,) = units(game, REBEL, "Mon Calamari Cruiser")
    at_st, trooper = units(game, EMPIRE, "AT-ST", "Stormtrooper")
    attack(game, "base", trooper)
    rebel = game.state.players[REBEL]
    assert game.state.ship_damage == {cruiser: 2} and rebel.base_damage == 0
    attack(game, "base", at_st)
    assert cruiser in rebel.discard and cruiser not in rebel.in_play  # 6 damage on 6 hit points
    assert rebel.base_damage == 0 and cruiser not in game.state.ship_damage


def test_damage_below_a_ship_s_hit_points_stays_on_the_ship(game):
    (cruiser,) = units(game, REBEL, "Mon Calamari Cruiser")
    (at_st,) = units(game, EMPIRE, "AT-ST")
    attack(game, "base", at_st)
    rebel = game.state.players[REBEL]
    assert game.state.ship_damage == {cruiser: 4} and cruiser in rebel.in_play and rebel.base_damage == 0


def test_damage_on_a_capital_ship_remains_across_turns(game):
    (cruiser,) = units(game, REBEL, "Mon Calamari Cruiser")
    (at_st,) = units(game, EMPIRE, "AT-ST")
    attack(game, "base", at_st)
    game.apply(END)
    game.apply(END)
    assert game.state.ship_damage == {cruiser: 4}
    (trooper,) = units(game, EMPIRE, "Stormtrooper")
    attack(game, "base", trooper)
    assert cruiser in game.state.players[REBEL].discard and game.state.players[REBEL].base_damage == 0


def test_damage_beyond_the_capital_ships_goes_to_the_base(game):
    (cruiser,) = units(game, REBEL, "Mon Calamari Cruiser")
    attackers = units(game, EMPIRE, "AT-ST", "Stormtrooper", "Stormtrooper")
    attack(game, "base", *attackers)
    rebel = game.state.players[REBEL]
    assert cruiser in rebel.discard and rebel.base_damage == 4 + 2 + 2 - 6


def test_every_capital_ship_is_destroyed_before_the_base_takes_damage(game):
    cruiser, transport = units(game, REBEL, "Mon Calamari Cruiser", "Rebel Transport")
    attackers = units(game, EMPIRE, "AT-ST", "AT-ST", "Stormtrooper")
    attack(game, "base", *attackers)
    rebel = game.state.players[REBEL]
    assert game.pending() is None  # enough for every ship: nothing to distribute
    assert {cruiser, transport} <= set(rebel.discard) and rebel.in_play == []
    assert rebel.base_damage == 4 + 4 + 2 - 6 - 2


def test_the_attacker_distributes_damage_among_several_capital_ships(game):
    cruiser, transport = units(game, REBEL, "Mon Calamari Cruiser", "Rebel Transport")
    (at_st,) = units(game, EMPIRE, "AT-ST")
    attack(game, "base", at_st)
    pending = game.pending()
    assert pending["kind"] == "assign_damage" and pending["player"] == EMPIRE and not pending["optional"]
    expected = [{"type": "select", "card": cruiser, "amount": k} for k in range(1, 5)]
    expected += [{"type": "select", "card": transport, "amount": k} for k in range(1, 3)]
    assert sorted(pending["options"], key=repr) == sorted(expected, key=repr)
    assert game.to_move() == EMPIRE
    game.apply({"type": "select", "card": transport, "amount": 2})
    rebel = game.state.players[REBEL]
    assert transport in rebel.discard and game.state.ship_damage == {cruiser: 2}
    assert rebel.base_damage == 0 and game.pending() is None


def test_the_attacker_may_put_all_the_damage_on_one_ship(game):
    cruiser, transport = units(game, REBEL, "Mon Calamari Cruiser", "Rebel Transport")
    (at_st,) = units(game, EMPIRE, "AT-ST")
    attack(game, "base", at_st)
    game.apply({"type": "select", "card": cruiser, "amount": 4})
    rebel = game.state.players[REBEL]
    assert game.state.ship_damage == {cruiser: 4} and rebel.in_play == [cruiser, transport]
    assert rebel.base_damage == 0


def test_a_split_asks_again_for_what_is_left(game):
    cruiser, transport = units(game, REBEL, "Mon Calamari Cruiser", "Rebel Transport")
    (at_st,) = units(game, EMPIRE, "AT-ST")
    attack(game, "base", at_st)
    game.apply({"type": "select", "card": transport, "amount": 1})
    pending = game.pending()
    assert pending["kind"] == "assign_damage"
    assert {"type": "select", "card": transport, "amount": 1} in pending["options"]
    assert {"type": "select", "card": cruiser, "amount": 3} in pending["options"]
    assert {"type": "select", "card": cruiser, "amount": 4} not in pending["options"]
    game.apply({"type": "select", "card": cruiser, "amount": 3})
    assert game.state.ship_damage == {transport: 1, cruiser: 3}


def test_the_defender_s_capital_ships_do_not_shield_the_attacker_s(game):
    (own_ship,) = units(game, EMPIRE, "Star Destroyer")
    (trooper,) = units(game, EMPIRE, "Stormtrooper")
    attack(game, "base", trooper)
    assert game.state.players[REBEL].base_damage == 2 and game.state.ship_damage == {}
    assert own_ship in game.state.players[EMPIRE].in_play


# ---- destroyed bases ----


def test_a_destroyed_base_goes_to_the_attacker_s_victory_pile_and_excess_is_lost(game):
    rebel = game.state.players[REBEL]
    dantooine = rebel.base
    rebel.base_damage = 5
    attackers = units(game, EMPIRE, "AT-ST", "AT-ST")
    attack(game, "base", *attackers)
    assert game.state.players[EMPIRE].victory == [dantooine]
    assert rebel.base is None and rebel.base_damage == 0
    assert game.outcome() is None
    game.apply(END)
    pending = game.pending()
    assert pending["kind"] == "choose_base" and pending["player"] == REBEL
    game.apply(pending["options"][0])
    assert rebel.base == pending["options"][0]["card"] and rebel.base_damage == 0  # not carried over


def test_attacks_after_the_base_is_destroyed_still_damage_capital_ships(game):
    """FAQ: an attack on a base already destroyed (here by Y-Wing's damage) still damages the capital ships; the
    rest is lost."""
    game.apply(END)
    empire = game.state.players[EMPIRE]
    lothal = empire.base
    empire.base_damage = game.cards[lothal].hit_points - 2
    (destroyer,) = units(game, EMPIRE, "Star Destroyer")
    ywing, xwing, luke = units(game, REBEL, "Y-Wing", "X-Wing", "Luke Skywalker")
    game.apply({"type": "ability", "card": ywing})  # exile it: 2 damage to the enemy base, ignoring ships
    assert empire.base is None and game.state.players[REBEL].victory == [lothal]
    bases = list(empire.bases)
    assert commit(xwing) in game.legal_actions()
    attack(game, "base", xwing)
    assert game.state.ship_damage == {destroyer: 3} and empire.base is None
    attack(game, "base", luke)  # 6 more: 4 destroy the Star Destroyer, 2 are lost
    assert destroyer in empire.discard and empire.in_play == []
    assert empire.base is None and empire.base_damage == 0 and empire.bases == bases
    assert game.state.players[REBEL].victory == [lothal]


def _two_bases_won(game):
    """The Empire has destroyed two Rebel bases already; the third stands with 6 damage of its 8."""
    rebel = game.state.players[REBEL]
    for base in rebel.bases[:2]:
        positions.lift(game, base)
        game.state.players[EMPIRE].victory.append(base)
    rebel.base_damage = game.cards[rebel.base].hit_points - 2
    positions.fresh(game)


def test_destroying_the_winning_base_ends_the_game_at_once(game):
    _two_bases_won(game)
    trooper, scout = units(game, EMPIRE, "Stormtrooper", "Stormtrooper")
    (xwing,) = positions.set_row(game, "X-Wing")
    game.apply(commit(scout, xwing))
    attack(game, "base", trooper)
    assert game.outcome() == {"winner": EMPIRE, "reason": "bases", "turn": 1}
    assert len(game.state.players[EMPIRE].victory) == 3
    assert game.legal_actions() == [] and game.pending() is None
    assert refused(game, resolve(xwing)) == "game-over"  # no other attack is resolved
    assert refused(game, END) == "game-over"


def test_bases_to_win_is_the_setup_s_number(full_setup):
    game = Game.new(replace(full_setup, bases_to_win=2), 3)
    rebel = game.state.players[REBEL]
    first = rebel.bases[0]
    positions.lift(game, first)
    game.state.players[EMPIRE].victory.append(first)
    rebel.base_damage = game.cards[rebel.base].hit_points - 2
    (trooper,) = units(game, EMPIRE, "Stormtrooper")
    attack(game, "base", trooper)
    assert game.outcome() == {"winner": EMPIRE, "reason": "bases", "turn": 1}


def test_a_destroyed_base_short_of_the_winning_number_does_not_end_the_game(game):
    rebel = game.state.players[REBEL]
    rebel.base_damage = game.cards[rebel.base].hit_points - 2
    (trooper,) = units(game, EMPIRE, "Stormtrooper")
    attack(game, "base", trooper)
    assert rebel.base is None and game.outcome() is None and END in game.legal_actions()


def test_the_rebel_wins_the_same_way(game):
    game.apply(END)
    empire = game.state.players[EMPIRE]
    for base in empire.bases[:2]:
        positions.lift(game, base)
        game.state.players[REBEL].victory.append(base)
    empire.base_damage = game.cards[empire.base].hit_points - 2
    (trooper,) = units(game, REBEL, "Rebel Trooper")
    attack(game, "base", trooper)
    assert game.outcome() == {"winner": REBEL, "reason": "bases", "turn": 2}


# ---- bounty hunting and sabotage ----


@pytest.fixture
def hunt(game):
    """The Empire's turn with a row of every kind of card: Rebel units (targets), a Rebel capital ship, neutral
    cards, the Empire's own card."""
    taken: set = set()
    names = ["xwing", "snowspeeder", "cruiser", "z95", "nebulon", "tie"]
    row = positions.set_row(
        game,
        "X-Wing",
        "Snowspeeder",
        "Mon Calamari Cruiser",
        "Z-95 Headhunter",
        "Nebulon-B Frigate",
        "TIE Fighter",
        taken=taken,
    )
    return game, dict(zip(names, row, strict=True)), taken


def test_only_enemy_units_of_the_galaxy_row_are_targets(hunt):
    game, row, taken = hunt
    (at_st,) = units(game, EMPIRE, "AT-ST", taken=taken)
    targets = {a["target"] for a in game.legal_actions() if a["type"] == "commit" and a["card"] == at_st}
    assert targets == {"base", row["xwing"], row["snowspeeder"]}
    for other in ("cruiser", "z95", "nebulon", "tie"):
        assert refused(game, commit(at_st, row[other])) == "not-a-target"


def test_the_rebel_targets_empire_units(game):
    game.apply(END)
    tie, destroyer, z95 = positions.set_row(game, "TIE Fighter", "Star Destroyer", "Z-95 Headhunter")
    (trooper,) = units(game, REBEL, "Rebel Trooper")
    targets = {a["target"] for a in game.legal_actions() if a["type"] == "commit"}
    assert tie in targets and destroyer not in targets and z95 not in targets
    attack(game, tie, trooper)
    assert game.state.galaxy_discard == [tie]


def test_capital_ships_cannot_be_committed_to_the_galaxy_row(hunt):
    game, row, taken = hunt
    (destroyer,) = units(game, EMPIRE, "Star Destroyer", taken=taken)
    assert [a for a in game.legal_actions() if a["type"] == "commit"] == [commit(destroyer)]
    assert refused(game, commit(destroyer, row["xwing"])) == "capital-ship-target"


def test_below_the_target_value_nothing_happens(hunt):
    game, row, taken = hunt
    (trooper,) = units(game, EMPIRE, "Stormtrooper", taken=taken)  # 2 attack; X-Wing's target value is 3
    before_row, resources = list(game.state.row), game.state.players[EMPIRE].resources
    attack(game, row["xwing"], trooper)
    assert game.state.row == before_row and game.state.galaxy_discard == []
    assert game.pending() is None and game.state.players[EMPIRE].resources == resources
    assert refused(game, commit(trooper, row["snowspeeder"])) == "already-attacked"


def test_a_successful_attack_discards_the_target_refills_the_row_and_gives_the_reward(hunt):
    """X-Wing: target value 3, reward 3 resources; two Stormtroopers deal 4 (the extra 1 is lost)."""
    game, row, taken = hunt
    state = game.state
    attackers = units(game, EMPIRE, "Stormtrooper", "Stormtrooper", taken=taken)
    top = state.galaxy_deck[-1]
    attack(game, row["xwing"], *attackers)
    assert state.galaxy_discard == [row["xwing"]]
    assert state.row[0] == top and len(state.row) == 6
    assert state.players[EMPIRE].resources == 3
    assert row["xwing"] not in state.players[EMPIRE].discard  # a defeated card is not purchased
    assert state.players[REBEL].base_damage == 0  # nothing of the excess goes elsewhere


def test_the_target_value_exactly_is_enough(hunt):
    game, row, taken = hunt
    (trooper,) = units(game, EMPIRE, "Stormtrooper", taken=taken)  # 2 attack; Snowspeeder's target value is 2
    attack(game, row["snowspeeder"], trooper)
    assert game.state.galaxy_discard == [row["snowspeeder"]]


def test_several_units_add_their_attack_against_one_target(hunt):
    game, row, taken = hunt
    first, second = units(game, EMPIRE, "Stormtrooper", "Stormtrooper", taken=taken)
    game.apply(commit(first, row["xwing"]))
    game.apply(commit(second, row["xwing"]))
    assert [a for a in game.legal_actions() if a["type"] == "resolve"] == [resolve(row["xwing"])]
    game.apply(resolve(row["xwing"]))
    assert row["xwing"] in game.state.galaxy_discard


def test_a_reward_is_optional(hunt):
    """Snowspeeder's reward: exile a card from your hand or discard pile — offered, and may be declined."""
    game, row, taken = hunt
    (trooper,) = units(game, EMPIRE, "Stormtrooper", taken=taken)
    attack(game, row["snowspeeder"], trooper)
    pending = game.pending()
    assert pending["kind"] == "exile" and pending["player"] == EMPIRE and pending["optional"]
    assert row["snowspeeder"] in game.state.galaxy_discard  # defeated before the reward is offered
    empire = game.state.players[EMPIRE]
    exile, hand = list(empire.exile), list(empire.hand)
    game.apply({"type": "decline"})
    assert empire.exile == exile and empire.hand == hand and game.pending() is None


def test_a_reward_taken(hunt):
    game, row, taken = hunt
    (trooper,) = units(game, EMPIRE, "Stormtrooper", taken=taken)
    attack(game, row["snowspeeder"], trooper)
    card = game.state.players[EMPIRE].hand[0]
    game.apply({"type": "select", "card": card})
    assert game.state.players[EMPIRE].exile == [card]


def test_the_reward_comes_after_the_row_is_refilled(game):
    """AT-AT's reward (take one of your cards of the galaxy row for free) already sees the card that replaced it."""
    game.apply(END)
    taken: set = set()
    (at_at,) = positions.set_row(game, "AT-AT", taken=taken)
    replacement = positions.put(game, "B-Wing", "galaxy_deck", taken=taken)
    (luke,) = units(game, REBEL, "Luke Skywalker", taken=taken)
    attack(game, at_at, luke)
    assert game.state.row[0] == replacement
    pending = game.pending()
    assert pending["kind"] == "free_purchase" and pending["player"] == REBEL
    assert {"type": "select", "card": replacement} in pending["options"]


def test_a_card_commits_to_one_attack_each_turn(hunt):
    game, row, taken = hunt
    at_st, trooper = units(game, EMPIRE, "AT-ST", "Stormtrooper", taken=taken)
    game.apply(commit(at_st, row["xwing"]))
    assert refused(game, commit(at_st, row["xwing"])) == "already-attacked"
    assert refused(game, commit(at_st)) == "already-attacked"
    assert not any(a["type"] == "commit" and a["card"] == at_st for a in game.legal_actions())
    game.apply(resolve(row["xwing"]))
    assert refused(game, commit(at_st)) == "already-attacked"
    game.apply(commit(trooper))
    game.apply(resolve())
    assert refused(game, commit(trooper, row["snowspeeder"])) == "already-attacked"


def test_resolving_one_attack_leaves_the_other_committed(hunt):
    game, row, taken = hunt
    at_st, trooper = units(game, EMPIRE, "AT-ST", "Stormtrooper", taken=taken)
    game.apply(commit(at_st, row["xwing"]))
    game.apply(commit(trooper))
    game.apply(resolve(row["xwing"]))
    assert game.state.players[REBEL].base_damage == 0
    assert [a for a in game.legal_actions() if a["type"] == "resolve"] == [resolve()]
    game.apply(resolve())
    assert game.state.players[REBEL].base_damage == 2


def test_a_capital_ship_attacks_again_on_a_later_turn(game):
    (destroyer,) = units(game, EMPIRE, "Star Destroyer")
    attack(game, "base", destroyer)
    game.apply(END)
    game.apply(END)
    dantooine = game.state.players[REBEL].base  # 8 hit points, 4 damage
    attack(game, "base", destroyer)
    assert game.state.players[EMPIRE].victory == [dantooine]
