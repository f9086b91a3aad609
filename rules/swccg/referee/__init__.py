"""The SWCCG referee: rebuilds the table after every event of a record and checks it against the core rules.

`referee(record, cards, mode)` replays a checked record (rules/swccg/record.py) against the stored cards. Each
broken rule is a Violation: the event's index, a code (rules/swccg/rulebook.py gives its section, the rulebook's
words and the rule in English), a message and the cards involved. A strict replay stops at the first event that
breaks a rule; a checking replay lists them all and carries on from what the record says happened.

Checked now: turn and phase order, activation (icons + 1, from the Reserve Deck), deploying (from hand, where
you have presence or a Force icon, spies excepted; cost paid from the Force Pile; starships to systems;
uniqueness •/••/••• on table and ◇ per location; personas), Force drains (control, the opponent's icons, once a
location a turn), battles (both present, once a location a turn, 1 Force, battle destiny at ability 4, damage
and attrition met by forfeits and Force loss, hit cards forfeited — rules/swccg/battle.py), movement (once a turn
by itself, hyperspeed against parsecs with pilot and astromech or nav computer, landspeed, landing and take-off
within a system, Force paid), Force owed lost before the phase ends, recirculation, and the end of the game when
a Life Force is gone; and the advanced rules: captives, crossing over, Lando and Lobot, sabacc, stealing and
weapons (permanent weapons too); and what a card's own text forbids, as the game text reader reads it (where it
deploys, whether it moves).

The checks live in one module per rulebook section, as docs/swccg-rules.md's table of violations groups them:
turns (turn and phase order, the end), piles (draws, activation, Force lost and retrieved), deployment, drains,
battles (and weapons), movement, captives, changing_sides (crossing over, Lando and Lobot, stealing) and
sabacc_games; text_rules what a card's text forbids; judge holds what they share, results what a replay gives
back, replay the loop.
"""

from .replay import _Referee, referee
from .results import CHECK, STRICT, Replay, TurnSummary, Violation

__all__ = ["CHECK", "STRICT", "Replay", "TurnSummary", "Violation", "_Referee", "referee"]
