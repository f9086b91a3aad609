"""The SWCCG card page's "How the rules read this card" (added to cardsdb's CARD_PAGE in rules/apps.py): each
sentence of the card's text with the effects the reader found in it (rules/swccg/gametext), worded for people
(effect_words.py), or marked as not read."""

from rules.swccg.gametext import UNREAD
from rules.swccg_gametext import card_effects
from rules.views.effect_words import condition_words, effect_words, kind_name

TEMPLATE = "rules/_card_reading.html"


def reading_panel(card) -> dict | None:
    """{template, sentences: [{sentence, read, effects: [{kind, name, words, condition}]}], read, total}; None for
    a card of another game or without text."""
    if card.game_id != "swccg" or not (card.gametext or "").strip():
        return None
    sentences: dict[str, list] = {}
    for effect in card_effects(card):
        said = sentences.setdefault(effect.sentence, [])
        if effect.kind != UNREAD:
            said.append(
                {
                    "kind": effect.kind,
                    "name": kind_name(effect.kind),
                    "words": effect_words(effect.kind, effect.amount, effect.value, effect.target),
                    "condition": condition_words(effect.condition),
                    "detail": ", ".join(effect.detail),
                }
            )
        else:
            said.append(None)  # a part not read
    rows = [
        {"sentence": sentence, "read": all(said), "effects": [e for e in said if e]}
        for sentence, said in sentences.items()
    ]
    return {
        "template": TEMPLATE,
        "sentences": rows,
        "read": sum(r["read"] for r in rows),
        "total": len(rows),
    }
