"""Star Wars Trading Card Game (Wizards of the Coast 2002–2005, the community's sets since)."""

from django.utils.translation import pgettext_lazy

from cardsdb.importers import swtcg as importer

from .plugin import DeckProfile, GamePlugin

PLUGIN = GamePlugin(
    code="swtcg",
    load_cards=importer.load,
    # No pinned download: the community repository's files are not pinned; needs CARDSDB_DATA_DIR or --source.
    pinned_cards=None,
    deck=DeckProfile(
        game="swtcg",
        sides=("Light", "Dark", "Yuuzhan Vong"),
        zones=(("deck", "Deck"), ("outside", "Outside the game / sideboard")),
        default_format="full",
        search_example="arena:space speed>=50 side:light",
        list_help=pgettext_lazy(
            "deck list help",
            "4 Luke Skywalker (A) lines, LackeyCCG .txt (count<TAB>name, Sideboard: / Outside the game: "
            "sections) or LackeyCCG .dek XML",
        ),
    ),
    statistics="tcg",
    has_arenas=True,
    # "Each draws a hand of seven cards" (Wizards' SWTCG "Game Setup" article).
    hand_size=7,
)
