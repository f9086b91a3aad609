"""A card's standing in every format of its game (decks/legality/card_formats.py), read from the database."""

from cardsdb.models import Card
from decks.legality.card_formats import Standing, swccg_standing, swdbg_standing, swtcg_standing
from decks.legality.formats import FormatRules
from decks.legality.pool import card_pool, format_rules, setup_pool, tcg_pool
from decks.legality.swdbg import SetupRules
from decks.legality.swtcg import TcgFormat
from decks.models import Format


def card_standings(card: Card) -> list[Standing]:
    """One Standing per format of the card's game, in the formats' order."""
    codes = [card.code, *(a.code for a in card.aliases.all() if a.face == "front")]
    found = []
    for fmt in Format.objects.filter(game_id=card.game_id).order_by("position"):
        rules = format_rules(fmt)
        if isinstance(rules, FormatRules):
            pool = card_pool(card.game_id)
            printings = [p for p in (pool.get(c) for c in codes) if p is not None and p.card == card.code]
            found.append(swccg_standing(printings, rules, own=card.code))
        elif isinstance(rules, TcgFormat):
            pool = tcg_pool()
            sets = [p.card_set.code for p in card.printings.all()]
            found.append(swtcg_standing([pool[c] for c in codes if c in pool], sets, rules))
        elif isinstance(rules, SetupRules):
            found.append(swdbg_standing(setup_pool().get(card.code), rules))
    return found
