"""The stored SWCCG cards as the rules engines read them (rules/swccg/cards.py's CcgCard)."""

from cardsdb.models import Card
from rules.swccg.cards import DARK, LIGHT, CcgCard, own_attrition_immunity
from rules.swccg_gametext import read_catalogue


def ccg_card(card: Card, effects: dict | None = None) -> CcgCard:
    """The card as the rules read it; `effects` is the read catalogue (rules/swccg_gametext.py), read when not
    given."""
    if effects is None:
        effects = read_catalogue()
    values = tuple(float(v) for v in card.destiny_values or () if isinstance(v, int | float))
    return CcgCard(
        card_id=card.code,
        title=card.title,
        side=DARK if card.side.casefold().startswith("dark") else LIGHT,
        type=card.type,
        subtype=card.subtype,
        power=card.power,
        ability=card.ability,
        forfeit=card.forfeit,
        destiny=card.destiny,
        destiny_values=values or ((card.destiny,) if card.destiny is not None else ()),
        armor=card.armor,
        maneuver=card.maneuver,
        deploy=card.deploy,
        immune_to_attrition=own_attrition_immunity(card.gametext),
        icons=tuple(str(i) for i in card.icons or ()),
        characteristics=tuple(str(c) for c in [*(card.characteristics or ()), *(card.keywords or ())]),
        gametext=card.gametext,
        uniqueness=_uniqueness(card),
        personas=tuple(sorted(p.code for p in card.personas.all())),
        light_icons=card.light_icons or 0,
        dark_icons=card.dark_icons or 0,
        parsec=card.parsec,
        hyperspeed=card.hyperspeed,
        landspeed=card.landspeed,
        effects=effects.get(card.code, ()),
    )


def _uniqueness(card: Card) -> str:
    if card.uniqueness_kind == Card.UniquenessKind.PER_LOCATION:
        return "◇"
    if card.uniqueness_kind in (Card.UniquenessKind.UNIQUE, Card.UniquenessKind.RESTRICTED):
        return "•" * (card.uniqueness_limit or 1)
    return ""


def ccg_cards(ids) -> tuple[dict[str, CcgCard], list[str]]:
    """The current-edition cards for GEMP ids (e.g. "1_168"), and the ids no card has, in the order given."""
    wanted = list(dict.fromkeys(ids))
    effects = read_catalogue()
    found = {
        c.code: ccg_card(c, effects)
        for c in Card.objects.filter(
            game_id="swccg", code__in=wanted, edition=Card.Edition.CURRENT
        ).prefetch_related("personas")
    }
    return found, [i for i in wanted if i not in found]
