"""SWTCG unit cards, versions and personas.

A unit card with a version letter ("Anakin Skywalker (A)") is unique, and every version of a name is one persona.
For the uniqueness rules (one in play, stacking, confrontation) a few pairs of names count as the same name:
Darth Vader / Anakin Skywalker, Beru Lars / Beru Whitesun, Padmé Amidala / Padmé Skywalker. A card that refers to
another card "by name" still means that exact name only: use `same_name` for card text, `same_persona` for the
uniqueness rules.
"""

import re
from dataclasses import dataclass

from core.text import fold

# A single version letter in parentheses at the end of the title: "Luke Skywalker (D)".
_VERSION = re.compile(r"^(?P<name>.*?)\s*\((?P<version>[A-Za-z])\)\s*$")

# Folded name → the folded name of the persona it counts as for the uniqueness rules.
_PERSONA_PAIRS = {
    "darth vader": "anakin skywalker",
    "beru whitesun": "beru lars",
    "padme skywalker": "padme amidala",
}


@dataclass(frozen=True, slots=True)
class UnitCard:
    card_id: str
    name: str  # e.g. "Anakin Skywalker" (without the version)
    version: str | None  # "A", "B"…; None = not unique
    type: str  # "Character", "Space", "Ground", …
    speed: int | None
    power: int | None
    health: int | None
    build_cost: int | None
    text: str = ""
    side: str = ""  # "Light", "Dark", "Neutral"…

    @property
    def unique(self) -> bool:
        return self.version is not None

    @property
    def title(self) -> str:
        """The name with its version, as printed: "Anakin Skywalker (A)"."""
        return f"{self.name} ({self.version})" if self.version else self.name


def parse_title(title: str) -> tuple[str, str | None]:
    """Split a title into name and version: "Anakin Skywalker (A)" → ("Anakin Skywalker", "A")."""
    title = " ".join(title.split())
    match = _VERSION.match(title)
    if match is None or not match["name"]:
        return title, None
    return match["name"], match["version"].upper()


def name_key(name: str) -> str:
    """The exact name, folded (case, accents, spacing); a trailing version letter is ignored."""
    return fold(parse_title(name)[0])


def persona_key(name: str) -> str:
    """The key shared by every name of one persona: "Darth Vader" and "Anakin Skywalker" give the same key."""
    key = name_key(name)
    return _PERSONA_PAIRS.get(key, key)


def same_persona(a: UnitCard, b: UnitCard) -> bool:
    """Same name for the uniqueness and stacking rules (the persona pairs count as one name)."""
    return persona_key(a.name) == persona_key(b.name)


def same_name(a: UnitCard, b: UnitCard) -> bool:
    """Exactly the same name (folded): what card text that names a card means."""
    return name_key(a.name) == name_key(b.name)
