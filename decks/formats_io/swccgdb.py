"""swccgdb's plain-text export.

Modelled on swccgpc/swccgdb src/AppBundle/Resources/views/Export/plain.txt.twig (read through the public code
index), which writes:

    {{ deck.name }} {{ deck.version }}
    Side: {{ deck.side.name }}
    Sets: From {{ first set }} ({{ n }}) to {{ last set }} ({{ n }})   (or one set name)
    Objective
    {{ objective.name }} [{{ set.name }}]
    Locations                     (then Characters, Starships, Vehicles, Weapons, Devices, Effects,
    2x {{ card.name }} [{{ set.name }}]    Interrupts, Admiral's Orders, Epic Events, Jedi Tests, Creatures,
    …                                      Podracers, Defensive Shields; singular when one card)
    {{ footer }}

Its importer (src/AppBundle/Services/DeckImportService.php) reads "Side: " lines and "2x Name [Set]" /
"Name x2" / "Name" lines. Here the objective is a starting card and Defensive Shields are outside the deck,
as in the game (and GEMP); the header line before "Side:" is the deck name (without its version).
"""

import re

from decks.formats_io.base import ReadResult
from decks.formats_io.limits import MAX_LINE_CHARS, SuggestionBudget
from decks.formats_io.lines import Collected, collect, resolve

FORMAT = "swccgdb"

# swccgdb's own section names (as written, without a count) that are not plain deck sections
SPECIAL_HEADERS = {
    "objective": "starting",
    "objectives": "starting",
    "defensive shield": "outside",
    "defensive shields": "outside",
}
_SIDE = re.compile(r"^\s*side\s*:", re.I)
_SETS = re.compile(r"^\s*sets\s*:\s*(?P<rest>.*)$", re.I)
_VERSION = re.compile(r"\s+v?[0-9]+(?:\.[0-9]+)+$")  # "My Deck 1.0" → "My Deck"
_URL = re.compile(r"https?://|www\.", re.I)  # the footer links back to the site
_NAME_PREFIX = re.compile(r"^(?:deck(?:\s+name)?|name|title)\s*:\s*", re.I)
# A card line, never a deck name: "2x Name", "2 Name", "Name x2", "Name [Set]"
_CARD_LINE = re.compile(r"^\s*[0-9]+\s*[x×]?\s+\S|[x×]\s*[0-9]+\s*$|\]\s*$", re.I)


def read(
    text: str, resolver, *, side: str | None = None, suggestions: SuggestionBudget | None = None
) -> ReadResult:
    lines = list(enumerate(text.splitlines(), start=1))
    collected = Collected()
    side_at = next((i for i, (_n, line) in enumerate(lines) if _SIDE.match(line)), None)
    if side_at is not None:  # the first line above "Side:" is the deck name; anything else is read as usual
        first = next((i for i, (_n, line) in enumerate(lines[:side_at]) if line.strip()), None)
        named = first is not None and not _CARD_LINE.search(lines[first][1])
        if named and len(lines[first][1].strip()) <= MAX_LINE_CHARS:  # longer: reported as a line
            collected.name = _VERSION.sub("", _NAME_PREFIX.sub("", lines[first][1].strip())).strip() or None
            del lines[first]
    kept, skip_next = [], False
    for number, line in lines:
        if skip_next and line.strip():  # "Sets:" alone, the range on the next line
            skip_next = False
            continue
        sets = _SETS.match(line)
        if sets:
            skip_next = not sets.group("rest").strip()
            continue
        if _URL.search(line):
            continue
        kept.append((number, line))
    collect(kept, special_headers=SPECIAL_HEADERS, collected=collected)
    return resolve(
        collected, resolver, format=FORMAT, side=side, blank_input=not text.strip(), suggestions=suggestions
    )
