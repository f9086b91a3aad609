"""What the reader is given: a card's text and printed numbers as a plain record (rules/swccg_gametext.py builds
them from the stored cards; tests may build them by hand)."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardText:
    code: str  # the GEMP id ("1_168"), or the catalogue's code of a legacy or pre-errata version
    title: str
    type: str  # "Character", "Starship", "Vehicle", "Weapon", …
    subtype: str = ""
    gametext: str = ""
    edition: str = "current"  # "current" (errata'd), "legacy", "pre-errata": each keeps its own text
    power: float | None = None
    ability: float | None = None
    forfeit: float | None = None
    deploy: float | None = None
    destiny: float | None = None
    landspeed: float | None = None
    hyperspeed: float | None = None
    maneuver: float | None = None
    armor: float | None = None
