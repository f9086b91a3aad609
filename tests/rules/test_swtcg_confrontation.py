import pytest

from core.swtcg.cards import UnitCard
from rules.swtcg.confrontation import (
    CODES,
    Bid,
    ConfrontationError,
    ConfrontationResult,
    IllegalBid,
    check_units,
    resolve,
)
from rules.swtcg.stacking import StackedUnit, stack


def unit(name, cost, underneath=0):
    """A unit named `name` whose top card costs `cost`, with `underneath` other versions under it."""
    cards = [
        UnitCard(f"{name}-{i}", name, "ABCD"[i], "Character", 40, 2, 2, cost) for i in range(underneath + 1)
    ]
    result = stack(cards)
    assert isinstance(result, StackedUnit)
    return result


def D(amount):
    return Bid("Dark", amount)


def L(amount):
    return Bid("Light", amount)


PASS = None
FORCE = {"dark_force": 10, "light_force": 10}


def illegal(bids, code, index, *, dark=None, light=None, **force):
    with pytest.raises(IllegalBid) as caught:
        resolve(dark or unit("Boba Fett", 5), light or unit("Boba Fett", 5), bids, **(force or FORCE))
    assert (caught.value.code, caught.value.index) == (code, index)
    return caught.value


# --- results ---------------------------------------------------------------------------------------------------


def test_full_bidding_light_wins():
    bids = [D(0), L(1), D(2), L(4), D(PASS), L(PASS)]
    result = resolve(unit("Boba Fett", 5), unit("Boba Fett", 5), bids, dark_force=6, light_force=4)
    assert result == ConfrontationResult(
        winner="Light",
        bids={"Dark": 2, "Light": 4},
        totals={"Dark": 7, "Light": 9},
        pays={"Dark": 0, "Light": 4},
        retreats="Dark",
    )


def test_tie_goes_to_dark():
    # Dark 3 + 5 = 8, Light 4 + 4 = 8.
    bids = [D(0), L(1), D(3), L(4), D(PASS), L(PASS)]
    result = resolve(unit("Jango Fett", 5), unit("Jango Fett", 4), bids, **FORCE)
    assert result.totals == {"Dark": 8, "Light": 8}
    assert result.winner == "Dark"
    assert result.pays == {"Dark": 3, "Light": 0}
    assert result.retreats == "Light"


def test_lower_bid_wins_with_higher_build_cost():
    bids = [D(0), L(2), D(PASS), L(PASS)]
    result = resolve(unit("Aurra Sing", 8), unit("Aurra Sing", 5), bids, **FORCE)
    assert result.winner == "Dark"
    assert result.bids == {"Dark": 0, "Light": 2}
    assert result.totals == {"Dark": 8, "Light": 7}
    assert result.pays == {"Dark": 0, "Light": 0}  # the winner pays its own bid, 0
    assert result.retreats == "Light"


def test_stack_counts_one_per_card_underneath():
    # Light's top card costs 4, two cards underneath: total build cost 6.
    light = unit("Jabba the Hutt", 4, underneath=2)
    assert light.build_cost == 6
    bids = [D(0), L(PASS), D(1), L(PASS), D(PASS)]
    result = resolve(unit("Jabba the Hutt", 5), light, bids, **FORCE)
    assert result.totals == {"Dark": 6, "Light": 6}
    assert result.winner == "Dark"
    bids = [D(0), L(PASS), D(1), L(2), D(PASS), L(PASS)]
    result = resolve(unit("Jabba the Hutt", 5), light, bids, **FORCE)
    assert result.totals == {"Dark": 6, "Light": 8}
    assert result.winner == "Light"
    assert result.pays == {"Dark": 0, "Light": 2}
    assert result.retreats == "Dark"


def test_light_never_bids():
    result = resolve(unit("IG-88", 3), unit("IG-88", 9), [D(0), L(PASS), D(PASS)], **FORCE)
    assert result.bids == {"Dark": 0, "Light": 0}
    assert result.winner == "Light"
    assert result.pays == {"Dark": 0, "Light": 0}


def test_dark_may_raise_after_light_passes():
    result = resolve(unit("IG-88", 5), unit("IG-88", 9), [D(0), L(PASS), D(4), L(PASS), D(PASS)], **FORCE)
    assert result.bids == {"Dark": 4, "Light": 0}
    assert result.winner == "Dark"
    assert result.pays == {"Dark": 4, "Light": 0}


def test_bid_of_the_whole_force_pool_is_allowed():
    result = resolve(
        unit("IG-88", 5),
        unit("IG-88", 5),
        [D(0), L(PASS), D(3), L(PASS), D(PASS)],
        dark_force=3,
        light_force=0,
    )
    assert result.bids["Dark"] == 3


def test_persona_pair_units_confront():
    vader = unit("Darth Vader", 7)
    anakin = unit("Anakin Skywalker", 6)
    result = resolve(vader, anakin, [D(0), L(PASS), D(PASS)], **FORCE)
    assert result.winner == "Dark"


def test_not_same_unit():
    with pytest.raises(ConfrontationError) as caught:
        resolve(unit("Boba Fett", 5), unit("Jango Fett", 5), [D(0), L(PASS), D(PASS)], **FORCE)
    assert caught.value.code == "not-same-unit"
    assert isinstance(caught.value, ValueError)
    assert not isinstance(caught.value, IllegalBid)


# --- illegal bids ----------------------------------------------------------------------------------------------


def test_wrong_turn_light_opens():
    illegal([L(0), D(PASS), L(PASS)], "wrong-turn", 0)


def test_wrong_turn_same_side_twice():
    illegal([D(0), D(1), L(PASS), D(PASS)], "wrong-turn", 1)


def test_wrong_turn_unknown_side():
    illegal([D(0), Bid("Neutral", 1)], "wrong-turn", 1)


def test_bid_too_low_equal_to_current():
    illegal([D(0), L(2), D(2), L(PASS), D(PASS)], "bid-too-low", 2)


def test_bid_too_low_below_current():
    illegal([D(0), L(3), D(1), L(PASS), D(PASS)], "bid-too-low", 2)


def test_opening_pass_is_too_low():
    illegal([D(PASS), L(PASS)], "bid-too-low", 0)


def test_bid_above_force():
    error = illegal([D(0), L(5), D(PASS), L(PASS)], "bid-above-force", 1, dark_force=10, light_force=4)
    assert "4 Force" in str(error)


def test_raise_above_force():
    illegal([D(0), L(PASS), D(1), L(PASS), D(PASS)], "bid-above-force", 2, dark_force=0, light_force=5)


def test_the_dark_side_opens_at_zero():
    illegal([D(1), L(PASS), D(PASS)], "opening-bid", 0)
    illegal([D(3), L(4), D(PASS), L(PASS)], "opening-bid", 0)


def test_negative_bid():
    illegal([D(-1), L(PASS), D(PASS)], "negative-bid", 0)
    illegal([D(0), L(1), D(-3)], "negative-bid", 2)


@pytest.mark.parametrize(
    ("bids", "index"),
    [
        ([], 0),
        ([D(0)], 1),
        ([D(0), L(PASS)], 2),
        ([D(0), L(1), D(PASS)], 3),
        ([D(0), L(PASS), D(1), L(PASS)], 4),
        ([D(0), L(1), D(2), L(3), D(4), L(5)], 6),
    ],
)
def test_bidding_not_finished(bids, index):
    illegal(bids, "bidding-not-finished", index)


@pytest.mark.parametrize(
    ("bids", "index"),
    [
        ([D(0), L(PASS), D(PASS), L(3)], 3),
        ([D(0), L(PASS), D(PASS), L(PASS)], 3),
        ([D(0), L(1), D(PASS), L(PASS), D(2), L(PASS)], 4),
    ],
)
def test_bid_after_end(bids, index):
    illegal(bids, "bid-after-end", index)


def test_first_illegal_bid_is_reported():
    illegal([D(0), L(20), D(0)], "bid-above-force", 1)


def test_every_code_is_listed():
    assert set(CODES) == {
        "not-same-unit",
        "wrong-turn",
        "bid-too-low",
        "bid-above-force",
        "negative-bid",
        "bidding-not-finished",
        "bid-after-end",
        "opening-bid",
        "not-unique-unit",
        "wrong-side",
    }


def test_check_units_wants_unique_units_of_their_own_side():
    vader = UnitCard("v", "Darth Vader", "A", "Character", 50, 6, 6, 8, side="Dark")
    anakin = UnitCard("a", "Anakin Skywalker", "A", "Character", 60, 6, 5, 7, side="Light")
    bounty = UnitCard("b", "Boba Fett", "A", "Character", 40, 4, 4, 5, side="Neutral")
    check_units([vader], [anakin])
    check_units([bounty], [bounty])  # Neutral units confront on either side
    for dark, light, code in (
        ([anakin], [anakin], "wrong-side"),
        ([vader], [UnitCard("x", "X-wing", None, "Space", 50, 3, 3, 3, side="Light")], "not-unique-unit"),
        (
            [UnitCard("f", "Force Push", "A", "Battle", None, None, None, 2, side="Dark")],
            [anakin],
            "not-unique-unit",
        ),
    ):
        with pytest.raises(ConfrontationError) as caught:
            check_units(dark, light)
        assert caught.value.code == code
