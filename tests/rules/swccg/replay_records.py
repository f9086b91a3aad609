"""A small SWCCG record of stored cards for the replay viewer's tests: the shared opening, a Dark Side turn that
deploys two characters to the Light Side's Cantina, and a Light Side turn that activates more Force than it may
(too-much-activation at event #11, index 10)."""

from rules.swccg.cards import DARK, LIGHT

from .tables import record, turn

VIOLATION_INDEX = 10


def sample_record() -> dict:
    return record(
        *turn(
            DARK,
            {"type": "activate", "amount": 3},
            {"type": "deploy", "card": "1_181", "to": "1_128"},
            {"type": "deploy", "card": "1_194#1", "to": "1_128"},
        ),
        *turn(LIGHT, {"type": "activate", "amount": 9}),
        stored=True,
    )
