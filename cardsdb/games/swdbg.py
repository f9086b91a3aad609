"""Star Wars: The Deckbuilding Game (Fantasy Flight Games 2023; the Clone Wars Edition 2024)."""

from django.utils.translation import pgettext_lazy

from cardsdb.importers import swdbg as importer

from .plugin import DeckProfile, GamePlugin

PLUGIN = GamePlugin(
    code="swdbg",
    load_cards=importer.load,
    # No pinned download: original_2023.json was compiled for this project from public implementations and is
    # published nowhere to download; needs CARDSDB_DATA_DIR or --source. The Clone Wars Edition file ships in
    # the package (cardsdb/data/).
    pinned_cards=None,
    deck=DeckProfile(
        game="swdbg",
        sides=("Empire", "Rebel", "Republic", "Separatist"),
        zones=(("deck", "Starter deck"), ("outside", "Base deck")),
        default_format="beginner",
        search_example="faction:rebel trait:fighter cost<=3",
        list_help=pgettext_lazy("deck list help", "a game setup (starter decks, bases, galaxy deck)"),
        side_label="Faction",
    ),
    setup_decks=True,
    # A starter deck's statistics, its base deck counted outside; a card's power is its attack.
    statistics="tcg",
    stats_power="attack",
    # 5 from the 10-card starter deck, and a new hand of 5 each turn.
    hand_size=5,
    per_turn=5,
    engine="rules.swdbg",
)
