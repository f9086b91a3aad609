"""GEMP's two deck forms: the stored list and the XML deck file.

List (GEMP's deck table): blueprint ids, one per copy, comma-separated; then "|" and the ids kept outside the
deck ("9_109,9_109,3_82|2_60"; the part after "|" may be empty or missing). "*" (foil) and "^" (alternate
image) markers do not change the card.

XML (GEMP's deck export, serializeDeck in its DeckRequestHandler):
<deck><card blueprintId="13_69" title="…"/>…<cardOutsideDeck blueprintId="13_51" title="…"/></deck>, one element
per copy; title, testingText, backSideTestingText and horizontal are ignored for matching.
"""

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from decks.formats_io.base import (
    MAX_COUNT,
    DeckEntry,
    ReadProblem,
    ReadResult,
    Said,
    agreed_side,
    empty_deck_problem,
    gettext_noop,
    not_valid_xml,
    parse_error_at,
    said,
    side_from,
    too_deep_message,
    unsafe_xml,
    unsafe_xml_message,
    wrong_root,
    xml_failure,
)
from decks.formats_io.limits import MAX_XML_DEPTH

LIST_FORMAT = "gemp-list"
XML_FORMAT = "gemp-xml"
_ZONE_OF_ELEMENT = {"card": "deck", "cardOutsideDeck": "outside"}


def read(text: str, resolver, *, side: str | None = None, suggestions=None) -> ReadResult:
    """Either form: XML when the text starts with "<". (Ids have no closest-card suggestions.)"""
    if text.lstrip().startswith("<"):
        return read_xml(text, resolver, side=side)
    return read_list(text, resolver, side=side)


# -- list --------------------------------------------------------------------------------------------------


def read_list(text: str, resolver, *, side: str | None = None, suggestions=None) -> ReadResult:
    parts = text.strip().split("|")
    problems: list[ReadProblem] = []
    if len(parts) > 2:  # still read them: the extra parts can only be outside-of-deck cards
        problems.append(
            ReadProblem.of(
                "bad-line",
                said(
                    gettext_noop(
                        'The GEMP list has %(count)s "|" separators; only one is expected (deck|outside). The ids '
                        "after the first are read as outside the deck."
                    ),
                    count=len(parts) - 1,
                ),
                None,
                text.strip()[:200],
            )
        )
    zones = [("deck", parts[0])] + [("outside", part) for part in parts[1:]]
    copies = []  # (zone, position, token)
    for zone, part in zones:
        tokens = [t.strip() for t in re.split(r"[,\s]+", part) if t.strip()]
        copies += [(zone, position, token) for position, token in enumerate(tokens, start=1)]
    label = {
        "deck": gettext_noop("deck card %(position)s"),
        "outside": gettext_noop("outside-of-deck card %(position)s"),
    }
    found = ((zone, said(label[zone], position=position), token, None) for zone, position, token in copies)
    return _tally(found, resolver, LIST_FORMAT, side, problems, blank=not text.strip())


# -- XML ---------------------------------------------------------------------------------------------------


def read_xml(text: str, resolver, *, side: str | None = None, suggestions=None) -> ReadResult:
    unsafe = unsafe_xml(text)
    if unsafe:
        line, what = unsafe
        return _xml_failure(unsafe_xml_message(line, "GEMP"), line, what)
    parser = ET.XMLPullParser(events=("start", "end"))
    copies, problems, root, depth = [], [], None, 0
    try:
        for number, chunk in enumerate(text.splitlines(keepends=True), start=1):
            parser.feed(chunk)  # fed line by line so each element knows its line
            for event, element in parser.read_events():
                if event == "end":
                    depth -= 1
                    continue
                depth += 1
                if depth > MAX_XML_DEPTH:  # refused before anything walks (or prints) the element's subtree
                    message = too_deep_message(number, element.tag, "GEMP")
                    return xml_failure(XML_FORMAT, message, number, element.tag, "too-deep")
                if root is None:
                    root = element
                    continue
                copies.append((number, element, depth == 2))
        parser.close()
    except ET.ParseError as error:
        line, column, bad = parse_error_at(text, error)
        return _xml_failure(not_valid_xml(line, column, error.msg), line, bad)
    if root is None:
        return _xml_failure(
            said(gettext_noop("The deck file is empty: upload a GEMP deck (.xml) file.")), None, ""
        )
    if root.tag != "deck":
        return _xml_failure(wrong_root(root.tag, "GEMP"), 1, root.tag)

    found = []
    for number, element, in_deck in copies:
        snippet = ET.tostring(element, encoding="unicode").strip()
        zone = _ZONE_OF_ELEMENT.get(element.tag)
        if in_deck and zone is None:
            problems.append(
                ReadProblem.of(
                    "bad-xml",
                    said(
                        gettext_noop("Line %(line)s: unexpected element <%(tag)s> in the deck."),
                        line=number,
                        tag=element.tag,
                    ),
                    number,
                    snippet,
                )
            )
        elif zone is not None and not element.get("blueprintId"):
            title = element.get("title")
            if title:
                template = gettext_noop('Line %(line)s: <%(tag)s> has no blueprintId (title "%(title)s").')
            else:
                template = gettext_noop("Line %(line)s: <%(tag)s> has no blueprintId.")
            problems.append(
                ReadProblem.of(
                    "bad-xml",
                    said(template, line=number, tag=element.tag, title=title or ""),
                    number,
                    snippet,
                )
            )
        elif zone is not None:
            title = element.get("title")
            if title:
                where = said(gettext_noop('line %(line)s ("%(title)s")'), line=number, title=title)
            else:
                where = said(gettext_noop("line %(line)s"), line=number)
            found.append((zone, where, element.get("blueprintId"), number))
    result = _tally(found, resolver, XML_FORMAT, side, problems, blank=False)
    result.name = root.get("name") or None
    return result


def _xml_failure(message: Said, line: int | None, text: str) -> ReadResult:
    return xml_failure(XML_FORMAT, message, line, text)


# -- shared ------------------------------------------------------------------------------------------------


def _tally(
    copies: Iterable[tuple[str, Said, str, int | None]],
    resolver,
    format: str,
    side: str | None,
    problems: list[ReadProblem],
    *,
    blank: bool,
) -> ReadResult:
    """One entry per card and zone (first line), counting copies; unknown ids become problems."""
    counts: dict[tuple[str, str], list] = {}
    for zone, where, token, line in copies:
        card_id = resolver.by_id(token)
        if card_id is None:
            problems.append(
                ReadProblem.of(
                    "unknown-card-id",
                    said(
                        gettext_noop(
                            'Unknown card id "%(id)s" (%(where)s): no card has this GEMP blueprint id; remove it or '
                            "replace it with the right id."
                        ),
                        id=token,
                        where=where,
                    ),
                    line,
                    f"{token} ({where.english()})",
                )
            )
            continue
        counts.setdefault((card_id, zone), [0, line, where])[0] += 1
    entries = []
    for (card_id, zone), (count, line, where) in counts.items():
        if count > MAX_COUNT:  # as in every reader: more copies than this is a mistake, not a deck
            if zone == "outside":
                template = gettext_noop(
                    "%(copies)s copies of %(id)s outside the deck (the first at %(where)s); at most %(max)s copies "
                    "of one card are read."
                )
            else:
                template = gettext_noop(
                    "%(copies)s copies of %(id)s in the deck (the first at %(where)s); at most %(max)s copies of "
                    "one card are read."
                )
            problems.append(
                ReadProblem.of(
                    "bad-count",
                    said(template, copies=count, id=card_id, where=where, max=MAX_COUNT),
                    line,
                    f"{card_id} ×{count}",
                )
            )
            continue
        entries.append(DeckEntry(card_id, count, zone, line))
    if not entries:
        problems.append(empty_deck_problem(blank))
    found_side = side or agreed_side(side_from(resolver, entry.card_id) for entry in entries)
    return ReadResult(format, entries, problems, found_side)
