"""Deck writers: GEMP's list and XML file, a readable text list (which reads back the same), and JSON.

LackeyCCG's .dek and .txt writers live with their readers in lackey.py and are re-exported here.
"""

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

from decks.formats_io.base import CardInfo, DeckEntry, agreed_side, fold, id_order, set_of, totals
from decks.formats_io.lackey import write_lackey_dek as write_lackey_dek
from decks.formats_io.lackey import write_lackey_txt as write_lackey_txt
from decks.formats_io.lines import is_header_name

# The zones' names in a text list, as SWCCG players write them (and the text reader reads them back).
ZONE_LABELS = {"starting": "Starting", "deck": "Deck", "outside": "Outside deck"}
UNKNOWN_TYPE = "Unknown type"  # the group of cards whose type the catalogue leaves empty
# The usual order of a SWCCG deck list; other types follow alphabetically.
TYPE_ORDER = (
    "Objective",
    "Location",
    "Character",
    "Starship",
    "Vehicle",
    "Weapon",
    "Device",
    "Effect",
    "Interrupt",
    "Admiral's Order",
    "Epic Event",
    "Jedi Test",
    "Creature",
    "Podracer",
    "Defensive Shield",
    "Game Aid",
)
# SWTCG and SW:DBG lists are grouped by each card's own type, in these orders (units by arena first); a type
# not listed ("Space/Ground", "Mission - Trap") follows the one it starts with.
OWN_TYPE_ORDER = {
    "swtcg": (
        "Space",
        "Ground",
        "Character",
        "Subordinate",
        "Equipment",
        "Location",
        "Mission",
        "Battle",
        "Event",
        "Resource",
    ),
    "swdbg": ("Unit", "Capital Ship", "Base"),
}
# Games whose text export is read back as a text list: their own type headers end with ":" so that the text
# reader, whose section words are SWCCG's, reads "Space (12):" as a header, not as a card.
COLON_HEADERS = frozenset({"swtcg"})


def write_gemp_list(entries: Iterable[DeckEntry]) -> str:
    """ "deck ids|outside ids", one id per copy; starting cards are deck cards in GEMP."""
    merged = _merged(entries)
    deck = [cid for (cid, zone), n in merged if zone != "outside" for _ in range(n)]
    outside = [cid for (cid, zone), n in merged if zone == "outside" for _ in range(n)]
    return ",".join(deck) + "|" + ",".join(outside)


def write_gemp_xml(entries: Iterable[DeckEntry], info: Mapping[str, CardInfo]) -> str:
    """GEMP's deck file: <card>/<cardOutsideDeck> elements, one per copy, with the title for people."""
    root = ET.Element("deck")
    for (card_id, zone), count in _merged(entries):
        attributes = {"blueprintId": card_id}
        if card_id in info:
            attributes["title"] = info[card_id].title
        for _ in range(count):
            ET.SubElement(root, "cardOutsideDeck" if zone == "outside" else "card", attributes)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_text(
    entries: Iterable[DeckEntry],
    info: Mapping[str, CardInfo],
    *,
    name: str | None = None,
    side: str | None = None,
    zone_labels: Mapping[str, str] | None = None,
    game: str | None = None,
) -> str:
    """Starting cards, then the deck grouped by type ("Characters (12)" / "2x •Darth Vader"), then the cards
    outside the deck. `zone_labels` names the zones as the game does (decks/games.py: SWTCG's "Outside the
    game / sideboard", SW:DBG's "Base deck"); a deck zone named otherwise than "Deck" (SW:DBG's "Starter deck")
    heads its type groups. With SWCCG's names (the default) it reads back to the same entries with text.read
    (and read_any).

    `game` (default: the game whose zones `zone_labels` are, else SWCCG): SWCCG groups by its plural type
    headers; SWTCG and SW:DBG by each card's own type ("Space (12):", "Unit (10)"), SWTCG's reading back too."""
    merged = _merged(entries)
    missing = sorted({cid for (cid, _zone), _n in merged if cid not in info})
    if missing:
        raise ValueError(f"no card information for {', '.join(missing)}")
    side = side or agreed_side(info[cid].side for (cid, _zone), _n in merged)
    zones = {**ZONE_LABELS, **(zone_labels or {})}
    game = game or _game_of(zone_labels)
    labels = _labels(info)
    lines = []
    if name:
        lines.append(f"Deck: {' '.join(name.split())}")
    if side:
        lines.append(f"Side: {side}")

    def section(title: str, rows: list[tuple[str, int]], *, blank: bool = True, colon: bool = False) -> None:
        if lines and blank:
            lines.append("")
        lines.append(f"{title} ({sum(n for _cid, n in rows)})" + (":" if colon else ""))
        lines.extend(f"{n}x {labels[cid]}" for cid, n in _sorted(rows, info))

    starting = [(cid, n) for (cid, zone), n in merged if zone == "starting"]
    if starting:
        section(zones["starting"], starting)
    deck = [(cid, n) for (cid, zone), n in merged if zone == "deck"]
    headed = bool(deck) and zones["deck"] != ZONE_LABELS["deck"]
    if headed:  # "Starter deck (10)" over the type groups
        if lines:
            lines.append("")
        lines.append(f"{zones['deck']} ({sum(n for _cid, n in deck)})")
    groups: dict[str, list[tuple[str, int]]] = {}
    for cid, n in deck:
        header = _own_type(info[cid].type) if game in OWN_TYPE_ORDER else _group_header(info[cid].type)
        groups.setdefault(header, []).append((cid, n))
    order = (lambda h: _own_type_order(h, game)) if game in OWN_TYPE_ORDER else _header_order
    for index, header in enumerate(sorted(groups, key=order)):
        section(header, groups[header], blank=not (headed and index == 0), colon=game in COLON_HEADERS)
    outside = [(cid, n) for (cid, zone), n in merged if zone == "outside"]
    if outside:
        section(zones["outside"], outside)
    return "\n".join(lines) + "\n"


def write_json(
    entries: Iterable[DeckEntry],
    info: Mapping[str, CardInfo],
    *,
    name: str | None = None,
    side: str | None = None,
) -> str:
    """{"name", "side", "cards": [{"card_id", "title", "type", "count", "zone"}]}; title/type null if unknown."""
    merged = _merged(entries)
    side = side or agreed_side(info[cid].side for (cid, _zone), _n in merged if cid in info)
    cards = [
        {
            "card_id": cid,
            "title": info[cid].title if cid in info else None,
            "type": info[cid].type if cid in info else None,
            "count": n,
            "zone": zone,
        }
        for (cid, zone), n in merged
    ]
    return json.dumps({"name": name, "side": side, "cards": cards}, ensure_ascii=False, indent=2) + "\n"


# -- helpers -----------------------------------------------------------------------------------------------


def _merged(entries: Iterable[DeckEntry]) -> list[tuple[tuple[str, str], int]]:
    """Copies per (card, zone), starting cards first, then the deck, then outside (input order within)."""
    rank = {"starting": 0, "deck": 1, "outside": 2}
    return sorted(totals(entries).items(), key=lambda item: rank.get(item[0][1], 1))


def _labels(info: Mapping[str, CardInfo]) -> dict[str, str]:
    """Titles as printed; "[set]" added where another card of the same side has the same title (reprints),
    so that reading the list back finds the same printing."""
    seen: dict[tuple[str, str], int] = {}
    for card in info.values():
        key = (fold(card.title), card.side)
        seen[key] = seen.get(key, 0) + 1
    return {
        cid: card.title + (f" [{set_of(cid)}]" if seen[(fold(card.title), card.side)] > 1 else "")
        for cid, card in info.items()
    }


def _group_header(card_type: str) -> str:
    """ "Characters", "Admiral's Orders", "Jedi Tests"; "Other" for a type the text reader would not know;
    "Unknown type" for a card without one (SW:DBG's Clone Wars starter cards)."""
    base = re.sub(r"\s*#\d+$", "", card_type.strip())
    if not base:
        return UNKNOWN_TYPE
    plural = base if base.endswith("s") else base + "s"
    return plural if is_header_name(plural) else "Other"


def _game_of(zone_labels: Mapping[str, str] | None) -> str:
    """The game whose zones these labels name (decks/games.py), SWCCG when none or no other game's."""
    from decks.games import PROFILES  # plain data

    wanted = {**ZONE_LABELS, **(zone_labels or {})}
    for code, profile in PROFILES.items():
        if code != "swccg" and {**ZONE_LABELS, **dict(profile.zones)} == wanted:
            return code
    return "swccg"


def _own_type(card_type: str) -> str:
    """The card's type as printed, one spelling per type ("Mission -Trap", "Mission – Trap" → "Mission -
    Trap"); "Unknown type" for a card without one (SW:DBG's Clone Wars starter cards)."""
    spelled = re.sub(r"\s*[-–—]\s*", " - ", " ".join(card_type.split()))
    return spelled or UNKNOWN_TYPE


def _own_type_order(header: str, game: str) -> tuple:
    order = OWN_TYPE_ORDER[game]
    first = re.split(r"[/ ]", header)[0]
    known = next((i for i, name in enumerate(order) if header == name or name == first), len(order))
    return (header == UNKNOWN_TYPE, known, header)


def _header_order(header: str) -> tuple:
    singular = header.removesuffix("s")
    return (TYPE_ORDER.index(singular) if singular in TYPE_ORDER else len(TYPE_ORDER), header)


def _sorted(rows: list[tuple[str, int]], info: Mapping[str, CardInfo]) -> list[tuple[str, int]]:
    def key(row):
        card = info[row[0]]
        kind = re.sub(r"\s*#\d+$", "", card.type)
        return (
            TYPE_ORDER.index(kind) if kind in TYPE_ORDER else len(TYPE_ORDER),
            fold(card.title),
            id_order(row[0]),
        )

    return sorted(rows, key=key)
