"""A stored Format → the rules its game's legality checker reads (FormatRules, TcgFormat, SetupRules): one reader
per game, so a new game adds its plug-in (cardsdb/games/) and its reader here."""

from collections.abc import Callable
from typing import Any

from decks.legality.formats import from_gemp
from decks.legality.swdbg import rules_from_definition
from decks.legality.swtcg import format_from_definition

# A stored Format → the rules its game's legality checker reads (FormatRules, TcgFormat, SetupRules).
FORMAT_READERS: dict[str, Callable[[Any], Any]] = {
    "swccg": lambda fmt: from_gemp(fmt.definition, fmt.house_rules, source=fmt.source),
    "swtcg": lambda fmt: format_from_definition(fmt.definition, source=fmt.source),
    "swdbg": lambda fmt: rules_from_definition(fmt.definition),
}


def read_format(fmt) -> Any:
    return FORMAT_READERS[fmt.game_id](fmt)
