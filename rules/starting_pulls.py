"""Which of a starting card's pulls are placed before the opening hand (plain Python, no Django).

The rule, one for the odds API and the deck page's Odds panel (rules/deck_odds.py): the draw pile is the deck
minus its starting cards (the starting zone: starting location, objective, starting interrupt or effect, and
what they deploy, as the deck lists them); cards outside the deck are never drawn. Deriving pulls adds, one
copy each, the cards a starting card's text deploys (the card data's `pulls` relation) that the starting zone
does not already list. A card a starting card lets you *take into hand* is not one of them: it is taken from
the Reserve Deck during the game (Mobilization Points: "Once per game, you may take one Carida … into hand from
Reserve Deck"), so it stays in the draw pile and may be drawn.
"""

import re

PILE_RULE = (
    "Draw pile = the deck minus its starting cards (the starting zone as the deck lists it); cards outside "
    "the deck are never drawn. Derived pulls add, one copy each, the cards a starting card deploys that the "
    "starting zone does not list; a card a starting card lets you take into hand later (Mobilization Points: "
    "'once per game, you may take … into hand') stays in the draw pile."
)

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_MARKS = "•◇ "
INTO_HAND = "into hand"
FROM_RESERVE = "reserve deck"


def _sentences(text: str) -> list[str]:
    return [s.lower() for s in _SENTENCE.split(text or "") if s.strip()]


def taken_into_hand(puller_text: str, named: str) -> bool:
    """True when the puller's text takes the named card into hand rather than deploying it.

    The sentence naming the card decides; when no sentence names it as written (the relation's text may
    shorten a title), the card is taken into hand only if every sentence of the text that reaches into the
    Reserve Deck says "into hand"."""
    wanted = named.strip(_MARKS).lower()
    sentences = _sentences(puller_text)
    naming = [s for s in sentences if wanted and wanted in s]
    if naming:
        return all(INTO_HAND in s for s in naming)
    reaching = [s for s in sentences if FROM_RESERVE in s]
    return bool(reaching) and all(INTO_HAND in s for s in reaching)
