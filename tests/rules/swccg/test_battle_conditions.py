"""Deciding a card text's condition from a battle's request (rules/swccg/battle_conditions.py), on cards built by
hand: names are found or not, classes found or undecided, the location decides "at", the rest is asked."""

import pytest

from rules.swccg.battle_conditions import Placed, Table, decide
from rules.swccg.cards import CcgCard
from rules.swccg.gametext import Condition

VADER = CcgCard("1_168", "•Darth Vader", "dark", "Character", "Imperial", personas=("VADER",))
TROOPER = CcgCard("1_194", "Stormtrooper", "dark", "Character", "Imperial", characteristics=("trooper",))
LUKE = CcgCard("1_19", "•Luke Skywalker", "light", "Character", "Rebel", personas=("LUKE",))
RED_5 = CcgCard("2_71", "•Red 5", "light", "Starship", "Starfighter")
CANTINA = CcgCard("1_128", "•Tatooine: Cantina", "light", "Location", "Site")

PLACED = (
    Placed(VADER, "dark"),
    Placed(TROOPER, "dark"),
    Placed(RED_5, "light", aboard=(LUKE,)),
    Placed(LUKE, "light", carrier=RED_5, carrier_index=2),
)
TABLE = Table(PLACED, CANTINA)


@pytest.mark.parametrize(
    ("condition", "here", "expected"),
    [
        (None, 0, True),
        (Condition("in-battle"), 0, True),
        (Condition("with", "Vader"), 1, True),  # a word of the name
        (Condition("with", "Tarkin"), 1, False),  # a name not there
        (Condition("with", "Tarkin or Vader"), 1, True),
        (Condition("with", "Vader"), 0, False),  # not with himself
        (Condition("with", "a trooper"), 0, True),  # a class found
        (Condition("with", "a Jedi"), 0, None),  # a class not found: undecided
        (Condition("with", "Vader", negated=True), 1, False),
        (Condition("piloting", "Red 5"), 3, True),
        (Condition("piloting", "Red 5"), 0, False),  # at the location itself
        (Condition("piloted-by", "Luke"), 2, True),
        (Condition("piloted-by", "Wedge"), 2, False),
        (Condition("piloted-by", "Biggs"), 2, None),  # one word ending in s: a name or a class ("Rebels")
        (Condition("with", "Rebels"), 3, None),  # the pilot's carrier is a starfighter, not a Rebel
        (Condition("with", "Starfighters"), 3, True),
        (Condition("at", "Tatooine"), 0, True),
        (Condition("at", "Hoth"), 0, False),
        (Condition("at", "same site as Luke"), 0, True),
        (Condition("at", "same site"), 0, True),
        (Condition("alone"), 0, False),
        (Condition("state", "defending a battle"), 0, None),
        (Condition("all", parts=(Condition("in-battle"), Condition("with", "a Jedi"))), 0, None),
        (Condition("any", parts=(Condition("in-battle"), Condition("with", "a Jedi"))), 0, True),
    ],
)
def test_decided_from_the_request(condition, here, expected):
    assert decide(condition, PLACED[here], TABLE) is expected


def test_no_location_named_leaves_at_undecided():
    assert decide(Condition("at", "Tatooine"), PLACED[0], Table(PLACED)) is None
