"""The engine behind the line-based readers (plain text, swccgdb, Holotable's text export).

Lines are first parsed (counts, section headers, stated side and name), then resolved all together, so a
side stated anywhere or inferred from the unambiguous cards can settle the Light/Dark look-alikes.
"""

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from core.numbers import ascii_int
from decks.formats_io.base import (
    MAX_COUNT,
    OTHER_SIDE,
    SET_MISMATCH,
    UNKNOWN_SET,
    UNKNOWN_VERSION,
    DeckEntry,
    Match,
    ReadProblem,
    ReadResult,
    Said,
    SetHintLookup,
    agreed_side,
    bad_count,
    describe,
    empty_deck_problem,
    fold,
    gettext_noop,
    long_line,
    normalise_side,
    said,
    set_of,
    side_from,
    unknown_name,
)
from decks.formats_io.limits import MAX_LINE_CHARS, SuggestionBudget


@dataclass
class CardLine:
    """One card line waiting to be resolved."""

    line: int | None
    text: str  # the line as written, quoted in problems
    count: int
    name: str
    zone: str = "deck"
    # other (count, name) readings of the same line, tried when `name` matches nothing ("2 Name" vs a title
    # that starts with a number)
    alternatives: tuple[tuple[int, str], ...] = ()
    set_hint: str | None = None  # from the format itself (Holotable's folder); brackets are handled here
    side: str | None = None  # per-line side from the format itself (Holotable's folder)
    card_id: str | None = None  # already known (Holotable's image path): no name look-up


@dataclass
class Collected:
    """What a reader found before resolution."""

    cards: list[CardLine] = field(default_factory=list)
    problems: list[ReadProblem] = field(default_factory=list)
    side: str | None = None  # stated in the input
    name: str | None = None


# -- parsing -----------------------------------------------------------------------------------------------

_X = r"[x×]"
# Readings of a card line, most specific first; the whole line as a name (count 1) is always tried last.
# (pattern, explicit): an explicit "2x"/"x2" prefix means a count for sure; "2 Name" or "Name x2" might
# also be a whole title, which is tried when the counted reading matches nothing.
_COUNTED = (
    (re.compile(rf"^(?P<count>[-+]?[0-9]+)\s*{_X}\s+(?P<name>.+)$", re.I), True),  # 2x Name, 2 x Name
    (re.compile(rf"^{_X}\s*(?P<count>[-+]?[0-9]+)\s+(?P<name>.+)$", re.I), True),  # x2 Name
    (re.compile(rf"^(?P<name>.+?)\s+{_X}\s*(?P<count>[-+]?[0-9]+)$", re.I), False),  # Name x2
    (re.compile(r"^(?P<count>[-+]?[0-9]+)[.)]?\s+(?P<name>.+)$"), False),  # 2 Name, 2<TAB>Name, 2. Name
)
_COUNT_ONLY = re.compile(rf"^[-+]?[0-9]+\s*{_X}?$|^{_X}\s*[-+]?[0-9]+$", re.I)
_COMMENT = re.compile(r"^(#|//)")
_BULLET = re.compile(r"^[-*]\s+")  # "- 2x Darth Vader" as in a Markdown list
_TRAILING_COMMENT = re.compile(r"\s+//.*$")
_SIDE_LINE = re.compile(r"^side\s*:\s*(?P<value>.*)$", re.I)
_NAME_LINE = re.compile(r"^(?:deck(?:\s+name)?|name|title)\s*:\s*(?P<value>.+)$", re.I)
_DECORATION = "=-*~"
_DECORATED = re.compile(r"^[=\-*~]{2,}\s*(?P<title>[^=\-*~].*)$")  # the trailing "==" is stripped after
_COLON_HEADER = re.compile(r"^(?P<title>[^:]+?)\s*:$")
_COUNTED_HEADER = re.compile(r"^(?P<title>[A-Za-z'’ #&/()-]+?)\s*\([0-9]+\)\s*:?$")
_BARE_HEADER = re.compile(r"^[A-Za-z'’ #&/()-]+$")
_HEADER_COUNT = re.compile(r"\s*\([0-9]+\)$")
# Words section headers are made of: card types (singular and plural) and zone words. A bare line made only
# of these is a header; no SWCCG title is (the one close call, "Location, Location, Location", has commas).
_HEADER_WORDS = frozenset(
    """admiral admirals s order orders aid aids card cards character characters creature creatures deck decks
    defensive device devices effect effects epic event events game interrupt interrupts jedi test tests
    location locations main misc miscellaneous objective objectives other others podracer podracers shield
    shields site sites starship starships system systems sector sectors vehicle vehicles weapon weapons
    starting start outside of the sideboard side board reserve used lost immediate mobile and in pulled""".split()
)


def header_words(title: str) -> list[str]:
    return re.sub(r"[^\w\s]|[0-9]", " ", fold(_HEADER_COUNT.sub("", title.strip()))).split()


def is_header_name(title: str) -> bool:
    """Made only of section words ("Characters", "Outside of deck", "Admiral's Orders")."""
    words = header_words(title)
    return bool(words) and all(word in _HEADER_WORDS for word in words)


def zone_of_header(title: str) -> str:
    """Headers named for outside/starting switch the zone; other headers (card types…) mean the deck."""
    words = header_words(title)
    if "outside" in words or "sideboard" in words or ("side" in words and "board" in words):
        return "outside"
    if words and words[0] in ("starting", "start"):
        return "starting"
    return "deck"


def header_title(line: str) -> str | None:
    """The header's title if the line is a section header ("Characters (12)", "Effects:", "== Sites ==")."""
    found = _DECORATED.match(line)
    if found:  # "== Sites ==": stripped here, not by the pattern (a lazy title before "=-=-…" is quadratic)
        return found.group("title").rstrip(_DECORATION).rstrip()
    found = _COLON_HEADER.match(line)
    if found:
        return found.group("title")
    found = _COUNTED_HEADER.match(line) or _BARE_HEADER.match(line)
    if found and is_header_name(line):
        return _HEADER_COUNT.sub("", line.rstrip(":").strip())
    return None


def parse_count(text: str) -> int | None:
    """A count of copies, 1 to MAX_COUNT in ASCII digits ("²" and "٣" are not counts), else None."""
    value = ascii_int(text)
    return value if value is not None and 1 <= value <= MAX_COUNT else None


def _has_name(name: str) -> bool:
    return bool(re.search(r"\w", name))


def parse_card_line(number: int | None, raw: str, zone: str, collected: Collected) -> None:
    """Add the card line's readings to `collected`, or a problem when the count or the line is unusable."""
    spaced = " ".join(raw.split())  # runs of spaces in one: no pattern below backtracks over a run
    text = _TRAILING_COMMENT.sub("", spaced).strip()
    if _COUNT_ONLY.match(text):
        collected.problems.append(
            ReadProblem.of(
                "bad-line",
                said(
                    gettext_noop('Line %(line)s: "%(text)s" has a count but no card name.'),
                    line=number,
                    text=raw.strip(),
                ),
                number,
                raw.strip(),
            )
        )
        return
    readings: list[tuple[int, str]] = []
    explicit = False
    for pattern, is_explicit in _COUNTED:
        found = pattern.match(text)
        if not found:
            continue
        name = found.group("name").strip()
        count = parse_count(found.group("count"))
        if count is None:
            if not readings:  # the first counted reading decides: "0x Vader", "-1 Vader", "999999x Vader"
                collected.problems.append(bad_count(number, found.group("count"), raw.strip()))
                return
            continue
        if _has_name(name) and (count, name) not in readings:
            readings.append((count, name))
            explicit = explicit or is_explicit
    if _has_name(text) and not explicit:
        readings.append((1, text))
    if not readings:
        collected.problems.append(
            ReadProblem.of(
                "bad-line",
                said(
                    gettext_noop('Line %(line)s: "%(text)s" is not a card line; write it as "2x Card Name".'),
                    line=number,
                    text=raw.strip(),
                ),
                number,
                raw.strip(),
            )
        )
        return
    (count, name), *alternatives = readings
    collected.cards.append(CardLine(number, raw.strip(), count, name, zone, tuple(alternatives)))


def collect(
    lines: Iterable[tuple[int, str]],
    *,
    special_headers: Mapping[str, str] | None = None,
    headers_without_count: bool = False,
    collected: Collected | None = None,
) -> Collected:
    """Parse numbered lines into card lines, zones, a stated side and name.

    special_headers: a reader's own section names (folded, exact) and their zones.
    headers_without_count: every line without a leading count is a header (Holotable's text export).
    """
    collected = collected or Collected()
    zone = "deck"
    for number, raw in lines:
        written = _BULLET.sub("", raw.strip())
        if len(written) > MAX_LINE_CHARS:
            collected.problems.append(long_line(number, written))
            continue
        line = " ".join(written.split())  # runs of spaces in one: the patterns below stay linear
        if not line:
            continue
        if _COMMENT.match(line):  # a Markdown heading such as "## Outside deck" still names its section
            rest = line.lstrip("#").strip()
            if line.startswith("#") and (_COUNTED_HEADER.match(rest) or _BARE_HEADER.match(rest)):
                zone = zone_of_header(rest) if is_header_name(rest) else zone
            continue
        side_line = _SIDE_LINE.match(line)
        if side_line:
            value = side_line.group("value").strip()
            side = normalise_side(value)
            if side is None:
                collected.problems.append(
                    ReadProblem.of(
                        "unknown-side",
                        said(
                            gettext_noop(
                                'Line %(line)s: the side "%(side)s" is neither Light nor Dark; write "Side: Light" '
                                'or "Side: Dark".'
                            ),
                            line=number,
                            side=value,
                        ),
                        number,
                        written,
                    )
                )
            else:
                collected.side = side
            continue
        name_line = _NAME_LINE.match(line)
        if name_line:
            collected.name = name_line.group("value").strip()
            continue
        special = (special_headers or {}).get(fold(line.rstrip(":")))
        if special:
            zone = special
            continue
        title = header_title(line)
        if title is None and headers_without_count and not re.match(r"^[-+]?[0-9]", line):
            title = line
        if title is not None:
            zone = zone_of_header(title)
            continue
        parse_card_line(number, written, zone, collected)
    return collected


# -- resolution --------------------------------------------------------------------------------------------

_TRAILING_BRACKET = re.compile(r"^(?P<name>.+?)\s*(?:\[(?P<a>[^\[\]]+)\]|\((?P<b>[^()]+)\))$")


def lookup(
    resolver, name: str, *, side: str | None, set_hint: str | None = None, suggest: bool = True
) -> Match:
    """Resolve a name; a trailing "[Set]"/"(Set)" is a set hint only when the whole title does not match.
    suggest=False: no closest cards for a name that matches nothing (see limits.SuggestionBudget)."""
    match = resolver.by_name(name, side=side, set_hint=set_hint, suggest=suggest)
    if match.card_id or match.ambiguous or match.problem:
        return match
    found = _TRAILING_BRACKET.match(name)
    hint = found and (found.group("a") or found.group("b")).strip()
    if not hint or fold(hint) == "v":  # "(V)" belongs to the title: never read it as a set
        return match
    # A resolver that knows the sets checks the hint (a printing there, or the "(V)" version there; else a
    # problem): a hint that matches no printing is never silently dropped.
    in_set = resolver.by_name_in_set if isinstance(resolver, SetHintLookup) else None
    bare_name = found.group("name")
    if in_set is not None:
        bare = in_set(bare_name, side=side, set_hint=hint, suggest=suggest)
    else:
        bare = resolver.by_name(bare_name, side=side, set_hint=hint, suggest=suggest)
    if bare.card_id or bare.ambiguous or bare.problem:
        return bare
    merged = tuple(dict.fromkeys(bare.candidates + match.candidates))[:5]
    return Match(None, merged)


def _resolve_line(resolver, card: CardLine, side: str | None) -> tuple[Match, int, str]:
    """The first reading of the line that matches (or is ambiguous); else the first reading's result (without
    suggestions: `resolve` adds them to the first unread lines)."""
    side = card.side or side
    first = None
    for count, name in ((card.count, card.name), *card.alternatives):
        match = lookup(resolver, name, side=side, set_hint=card.set_hint, suggest=False)
        if match.card_id or match.ambiguous:
            return match, count, name
        first = first or (match, count, name)
    return first


def resolve(
    collected: Collected,
    resolver,
    *,
    format: str,
    side: str | None = None,
    blank_input: bool = False,
    suggestions: SuggestionBudget | None = None,
) -> ReadResult:
    """Resolve every card line; infer the side from the unambiguous cards before reporting ambiguous ones.
    Lines that match nothing get the closest cards while `suggestions` lasts (a fresh budget by default)."""
    suggestions = suggestions if suggestions is not None else SuggestionBudget()
    side = side or collected.side
    results: list[tuple[CardLine, Match, int, str]] = []
    for card in collected.cards:
        if card.card_id:
            match, count, name = Match(card.card_id), card.count, card.name
        else:
            match, count, name = _resolve_line(resolver, card, side)
        results.append((card, match, count, name))

    if side is None:  # majority of the unambiguous copies, then settle the look-alikes with it
        votes = Counter()
        for _card, match, count, _name in results:
            if match.card_id:
                votes[side_from(resolver, match.card_id, match)] += count
        votes.pop(None, None)
        ranked = votes.most_common(2)
        inferred = ranked[0][0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None
        if inferred:
            results = [
                _settled(resolver, card, inferred, (card, match, c, n))
                if match.ambiguous
                else (card, match, c, n)
                for card, match, c, n in results
            ]

    entries: list[DeckEntry] = []
    problems = list(collected.problems)
    sides = []
    for card, match, count, name in results:
        if match.card_id:
            entries.append(DeckEntry(match.card_id, count, card.zone, card.line))
            sides.append(side_from(resolver, match.card_id, match))
            continue
        line_side, unsuggested = card.side or side, None
        if not (match.ambiguous or match.candidates):  # nothing close looked up yet: the costly part
            if suggestions.take():
                match = lookup(resolver, name, side=line_side, set_hint=card.set_hint)
            else:
                unsuggested = suggestions.unsuggested()
        problems.append(_name_problem(card, match, name, line_side, unsuggested, count, resolver))
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    if not entries:
        problems.append(empty_deck_problem(blank_input))
    return ReadResult(format, entries, problems, side or agreed_side(sides), collected.name)


def _settled(resolver, card: CardLine, inferred: str, unsettled: tuple) -> tuple:
    """An ambiguous line read again with the side the other cards agree on: its card there, or still
    ambiguous there; otherwise (none of its cards is of that side) the line stays ambiguous as first read,
    since the side was only inferred."""
    match, count, name = _resolve_line(resolver, card, inferred)
    return (card, match, count, name) if match.card_id or match.ambiguous else unsettled


def _name_problem(
    card: CardLine,
    match: Match,
    name: str,
    side: str | None,
    unsuggested: Said | None = None,
    count: int = 1,
    resolver=None,
) -> ReadProblem:
    where = (said(gettext_noop("Line %(line)s:"), line=card.line),) if card.line is not None else ()
    choices = tuple(describe(c) for c in match.candidates)
    cards = match.candidates

    def problem(code: str, *words: Said) -> ReadProblem:
        return ReadProblem.of(code, (*where, *words), card.line, card.text, choices, count)

    if match.ambiguous:
        sides = {c[2] for c in match.candidates}
        example = _choice_example(resolver, name, match.candidates[0], count) if match.candidates else ""
        if side is None and len(sides) > 1:  # Light and Dark cards share the name: the side settles it
            if _TRAILING_BRACKET.match(name):
                template = gettext_noop(
                    '"%(name)s" matches several cards: %(cards)s. State the side ("Side: Light" or "Side: Dark").'
                )
            else:
                template = gettext_noop(
                    '"%(name)s" matches several cards: %(cards)s. State the side ("Side: Light" or "Side: Dark") '
                    "or add the set in brackets, e.g. %(example)s."
                )
            return problem("ambiguous-card-name", said(template, name=name, cards=cards, example=example))
        if side:  # the side is known (stated or the only one): ask which card
            template = gettext_noop(
                '"%(name)s" matches several %(side)s cards: %(cards)s. Say which one by its full title or its set '
                "in brackets, e.g. %(example)s."
            )
        else:
            template = gettext_noop(
                '"%(name)s" matches several cards: %(cards)s. Say which one by its full title or its set in '
                "brackets, e.g. %(example)s."
            )
        return problem(
            "ambiguous-card-name", said(template, name=name, side=side or "", cards=cards, example=example)
        )
    if match.problem == OTHER_SIDE:
        sides = tuple(sorted({c[2] for c in match.candidates}))
        return problem(
            OTHER_SIDE,
            said(
                gettext_noop(
                    'no %(side)s card named "%(name)s": it is a %(sides)s card (%(cards)s). Remove the line, or '
                    "change the deck's side."
                ),
                side=side,
                name=name,
                sides=sides,
                cards=cards,
            ),
        )
    if side and choices and all(c[2] != side for c in match.candidates):
        return problem(
            "unknown-card-name",
            said(
                gettext_noop(
                    'no %(side)s card named "%(name)s"; closest on the other side: %(cards)s. Check the deck\'s side.'
                ),
                side=side,
                name=name,
                cards=cards,
            ),
        )
    if match.problem == UNKNOWN_VERSION:
        return problem(
            UNKNOWN_VERSION,
            said(
                gettext_noop(
                    'no version of "%(name)s" has that letter; its versions: %(cards)s. Write the title as listed.'
                ),
                name=name,
                cards=cards,
            ),
        )
    if match.problem in (SET_MISMATCH, UNKNOWN_SET):
        hint = _TRAILING_BRACKET.match(name)
        written = (hint.group("a") or hint.group("b")) if hint else ""
        bare = hint.group("name") if hint else name
        if match.problem == UNKNOWN_SET:
            template = gettext_noop(
                'the set "%(set)s" names no set; %(name)s is %(cards)s. Correct the set in brackets or remove it.'
            )
        else:
            template = gettext_noop(
                'the set "%(set)s" has no printing of %(name)s; %(name)s is %(cards)s. Correct the set in brackets '
                "or remove it."
            )
        return problem(match.problem, said(template, set=written, name=bare, cards=cards))
    return problem(
        "unknown-card-name",
        *unknown_name(said(gettext_noop('no card named "%(name)s".'), name=name), cards, unsuggested),
    )


def _choice_example(resolver, name: str, candidate: tuple[str, str, str], count: int) -> str:
    """A line choosing one card: by its full title where the titles differ ("1x Anakin Skywalker (A)"), else by
    its set ("1x Boba Fett [Cloud City]")."""
    card_id, title, _side = candidate
    bare = _TRAILING_BRACKET.match(name)
    written = bare.group("name") if bare else name
    if fold(title).strip("•◇ ") != fold(written):
        return f'"{count}x {title.lstrip("•◇")}"'
    return f'"{count}x {written} [{getattr(resolver, "set_name_of", set_of)(card_id)}]"'
