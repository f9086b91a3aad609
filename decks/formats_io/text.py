"""Plain-text deck lists as players paste them.

Card lines: "2x Card Name", "2 Card Name", "x2 Card Name", "Card Name x2", "Card Name" (one copy), with an
optional set at the end ("2x Darth Vader [Premiere]"). Section headers ("Characters (12)", "Effects:",
"== Locations ==", "Starting:", "Outside deck:", "Sideboard"…) named for outside/starting switch the zone of
the lines below. "Side: Dark" and "Deck: Name" lines give the side and the deck name; "#" and "//" lines are
comments.
"""

from decks.formats_io.base import ReadResult
from decks.formats_io.limits import SuggestionBudget
from decks.formats_io.lines import collect, resolve

FORMAT = "text"


def read(
    text: str, resolver, *, side: str | None = None, suggestions: SuggestionBudget | None = None
) -> ReadResult:
    collected = collect(enumerate(text.splitlines(), start=1))
    return resolve(
        collected, resolver, format=FORMAT, side=side, blank_input=not text.strip(), suggestions=suggestions
    )
