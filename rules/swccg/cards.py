"""SWCCG cards as the rules read them: small immutable records built from the stored cards (rules/swccg_cards.py
does that against the catalogue; tests build them by hand).

Numbers are as printed. What card text does to them in a game is not guessed here: a calculator or a game record
states it as an explicit modifier. The one piece of text read from the card is its own attrition immunity
("Immune to attrition < 5."), the number the battle rules need most and the text gives most regularly. `effects`
is the card's text as the game text reader reads it (rules/swccg/gametext/; the adapter fills it from the
catalogue read once per version): the referee checks the restrictions it states (where a card deploys, whether it
moves, a permanent weapon).
"""

import re
from dataclasses import dataclass

from .gametext import Effect

DARK = "dark"
LIGHT = "light"
SIDES = (DARK, LIGHT)


# Sites whose title opens with a place on a planet rather than the planet: Cloud City's sites are Bespin's, Jabba's
# Palace's are Tatooine's (their titles say "Cloud City: …", "Jabba's Palace: …"; the exterior sites say "Bespin:
# Cloud City", "Tatooine: Jabba's Palace").
SITE_SYSTEMS = {"Cloud City": "Bespin", "Jabba's Palace": "Tatooine"}


def other(side: str) -> str:
    """The opposing side."""
    return LIGHT if side == DARK else DARK


# "Immune to attrition < 5." or "Immune to attrition." opening a sentence of the card's own text: the card's
# immunity. Conditional forms ("Immune to attrition < 3 (< 5 while armed)") give their unconditional number;
# lower-case mentions ("your troopers are immune to attrition") are about other cards and are ignored.
_IMMUNITY = re.compile(r"(?:^|[.!)]\s+)Immune to attrition(?:\s*<\s*(\d+))?(?=[\s.(,;]|$)")
ALL_ATTRITION = 1_000  # "Immune to attrition." with no number: immune to any attrition

# A starship's or vehicle's room for characters: "May add 6 pilots, 8 passengers, 2 vehicles and 4 TIEs."
_MAY_ADD = re.compile(r"May (?:add|carry) ([^.]{1,200})\.")
_SEATS = re.compile(
    r"(\d+|one|two|three|four|five|six) '?(?:pilots?|drivers?|passengers?|riders?|astromechs?)\b"
)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def character_capacity(gametext: str) -> int | None:
    """How many characters a starship or vehicle carries, from its "May add …" text (pilots, drivers, passengers,
    riders and astromechs; "N pilots or passengers" is N seats); None when the text gives no number (unlimited,
    or no such sentence: the referee does not guess)."""
    match = _MAY_ADD.search(gametext or "")
    if match is None or "unlimited" in match.group(1):
        return None
    seats = _SEATS.findall(match.group(1))
    return sum(int(n) if n.isdigit() else _WORDS[n] for n in seats) if seats else None


def own_attrition_immunity(gametext: str) -> int | None:
    """The card's printed immunity to attrition: immune while attrition < the number (ALL_ATTRITION when the text
    names no number), or None."""
    match = _IMMUNITY.search(gametext or "")
    if match is None:
        return None
    return int(match.group(1)) if match.group(1) else ALL_ATTRITION


@dataclass(frozen=True, slots=True)
class CcgCard:
    card_id: str  # the GEMP blueprint id, e.g. "1_168"
    title: str  # as printed, with its uniqueness marks
    side: str  # DARK or LIGHT
    type: str  # "Character", "Starship", "Vehicle", "Location", "Interrupt", …
    subtype: str = ""  # "Imperial", "Rebel", "Capital", "Starfighter", "Site", …
    power: float | None = None
    ability: float | None = None
    forfeit: float | None = None
    destiny: float | None = None
    destiny_values: tuple[float, ...] = ()  # several when the card prints "2 or 5"; empty when none
    armor: float | None = None
    maneuver: float | None = None
    deploy: float | None = None
    immune_to_attrition: int | None = None  # see own_attrition_immunity
    icons: tuple[str, ...] = ()  # "Pilot", "Warrior", "Astromech", …
    characteristics: tuple[str, ...] = ()  # keywords and lore characteristics: "bounty hunter", "gambler", …
    gametext: str = ""
    uniqueness: str = ""  # "•", "••", "•••" (at most that many on table), "◇" (one per location), "" (none)
    personas: tuple[str, ...] = ()  # GEMP's persona codes: VADER, LUKE, LANDO…
    light_icons: float = 0  # locations: the Light Side's Force icons
    dark_icons: float = 0
    parsec: float | None = None  # systems
    hyperspeed: float | None = None
    landspeed: float | None = None
    effects: tuple[Effect, ...] = ()  # its game text read (rules/swccg/gametext/); empty when not read

    @property
    def is_character(self) -> bool:
        return self.type == "Character"

    @property
    def is_starship(self) -> bool:
        return self.type == "Starship"

    @property
    def is_location(self) -> bool:
        return self.type == "Location"

    @property
    def name(self) -> str:
        """The title without uniqueness marks."""
        return self.title.lstrip("•◇<> ").replace("<>", "").strip()

    @property
    def system(self) -> str:
        """A location's system: "Tatooine" for "•Tatooine: Cantina", for "•Tatooine" and for "•Jabba's Palace:
        Audience Chamber" (SITE_SYSTEMS)."""
        prefix = self.name.split(":", 1)[0].strip()
        return SITE_SYSTEMS.get(prefix, prefix)

    @property
    def on_table_limit(self) -> int | None:
        """How many cards of this title may be on table at once (None: any number; ◇ is per location)."""
        return {"•": 1, "••": 2, "•••": 3}.get(self.uniqueness)

    def icons_for(self, side: str) -> float:
        return self.light_icons if side == LIGHT else self.dark_icons

    def has(self, word: str) -> bool:
        """Whether an icon or characteristic names `word` (case-insensitive)."""
        word = word.casefold()
        return any(word == item.casefold() for item in self.icons + self.characteristics)
