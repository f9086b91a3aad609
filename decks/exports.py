"""A saved deck as a file: GEMP list and XML, plain text by type, JSON, and a printable proxy sheet (PDF)."""

import re

from cardsdb.face_facts import face_facts

from .formats_io.base import CardInfo, DeckEntry
from .formats_io.writers import write_gemp_list, write_gemp_xml, write_json, write_text
from .models import Deck

EXPORTS = {
    "gemp": ("text/plain; charset=utf-8", "txt"),
    "xml": ("application/xml; charset=utf-8", "xml"),
    "text": ("text/plain; charset=utf-8", "txt"),
    "json": ("application/json", "json"),
    "pdf": ("application/pdf", "pdf"),
}


def _entries_and_info(deck: Deck):
    rows = list(deck.cards.select_related("card", "card__card_set", "card__game"))
    entries = [DeckEntry(dc.code, dc.count, dc.zone) for dc in rows]
    info = {dc.code: CardInfo(dc.code, dc.card.title, dc.card.type, dc.card.side) for dc in rows}
    return rows, entries, info


def export_deck(deck: Deck, kind: str) -> tuple[bytes | str, str, str]:
    """(content, content type, file name) for one of EXPORTS."""
    rows, entries, info = _entries_and_info(deck)
    content_type, extension = EXPORTS[kind]
    filename = f"{re.sub(r'[^A-Za-z0-9._-]+', '_', deck.name).strip('_') or 'deck'}.{extension}"
    side = deck.side or None
    if kind == "gemp":
        return write_gemp_list(entries), content_type, filename
    if kind == "xml":
        return write_gemp_xml(entries, info), content_type, filename
    if kind == "text":
        return write_text(entries, info, name=deck.name, side=side), content_type, filename
    if kind == "json":
        return write_json(entries, info, name=deck.name, side=side), content_type, filename
    from .proxies import proxy_sheet

    faces = [face_facts(dc.card) for dc in rows for _ in range(dc.count)]
    return proxy_sheet(faces, title=deck.name), content_type, filename
