"""A GEMP replay as data: the event types GEMP writes and the records one file is read into
(rules/swccg/gemp_replay.py reads them, rules/swccg/gemp_words.py words them)."""

import re
from dataclasses import dataclass

from rules.swccg.cards import DARK, LIGHT

EVENT_TYPES = {
    "P": "player order", "GPC": "phase change", "TC": "turn change",
    "PCIP": "card put in play", "PCIPAR": "card restored from a snapshot", "RCIP": "card replaced",
    "MCIP": "card moved", "ROCIP": "card rotated", "FCIP": "card flipped", "TCO": "card turned over",
    "RCFP": "cards removed", "RLFP": "locations removed",
    "SB": "battle starts", "ATB": "card added to battle", "RFB": "card removed from battle", "EB": "battle ends",
    "SA": "attack starts", "EA": "attack ends", "SD": "duel starts", "ED": "duel ends",
    "SLC": "lightsaber combat starts", "ELC": "lightsaber combat ends",
    "SS": "sabacc starts", "RSH": "sabacc hands revealed", "ES": "sabacc ends",
    "M": "game log message", "W": "W (no emitter known)", "GS": "game stats",
    "CAC": "card affects cards", "IP": "interrupt played", "DD": "destiny drawn", "CA": "card activated",
    "D": "decision required",
}  # fmt: skip
CONFLICT_STARTS = {"SB": "battle", "SA": "attack", "SD": "duel", "SLC": "lightsaber combat", "SS": "sabacc"}
CONFLICT_ENDS = {"EB": "battle", "EA": "attack", "ED": "duel", "ELC": "lightsaber combat", "ES": "sabacc"}
CARD_VERBS = {
    "ROCIP": "turns {} sideways or upright", "FCIP": "flips {}", "TCO": "turns {} over", "IP": "plays {}",
    "CA": "uses {}", "ATB": "adds {} to the battle", "RFB": "takes {} out of the battle",
}  # fmt: skip
IN_PLAY_ZONES = frozenset({"AT_LOCATION", "SIDE_OF_TABLE", "LOCATIONS", "ATTACHED"})  # Zone.isInPlay()
CARD_BACKS = frozenset({"-1_1", "-1_2"})  # light and dark card backs: a face-down card
TAG = re.compile(r"<[^<>]*>")  # [^<>]: a run of "<" without ">" stays linear
_INT = re.compile(r"-?\d{1,9}")  # ids and indexes; longer digit runs are kept raw, never converted

# GEMP's phase text, "Deploy (turn #2)": the number is that side's own turn count, not the game's.
PHASE_TURN = re.compile(r"(.*)\(turn #(\d{1,9})\)")  # greedy, anchored: one linear pass


@dataclass(frozen=True, slots=True)
class Child:
    """A child element of an event as written: GS's playerZones / …PowerAtLocations, D's parameter."""

    tag: str
    attributes: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class ReplayEvent:
    index: int  # 0-based position in the file
    type: str  # GEMP's code: "PCIP", "DD", … or whatever an unknown event carried
    type_name: str
    known: bool
    turn: int  # 0 before the first turn change, then one more each time another player's turn begins
    turn_player: str | None
    phase: str | None  # "Deploy", from the last GPC
    participant: str | None  # participantId: card owner, performer or turn player, by event type
    blueprint_id: str | None  # normalised: "1_168" (None for no card or a face-down one)
    raw_blueprint_id: str | None  # as written: "1_168*", "-1_2", …
    face_down: bool
    card_id: int | None
    zone: str | None
    location_index: int | None
    destiny_text: str | None
    destiny_value: float | None  # from the log line that follows the draw
    message: str | None  # raw message (GEMP's HTML card links included)
    mentioned_ids: tuple[str, ...]  # normalised blueprint ids linked in the message
    attributes: tuple[tuple[str, str], ...]  # every attribute, as written
    children: tuple[Child, ...]
    words: str = ""

    def attribute(self, name: str, default: str | None = None) -> str | None:
        return next((value for key, value in self.attributes if key == name), default)


@dataclass(frozen=True, slots=True)
class Conflict:
    kind: str  # "battle", "attack", "duel", "lightsaber combat", "sabacc"
    location_index: int | None
    started_event: int
    ended_event: int | None  # None: the replay never shows it end


@dataclass(frozen=True, slots=True)
class TurnSummary:
    turn: int
    player: str | None
    side: str | None  # DARK / LIGHT
    side_turn: int | None  # that side's own turn number, from the phase text
    phases: tuple[str, ...]
    destiny_draws: tuple[ReplayEvent, ...]  # the DD events: who drew what, for which destiny, its value
    conflicts: tuple[Conflict, ...]
    cards_put_in_play: int
    cards_removed_from_play: int
    messages: tuple[str, ...]
    first_event: int = 0  # the index of the turn's first event, for a viewer's "go to turn"


@dataclass(frozen=True, slots=True)
class LogMessage:
    event_index: int
    turn: int
    text: str  # card links reduced to their titles
    raw: str


@dataclass(frozen=True, slots=True)
class ObservedGame:
    encoding: str  # "zlib", "gzip" or "xml"
    players: tuple[str, ...]  # as the P event lists them: dark side first
    recorded_by: str | None  # whose view this is
    events: tuple[ReplayEvent, ...]
    turns: tuple[TurnSummary, ...]
    blueprint_ids: frozenset[str]  # normalised ids of every card seen or linked in the log
    unknown_event_types: tuple[str, ...]  # first-seen order; their events are kept in `events`
    messages: tuple[LogMessage, ...]

    def side_of(self, player: str | None) -> str | None:
        return side_of(self.players, player)


@dataclass(frozen=True, slots=True)
class UnknownCard:
    blueprint_id: str
    raw_ids: tuple[str, ...]
    events: int  # how many events show or link it
    first_event: int


def side_of(players: tuple[str, ...], player: str | None) -> str | None:
    if len(players) != 2 or player not in players:
        return None
    return DARK if player == players[0] else LIGHT


def read_int(value: str | None) -> int | None:
    return int(value) if value and _INT.fullmatch(value.strip()) else None


def int_list(value: str | None) -> list[int]:
    return [number for part in (value or "").split(",") if (number := read_int(part)) is not None]
