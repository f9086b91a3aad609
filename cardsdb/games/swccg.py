"""Star Wars: Customizable Card Game (Decipher 1995–2001, the Players Committee since)."""

from django.utils.translation import pgettext_lazy

from cardsdb.importers import swccg as importer

from .plugin import DeckProfile, GamePlugin

PLUGIN = GamePlugin(
    code="swccg",
    load_cards=importer.load,
    pinned_cards=importer.pinned_source,
    deck=DeckProfile(
        game="swccg",
        sides=("Light", "Dark"),
        zones=(("deck", "Deck"), ("starting", "Starting"), ("outside", "Outside deck")),
        default_format="open",
        search_example="t:character side:dark power>=6",
        list_help=pgettext_lazy(
            "deck list help",
            "2x Darth Vader lines with section headers (Starting, Outside deck:), a GEMP id list, GEMP XML, "
            "swccgdb or Holotable",
        ),
    ),
    statistics="swccg",
    hand_size=8,
    draws_destiny=True,
    # The starting location, the objective and the cards they pull are on the table before the opening hand.
    starting_pulls=True,
)
