"""A card's printed facts for the Pillow renderer (cardsdb.images), from the database row."""

from .images import FaceFacts
from .models import Card

STAT_LABELS = {"light_icons": "Light icons", "dark_icons": "Dark icons", "hit_points": "Hit points"}


def face_facts(card: Card, face: str = "front") -> FaceFacts:
    if face == "back" and card.back:
        back = card.back
        title, kind, subtype = (
            back.get("title", card.title),
            back.get("type", card.type),
            back.get("subType", ""),
        )
        stats = tuple(
            (k.title(), str(back[k])) for k in ("destiny", "power", "deploy", "forfeit") if k in back
        )
        text, lore, icons = back.get("gametext", ""), back.get("lore", ""), tuple(back.get("icons", []))
    else:
        title, kind, subtype = card.title, card.type, card.subtype
        stats = tuple((STAT_LABELS.get(k, k.title()), v) for k, v in card.stats_text.items())
        text, lore, icons = card.gametext, card.lore, tuple(card.icons)
    footer = " · ".join(filter(None, [card.card_set.name if card.card_set else "", card.rarity, card.code]))
    return FaceFacts(
        game=card.game.short_name,
        title=title,
        type_line=f"{kind} — {subtype}" if subtype else kind,
        side=card.side,
        stats=stats,
        gametext=text,
        lore=lore,
        footer=footer,
        icons=icons,
    )
