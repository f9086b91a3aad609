"""What differs between the games for decks: sides, zones, the default format, hints for the builder.

Plain data, read by the builder, the deck API and the deck page so that none of them hard-codes a game.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class DeckProfile:
    game: str
    sides: tuple[str, ...]  # the values a deck's side may take (besides "" = from the cards)
    zones: tuple[tuple[str, str], ...]  # (DeckCard zone, label in this game)
    default_format: str
    search_example: str
    list_help: str
    side_label: str = "Side"


PROFILES = {
    "swccg": DeckProfile(
        game="swccg",
        sides=("Light", "Dark"),
        zones=(("deck", "Deck"), ("starting", "Starting"), ("outside", "Outside deck")),
        default_format="open",
        search_example="t:character side:dark power>=6",
        list_help="2x Darth Vader lines with section headers (Starting, Outside deck:), a GEMP id list, GEMP XML, "
        "swccgdb or Holotable",
    ),
    "swtcg": DeckProfile(
        game="swtcg",
        sides=("Light", "Dark", "Yuuzhan Vong"),
        zones=(("deck", "Deck"), ("outside", "Outside the game / sideboard")),
        default_format="full",
        search_example="arena:space speed>=50 side:light",
        list_help="4 Luke Skywalker (A) lines, LackeyCCG .txt (count<TAB>name, Sideboard: / Outside the game: "
        "sections) or LackeyCCG .dek XML",
    ),
    "swdbg": DeckProfile(
        game="swdbg",
        sides=("Empire", "Rebel", "Republic", "Separatist"),
        zones=(("deck", "Starter deck"), ("outside", "Base deck")),
        default_format="beginner",
        search_example="faction:rebel trait:fighter cost<=3",
        list_help="a game setup (starter decks, bases, galaxy deck)",
        side_label="Faction",
    ),
}


def profile(game: str) -> DeckProfile:
    return PROFILES.get(game, PROFILES["swccg"])


def all_sides() -> list[str]:
    return sorted({side for p in PROFILES.values() for side in p.sides})
