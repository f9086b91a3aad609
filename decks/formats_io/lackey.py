"""LackeyCCG deck files as the SWTCG plugin (github SWTCG/SWTCG-LACKEY, starwars/) writes and reads them.

.dek, XML with one <card> per copy in the plugin's deck zones (plugininfo.txt <deckzone> labels):

    <deck version="0.8">
        <meta><game>starwars</game></meta>
        <superzone name="Deck">
            <card><name id="LEG100_Wolf_Sazen_A">Wolf Sazen (A)</name><set>LEG</set></card>
        </superzone>
        <superzone name="Supply"> … "Sideboard" … "Outside the game" …
    </deck>

The name is the card's title as the set file spells it (version letter and printing notes: "Chewbacca (N)
(Starter)"), the set is the set file's code and the id its ImageFile. The title finds the card, the set
chooses among cards sharing the title; the id then picks among printings of one title in one set (a numbered
card and its promo) and finds the card when the title is unknown (a title renamed since the deck was saved).

.txt, as the community's scripts/deckValidator.py reads it: "count<TAB>title" lines, the deck first, then
"Supply:", "Sideboard:" and "Outside the game:" sections.

Only "Deck" is the 60-card deck: the plugin loads Supply onto the table and the others into their own zones,
and the validator counts all three outside the deck (a Resource kept there allows 59 cards). They are read
into the "outside" zone; every entry keeps its section so that the writers put it back where it was.
"""

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from decks.formats_io.base import (
    MAX_COUNT,
    CardInfo,
    DeckEntry,
    Match,
    ReadProblem,
    ReadResult,
    Said,
    bad_count,
    describe,
    empty_deck_problem,
    fold,
    gettext_noop,
    long_line,
    not_valid_xml,
    parse_error_at,
    said,
    set_of,
    side_from,
    too_deep_message,
    unknown_name,
    unsafe_xml,
    unsafe_xml_message,
    wrong_root,
    xml_failure,
)
from decks.formats_io.limits import MAX_LINE_CHARS, MAX_XML_DEPTH, SuggestionBudget
from decks.formats_io.lines import parse_count

DEK_FORMAT = "lackey-dek"
TXT_FORMAT = "lackey-txt"
GAME = "starwars"  # the SWTCG plugin's name, written in <meta><game>
DECK = "Deck"
OUTSIDE_SECTIONS = ("Supply", "Sideboard", "Outside the game")
SECTIONS = (DECK, *OUTSIDE_SECTIONS)  # in the plugin's order
DEFAULT_OUTSIDE = "Outside the game"  # for cards outside the deck whose section is not known
NEUTRAL = "Neutral"  # SWTCG's side that goes with any deck
BOM = "\ufeff"  # files saved on Windows may start with it
MAX_CHARS = 1_000_000  # a 60-card .dek is about 6,000 characters; refuse what cannot be a deck before parsing

_SECTION_OF = {fold(name): name for name in SECTIONS}
# expat's message repeats the position given before it
_POSITION = re.compile(r": line [0-9]+, column [0-9]+$")
_COUNT_LINE = re.compile(r"^(?P<count>[-+]?[0-9]+)(?:\s*[x×](?=\s))?\s+(?P<name>\S.*)$", re.I)


def zone_of_section(section: str) -> str:
    return "deck" if section == DECK else "outside"


@dataclass
class _Copies:
    """Copies of one card as written in one section, waiting to be resolved."""

    section: str
    name: str
    text: str  # quoted in problems
    set_hint: str | None = None
    image_file: str | None = None
    lines: list[int | None] = field(default_factory=list)
    count: int = 0

    @property
    def zone(self) -> str:
        return zone_of_section(self.section)


# -- .dek ------------------------------------------------------------------------------------------------


def read_lackey_dek(
    text: str, resolver, *, side: str | None = None, suggestions: SuggestionBudget | None = None
) -> ReadResult:
    text = text.removeprefix(BOM)
    if not text.strip():
        return ReadResult(DEK_FORMAT, [], [empty_deck_problem(True)])
    if len(text) > MAX_CHARS:
        return _dek_failure(
            said(
                gettext_noop(
                    "The deck file has %(size)s characters; a LackeyCCG deck has a few thousand (at most %(limit)s "
                    "are read). Upload the .dek file LackeyCCG saved."
                ),
                size=len(text),
                limit=MAX_CHARS,
            ),
            None,
            text[:80],
        )
    unsafe = unsafe_xml(text)
    if unsafe:
        line, what = unsafe
        return _dek_failure(unsafe_xml_message(line, "LackeyCCG"), line, what)
    try:
        groups, problems = _parse_dek(text)
    except ET.ParseError as error:
        line, column, bad = parse_error_at(text, error)
        reason = _POSITION.sub("", error.msg)
        return _dek_failure(not_valid_xml(line, column, reason), line, bad)
    except _NotADeck as failure:
        return xml_failure(DEK_FORMAT, failure.words, failure.line, failure.text, failure.code)
    return _resolve(
        groups,
        resolver,
        DEK_FORMAT,
        side,
        problems,
        blank=not groups and not problems,
        suggestions=suggestions,
    )


class _NotADeck(Exception):
    def __init__(self, words: Said, line: int | None, text: str, code: str = "bad-xml"):
        super().__init__(words.english())
        self.words, self.line, self.text, self.code = words, line, text, code


def _parse_dek(text: str) -> tuple[list[_Copies], list[ReadProblem]]:
    """Copies grouped by (section, title, set, id), each with the lines of its <card> elements."""
    parser = ET.XMLPullParser(events=("start", "end"))
    stack: list[ET.Element] = []
    started: dict[ET.Element, int] = {}  # element -> line of its start tag
    groups: dict[tuple, _Copies] = {}
    problems: list[ReadProblem] = []
    sections: dict[ET.Element, str] = {}
    for number, chunk in enumerate(text.splitlines(keepends=True), start=1):
        parser.feed(chunk)  # fed line by line so each element knows its line
        for event, element in parser.read_events():
            if event == "start":
                stack.append(element)
                started[element] = number
                if len(stack) > MAX_XML_DEPTH:  # before anything walks the element's subtree
                    raise _NotADeck(
                        too_deep_message(number, element.tag, "LackeyCCG"), number, element.tag, "too-deep"
                    )
                if len(stack) == 1 and element.tag != "deck":
                    raise _NotADeck(wrong_root(element.tag, "LackeyCCG"), number, element.tag)
                if len(stack) == 2 and element.tag == "superzone":
                    sections[element] = _section(element, number, problems)
                continue
            stack.pop()
            line = started[element]
            parent = stack[-1] if stack else None
            if len(stack) == 1:
                if element.tag not in ("meta", "superzone"):
                    where = said(gettext_noop("in the deck (cards belong in a <superzone>)"))
                    problems.append(_unexpected(element, line, where))
            elif len(stack) == 2 and parent.tag == "superzone" and element.tag != "card":
                where = said(gettext_noop("in a <superzone> (only <card> elements belong there)"))
                problems.append(_unexpected(element, line, where))
            elif len(stack) == 2 and parent.tag == "superzone":
                _add_card(element, line, sections[parent], groups, problems)
            elif element.tag in ("card", "superzone"):
                problems.append(_misplaced(element, line, stack))  # e.g. inside <meta> or another element
    parser.close()
    return list(groups.values()), problems


def _section(element: ET.Element, line: int, problems: list[ReadProblem]) -> str:
    written = " ".join((element.get("name") or "").split())
    known = _SECTION_OF.get(fold(written))
    if known:
        return known
    problems.append(
        ReadProblem.of(
            "unknown-section",
            said(
                gettext_noop(
                    'Line %(line)s: the section "%(section)s" is none of the SWTCG plugin\'s (%(sections)s); its '
                    "cards are read as outside the deck. Rename it if they belong in the deck."
                ),
                line=line,
                section=written,
                sections=", ".join(SECTIONS),
            ),
            line,
            _snippet(element),
        )
    )
    return written


def _add_card(
    element: ET.Element, line: int, section: str, groups: dict[tuple, _Copies], problems: list[ReadProblem]
) -> None:
    name_element = element.find("name")
    name = " ".join((name_element.text or "").split()) if name_element is not None else ""
    if not name:
        problems.append(
            ReadProblem.of(
                "bad-xml",
                said(
                    gettext_noop(
                        "Line %(line)s: a <card> without a card name; write it as "
                        "<card><name>Title</name><set>SET</set></card> or remove it."
                    ),
                    line=line,
                ),
                line,
                _snippet(element),
            )
        )
        return
    set_hint = " ".join((element.findtext("set") or "").split()) or None
    image_file = (name_element.get("id") or "").strip() or None
    key = (section, name, set_hint, image_file)
    copies = groups.setdefault(key, _Copies(section, name, _snippet(element), set_hint, image_file))
    copies.lines.append(line)
    copies.count += 1


def _misplaced(element: ET.Element, line: int, ancestors: list[ET.Element]) -> ReadProblem:
    """A <card> or <superzone> nested where the plugin never puts it: reported, never read (nor dropped
    silently), since which section it was meant for cannot be told."""
    where = "/".join(f"<{a.tag}>" for a in ancestors)
    if element.tag == "card":
        title = " ".join((element.findtext("name") or "").split())
        what = (
            said(gettext_noop('the card "%(title)s"'), title=title)
            if title
            else said(gettext_noop("a <card>"))
        )
        template = gettext_noop(
            "Line %(line)s: %(what)s is inside %(where)s; cards belong in a <superzone> directly under <deck>, so "
            "it was not read. Move it there."
        )
    else:
        name = " ".join((element.get("name") or "").split())
        what = (
            said(gettext_noop('the section <superzone name="%(name)s">'), name=name)
            if name
            else said(gettext_noop("a <superzone>"))
        )
        template = gettext_noop(
            "Line %(line)s: %(what)s is inside %(where)s; sections belong directly under <deck>, so it was not "
            "read. Move it there."
        )
    return ReadProblem.of(
        "bad-xml",
        said(template, line=line, what=what, where=where),
        line,
        _snippet(element),
    )


def _unexpected(element: ET.Element, line: int, where: Said) -> ReadProblem:
    return ReadProblem.of(
        "bad-xml",
        said(
            gettext_noop("Line %(line)s: unexpected element <%(tag)s> %(where)s."),
            line=line,
            tag=element.tag,
            where=where,
        ),
        line,
        _snippet(element),
    )


def _snippet(element: ET.Element) -> str:
    copy = ET.Element(element.tag, element.attrib)  # the element itself: a card's name and set, no tail
    copy.text = (element.text or "").strip() or None
    copy.extend(list(element) if element.tag == "card" else [])
    return " ".join(ET.tostring(copy, encoding="unicode").split())[:300]


def _dek_failure(message: Said, line: int | None, text: str) -> ReadResult:
    return xml_failure(DEK_FORMAT, message, line, text)


# -- .txt ------------------------------------------------------------------------------------------------


def read_lackey_txt(
    text: str, resolver, *, side: str | None = None, suggestions: SuggestionBudget | None = None
) -> ReadResult:
    text = text.removeprefix(BOM)
    groups: list[_Copies] = []
    problems: list[ReadProblem] = []
    section = DECK
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_LINE_CHARS:
            problems.append(long_line(number, line))
            continue
        found = _COUNT_LINE.match(line)
        if found:
            count = parse_count(found.group("count"))
            if count is None:
                problems.append(_bad_count(number, found.group("count"), line))
                continue
            name = " ".join(found.group("name").split())
            groups.append(_Copies(section, name, line, lines=[number], count=count))
            continue
        header = _header(line)
        if header is None:
            problems.append(
                ReadProblem.of(
                    "bad-line",
                    said(
                        gettext_noop(
                            'Line %(line)s: "%(text)s" is not a LackeyCCG deck line; write it as the count, a tab and '
                            'the card\'s title ("4<TAB>Anakin Skywalker (A)") or as a section header ("Sideboard:").'
                        ),
                        line=number,
                        text=line,
                    ),
                    number,
                    line,
                )
            )
            continue
        section = header
        if section not in SECTIONS:
            problems.append(
                ReadProblem.of(
                    "unknown-section",
                    said(
                        gettext_noop(
                            'Line %(line)s: the section "%(section)s" is none of the SWTCG plugin\'s (%(sections)s); '
                            "its cards are read as outside the deck. Move them above the first section if they "
                            "belong in the deck."
                        ),
                        line=number,
                        section=section,
                        sections=", ".join(f"{s}:" for s in OUTSIDE_SECTIONS),
                    ),
                    number,
                    line,
                )
            )
    return _resolve(
        groups, resolver, TXT_FORMAT, side, problems, blank=not text.strip(), suggestions=suggestions
    )


def _header(line: str) -> str | None:
    """The section a header line opens: "Sideboard:", "Supply", or any other "Name:"; None if not a header."""
    name = line[:-1].rstrip() if line.endswith(":") else ""  # "Name:" (a name without tabs or colons)
    found = bool(name) and "\t" not in name and ":" not in name
    written = " ".join((name if found else line).split())
    known = _SECTION_OF.get(fold(written))
    return known or (written if found else None)


def _bad_count(line: int | None, count: str, text: str) -> ReadProblem:
    return bad_count(line, count, text)


# -- resolution ------------------------------------------------------------------------------------------


def _resolve(
    groups: list[_Copies],
    resolver,
    format: str,
    side: str | None,
    problems: list[ReadProblem],
    *,
    blank: bool,
    suggestions: SuggestionBudget | None = None,
) -> ReadResult:
    """Resolve each group of copies; titles that match nothing get the closest cards while `suggestions` lasts."""
    suggestions = suggestions if suggestions is not None else SuggestionBudget()
    by_image = getattr(resolver, "by_image_file", None)
    entries: list[DeckEntry] = []
    sides: list[str | None] = []
    for copies in groups:
        where = _where(copies.lines)
        if copies.count > MAX_COUNT:
            problems.append(
                ReadProblem.of(
                    "bad-count",
                    said(
                        gettext_noop(
                            '%(where)s: %(count)s copies of "%(name)s" in %(section)s; at most %(max)s copies of one '
                            "card are read."
                        ),
                        where=where,
                        count=copies.count,
                        name=copies.name,
                        section=copies.section,
                        max=MAX_COUNT,
                    ),
                    copies.lines[0],
                    copies.text,
                )
            )
            continue
        match = resolver.by_name(copies.name, side=side, set_hint=copies.set_hint, suggest=False)
        from_image = by_image(copies.image_file) if by_image and copies.image_file else None
        card_id = _choose(match, from_image)
        if card_id and card_id != match.card_id and not _fits(side_from(resolver, card_id), side):
            card_id = (
                None  # the id found a card the stated side excludes: report it as the title's look-up did
            )
        if card_id is None:
            unsuggested = None
            if not (match.ambiguous or match.candidates):  # nothing close looked up yet: the costly part
                if suggestions.take():
                    match = resolver.by_name(copies.name, side=side, set_hint=copies.set_hint)
                else:
                    unsuggested = suggestions.unsuggested()
            problems.append(_name_problem(copies, match, side, where, unsuggested))
            continue
        entries.append(DeckEntry(card_id, copies.count, copies.zone, copies.lines[0], copies.section))
        sides.append(side_from(resolver, card_id, match))
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    if not entries:
        problems.append(empty_deck_problem(blank))
    return ReadResult(format, entries, problems, side or primary_side(sides))


def _choose(match: Match, from_image: str | None) -> str | None:
    """The title's card; the id's card when it is one of the title's printings or the title is unknown."""
    printings = {candidate[0] for candidate in match.candidates}
    if from_image is None:
        return match.card_id
    if match.card_id or match.ambiguous:
        return from_image if from_image in printings else match.card_id
    return from_image


def _fits(card_side: str | None, side: str | None) -> bool:
    """A card of card_side may be in a deck of side (Neutral cards in any)."""
    return not side or not card_side or card_side.lower() in (side.lower(), NEUTRAL.lower())


def primary_side(sides: Iterable[str | None]) -> str | None:
    """The one side the cards share besides Neutral (SWTCG decks are one side plus Neutral cards)."""
    found = {s for s in sides if s and s != NEUTRAL}
    return found.pop() if len(found) == 1 else None


def _where(lines: list[int | None]) -> Said:
    """Where copies of a card are written: "Line 3", "Lines 3–5 (3 copies)", "The deck (2 copies)"."""
    known = sorted({n for n in lines if n is not None})
    if len(known) <= 1:
        if known:
            where = said(gettext_noop("Line %(line)s"), line=known[0])
        else:
            where = said(gettext_noop("The deck"))
    else:
        consecutive = known == list(range(known[0], known[-1] + 1))
        listed = f"{known[0]}–{known[-1]}" if consecutive else ", ".join(map(str, known))
        where = said(gettext_noop("Lines %(lines)s"), lines=listed)
    if len(lines) > 1:
        return said(gettext_noop("%(where)s (%(count)s copies)"), where=where, count=len(lines))
    return where


def _name_problem(
    copies: _Copies, match: Match, side: str | None, where: Said, unsuggested: Said | None = None
) -> ReadProblem:
    choices = tuple(describe(c) for c in match.candidates)
    cards = match.candidates
    line = copies.lines[0]
    name, in_set = copies.name, copies.set_hint
    if match.ambiguous:
        if in_set:
            template = gettext_noop(
                '%(where)s: "%(name)s" in set %(set)s matches several cards: %(cards)s. Write the full title as '
                'LackeyCCG shows it, with its version letter (e.g. "Anakin Skywalker (A)").'
            )
        else:
            template = gettext_noop(
                '%(where)s: "%(name)s" matches several cards: %(cards)s. Write the full title as LackeyCCG shows it, '
                'with its version letter (e.g. "Anakin Skywalker (A)").'
            )
        words = said(template, where=where, name=name, set=in_set or "", cards=cards)
        return ReadProblem.of("ambiguous-card-name", words, line, copies.text, choices, copies.count)
    code = match.problem or "unknown-card-name"  # a known name the resolver refused says why
    if side and choices and not any(_fits(c[2], side) for c in match.candidates):
        words = said(
            gettext_noop('%(where)s: no %(side)s card named "%(name)s"; closest on other sides: %(cards)s.'),
            where=where,
            side=side,
            name=name,
            cards=cards,
        )
    else:
        if in_set:
            first = said(
                gettext_noop('%(where)s: no card named "%(name)s" in set %(set)s.'),
                where=where,
                name=name,
                set=in_set,
            )
        else:
            first = said(gettext_noop('%(where)s: no card named "%(name)s".'), where=where, name=name)
        words = unknown_name(first, cards, unsuggested)
    return ReadProblem.of(code, words, line, copies.text, choices, copies.count)


# -- writers ---------------------------------------------------------------------------------------------


def write_lackey_dek(entries: Iterable[DeckEntry], info: Mapping[str, CardInfo], *, game: str = GAME) -> str:
    """LackeyCCG's deck file, laid out as the plugin's own decks: every section, one <card> per copy."""
    sections = _sections(entries, info)
    lines = ['<deck version="0.8">', "\t<meta>", f"\t\t<game>{escape(game)}</game>", "\t</meta>"]
    for section in SECTIONS:
        lines.append(f"\t<superzone name={quoteattr(section)}>")
        for card_id, count in sections[section]:
            card = info[card_id]
            name_id = f" id={quoteattr(card.image_file)}" if card.image_file else ""
            title = escape(card.title, {"'": "&apos;", '"': "&quot;"})
            element = f"\t\t<card><name{name_id}>{title}</name><set>{escape(_set_code(card))}</set></card>"
            lines.extend([element] * count)
        lines.append("\t</superzone>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"


def write_lackey_txt(entries: Iterable[DeckEntry], info: Mapping[str, CardInfo]) -> str:
    """ "count<TAB>title" lines: the deck, then each outside section that has cards under its header."""
    sections = _sections(entries, info)
    blocks = []
    for section in SECTIONS:
        rows = [f"{count}\t{info[card_id].title}" for card_id, count in sections[section]]
        if rows:
            blocks.append(rows if section == DECK else [f"{section}:", *rows])
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"


def _sections(entries: Iterable[DeckEntry], info: Mapping[str, CardInfo]) -> dict[str, list[tuple[str, int]]]:
    """Copies per section and card, in the order first written; starting cards are deck cards."""
    counts: dict[str, dict[str, int]] = {section: {} for section in SECTIONS}
    for entry in entries:
        if entry.card_id not in info:
            raise ValueError(f"no card information for {entry.card_id}")
        if entry.zone != "outside":
            section = DECK
        else:
            section = entry.section if entry.section in OUTSIDE_SECTIONS else DEFAULT_OUTSIDE
        counts[section][entry.card_id] = counts[section].get(entry.card_id, 0) + entry.count
    return {section: list(cards.items()) for section, cards in counts.items()}


def _set_code(card: CardInfo) -> str:
    return card.set_code or set_of(card.card_id)
