"""SWCCG sabacc (rules/swccg/sabacc/) against the "Sabacc Rules" section of the advanced rules.

Cards are built by hand with the destiny numbers and ids of real cards (Dark.json / Light.json). The Interrupt most
used here is Cloud City Sabacc (5_134 / 5_39): "Wild cards (1-6): Lando and Weather Vane. Clone cards: Locations
and Ugnaughts. Stakes: One starfighter, weapon or device."
"""

import json
import math
import random
from itertools import product

import pytest

from rules.swccg.cards import DARK, LIGHT, CcgCard
from rules.swccg.sabacc import (
    BOTH_OVER,
    BOTH_PERFECT,
    CLOSEST,
    DRAW,
    FEWER_CARDS,
    LOST_PILE,
    PERFECT_SABACC,
    USED_PILE,
    Assignment,
    SabaccError,
    SabaccResult,
    SabaccRules,
    check_can_initiate,
    draw_order,
    hand_value,
    may_draw,
    play_sabacc,
    starship_allegiance,
)


def card(
    card_id, title, destiny=None, values=(), type="Character", subtype="", characteristics=(), side=DARK
):
    return CcgCard(
        card_id=card_id,
        title=title,
        side=side,
        type=type,
        subtype=subtype,
        destiny=destiny,
        destiny_values=tuple(values),
        characteristics=tuple(characteristics),
    )


# Dark Side cards
LANDO_D = card("5_99", "•Lando Calrissian", 1, subtype="Alien")  # wild in Cloud City Sabacc
WEATHER_VANE_D = card("5_127", "•Weather Vane", 4, type="Effect")  # wild in Cloud City Sabacc
UGNAUGHT = card("5_105", "Ugnaught", 3, subtype="Alien")  # clone in Cloud City Sabacc
CASINO_D = card("7_269", "•Cloud City: Casino", 0, type="Location", subtype="Site")  # clone (a location)
TONNIKA = card("1_195", "•Tonnika Sisters", 2, subtype="Alien")
BOBA = card("5_91", "•Boba Fett", 1, subtype="Alien")
DENGAR = card("4_100", "•Dengar", 1, subtype="Alien")
BINDERS = card("5_106", "Binders", 6, type="Device")  # a stake: a device
DOUBLE_LASER = card("6_176", "Double Laser Cannon", 7, type="Weapon")  # a stake: a weapon
HUNTING_PARTY = card("7_252", "•Hunting Party", 7, type="Interrupt")
APOLOGY = card("4_137", "•Apology Accepted", 6, type="Interrupt")
MILLION_VOICES = card("11_68", "•A Million Voices Crying Out", 5, type="Effect")
BLACK_2 = card(
    "1_299",
    "•Black 2",
    2,
    type="Starship",
    subtype="Starfighter: TIE/LN",
    characteristics=["Imperial (starship)"],
)
VADERS_TIE = card(
    "1_306",
    "•Vader's Custom TIE",
    2,
    type="Starship",
    subtype="Starfighter: TIE Advanced x1",
    characteristics=["Imperial (starship)"],
)
MIST_HUNTER = card(
    "110_12",
    "•Zuckuss In Mist Hunter",
    1,
    type="Starship",
    subtype="Starfighter: Byblos G-1A Transport",
    characteristics=["Independent (starship)"],
)
VADER = card("1_168", "•Darth Vader", 1, subtype="Imperial")  # a character whose subtype is Imperial
EG6 = card("1_175", "EG-6 (Eegee-Six)", None, subtype="Droid")  # destiny printed "*": no destiny number
MAUL = card("213_10", "•Maul", values=[0.5])  # destiny ½
JUNKHEAP = card("2_149", "•••Sandcrawler: Droid Junkheap", 0, type="Location", subtype="Site")

# Light Side cards
LANDO_L = card("5_5", "•Lando Calrissian", 1, subtype="Alien", side=LIGHT)
WEATHER_VANE_L = card("5_30", "•Weather Vane", 4, type="Effect", side=LIGHT)
CASINO_L = card("7_111", "•Cloud City: Casino", 0, type="Location", subtype="Site", side=LIGHT)
R2D2 = card("2_14", "•R2-D2 (Artoo-Detoo)", 2, values=[2, 5], subtype="Droid", side=LIGHT)  # "2 or 5"
ARTOO = card("6_3", "•Artoo", 1, values=[1, 6], subtype="Droid", side=LIGHT)  # "1 or 6"
BB8 = card(
    "204_1", "•BB-8 (Beebee-Ate)", values=[math.pi, 2 * math.pi], subtype="Droid", side=LIGHT
)  # "π or 2π"
RED_5 = card(
    "2_71",
    "•Red 5",
    2,
    type="Starship",
    subtype="Starfighter: X-Wing",
    characteristics=["Rebel (starship)"],
    side=LIGHT,
)
GOLD_1 = card(
    "1_141",
    "•Gold 1",
    3,
    type="Starship",
    subtype="Starfighter: Y-Wing",
    characteristics=["Rebel (starship)"],
    side=LIGHT,
)
BIONIC_HAND = card("5_12", "Bionic Hand", 7, type="Device", side=LIGHT)  # a stake: a device
INTRUDER = card("7_159", "Intruder Missile", 7, type="Weapon", side=LIGHT)  # a stake: a weapon
BLASTER = card("1_152", "Blaster", 3, type="Weapon", subtype="Character", side=LIGHT)  # a stake: a weapon
FEW_MANEUVERS = card("1_70", "A Few Maneuvers", 6, type="Interrupt", side=LIGHT)
EIGHT_D_EIGHT = card("6_1", "•8D8", 5, subtype="Droid", side=LIGHT)
HAN = card("1_11", "•Han Solo", 1, subtype="Rebel", side=LIGHT)
X34 = card("1_149", "•Luke's X-34 Landspeeder", 3, type="Vehicle", subtype="Transport", side=LIGHT)

CC_WILD = ("5_99", "5_127", "5_5", "5_30")
CC_RANGE = (1, 6)
CC_CLONES = ("5_105", "7_269", "7_111")
CC_STAKES = ("1_299", "1_306", "110_12", "5_106", "6_176", "2_71", "1_141", "5_12", "7_159", "1_152")
CLOUD_CITY_SABACC = SabaccRules(
    wild_ids=CC_WILD, wild_range=CC_RANGE, clone_ids=CC_CLONES, stake_ids=CC_STAKES
)


def cc_value(cards, assigned=None, modifiers=None, lando=0):
    return hand_value(
        cards, CC_WILD, CC_RANGE, CC_CLONES, assigned=assigned, modifiers=modifiers, lando=lando
    )


def error_code(call, *args, **kwargs) -> str:
    with pytest.raises(SabaccError) as caught:
        call(*args, **kwargs)
    error = caught.value
    assert error.message and error.message.encode("utf-8")  # a readable message, safe to send
    return error.code


# --- card values --------------------------------------------------------------------------------------------


def test_a_cards_value_is_its_destiny_number():
    value = cc_value([TONNIKA, BINDERS])
    assert (value.total, value.values, value.assignment) == (8, (2, 6), Assignment())


def test_a_card_without_destiny_number_counts_zero():
    assert cc_value([EG6, BINDERS]).values == (0, 6)


def test_a_card_printed_with_two_values_takes_the_better_one():
    # R2-D2 is "2 or 5": with Binders (6), 5 makes 11
    value = cc_value([R2D2, BINDERS])
    assert value.total == 11
    assert value.assignment.printed == ((0, 5),)


def test_a_printed_choice_can_be_given():
    value = cc_value([R2D2, BINDERS], assigned=Assignment.of(printed={0: 2}))
    assert (value.total, value.values) == (8, (2, 6))


def test_standard_modifications_apply_to_destiny_numbers():
    # the rules' example: conditions at Kiffex could give the Tonnika Sisters a sabacc value of four
    value = cc_value([TONNIKA, BINDERS], modifiers={0: 2})
    assert value.values == (4, 6)
    assert value.total == 10


def test_a_modifier_applies_to_each_printed_choice():
    # Artoo "1 or 6" - 1: 0 or 5; with Binders (6), 5 makes 11
    value = cc_value([ARTOO, BINDERS], modifiers={0: -1})
    assert (value.total, value.assignment.printed) == (11, ((0, 6),))


def test_fractional_values_sum_exactly_and_stay_json_numbers():
    # BB-8 "π or 2π" twice: π + 2π = 3π (9.42...) is the closest to 11 (4π = 12.57 goes over)
    value = cc_value([BB8, BB8])
    assert value.total == pytest.approx(3 * math.pi)
    assert json.loads(json.dumps(value.total)) == value.total
    maul = cc_value([MAUL, MAUL])  # ½ + ½ = 1, reported as a whole number
    assert maul.total == 1 and isinstance(maul.total, int)


def test_landos_adjustment_moves_the_total_and_the_best_choice():
    assert cc_value([TONNIKA, BINDERS], lando=1).total == 9
    # Apology Accepted (6) + Binders (6) = 12 goes over; Lando's -1 brings it to 11
    assert cc_value([APOLOGY, BINDERS], lando=-1).total == 11
    # with Lando's +1 the best choice for R2-D2 + Binders is 2 (9), not 5 (12)
    value = cc_value([R2D2, BINDERS], lando=1)
    assert (value.total, value.assignment.printed) == (9, ((0, 2),))


# --- wild cards ---------------------------------------------------------------------------------------------


def test_a_wild_card_takes_the_best_value_in_the_range():
    # Cloud City Sabacc: Lando is wild (1-6); with Binders (6), 5 makes 11
    value = cc_value([LANDO_D, BINDERS])
    assert (value.total, value.values, value.assignment.wild) == (11, (5, 6), ((0, 5),))


def test_a_wild_cards_value_replaces_its_destiny_number():
    # Weather Vane's printed destiny is 4; as a wild card it is worth what its owner assigns
    value = cc_value([WEATHER_VANE_D, BINDERS], assigned=Assignment.of(wild={0: 1}))
    assert value.values == (1, 6)


def test_each_wild_card_may_take_a_different_value():
    value = cc_value([LANDO_D, WEATHER_VANE_D, BOBA], assigned=Assignment.of(wild={0: 2, 1: 6}))
    assert (value.total, value.values) == (9, (2, 6, 1))


def test_two_wild_cards_are_searched_together():
    value = cc_value([LANDO_D, WEATHER_VANE_D])
    assert value.total == 11
    assert sum(wild_value for _, wild_value in value.assignment.wild) == 11


@pytest.mark.parametrize("wild_value", [0, 7, -1, 10**100, 3.0, True, "4", None])
def test_a_wild_value_outside_the_range_is_refused(wild_value):
    assert (
        error_code(cc_value, [LANDO_D, BINDERS], Assignment.of(wild={0: wild_value})) == "wild-out-of-range"
    )


def test_a_wild_value_for_a_card_that_is_not_wild_is_refused():
    assert error_code(cc_value, [LANDO_D, BINDERS], Assignment.of(wild={0: 3, 1: 3})) == "not-a-wild-card"


def test_a_range_with_negatives_and_zero_is_used_as_given():
    # Dune Sea Sabacc's range is 0-7; a house range may reach below zero
    wild = ("1_219",)
    jawa_pack = card("1_219", "•Jawa Pack", 3, type="Effect")
    over = [HUNTING_PARTY, DOUBLE_LASER, jawa_pack]  # 14 before the wild card
    assert hand_value(over, wild, (0, 7), ()).total == 14
    assert hand_value(over, wild, (-3, 7), ()).total == 11


# --- clone cards --------------------------------------------------------------------------------------------


def test_a_clone_copies_the_best_card():
    # Ugnaught clones Tonnika Sisters (2): 2 + 6 + 2 = 10; cloning Binders would make 14
    value = cc_value([UGNAUGHT, BINDERS, TONNIKA])
    assert (value.total, value.values, value.assignment.clones) == (10, (2, 6, 2), ((0, 2),))


def test_a_clone_may_copy_a_wild_cards_assigned_value():
    value = cc_value([LANDO_D, UGNAUGHT], assigned=Assignment.of(wild={0: 4}, clones={1: 0}))
    assert (value.total, value.values) == (8, (4, 4))
    best = cc_value([LANDO_D, UGNAUGHT, BOBA])  # 2x + 1 <= 11: Lando 5, the Ugnaught copies him
    assert (best.total, best.values) == (11, (5, 5, 1))


def test_a_hand_of_nothing_but_clone_cards_totals_zero():
    # an Ugnaught and two locations (Cloud City: Casino), each printed 3 / 0 / 0
    hand = [UGNAUGHT, CASINO_D, CASINO_L]
    assert cc_value(hand).total == 0
    assert cc_value(hand).values == (0, 0, 0)
    assert cc_value(hand, assigned=Assignment()).total == 0
    assert cc_value(hand, assigned=Assignment.of(clones={0: 1, 1: 0})).total == 0
    assert cc_value(hand, lando=1).total == 1


def test_a_clone_may_copy_another_clone():
    value = cc_value([UGNAUGHT, CASINO_D, BINDERS], assigned=Assignment.of(clones={0: 1, 1: 2}))
    assert value.values == (6, 6, 6)


def test_clones_copying_each_other_in_a_circle_are_refused():
    assigned = Assignment.of(clones={0: 1, 1: 0})
    assert error_code(cc_value, [UGNAUGHT, CASINO_D, BINDERS], assigned) == "clone-cycle"


def test_a_clone_of_itself_is_refused():
    assert error_code(cc_value, [UGNAUGHT, BINDERS], Assignment.of(clones={0: 0})) == "clone-of-itself"


@pytest.mark.parametrize("target", [2, -1, 10**100, "1", 1.0, None])
def test_a_clone_of_a_card_outside_the_hand_is_refused(target):
    assert (
        error_code(cc_value, [UGNAUGHT, BINDERS], Assignment.of(clones={0: target}))
        == "clone-target-out-of-range"
    )


def test_a_clone_entry_for_a_card_that_is_not_a_clone_is_refused():
    assigned = Assignment.of(clones={0: 1, 1: 0})
    assert error_code(cc_value, [UGNAUGHT, BINDERS], assigned) == "not-a-clone-card"


def test_a_card_both_wild_and_clone_is_used_as_either():
    # Dune Sea Sabacc: sandcrawler sites are wild (0-7) and Tatooine locations are clones; the caller lists the
    # Sandcrawler: Droid Junkheap as both
    ids = ("2_149",)
    # with a (house) range of 0-3, cloning A Million Voices Crying Out (5) beats any wild value: 10
    as_clone = hand_value([JUNKHEAP, MILLION_VOICES], ids, (0, 3), ids)
    assert (as_clone.total, as_clone.assignment.clones, as_clone.assignment.wild) == (10, ((0, 1),), ())
    # with Dune Sea Sabacc's 0-7, a wild 6 makes 11
    as_wild = hand_value([JUNKHEAP, MILLION_VOICES], ids, (0, 7), ids)
    assert (as_wild.total, as_wild.assignment.wild, as_wild.assignment.clones) == (11, ((0, 6),), ())
    given = hand_value([JUNKHEAP, MILLION_VOICES], ids, (0, 7), ids, assigned=Assignment.of(wild={0: 2}))
    assert given.total == 7
    as_wild_best = hand_value([JUNKHEAP, JUNKHEAP, BOBA], ids, (0, 7), ids)  # 5 + 5 + 1, or a wild 7 + 3 + 1
    assert as_wild_best.total == 11
    all_clones = hand_value([JUNKHEAP, JUNKHEAP, DOUBLE_LASER, HUNTING_PARTY], ids, (0, 7), ids)
    assert all_clones.total == 14  # 7 + 7 and both sites as wild 0 (copying would add 14)


# --- assignments: what is missing or wrong --------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        [LANDO_D, BINDERS],  # a wild card needs a value
        [UGNAUGHT, BINDERS],  # a clone needs a card to copy
        [R2D2, BINDERS],  # a "2 or 5" card needs its choice
    ],
)
def test_an_assignment_that_leaves_a_choice_open_is_refused(hand):
    assert error_code(cc_value, hand, Assignment()) == "missing-assignment"


def test_a_card_both_wild_and_clone_needs_one_of_the_two():
    ids = ("2_149",)
    assert error_code(hand_value, [JUNKHEAP, BINDERS], ids, (0, 7), ids, Assignment()) == "missing-assignment"
    both = Assignment.of(wild={0: 3}, clones={0: 1})
    assert error_code(hand_value, [JUNKHEAP, BINDERS], ids, (0, 7), ids, both) == "double-assignment"


def test_a_card_assigned_twice_is_refused():
    twice = Assignment(wild=((0, 3), (0, 4)))
    assert error_code(cc_value, [LANDO_D, BINDERS], twice) == "double-assignment"


def test_a_printed_choice_for_a_card_without_one_is_refused():
    assert error_code(cc_value, [TONNIKA, BINDERS], Assignment.of(printed={0: 2})) == "not-a-choice"
    assert (
        error_code(cc_value, [LANDO_D, R2D2], Assignment.of(wild={0: 1}, printed={0: 1, 1: 5}))
        == "double-assignment"
    )
    # Lando is wild: his printed value is no choice at all
    assert error_code(cc_value, [LANDO_D, R2D2], Assignment(printed=((0, 1), (1, 5)))) == "not-a-choice"


@pytest.mark.parametrize("printed", [3, 6, float("nan"), 10**100, 10**400, "5"])
def test_a_printed_choice_not_on_the_card_is_refused(printed):
    assert (
        error_code(cc_value, [R2D2, BINDERS], Assignment.of(printed={0: printed}))
        == "printed-value-not-on-card"
    )


@pytest.mark.parametrize(
    "assigned",
    [
        {"wild": {0: 3}},  # a mapping, not an Assignment
        Assignment(wild=((0,),)),  # not a pair
        Assignment(wild=[(0, 1, 2)]),
        Assignment(wild="03"),
        Assignment(wild=(("0", 3),)),  # the index is text
        Assignment(wild=((True, 3),)),
        Assignment(wild=tuple((0, 3) for _ in range(10**5))),  # huge list
    ],
)
def test_a_malformed_assignment_is_refused(assigned):
    assert error_code(cc_value, [LANDO_D, BINDERS], assigned) == "bad-assignment"


@pytest.mark.parametrize("index", [2, -1, 10**100])
def test_an_assignment_for_a_card_outside_the_hand_is_refused(index):
    assert (
        error_code(cc_value, [LANDO_D, BINDERS], Assignment(wild=((0, 3), (index, 3))))
        == "bad-assignment-index"
    )


def test_assignment_of_refuses_what_is_not_a_mapping_or_too_long():
    with pytest.raises(SabaccError) as caught:
        Assignment.of(wild=[(0, 3)])
    assert caught.value.code == "bad-assignment"
    with pytest.raises(SabaccError) as caught:
        Assignment.of(wild={index: 1 for index in range(10**4)})
    assert caught.value.code == "bad-assignment"
    assert Assignment.of(wild={1: 2, 0: 3}).wild == ((0, 3), (1, 2))  # sorted by index


# --- the best assignment ----------------------------------------------------------------------------------------


def test_the_best_total_is_the_closest_below_11_when_11_cannot_be_reached():
    # Hunting Party (7) + Tonnika Sisters (2) + Boba Fett (1) = 10
    assert cc_value([HUNTING_PARTY, TONNIKA, BOBA]).total == 10
    # Lando (1-6) + Hunting Party (7) + Apology Accepted (6) = 14 at best: everything goes over, lowest wins
    over = cc_value([LANDO_D, HUNTING_PARTY, APOLOGY])
    assert (over.total, over.assignment.wild) == (14, ((0, 1),))


def test_the_lowest_total_when_every_choice_goes_over():
    # Ugnaught cloning the Double Laser Cannon (7) or Hunting Party (7): 21 whatever the choice
    assert cc_value([UGNAUGHT, DOUBLE_LASER, HUNTING_PARTY]).total == 21
    # R2-D2 "2 or 5" with two sevens: 16, not 19
    value = cc_value([R2D2, DOUBLE_LASER, HUNTING_PARTY])
    assert (value.total, value.assignment.printed) == (16, ((0, 2),))


def _brute_force_best(cards, wild_ids, wild_range, clone_ids, modifiers, lando):
    """Every assignment, the slow way: the best total by the same rule (an independent check of the search)."""
    low, high = wild_range
    size = len(cards)
    choices = []
    for index, one in enumerate(cards):
        options = []
        if one.card_id in wild_ids:
            options += [("wild", value) for value in range(low, high + 1)]
        if one.card_id in clone_ids:
            options += [("clone", target) for target in range(size) if target != index]
        if not options:
            printed = one.destiny_values or ((one.destiny,) if one.destiny is not None else (0,))
            options = [("own", value + modifiers.get(index, 0)) for value in printed]
        choices.append(options)
    totals = set()
    for combo in product(*choices):
        if all(kind == "clone" for kind, _ in combo):
            totals.add(lando)
            continue
        values = []
        for index in range(size):
            seen = {index}
            kind, value = combo[index]
            while kind == "clone" and value not in seen:
                seen.add(value)
                kind, value = combo[value]
            if kind == "clone":
                break  # a circle of clones: not a legal assignment
            values.append(value)
        else:
            totals.add(round(sum(values) + lando, 9))
    return min(totals, key=lambda total: (0, 11 - total) if total <= 11 else (1, total))


@pytest.mark.parametrize("seed", range(60))
def test_the_search_finds_what_trying_every_assignment_finds(seed):
    rng = random.Random(seed)
    pool = [f"r_{index}" for index in range(6)]
    wild_ids = tuple(rng.sample(pool, rng.randint(0, 3)))
    clone_ids = tuple(rng.sample(pool, rng.randint(0, 3)))  # may overlap the wild ids
    low = rng.randint(-3, 4)
    wild_range = (low, low + rng.randint(0, 4))
    cards = []
    for _ in range(rng.randint(2, 4)):
        card_id = rng.choice(pool)
        values = tuple(rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 0.5, 2.5]) for _ in range(rng.randint(0, 2)))
        cards.append(card(card_id, card_id, values=values))
    modifiers = {index: rng.randint(-2, 2) for index in range(len(cards)) if rng.random() < 0.3}
    modifiers = {
        index: amount
        for index, amount in modifiers.items()
        if cards[index].card_id not in wild_ids + clone_ids
    }
    lando = rng.choice([-1, 0, 0, 1])
    best = hand_value(cards, wild_ids, wild_range, clone_ids, modifiers=modifiers, lando=lando)
    assert best.total == _brute_force_best(cards, wild_ids, wild_range, clone_ids, modifiers, lando)
    # the assignment returned is legal and gives the same total and values
    again = hand_value(cards, wild_ids, wild_range, clone_ids, best.assignment, modifiers, lando)
    assert (again.total, again.values) == (best.total, best.values)


def test_the_worst_accepted_input_is_searched_correctly():
    # six cards that are each wild and clone, a 21-value range: 11 is reachable in many ways; the search must
    # still return a legal assignment reaching it (the bound in _best keeps this to ~64,000 steps)
    ids = tuple(f"w_{index}" for index in range(6))
    hand = [card(card_id, card_id) for card_id in ids]
    best = hand_value(hand, ids, (-10, 10), ids)
    assert best.total == 11
    assert hand_value(hand, ids, (-10, 10), ids, best.assignment).total == 11
    # six cards with four fractional printed values each and modifiers: no two sums alike, none exactly 11
    spread = [
        card(f"p_{index}", "p", values=[0.013 * index, 1.37 + 0.7 * index, 2.9, -3.3]) for index in range(6)
    ]
    modifiers = {index: 0.123 * (index + 1) for index in range(6)}
    best = hand_value(spread, (), (1, 6), (), modifiers=modifiers)
    assert best.total == _brute_force_best(spread, (), (1, 6), (), modifiers, 0)
    # three fractional cards and three wild-or-clone cards over a 21-value range
    mixed = spread[:3] + hand[:3]
    best = hand_value(mixed, ids, (-10, 10), ids)
    assert best.total == 11
    assert hand_value(mixed, ids, (-10, 10), ids, best.assignment).total == 11


# --- the winner -----------------------------------------------------------------------------------------------


def play(dark, light, **kwargs) -> SabaccResult:
    return play_sabacc(dark, light, CLOUD_CITY_SABACC, **kwargs)


def test_the_player_closest_to_11_without_going_over_wins():
    result = play([HUNTING_PARTY, TONNIKA, BOBA], [FEW_MANEUVERS, HAN, HAN])  # 10 against 8
    assert (result.winner, result.reason) == (DARK, CLOSEST)
    assert (result.dark.total, result.light.total) == (10, 8)


def test_a_player_not_over_beats_a_player_over():
    result = play([TONNIKA, BOBA], [INTRUDER, BIONIC_HAND])  # 3 against 14
    assert (result.winner, result.reason) == (DARK, CLOSEST)
    assert result.light.over and not result.dark.over


def test_when_both_go_over_the_closest_to_11_wins():
    result = play([HUNTING_PARTY, APOLOGY], [INTRUDER, FEW_MANEUVERS, HAN])  # 13 against 14
    assert (result.winner, result.reason) == (DARK, BOTH_OVER)
    result = play([HUNTING_PARTY, DOUBLE_LASER], [INTRUDER, FEW_MANEUVERS])  # 14 against 13
    assert (result.winner, result.reason) == (LIGHT, BOTH_OVER)


def test_a_tie_goes_to_the_player_with_fewer_cards():
    result = play(
        [HUNTING_PARTY, TONNIKA, BOBA], [FEW_MANEUVERS, GOLD_1, HAN]
    )  # 10 (3 cards) against 10 (3 cards)
    assert result.winner is None
    result = play([HUNTING_PARTY, TONNIKA, BOBA], [BIONIC_HAND, BLASTER])  # 10 (3 cards) against 10 (2 cards)
    assert (result.winner, result.reason) == (LIGHT, FEWER_CARDS)
    result = play(
        [HUNTING_PARTY, DOUBLE_LASER], [INTRUDER, BIONIC_HAND, BOBA]
    )  # both over at 14 and 15: not a tie
    assert result.winner == DARK


def test_a_tie_in_total_and_cards_is_a_draw_with_no_loser():
    result = play([HUNTING_PARTY, TONNIKA, BOBA], [FEW_MANEUVERS, GOLD_1, HAN])
    assert (result.winner, result.reason, result.forfeit) == (None, DRAW, None)
    both_over = play([HUNTING_PARTY, DOUBLE_LASER], [INTRUDER, BIONIC_HAND])  # 14 and 14, two cards each
    assert (both_over.winner, both_over.reason) == (None, DRAW)


# --- perfect sabacc -------------------------------------------------------------------------------------------


def test_perfect_sabacc_wins_immediately():
    # Dark's first two: Binders (6) + A Million Voices Crying Out (5) = 11. Light also reaches 11, with a wild card
    result = play([BINDERS, MILLION_VOICES], [LANDO_L, FEW_MANEUVERS])
    assert result.light.total == 11 and not result.light.perfect_sabacc
    assert result.dark.perfect_sabacc
    assert (result.winner, result.reason) == (DARK, PERFECT_SABACC)


def test_perfect_sabacc_counts_the_first_two_cards_only():
    # Light's first two make 11 (A Few Maneuvers 6 + 8D8 5); a third card drawn after does not undo it
    result = play([HUNTING_PARTY, TONNIKA, BOBA], [FEW_MANEUVERS, EIGHT_D_EIGHT, HAN])
    assert result.light.total == 12 and result.light.perfect_sabacc
    assert result.winner == LIGHT
    # 11 reached with three cards is no perfect sabacc
    three = play([HUNTING_PARTY, TONNIKA, BOBA, BOBA], [FEW_MANEUVERS, X34, TONNIKA])
    assert not three.dark.perfect_sabacc and three.reason == FEWER_CARDS


def test_perfect_sabacc_may_use_a_printed_choice_and_modifiers():
    # R2-D2 "2 or 5" + A Few Maneuvers (6): 5 + 6
    result = play([HUNTING_PARTY, TONNIKA], [R2D2, FEW_MANEUVERS])
    assert result.light.perfect_sabacc and result.light.assignment.printed == ((0, 5),)
    # Tonnika Sisters at Kiffex (value 4) + Hunting Party (7)
    kiffex = play([TONNIKA, HUNTING_PARTY], [HAN, HAN], modifiers={DARK: {0: 2}})
    assert kiffex.dark.perfect_sabacc and kiffex.winner == DARK


def test_perfect_sabacc_is_preferred_over_an_equal_total_without_it():
    # Artoo "1 or 6" + 8D8 (5) + Han (1): 6 + 5 makes perfect sabacc even though 1 + 5 + 1 = 7 is also below 11
    result = play([HUNTING_PARTY, TONNIKA, BOBA], [ARTOO, EIGHT_D_EIGHT, HAN])
    assert result.light.perfect_sabacc and result.light.assignment.printed == ((0, 6),)
    assert result.light.total == 12


def test_an_explicit_choice_decides_perfect_sabacc():
    assigned = {LIGHT: Assignment.of(printed={0: 2})}
    result = play([HUNTING_PARTY, TONNIKA], [R2D2, FEW_MANEUVERS], assigned=assigned)
    assert not result.light.perfect_sabacc and result.light.total == 8
    assert result.winner == DARK


def test_no_perfect_sabacc_with_a_wild_or_clone_card_among_the_first_two():
    wild = play([LANDO_D, BINDERS], [HUNTING_PARTY, HAN], assigned={DARK: Assignment.of(wild={0: 5})})
    assert wild.dark.total == 11 and not wild.dark.perfect_sabacc
    # the Ugnaught clones A Million Voices Crying Out: 5 + 5 + 1 (Boba Fett) = 11
    clone = play([UGNAUGHT, MILLION_VOICES, BOBA], [HUNTING_PARTY, HAN])
    assert clone.dark.total == 11 and not clone.dark.perfect_sabacc


def test_no_perfect_sabacc_when_landos_text_modified_the_total():
    result = play([BINDERS, MILLION_VOICES], [HUNTING_PARTY, TONNIKA], lando={DARK: -1})
    # Binders (6) + A Million Voices Crying Out (5) would be perfect; with Lando's -1 it is a plain 10
    assert not result.dark.perfect_sabacc
    assert (result.dark.total, result.dark.lando) == (10, -1)
    assert (result.winner, result.reason) == (DARK, CLOSEST)  # 10 against 9
    plus = play([BINDERS, MILLION_VOICES], [HUNTING_PARTY, TONNIKA], lando={DARK: 1})
    assert not plus.dark.perfect_sabacc and plus.dark.over and plus.winner == LIGHT


def test_landos_text_turns_a_perfect_sabacc_into_a_plain_total():
    result = play([BINDERS, MILLION_VOICES], [HUNTING_PARTY, TONNIKA, BOBA], lando={DARK: -1})
    assert (result.dark.total, result.light.total) == (10, 10)
    assert (result.winner, result.reason) == (
        DARK,
        FEWER_CARDS,
    )  # no perfect sabacc: a tie broken by card count


def test_both_perfect_sabaccs_are_a_draw():
    result = play([BINDERS, MILLION_VOICES], [FEW_MANEUVERS, EIGHT_D_EIGHT])
    assert result.dark.perfect_sabacc and result.light.perfect_sabacc
    assert (result.winner, result.reason, result.forfeit) == (None, BOTH_PERFECT, None)


# --- what the loser gives up ------------------------------------------------------------------------------------


def test_a_loser_holding_stakes_gives_up_one_of_them_to_the_winners_used_pile():
    # Light loses with Intruder Missile and Bionic Hand (stakes: a weapon and a device) and Han Solo (not one)
    result = play([HUNTING_PARTY, TONNIKA, BOBA], [INTRUDER, HAN, BIONIC_HAND])
    forfeit = result.forfeit
    assert (result.winner, forfeit.loser, forfeit.chooser, forfeit.pick) == (DARK, LIGHT, DARK, 1)
    assert [(lost.index, lost.card_id) for lost in forfeit.options] == [(0, "7_159"), (2, "5_12")]
    assert all(lost.stake and lost.pile == USED_PILE and lost.pile_owner == DARK for lost in forfeit.options)


def test_a_loser_without_stakes_loses_any_card_the_winner_chooses():
    result = play([HUNTING_PARTY, TONNIKA, BOBA], [FEW_MANEUVERS, HAN, HAN])
    forfeit = result.forfeit
    assert [lost.card_id for lost in forfeit.options] == ["1_70", "1_11", "1_11"]
    assert all(
        not lost.stake and lost.pile == LOST_PILE and lost.pile_owner == LIGHT for lost in forfeit.options
    )
    assert (forfeit.chooser, forfeit.pick) == (DARK, 1)


def test_perfect_sabacc_takes_both_of_the_losers_first_two_cards():
    # Light: perfect sabacc. Dark's first two: Binders (a stake) and Tonnika Sisters (not); the third stays
    result = play([BINDERS, TONNIKA, DOUBLE_LASER], [FEW_MANEUVERS, EIGHT_D_EIGHT])
    forfeit = result.forfeit
    assert (forfeit.loser, forfeit.chooser, forfeit.pick) == (DARK, None, 2)
    binders, tonnika = forfeit.options
    assert (binders.card_id, binders.stake, binders.pile, binders.pile_owner) == (
        "5_106",
        True,
        USED_PILE,
        LIGHT,
    )
    assert (tonnika.card_id, tonnika.stake, tonnika.pile, tonnika.pile_owner) == (
        "1_195",
        False,
        LOST_PILE,
        DARK,
    )


def test_an_imperial_starship_won_by_the_light_side_becomes_a_rebel_starship():
    result = play([BLACK_2, HUNTING_PARTY, APOLOGY], [FEW_MANEUVERS, TONNIKA])  # Dark over at 15
    (black_2,) = result.forfeit.options
    assert (result.winner, black_2.card_id, black_2.becomes) == (LIGHT, "1_299", "Rebel")
    assert "Rebel starship" in black_2.note


def test_a_rebel_starship_won_by_the_dark_side_becomes_an_imperial_starship():
    result = play([HUNTING_PARTY, TONNIKA], [RED_5, GOLD_1, HAN])  # 9 against 6
    assert [(lost.card_id, lost.becomes) for lost in result.forfeit.options] == [
        ("2_71", "Imperial"),
        ("1_141", "Imperial"),
    ]


def test_a_starship_that_does_not_change_allegiance_gets_no_note():
    # an Independent starship (Zuckuss In Mist Hunter, put in the Light hand for the test) won by the Dark Side
    result = play([HUNTING_PARTY, TONNIKA], [MIST_HUNTER, HAN])
    (mist_hunter,) = result.forfeit.options
    assert (mist_hunter.stake, mist_hunter.becomes, mist_hunter.note) == (True, "", "")
    # an Imperial starship won by the Dark Side stays Imperial
    result = play([HUNTING_PARTY, TONNIKA], [VADERS_TIE, HAN])
    assert result.forfeit.options[0].becomes == ""


def test_a_starship_that_is_not_a_stake_is_lost_without_changing_allegiance():
    rules = SabaccRules(wild_ids=CC_WILD, wild_range=CC_RANGE, clone_ids=CC_CLONES, stake_ids=())
    result = play_sabacc([BLACK_2, HUNTING_PARTY, APOLOGY], [FEW_MANEUVERS, TONNIKA], rules)
    assert [(lost.card_id, lost.pile, lost.becomes) for lost in result.forfeit.options][0] == (
        "1_299",
        LOST_PILE,
        "",
    )


@pytest.mark.parametrize(
    ("one", "allegiance"),
    [
        (BLACK_2, "Imperial"),  # characteristic "Imperial (starship)"
        (RED_5, "Rebel"),  # characteristic "Rebel (starship)"
        (MIST_HUNTER, ""),  # "Independent (starship)"
        (VADER, ""),  # a character with subtype Imperial is no starship
        (
            card("t_1", "test ship", type="Starship", subtype="Capital: Imperial-Class Star Destroyer"),
            "",
        ),  # a model
        (
            card("t_2", "test ship", type="Starship", subtype="Imperial"),
            "Imperial",
        ),  # subtype naming the allegiance
        (card("t_3", "test ship", type="Starship", subtype="Starfighter: Rebel"), "Rebel"),
        (
            card("t_4", "test ship", type="Starship", characteristics=["Imperial", "Rebel"]),
            "",
        ),  # both: undecided
    ],
)
def test_starship_allegiance(one, allegiance):
    assert starship_allegiance(one) == allegiance


def test_the_result_is_plain_json():
    result = play([LANDO_D, UGNAUGHT, BOBA], [BLACK_2, HUNTING_PARTY, APOLOGY])
    data = json.loads(json.dumps(result.to_dict()))
    assert data["winner"] == DARK
    assert data["dark"]["values"] == [5, 5, 1]
    assert data["forfeit"]["options"][0]["card_id"] == "1_299"


# --- bounds and hostile input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [[], [BINDERS], [BOBA] * 7, [BOBA] * 10**6, "5_106", None, 42],
)
def test_a_hand_outside_two_to_six_cards_is_refused(hand):
    assert error_code(cc_value, hand) == "bad-hand-size"
    assert error_code(play, [BOBA, BOBA], hand) == "bad-hand-size"


def test_a_hand_of_six_is_accepted():
    assert cc_value([BOBA] * 6).total == 6


@pytest.mark.parametrize(
    "bad",
    [
        "5_106",
        {"card_id": "5_106"},
        CcgCard(card_id="t_1", title="t", side=DARK, type=None),
        CcgCard(card_id="t_1", title="t", side=DARK, type="Starship", subtype="x" * 10**6),
        CcgCard(card_id="t_1", title="t", side=DARK, type="Starship", characteristics=("Rebel",) * 10**5),
        CcgCard(card_id="t_1", title="t", side=DARK, type="Starship", characteristics=(None,)),
    ],
)
def test_a_card_that_is_not_a_usable_record_is_refused(bad):
    assert error_code(cc_value, [BOBA, bad]) == "bad-card"


@pytest.mark.parametrize("card_id", ["\ud800", "5_\udfff", "", "x" * 65, None, 5])
def test_bad_card_ids_are_refused(card_id):
    one = CcgCard(card_id=card_id, title="t", side=DARK, type="Character", destiny=1)
    assert error_code(cc_value, [BOBA, one]) == "bad-card-id"
    assert error_code(hand_value, [BOBA, BOBA], ("5_99", card_id), CC_RANGE, ()) == "bad-card-id"
    bad_stakes = SabaccRules(wild_ids=CC_WILD, wild_range=CC_RANGE, stake_ids=(card_id,))
    assert error_code(play_sabacc, [BOBA, BOBA], [HAN, HAN], bad_stakes) == "bad-card-id"


@pytest.mark.parametrize(
    ("destiny", "values"),
    [
        (float("nan"), ()),
        (float("inf"), ()),
        (1e308, ()),
        (10**100, ()),
        (10**400, ()),
        (21, ()),
        ("2", ()),
        (True, ()),
        (None, (1, float("-inf"))),
        (None, (1, 2, 3, 4, 5)),
        (None, tuple(range(10**5))),
        (None, "25"),
    ],
)
def test_bad_destiny_numbers_are_refused(destiny, values):
    one = CcgCard(
        card_id="t_1", title="t", side=DARK, type="Character", destiny=destiny, destiny_values=values
    )
    assert error_code(cc_value, [BOBA, one]) == "bad-card-values"


@pytest.mark.parametrize(
    "wild_range",
    [(0, 21), (-21, 0), (-20, 20), (6, 1), (1.0, 6), (True, 6), (1, 10**100), (1, 2, 3), "16", None, (1,)],
)
def test_a_wild_range_out_of_bounds_is_refused(wild_range):
    assert error_code(hand_value, [BOBA, BOBA], CC_WILD, wild_range, ()) == "bad-wild-range"
    rules = SabaccRules(wild_ids=CC_WILD, wild_range=wild_range)
    assert error_code(play_sabacc, [BOBA, BOBA], [HAN, HAN], rules) == "bad-wild-range"


def test_the_widest_accepted_wild_ranges():
    assert hand_value([LANDO_D, BOBA], CC_WILD, (-20, 0), ()).total == 1
    assert hand_value([LANDO_D, BOBA], CC_WILD, (0, 20), ()).total == 11
    assert hand_value([LANDO_D, BOBA], CC_WILD, (5, 5), ()).total == 6


@pytest.mark.parametrize("ids", ["5_99", None, 5, tuple(f"x_{index}" for index in range(1_001))])
def test_id_lists_that_are_not_short_lists_are_refused(ids):
    assert error_code(hand_value, [BOBA, BOBA], ids, CC_RANGE, ()) == "bad-ids"
    assert error_code(hand_value, [BOBA, BOBA], (), CC_RANGE, ids) == "bad-ids"


@pytest.mark.parametrize(
    "modifiers",
    [
        {0: float("nan")},
        {0: 10**100},
        {0: 10**400},
        {0: -21},
        {0: "2"},
        {2: 1},
        {-1: 1},
        {True: 1},
        {"0": 1},
        {0: 1, 1: 1, 2: 1},
        [(0, 1)],
        {1: 1},  # Lando is wild: his value comes from the Interrupt
        {1: 1, 0: 1},
    ],
)
def test_bad_modifiers_are_refused(modifiers):
    assert error_code(cc_value, [BOBA, LANDO_D], modifiers=modifiers) == "bad-modifier"


def test_a_modifier_on_a_clone_card_is_refused():
    assert error_code(cc_value, [UGNAUGHT, BOBA], modifiers={0: 1}) == "bad-modifier"


@pytest.mark.parametrize("lando", [2, -2, True, "1", 0.5, 10**100])
def test_landos_adjustment_is_plus_or_minus_one(lando):
    assert error_code(cc_value, [BOBA, BOBA], lando=lando) == "bad-lando"
    assert error_code(play, [BOBA, BOBA], [HAN, HAN], lando={LIGHT: lando}) == "bad-lando"


@pytest.mark.parametrize("per_side", [{"neutral": 1}, {"\ud800": 1}, [1], "dark"])
def test_per_side_inputs_keyed_by_anything_but_the_sides_are_refused(per_side):
    assert error_code(play, [BOBA, BOBA], [HAN, HAN], lando=per_side) == "bad-side"
    assert error_code(play, [BOBA, BOBA], [HAN, HAN], assigned=per_side) == "bad-side"
    assert error_code(play, [BOBA, BOBA], [HAN, HAN], modifiers=per_side) == "bad-side"


def test_rules_that_are_not_a_sabacc_rules_record_are_refused():
    assert error_code(play_sabacc, [BOBA, BOBA], [HAN, HAN], {"wild_ids": CC_WILD}) == "bad-rules"


def test_a_side_error_names_the_side():
    with pytest.raises(SabaccError) as caught:
        play([BOBA, BOBA], [LANDO_L, HAN], assigned={LIGHT: Assignment.of(wild={0: 9})})
    assert caught.value.code == "wild-out-of-range"
    assert caught.value.message.startswith("light side:")
    assert caught.value.cards == (0,)


def test_an_error_message_with_a_huge_index_stays_short():
    with pytest.raises(SabaccError) as caught:
        cc_value([LANDO_D, BINDERS], Assignment(wild=((0, 3), (10**5000, 3))))
    assert caught.value.code == "bad-assignment-index"
    assert len(caught.value.message) < 200


def test_assignments_per_side_are_used():
    assigned = {
        DARK: Assignment.of(wild={0: 1}, clones={1: 0})
    }  # Lando 1, the Ugnaught copies him: 1 + 1 + 1
    result = play([LANDO_D, UGNAUGHT, BOBA], [HAN, HAN], assigned=assigned)
    assert (result.dark.total, result.light.total, result.winner) == (3, 2, DARK)


# --- before the reveal: initiating and drawing --------------------------------------------------------------------


def test_sabacc_cannot_be_initiated_during_battle_or_without_two_reserve_cards():
    check_can_initiate(reserve_deck_size=2, during_battle=False)  # no error
    assert error_code(check_can_initiate, 30, True) == "during-battle"
    assert error_code(check_can_initiate, 1, False) == "reserve-deck-too-small"
    for bad in (-1, "3", 2.0, True, None):
        assert error_code(check_can_initiate, bad, False) == "bad-reserve-deck"


def test_a_player_draws_until_he_passes_has_six_cards_or_runs_out_of_reserve():
    assert may_draw(hand_size=2, reserve_deck_size=10, passed=False)
    assert not may_draw(hand_size=2, reserve_deck_size=10, passed=True)
    assert not may_draw(hand_size=6, reserve_deck_size=10, passed=False)
    assert not may_draw(hand_size=3, reserve_deck_size=0, passed=False)
    for bad in (-1, "2", 10**100 * 1.0, None):
        assert error_code(may_draw, bad, 10, False) == "bad-count"


def test_drawing_begins_with_the_initiators_opponent():
    assert draw_order(DARK) == (LIGHT, DARK)
    assert draw_order(LIGHT) == (DARK, LIGHT)
    assert error_code(draw_order, "\ud800") == "bad-side"
