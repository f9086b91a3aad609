"""A saved deck as a file: GEMP list and XML (SWCCG), plain text by type with the game's zone names, JSON, a
printable proxy sheet (PDF), and LackeyCCG's deck file and text list (SWTCG)."""

import re

from cardsdb.face_facts import face_facts
from decks.formats_io.base import CardInfo, DeckEntry
from decks.formats_io.lackey import GAME as LACKEY_GAME
from decks.formats_io.writers import (
    write_gemp_list,
    write_gemp_xml,
    write_json,
    write_lackey_dek,
    write_lackey_txt,
    write_text,
)
from decks.games import profile
from decks.models import Deck

# Each export its own file name ending: three are plain text, and a download must not overwrite another.
EXPORTS = {
    "gemp": ("text/plain; charset=utf-8", "gemp.txt"),
    "xml": ("application/xml; charset=utf-8", "xml"),
    "text": ("text/plain; charset=utf-8", "txt"),
    "json": ("application/json", "json"),
    "pdf": ("application/pdf", "pdf"),
    "lackey-dek": ("application/xml; charset=utf-8", "dek"),
    "lackey-txt": ("text/plain; charset=utf-8", "lackey.txt"),
}
# Exports for some games only (the others are for every game): GEMP plays SWCCG alone, and LackeyCCG's files
# name cards as the SWTCG plugin's set files do.
EXPORT_GAMES = {
    "gemp": frozenset({"swccg"}),
    "xml": frozenset({"swccg"}),
    "lackey-dek": frozenset({"swtcg"}),
    "lackey-txt": frozenset({"swtcg"}),
}


def exports_for(game: str) -> list[str]:
    """The export kinds a deck of this game can be downloaded as, sorted."""
    return sorted(kind for kind in EXPORTS if game in EXPORT_GAMES.get(kind, {game}))


def _entries_and_info(deck: Deck):
    rows = list(deck.cards.select_related("card", "card__card_set", "card__game"))
    entries = [DeckEntry(dc.code, dc.count, dc.zone) for dc in rows]
    info = {
        dc.code: CardInfo(
            dc.code,
            dc.card.title,
            dc.card.type,
            dc.card.side,
            set_code=dc.card.card_set.code if dc.card.card_set_id else None,
            image_file=dc.card.extra.get("image_file") or None,
        )
        for dc in rows
    }
    return rows, entries, info


def export_deck(deck: Deck, kind: str) -> tuple[bytes | str, str, str]:
    """(content, content type, file name) for one of EXPORTS; ValueError for a kind the deck's game has not
    (see exports_for)."""
    if kind not in exports_for(deck.game_id):
        allowed = ", ".join(exports_for(deck.game_id))
        raise ValueError(f"a {deck.game_id} deck cannot be exported as {kind!r}; use one of {allowed}")
    rows, entries, info = _entries_and_info(deck)
    content_type, extension = EXPORTS[kind]
    filename = f"{re.sub(r'[^A-Za-z0-9._-]+', '_', deck.name).strip('_') or 'deck'}.{extension}"
    side = deck.side or None
    if kind == "gemp":
        return write_gemp_list(entries), content_type, filename
    if kind == "xml":
        return write_gemp_xml(entries, info), content_type, filename
    if kind == "text":
        labels = dict(profile(deck.game_id).zones)  # "Starter deck" / "Base deck" for SW:DBG…
        return (
            write_text(entries, info, name=deck.name, side=side, zone_labels=labels, game=deck.game_id),
            content_type,
            filename,
        )
    if kind == "json":
        return write_json(entries, info, name=deck.name, side=side), content_type, filename
    if kind == "lackey-dek":
        return write_lackey_dek(entries, info, game=LACKEY_GAME), content_type, filename
    if kind == "lackey-txt":
        return write_lackey_txt(entries, info), content_type, filename
    from decks.deck.proxies import proxy_sheet

    faces = [face_facts(dc.card) for dc in rows for _ in range(dc.count)]
    return proxy_sheet(faces, title=deck.name), content_type, filename
