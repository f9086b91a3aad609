"""GEMP SWCCG replays read as data: one player's stream of `<ge …/>` events, never a re-playable game.

GEMP (GameRecorder) writes each player's events into `<gameReplay>` and stores the XML as a raw zlib stream
(Deflater 9) named `.xml.gz`; its replay page serves the inflated XML. Both are accepted here, and gzip too.
The file is untrusted: defusedxml refuses DTDs, entities and external references, and every size is bounded
before or while the work is done. Shapes follow GEMP's GameCommunicationChannel and EventSerializer:
P lists the players dark side first and names the recording player; TC names the player whose turn begins;
GPC's phase reads "Deploy (turn #2)", the number being that side's own turn count; a face-down card shows
the card back "-1_1"/"-1_2"; a destiny's value only reaches the log ("x draws <card> as a 4 for battle destiny").
The records read are in gemp_events.py, the events in words in gemp_words.py.
"""

import re
import sys
import zlib
from collections.abc import Callable, Iterable
from dataclasses import replace

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser, ParseError

from rules.swccg.gemp_events import (
    CARD_BACKS,
    CONFLICT_ENDS,
    CONFLICT_STARTS,
    EVENT_TYPES,
    IN_PLAY_ZONES,
    PHASE_TURN,
    TAG,
    Child,
    Conflict,
    LogMessage,
    ObservedGame,
    ReplayEvent,
    TurnSummary,
    UnknownCard,
    int_list,
    read_int,
    side_of,
)
from rules.swccg.gemp_words import event_words

MAX_COMPRESSED_BYTES = 4 * 1024 * 1024
MAX_INFLATED_BYTES = 16 * 1024 * 1024  # also the bound for plain XML input
# A long GEMP game logs a few thousand events; each costs ~30 µs to read and summarise, so 25,000 keep a request
# under a second (50,000 log lines took 1.5-2 s of CPU with the answer).
MAX_EVENTS = 25_000
MAX_CHILDREN_PER_EVENT = 5_000  # GS has 4, a card-choice decision a few hundred parameters
MAX_DEPTH = 3  # gameReplay > ge > playerZones / parameter: GEMP writes nothing deeper
# What one file may hold beyond its bytes: each bound keeps the reader's time, its memory and the answer small
# (a 16 KB zlib file can inflate to 8 million participants or 4 million empty elements).
MAX_ELEMENTS = 200_000  # events and their parts together; a long game writes a few tens of thousands
MAX_ATTRIBUTES = 40  # on one element: GEMP writes at most a dozen
MAX_VALUES = 500_000  # attribute values in the whole file
MAX_NAME_CHARS = 100  # an element's or an attribute's name
MAX_VALUE_CHARS = 10_000  # one attribute's value: a log line naming a whole deck runs to a few thousand
MAX_PLAYERS = 8  # in the P event's list: a SWCCG table seats two
MAX_LISTED = 1_000  # ids in one list attribute (otherCardIds, locationIndexes): two decks hold a few hundred
MAX_LISTED_TOTAL = 50_000  # ids in every list of the file: each is read twice (the zones, the words)
LIST_ATTRIBUTES = ("otherCardIds", "locationIndexes")

_BLUEPRINT = re.compile(r"(\d{1,4}_\d{1,5})(?:_BACK)?[*^]*")  # "1_168", "1_168*" foil, "^" alt image, X_BACK
_CARD_HINT = re.compile(r"class='cardHint' value='([^']{1,64})'")
_DESTINY_LOG = re.compile(r" draws .* as an? (-?\d{1,6}(?:\.\d{1,3})?) for (.+)$")  # on short lines only
# A quoted value of more bytes than MAX_VALUE_CHARS characters can take (10 bytes: "&#x10FFFF;"), found before the
# parser builds it (a 16 MB value cost the parser 0.2 s and its string). Linear: a run excludes its quote, so each
# byte is scanned from one `=` at most; shorter over-long values are the parser's to refuse.
_LONG_VALUE = re.compile(rb'=[ \t\r\n]*(?:(")[^"]{%d}|(\')[^\']{%d})' % ((10 * MAX_VALUE_CHARS,) * 2))
_NAME_BEFORE = re.compile(rb"([\w:.-]{1,64})[ \t\r\n]*$")  # the attribute's name, searched in 80 bytes only
DESTINY_LOG_LIMIT = 1_000  # GEMP's destiny lines are far shorter; longer ones are not searched (backtracking)


class ReplayError(ValueError):
    """A replay that cannot be read: `code` is stable, `message` says what is wrong; a file over a bound
    (code replay-too-large) also names the bound and its limit."""

    def __init__(self, code: str, message: str, *, bound: str | None = None, limit: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.bound = bound
        self.limit = limit


def _long_value(xml: bytes, found: re.Match[bytes]) -> ReplayError:
    """The 413 for an over-long value `_LONG_VALUE` found: the attribute's name and the value's bytes."""
    name = _NAME_BEFORE.search(xml, max(0, found.start() - 80), found.start())
    quote = 1 if found.group(1) else 2
    end = xml.find(found.group(quote), found.end())
    size = (len(xml) if end < 0 else end) - found.end(quote)
    label = name.group(1).decode("ascii", "replace") if name else "An attribute"
    message = f"{label} has {size:,} bytes; at most {MAX_VALUE_CHARS:,} characters."
    return _too_large("value_chars", MAX_VALUE_CHARS, message)


def _too_large(bound: str, limit: int, message: str) -> ReplayError:
    return ReplayError("replay-too-large", message, bound=bound, limit=limit)


def normalise_blueprint_id(raw: str | None) -> str | None:
    """GEMP's blueprint id in the catalogue's plain form: foil "*" and alternate-image "^" marks and the
    "_BACK" face dropped. Card backs (face-down cards) and empty ids give None; ids of another shape are
    returned stripped, unchanged, so that they are listed as unknown rather than lost."""
    raw = (raw or "").strip()
    if not raw or raw in CARD_BACKS:
        return None
    match = _BLUEPRINT.fullmatch(raw)
    return match.group(1) if match else raw


def read_replay(data: bytes) -> ObservedGame:
    """Read a GEMP replay (zlib, gzip or plain XML bytes). Raises ReplayError."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ReplayError("bad-replay", f"A replay is bytes, not {type(data).__name__}.")
    data = bytes(data)
    encoding, xml = _decode(data)
    # Cheap upper bounds first (a "<" not opening an end tag, a comment or a declaration starts an element in
    # what GEMP writes); the parser counts exactly as it goes.
    if xml.count(b"<ge") > MAX_EVENTS:
        raise ReplayError("too-many-events", f"A replay is limited to {MAX_EVENTS} events.")
    if xml.count(b"<") - xml.count(b"</") - xml.count(b"<!") - xml.count(b"<?") > MAX_ELEMENTS:
        raise _too_large("elements", MAX_ELEMENTS, f"A replay is limited to {MAX_ELEMENTS:,} elements.")
    long_value = _LONG_VALUE.search(xml)
    if long_value:
        raise _long_value(xml, long_value)
    reader = _Reader(encoding)
    _parse(xml, reader)
    return reader.result()


def resolve_cards(
    game: ObservedGame, known: Callable[[frozenset[str]], Iterable[str]]
) -> tuple[UnknownCard, ...]:
    """The game's blueprint ids that `known` (asked once, with all of them) does not vouch for, sorted."""
    found = frozenset(known(game.blueprint_ids)) & game.blueprint_ids
    seen: dict[str, list] = {}  # id -> [raw ids, events showing it, first event]
    for event in game.events:
        raw = event.raw_blueprint_id if normalise_blueprint_id(event.raw_blueprint_id) else event.blueprint_id
        for blueprint_id, shown in ((event.blueprint_id, raw), *((i, i) for i in event.mentioned_ids)):
            if blueprint_id and blueprint_id not in found:
                entry = seen.setdefault(blueprint_id, [set(), 0, event.index])
                entry[0].add(shown or blueprint_id)
                entry[1] += 1
    return tuple(
        UnknownCard(i, tuple(sorted(raws)), n, first) for i, (raws, n, first) in sorted(seen.items())
    )


# --- reading ------------------------------------------------------------------------------------------------


def _decode(data: bytes) -> tuple[str, bytes]:
    if not data:
        raise ReplayError("bad-replay", "The replay is empty.")
    if len(data) >= 2 and data[0] == 0x78 and (data[0] << 8 | data[1]) % 31 == 0:
        return "zlib", _inflate(data, zlib.MAX_WBITS)
    if data[:2] == b"\x1f\x8b":
        return "gzip", _inflate(data, 16 + zlib.MAX_WBITS)
    if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        raise ReplayError("not-a-replay", "This is neither a GEMP replay file (zlib) nor replay XML.")
    if len(data) > MAX_INFLATED_BYTES:
        raise _too_large(
            "inflated_bytes", MAX_INFLATED_BYTES, f"Replay XML is limited to {MAX_INFLATED_BYTES:,} bytes."
        )
    return "xml", data


def _inflate(data: bytes, wbits: int) -> bytes:
    if len(data) > MAX_COMPRESSED_BYTES:
        raise _too_large(
            "file_bytes", MAX_COMPRESSED_BYTES, f"A replay file is limited to {MAX_COMPRESSED_BYTES:,} bytes."
        )
    inflater, out, pending = zlib.decompressobj(wbits), bytearray(), data
    try:
        while pending:  # max_length stops a zip bomb at the limit instead of after inflating it
            out += inflater.decompress(pending, MAX_INFLATED_BYTES + 1 - len(out))
            if len(out) > MAX_INFLATED_BYTES:
                raise _too_large(
                    "inflated_bytes",
                    MAX_INFLATED_BYTES,
                    f"The replay inflates past {MAX_INFLATED_BYTES:,} bytes.",
                )
            pending = inflater.unconsumed_tail
    except zlib.error as error:
        raise ReplayError("bad-replay", f"The compressed replay is damaged ({error}).") from None
    if not inflater.eof:
        raise ReplayError("bad-replay", "The compressed replay ends early: the file is truncated.")
    if inflater.unused_data:
        raise ReplayError("bad-replay", "There is data after the end of the compressed replay.")
    return bytes(out)


def _parse(xml: bytes, reader: "_Reader") -> None:
    # One feed of the whole (bounded) document: expat re-scans a long token on every chunk it is fed, which
    # makes chunked parsing quadratic on a huge attribute. The target streams, so no tree is ever built.
    parser = DefusedXMLParser(target=_ReplayTarget(reader), forbid_dtd=True)
    try:
        parser.feed(xml)
        parser.close()
    except DefusedXmlException as error:  # DTDs carry entity bombs and external references; GEMP writes none
        raise ReplayError("bad-replay", f"Refused: a replay has no DTD ({type(error).__name__}).") from None
    except ParseError as error:
        raise ReplayError("bad-replay", f"The replay is not well-formed XML ({error}).") from None


class _ReplayTarget:
    """The parser's callbacks: root, nesting and counts are checked as the parser goes; each <ge> is handed on."""

    def __init__(self, reader: "_Reader"):
        self.reader, self.depth, self.events = reader, 0, 0
        self.elements = self.values = 0
        self.attributes: dict[str, str] = {}
        self.children: list[Child] = []

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        self._count(tag, attributes)
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ReplayError(
                "bad-replay", f"Elements nest deeper than GEMP writes (event {self.events - 1})."
            )
        if self.depth == 1 and tag != "gameReplay":
            raise ReplayError("not-a-replay", f"The root is <{tag[:80]}>, not <gameReplay>.")
        if self.depth == 2:
            if tag != "ge":
                raise ReplayError("bad-replay", f"<gameReplay> holds <{tag[:80]}>, not <ge>.")
            self.events += 1
            if self.events > MAX_EVENTS:
                raise ReplayError("too-many-events", f"A replay is limited to {MAX_EVENTS} events.")
            self.attributes, self.children = attributes, []
        elif self.depth == 3:
            if len(self.children) >= MAX_CHILDREN_PER_EVENT:
                raise _too_large(
                    "parts_per_event",
                    MAX_CHILDREN_PER_EVENT,
                    f"Event {self.events - 1} has more than {MAX_CHILDREN_PER_EVENT:,} parts.",
                )
            self.children.append(Child(tag, tuple(attributes.items())))

    def _count(self, tag: str, attributes: dict[str, str]) -> None:
        """Every bound on what the parser hands over, checked before it is kept: the parse stops at the first."""
        self.elements += 1
        self.values += len(attributes)
        if self.elements > MAX_ELEMENTS:
            raise _too_large("elements", MAX_ELEMENTS, f"A replay is limited to {MAX_ELEMENTS:,} elements.")
        if len(attributes) > MAX_ATTRIBUTES:
            raise _too_large(
                "attributes",
                MAX_ATTRIBUTES,
                f"An element of {self._where()} has more than {MAX_ATTRIBUTES} attributes.",
            )
        if self.values > MAX_VALUES:
            raise _too_large("values", MAX_VALUES, f"A replay is limited to {MAX_VALUES:,} attribute values.")
        if len(tag) > MAX_NAME_CHARS or any(len(name) > MAX_NAME_CHARS for name in attributes):
            raise _too_large(
                "name_chars",
                MAX_NAME_CHARS,
                f"A name in {self._where()} is longer than {MAX_NAME_CHARS} characters.",
            )
        for name, value in attributes.items():
            if len(value) > MAX_VALUE_CHARS:
                raise _too_large(
                    "value_chars",
                    MAX_VALUE_CHARS,
                    f"{name[:40]} in {self._where()} has {len(value):,} characters; at most {MAX_VALUE_CHARS:,}.",
                )

    def _where(self) -> str:
        """The element being started, for a message: the root, a <ge> (the next event) or a part of the last."""
        return "the root" if not self.depth else f"event {self.events - (self.depth > 1)}"

    def end(self, tag: str) -> None:
        if self.depth == 2:
            self.reader.event(self.attributes, tuple(self.children))
        self.depth -= 1

    # no data() or close(): text between elements is not kept (GEMP writes none)


class _Reader:
    """One pass over the events, tracking turn, phase and card zones; results frozen at the end."""

    def __init__(self, encoding: str):
        self.encoding = encoding
        self.players: tuple[str, ...] = ()
        self.recorded_by: str | None = None
        self.turn, self.turn_player, self.phase = 0, None, None
        self.events: list[ReplayEvent] = []
        self.turns: dict[int, dict] = {}
        self.zones: dict[int, str] = {}  # card id -> last zone shown, to count removals from play
        self.pending_destiny: list[int] = []  # DD events still waiting for their value in the log
        self.open_conflicts: dict[str, list[list]] = {}  # kind -> started, not yet ended (a stack, O(1) each)
        self.unknown_types: dict[str, None] = {}
        self.messages: list[LogMessage] = []
        self.listed = 0  # ids in the list attributes so far

    def result(self) -> ObservedGame:
        events = tuple(self.events)
        turns = tuple(self._summary(number, turn, events) for number, turn in sorted(self.turns.items()))
        ids = {i for e in events for i in (e.blueprint_id, *e.mentioned_ids) if i}
        return ObservedGame(
            self.encoding, self.players, self.recorded_by, events, turns, frozenset(ids),
            tuple(self.unknown_types), tuple(self.messages),
        )  # fmt: skip

    def event(self, attrs: dict[str, str], children: tuple[Child, ...]) -> None:
        index, kind = len(self.events), attrs.get("type", "")
        if not kind:
            raise ReplayError("bad-replay", f"Event {index} has no type.")
        participant = attrs.get("participantId")
        for name in LIST_ATTRIBUTES:
            listed = attrs[name].count(",") + 1 if name in attrs else 0
            if listed > MAX_LISTED:
                raise _too_large(
                    "listed", MAX_LISTED, f"{name} of event {index} lists more than {MAX_LISTED:,}."
                )
            self.listed += listed
            if self.listed > MAX_LISTED_TOTAL:
                raise _too_large(
                    "listed_total",
                    MAX_LISTED_TOTAL,
                    f"The lists of a replay hold at most {MAX_LISTED_TOTAL:,} ids.",
                )
        if kind == "P" and not self.players:
            listed = attrs.get("allParticipantIds", "")
            if listed.count(",") >= MAX_PLAYERS:
                raise _too_large(
                    "players",
                    MAX_PLAYERS,
                    f"Event {index} lists more than {MAX_PLAYERS} players (a table seats two).",
                )
            self.players = tuple(p for p in listed.split(",") if p)
            self.recorded_by = participant
        elif kind == "D" and self.recorded_by is None:
            self.recorded_by = participant  # decisions are only ever recorded for the recording player
        elif kind == "TC" and participant and participant != self.turn_player:
            self.turn, self.turn_player = self.turn + 1, participant  # a snapshot restore repeats the same TC
        turn = self._turn(index)
        if kind == "GPC":
            match = PHASE_TURN.fullmatch(attrs.get("phase", ""))
            self.phase = (match.group(1) if match else attrs.get("phase", "")).strip() or None
            turn["side_turn"] = int(match.group(2)) if match else turn["side_turn"]
            if self.phase:
                turn["phases"].setdefault(self.phase)  # a dict: ordered, and no quadratic "in" on a list
        raw_id, message = attrs.get("blueprintId"), attrs.get("message")
        fields = (
            index, kind, EVENT_TYPES.get(kind, f"unknown event type {kind[:40]!r}"), kind in EVENT_TYPES,
            self.turn, self.turn_player, self.phase, participant, normalise_blueprint_id(raw_id), raw_id,
            (raw_id or "").strip() in CARD_BACKS, read_int(attrs.get("cardId")), attrs.get("zone"),
            read_int(attrs.get("locationIndex")), attrs.get("destinyText"), None, message, _hints(message),
            tuple((name, _shared(value)) for name, value in attrs.items()), children,
        )  # fmt: skip
        event = ReplayEvent(*fields)
        event = ReplayEvent(*fields, self._words(event))  # cheaper than replace() on every event
        self.events.append(event)
        if not event.known:
            self.unknown_types.setdefault(kind)
        self._track(event, turn)

    def _turn(self, index: int) -> dict:
        return self.turns.setdefault(
            self.turn,
            {"player": self.turn_player, "side_turn": None, "phases": {}, "draws": [], "conflicts": [],
             "put": 0, "removed": 0, "messages": [], "first": index},
        )  # fmt: skip

    def _track(self, event: ReplayEvent, turn: dict) -> None:
        kind = event.type
        if kind in ("PCIP", "PCIPAR", "RCIP", "MCIP") and event.card_id is not None and event.zone:
            if kind == "PCIP" and event.zone in IN_PLAY_ZONES:
                turn["put"] += 1
            self.zones[event.card_id] = event.zone
        elif kind == "RCFP":
            for card_id in int_list(event.attribute("otherCardIds")):
                turn["removed"] += self.zones.pop(card_id, None) in IN_PLAY_ZONES
        elif kind in CONFLICT_STARTS:
            conflict = [CONFLICT_STARTS[kind], event.location_index, event.index, None]
            turn["conflicts"].append(conflict)
            self.open_conflicts.setdefault(conflict[0], []).append(conflict)
        elif kind in CONFLICT_ENDS and self.open_conflicts.get(CONFLICT_ENDS[kind]):
            self.open_conflicts[CONFLICT_ENDS[kind]].pop()[3] = event.index
        elif kind == "DD":
            turn["draws"].append(event.index)
            self.pending_destiny = (self.pending_destiny + [event.index])[-16:]
        elif kind == "M" and event.message is not None:
            text = TAG.sub("", event.message)
            self.messages.append(LogMessage(event.index, self.turn, text, event.message))
            turn["messages"].append(text)
            self._destiny_value(text, event.mentioned_ids)

    def _destiny_value(self, text: str, mentioned: tuple[str, ...]) -> None:
        """GEMP logs "<player> draws <card> as a 4 for battle destiny" after the DD event: pair them."""
        match = _DESTINY_LOG.search(text) if len(text) <= DESTINY_LOG_LIMIT and self.pending_destiny else None
        if not match:
            return
        kind = match.group(2)
        same = [i for i in self.pending_destiny if self.events[i].destiny_text == kind]
        index = (same or self.pending_destiny)[0]
        self.pending_destiny.remove(index)
        draw = self.events[index]
        # a card drawn from the top of the Reserve Deck is shown face down; the log line names it
        draw = replace(
            draw,
            destiny_value=float(match.group(1)),
            blueprint_id=draw.blueprint_id or next(iter(mentioned), None),
        )
        self.events[index] = replace(draw, words=self._words(draw))

    def _words(self, event: ReplayEvent) -> str:
        return event_words(event, self.players, self.recorded_by, str)

    def _summary(self, number: int, turn: dict, events: tuple[ReplayEvent, ...]) -> TurnSummary:
        draws = tuple(events[i] for i in turn["draws"])
        player = turn["player"]
        return TurnSummary(
            number, player, side_of(self.players, player), turn["side_turn"], tuple(turn["phases"]), draws,
            tuple(Conflict(*c) for c in turn["conflicts"]), turn["put"], turn["removed"], tuple(turn["messages"]),
            turn["first"],
        )  # fmt: skip


def _hints(message: str | None) -> tuple[str, ...]:
    if not message or "cardHint" not in message:
        return ()
    ids = (normalise_blueprint_id(raw) for raw in _CARD_HINT.findall(message or ""))
    return tuple(dict.fromkeys(i for i in ids if i))


def _shared(value: str) -> str:
    return sys.intern(value) if len(value) <= 24 else value  # "false", zone and player names: one copy each
