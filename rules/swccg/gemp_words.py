"""A GEMP replay's events in words, as the replay viewer and the API show them (rules/swccg/gemp_replay.py reads
the file): one line an event, each value cut to WORDS_LIMIT characters so that a page of events stays small."""

from collections.abc import Callable

from rules.swccg.cards import DARK, LIGHT
from rules.swccg.gemp_events import (
    CARD_VERBS,
    CONFLICT_ENDS,
    CONFLICT_STARTS,
    EVENT_TYPES,
    IN_PLAY_ZONES,
    PHASE_TURN,
    TAG,
    ObservedGame,
    ReplayEvent,
    int_list,
    side_of,
)

WORDS_LIMIT = 300  # characters of one value shown in an event's words; the raw value is kept whole


def shown_attributes(event: ReplayEvent) -> dict[str, str]:
    """An event's raw attributes as an answer shows them (an unknown event's): each value cut as in words, so
    that a page of such events stays small."""
    return {name: cut(value) for name, value in event.attributes}


def describe_event(game: ObservedGame, event: ReplayEvent, card_name: Callable[[str], str] = str) -> str:
    """The event in words; `card_name` turns a blueprint id into what to show (the Django layer: a title)."""
    return event_words(event, game.players, game.recorded_by, card_name)


# --- words --------------------------------------------------------------------------------------------------


def event_words(event: ReplayEvent, players: tuple[str, ...], recorded_by: str | None, name: Callable) -> str:
    side = side_of(players, event.participant)
    who = {DARK: "Dark Side", LIGHT: "Light Side"}.get(side or "", cut(event.participant or ""))
    prefix = (f"Turn {event.turn}" if event.turn else "Setup") + (f", {who}" if who else "")
    phase = PHASE_TURN.fullmatch(event.attribute("phase") or "") if event.type == "GPC" else None
    if phase and event.turn:
        # One numbering: the game's turn, with the side's own count GEMP gives beside it.
        sides = {DARK: "Dark Side", LIGHT: "Light Side"}
        whose = sides.get(side_of(players, event.turn_player) or "") or cut(event.turn_player or "")
        own = f" ({whose}'s {_ordinal(int(phase.group(2)))})" if whose else ""
        return f"Turn {event.turn}{own}: {cut(phase.group(1).strip())}"
    return (
        f"{prefix}: {cut(' '.join(cut(_body(event, players, recorded_by, name), 4 * WORDS_LIMIT).split()))}"
    )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _body(event: ReplayEvent, players: tuple[str, ...], recorded_by: str | None, name: Callable) -> str:
    kind, get = event.type, event.attribute
    card = (
        name(event.blueprint_id)
        if event.blueprint_id
        else "a face-down card"
        if event.face_down
        else "a card"
    )
    if kind == "P":
        return f"players {', '.join(players) or '?'}, recorded by {recorded_by or '?'}"
    if kind == "TC":
        return "turn begins"
    if kind == "GPC":
        return f"phase {get('phase')}"
    if kind in ("PCIP", "PCIPAR", "RCIP", "MCIP"):
        verb = "moves" if kind == "MCIP" else "deploys" if event.zone in IN_PLAY_ZONES else "puts"
        lead = {"PCIPAR": "(restored) ", "RCIP": "(replaced) "}.get(kind, "")
        return f"{lead}{verb} {card}{_place(event)}"
    if kind in CARD_VERBS:
        return CARD_VERBS[kind].format(card)
    if kind == "RCFP":
        ids = int_list(get("otherCardIds"))
        return f"{len(ids)} card(s) removed ({_list(ids)})"
    if kind == "RLFP":
        return f"locations at {get('locationIndexes')} removed"
    if kind in CONFLICT_STARTS:
        at = f" at location {event.location_index}" if event.location_index is not None else ""
        if kind == "SA":
            return f"{get('playerAttacking')} attacks {get('playerDefending')}{at}"
        return f"{CONFLICT_STARTS[kind]} begins{at}"
    if kind in CONFLICT_ENDS or kind == "RSH":
        return EVENT_TYPES[kind]
    if kind == "M":
        return TAG.sub("", event.message or "")
    if kind == "GS":
        return f"Force generation dark {get('darkForceGeneration')}, light {get('lightForceGeneration')}"
    if kind == "CAC":
        return f"{card} affects cards {_list(int_list(get('otherCardIds')))}"
    if kind == "DD":
        value = "" if event.destiny_value is None else f": {event.destiny_value:g}"
        return f"draws {card} for {event.destiny_text or 'destiny'}{value}"
    if kind == "D":
        return f"decision ({get('decisionType')}): {get('text') or ''}"
    shown = ", ".join(f"{key}={cut(value, 60)}" for key, value in event.attributes[:20] if key != "type")
    return f"{event.type_name} ({shown})"


def _place(event: ReplayEvent) -> str:
    if event.zone == "AT_LOCATION":
        return f" to location {event.location_index}"
    if event.zone == "LOCATIONS":
        return f" at position {event.location_index}"
    if event.zone in ("ATTACHED", "STACKED", "STACKED_FACE_DOWN"):
        return f" on card {event.attribute('targetCardId')}"
    return f" to {(event.zone or 'somewhere').lower().replace('_', ' ')}"


def _list(ids: list[int]) -> str:
    return ", ".join(map(str, ids[:10])) + (", …" if len(ids) > 10 else "")


def cut(text: str, limit: int = WORDS_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
