"""GEMP SWCCG replay reader: the fixtures have GEMP's shape (GameCommunicationChannel + EventSerializer:
attributes in name order, one `<ge>` per event, `type` naming the event; GEMP writes them on one line, the plain
fixtures put one event per line to be readable). game.xml.gz is what GEMP stores: that XML through Deflater(9)."""

import dataclasses
import gzip
import time
import zlib
from pathlib import Path

import pytest

from rules.swccg import gemp_replay
from rules.swccg.cards import DARK, LIGHT
from rules.swccg.gemp_replay import ReplayError, normalise_blueprint_id, read_replay, resolve_cards
from rules.swccg.gemp_words import describe_event

FIXTURES = Path(__file__).parent / "fixtures" / "gemp"
HEAD = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>'


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def replay(*events: str) -> bytes:
    return HEAD + b"<gameReplay>" + "".join(events).encode("utf-8") + b"</gameReplay>"


def error_of(data) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        read_replay(data)
    return caught.value


@pytest.fixture(scope="module")
def game():
    return read_replay(fixture("game.xml"))


# --- encodings ------------------------------------------------------------------------------------------------


def test_gemp_file_is_a_zlib_stream_and_reads_like_the_plain_xml(game):
    stored = fixture("game.xml.gz")
    assert stored[:2] == b"\x78\xda"  # zlib header of Deflater(9), not gzip's 1f 8b
    from_file = read_replay(stored)
    assert (from_file.encoding, game.encoding) == ("zlib", "xml")
    assert from_file.events == game.events
    assert from_file.turns == game.turns


def test_gzip_and_bytearray_are_accepted_too(game):
    gzipped = read_replay(gzip.compress(fixture("game.xml")))
    assert gzipped.encoding == "gzip"
    assert gzipped.events == game.events
    assert read_replay(bytearray(fixture("game.xml"))).events == game.events


# --- what the game shows --------------------------------------------------------------------------------------


def test_players_sides_and_whose_view(game):
    assert game.players == ("vaderfan", "rebelscum")  # GEMP lists the dark side first
    assert game.recorded_by == "rebelscum"
    assert (game.side_of("vaderfan"), game.side_of("rebelscum"), game.side_of("nobody")) == (
        DARK,
        LIGHT,
        None,
    )
    assert len(game.events) == 43
    assert [e.index for e in game.events] == list(range(43))


def test_turns_and_phases_are_tracked_from_turn_and_phase_changes(game):
    vader = next(e for e in game.events if e.type == "PCIP" and e.card_id == 5)
    assert (vader.turn, vader.turn_player, vader.phase) == (1, "vaderfan", "Deploy")
    moved = next(e for e in game.events if e.type == "MCIP")
    assert (moved.turn, moved.turn_player, moved.phase) == (2, "rebelscum", "Move")
    assert game.events[0].turn == 0 and game.events[0].phase is None
    summary = [(t.turn, t.player, t.side, t.side_turn, t.phases) for t in game.turns]
    assert summary == [
        (0, None, None, None, ("Play starting cards",)),
        (1, "vaderfan", DARK, 1, ("Activate", "Control", "Deploy", "Battle", "Move", "Draw")),
        (2, "rebelscum", LIGHT, 1, ("Activate", "Deploy", "Battle", "Move", "Draw")),
        (3, "vaderfan", DARK, 2, ("Activate",)),  # the side's own turn count comes from "(turn #2)"
    ]


def test_a_repeated_turn_change_for_the_same_player_is_not_a_new_turn():
    # a snapshot restore re-sends P, TC and GPC for the player whose turn it already is
    game = read_replay(
        replay(
            '<ge participantId="a" type="TC"/>',
            '<ge phase="Deploy (turn #1)" type="GPC"/>',
            '<ge participantId="a" type="TC"/>',
            '<ge participantId="b" type="TC"/>',
        )
    )
    assert [e.turn for e in game.events] == [1, 1, 1, 2]
    assert [t.player for t in game.turns] == ["a", "b"]
    assert game.players == () and game.turns[0].side is None  # no P event: sides unknown, nothing invented


def test_battle_and_destiny_draws_in_the_turn_summary(game):
    turn = game.turns[2]
    assert [(c.kind, c.location_index, c.started_event, c.ended_event) for c in turn.conflicts] == [
        ("battle", 1, 24, 35)
    ]
    draws = [
        (d.participant, d.blueprint_id, d.raw_blueprint_id, d.destiny_text, d.destiny_value)
        for d in turn.destiny_draws
    ]
    assert draws == [
        ("rebelscum", "1_98", "-1_1", "battle destiny", 4.0),  # drawn face down: the log names the card
        ("vaderfan", "1_170", "1_170", "battle destiny", 2.0),
    ]
    assert all(not t.destiny_draws and not t.conflicts for t in game.turns if t.turn != 2)


def test_an_unended_battle_and_a_draw_without_a_log_line_stay_open():
    game = read_replay(
        replay(
            '<ge participantId="a" type="TC"/>',
            '<ge locationIndex="3" otherCardIds="1,2" type="SB"/>',
            '<ge blueprintId="1_5" cardId="9" destinyText="weapon destiny" participantId="a" type="DD"/>',
            "<ge message=\"a draws &lt;div class='cardHint' value='1_5'&gt;C-3PO&lt;/div&gt; as a 3 for battle"
            ' destiny" type="M"/>',  # no draw of that kind pending: paired with the only one waiting
            '<ge blueprintId="1_6" cardId="10" destinyText="battle destiny" participantId="a" type="DD"/>',
        )
    )
    (conflict,) = game.turns[0].conflicts
    assert (conflict.kind, conflict.location_index, conflict.ended_event) == ("battle", 3, None)
    assert [d.destiny_value for d in game.turns[0].destiny_draws] == [3.0, None]


def test_cards_put_in_play_and_removed_from_play_are_counted(game):
    counts = [(t.turn, t.cards_put_in_play, t.cards_removed_from_play) for t in game.turns]
    # turn 2: Luke leaving the hand and Vader going to the Lost Pile are not "put in play"; Vader leaving is removed
    assert counts == [(0, 2, 0), (1, 2, 0), (2, 2, 1), (3, 0, 0)]


def test_blueprint_ids_are_normalised_with_the_raw_id_kept(game):
    by_card = {e.card_id: e for e in game.events if e.type == "PCIP"}
    assert (by_card[6].blueprint_id, by_card[6].raw_blueprint_id) == ("1_179", "1_179^")
    assert (by_card[64].blueprint_id, by_card[64].raw_blueprint_id) == ("1_19", "1_19*")
    assert (by_card[62].blueprint_id, by_card[62].raw_blueprint_id, by_card[62].face_down) == (
        None,
        "-1_1",
        True,
    )
    assert game.blueprint_ids == {
        "1_107",
        "1_128",
        "1_295",
        "1_168",
        "1_17",
        "1_170",
        "1_179",
        "1_19",
        "1_98",
    }


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        ("1_168", "1_168"),
        ("1_168*", "1_168"),
        ("1_168^", "1_168"),
        ("200_12^*", "200_12"),
        ("7_150_BACK*^", "7_150"),
        (" 1_168 ", "1_168"),
        ("-1_2", None),
        ("", None),
        (None, None),
        ("rules", "rules"),  # another shape: kept as written so that it is listed as unknown
        ("1_168**x", "1_168**x"),
    ],
)
def test_normalise_blueprint_id(raw, plain):
    assert normalise_blueprint_id(raw) == plain


def test_log_messages_in_order_with_card_links_reduced(game):
    texts = [m.text for m in game.messages]
    assert texts[:3] == [
        "vaderfan deploys •Tatooine: Mos Eisley",
        "vaderfan deploys •Darth Vader to •Tatooine: Cantina",
        "rebelscum initiates battle at •Tatooine: Cantina",
    ]
    assert [m.turn for m in game.messages] == [0, 1, 2, 2, 2, 2, 3]
    assert "cardHint" in game.messages[1].raw
    assert game.events[game.messages[1].event_index].mentioned_ids == ("1_168", "1_128")
    assert "attrition & battle damage" in texts[5]  # &amp; written by GEMP, read back as &


def test_events_keep_every_raw_attribute_and_child(game):
    first_stats = next(e for e in game.events if e.type == "GS")
    assert len(first_stats.attributes) == 29  # 28 stats and the type
    assert first_stats.attribute("darkForceGeneration") == "1"
    assert [c.tag for c in first_stats.children] == [
        "playerZones",
        "playerZones",
        "darkPowerAtLocations",
        "lightPowerAtLocations",
    ]
    assert dict(first_stats.children[1].attributes)["RESERVE_DECK"] == "49"
    decision = next(e for e in game.events if e.type == "D")
    assert decision.attribute("decisionType") == "MULTIPLE_CHOICE"
    assert [dict(c.attributes) for c in decision.children] == [
        {"name": "results", "value": "Yes"},
        {"name": "results", "value": "No"},
    ]
    location = game.events[2]
    assert (
        location.attribute("systemName") == "Tatooine"
        and location.attribute("phase") == "PLAY_STARTING_CARDS"
    )
    assert location.attribute("nothing", "-") == "-"
    with pytest.raises(dataclasses.FrozenInstanceError):
        location.turn = 9


def test_events_in_words(game):
    words = {e.index: e.words for e in game.events}
    assert words[11] == "Turn 1, Dark Side: deploys 1_168 to location 1"
    assert words[2] == "Setup, Dark Side: deploys 1_295 at position 0"
    assert words[5] == "Setup, Light Side: puts a face-down card to top of reserve deck"
    assert words[24] == "Turn 2: battle begins at location 1"
    assert words[27] == "Turn 2, Light Side: draws 1_98 for battle destiny: 4"
    assert words[33] == "Turn 2, Dark Side: 1 card(s) removed (5)"
    assert words[37] == "Turn 2, Light Side: moves 1_17 to location 0"
    assert words[31] == "Turn 2, Light Side: decision (MULTIPLE_CHOICE): Do you want to use Force?"
    assert words[42] == "Turn 3: Force generation dark 2, light 1"
    titles = {"1_168": "•Darth Vader"}
    assert describe_event(game, game.events[11], lambda bid: titles.get(bid, bid)) == (
        "Turn 1, Dark Side: deploys •Darth Vader to location 1"
    )


def test_odd_characters_in_messages_are_kept(game):
    odd = game.messages[-1]
    assert odd.text == "vaderfan: Señor Ackbar ✨ «It’s a trap!» — עברית \u200dbold\ttab\nnew line"
    words = game.events[odd.event_index].words
    assert words == "Turn 3: vaderfan: Señor Ackbar ✨ «It’s a trap!» — עברית \u200dbold tab new line"
    emoji = read_replay(replay('<ge message="&#x1F600; &#xE9;" type="M"/>'))
    assert emoji.messages[0].text == "😀 é"


# --- unknown event types and unknown cards -------------------------------------------------------------------


def test_unknown_event_types_are_kept_and_shown_raw():
    game = read_replay(fixture("unknown_events.xml"))
    assert game.unknown_event_types == ("XYZ", "NEWTHING")
    assert [e.type for e in game.events] == ["P", "TC", "GPC", "XYZ", "NEWTHING", "TCO", "W", "XYZ", "M"]
    assert [e.known for e in game.events].count(False) == 3
    newthing = game.events[4]
    assert newthing.type_name == "unknown event type 'NEWTHING'"
    assert newthing.attribute("blueprintId") == "999_1" and newthing.children[0].tag == "detail"
    assert game.events[3].words == "Turn 1: unknown event type 'XYZ' (cardId=9, futureThing=42)"
    assert game.events[5].words == "Turn 1, Dark Side: turns 1_168 over"
    assert game.messages[0].text == "still read after the unknown ones"
    assert "999_1" in game.blueprint_ids


def test_resolve_cards_lists_the_ids_the_catalogue_does_not_know(game):
    asked = []

    def known(ids):
        asked.append(ids)
        return {"1_168", "1_17", "1_19", "1_128", "1_295", "1_107", "1_98", "not_in_the_game"}

    unknown = resolve_cards(game, known)
    assert asked == [game.blueprint_ids]  # one bulk question, never one per card
    assert [(u.blueprint_id, u.raw_ids, u.events, u.first_event) for u in unknown] == [
        ("1_170", ("1_170",), 2, 29),  # the DD event and its log line
        ("1_179", ("1_179^",), 1, 13),
    ]
    assert resolve_cards(game, lambda ids: ids) == ()
    assert len(resolve_cards(game, lambda ids: [])) == len(game.blueprint_ids)


def test_resolve_cards_keeps_ids_of_an_unexpected_shape():
    game = read_replay(replay('<ge blueprintId="weird id" cardId="1" type="PCIP" zone="HAND"/>'))
    (unknown,) = resolve_cards(game, lambda ids: set())
    assert (unknown.blueprint_id, unknown.raw_ids) == ("weird id", ("weird id",))


# --- errors: one code each, a message saying what is wrong ---------------------------------------------------


@pytest.mark.parametrize(
    ("data", "code", "says"),
    [
        (b"", "bad-replay", "empty"),
        ("<gameReplay/>", "bad-replay", "bytes, not str"),
        ("<gameReplay><ge type='M' message='\ud800'/></gameReplay>", "bad-replay", "bytes, not str"),
        (b"\x89PNG\r\n\x1a\n", "not-a-replay", "neither"),
        (b"<html><body/></html>", "not-a-replay", "<html>"),
        (b'<gameReplay xmlns="urn:x"/>', "not-a-replay", "{urn:x}gameReplay"),
        (b"<gameReplay><ge type='M'>", "bad-replay", "not well-formed"),
        (b"<gameReplay><ge type='M' message='&ghost;'/></gameReplay>", "bad-replay", "undefined entity"),
        (b"<gameReplay><event type='M'/></gameReplay>", "bad-replay", "<event>"),
        (b"<gameReplay><ge message='no type'/></gameReplay>", "bad-replay", "Event 0 has no type"),
        (b"<gameReplay><ge type='M' message='&#xD800;'/></gameReplay>", "bad-replay", "not well-formed"),
        (b"<gameReplay><ge type='M' message='&#0;'/></gameReplay>", "bad-replay", "not well-formed"),
        (
            b"<gameReplay><ge type='M' message='"
            + "\ud800".encode("utf-8", "surrogatepass")
            + b"'/></gameReplay>",
            "bad-replay",
            "not well-formed",
        ),
        (b"<gameReplay><ge type='M'><a><b/></a></ge></gameReplay>", "bad-replay", "nest deeper"),
    ],
)
def test_unreadable_input_is_refused_with_a_code(data, code, says):
    error = error_of(data)
    assert isinstance(error, ValueError)
    assert error.code == code
    assert says in error.message


def test_damaged_zlib_streams_are_refused():
    stored = fixture("game.xml.gz")
    assert "truncated" in error_of(stored[: len(stored) // 2]).message
    assert "after the end" in error_of(stored + b"junk").message
    damaged = stored[:2] + bytes(b ^ 0xFF for b in stored[2:40]) + stored[40:]
    assert error_of(damaged).code == "bad-replay"


def test_billion_laughs_and_external_entities_are_refused_before_any_expansion():
    for name in ("billion_laughs.xml", "external_entity.xml"):
        started = time.monotonic()
        error = error_of(fixture(name))
        assert (error.code, "DTDForbidden" in error.message) == ("bad-replay", True)
        assert time.monotonic() - started < 1
    compressed = zlib.compress(fixture("billion_laughs.xml"), 9)  # inside a GEMP-style file: the same
    assert error_of(compressed).code == "bad-replay"


def test_deep_nesting_is_refused_early():
    nested = gemp_replay.MAX_ELEMENTS - 10  # within the element bound: the depth is what refuses it
    deep = b"<gameReplay><ge type='M'>" + b"<a>" * nested + b"</a>" * nested + b"</ge></gameReplay>"
    started = time.monotonic()
    assert "nest deeper" in error_of(deep).message
    assert time.monotonic() - started < 2


# --- limits --------------------------------------------------------------------------------------------------


def test_a_zip_bomb_is_stopped_at_the_inflated_limit():
    packer = zlib.compressobj(9)
    block = b"A" * (1 << 20)
    parts = [packer.compress(b"<gameReplay><ge type='M' message='")]
    parts += [packer.compress(block) for _ in range(gemp_replay.MAX_INFLATED_BYTES // len(block) + 4)]
    bomb = b"".join(parts) + packer.compress(b"'/></gameReplay>") + packer.flush()
    assert len(bomb) < 200_000  # tiny file, 54 MB of XML
    started = time.monotonic()
    error = error_of(bomb)
    assert (error.code, "inflates past" in error.message) == ("replay-too-large", True)
    assert time.monotonic() - started < 5


def test_compressed_and_plain_input_sizes_are_bounded():
    assert error_of(b"\x78\xda" + b"\0" * gemp_replay.MAX_COMPRESSED_BYTES).code == "replay-too-large"
    assert error_of(b"<" + b" " * gemp_replay.MAX_INFLATED_BYTES).code == "replay-too-large"


def test_too_many_events_are_refused_before_parsing():
    many = b"<gameReplay>" + b'<ge type="M"/>' * (gemp_replay.MAX_EVENTS + 1) + b"</gameReplay>"
    started = time.monotonic()
    error = error_of(many)
    assert (error.code, str(gemp_replay.MAX_EVENTS) in error.message) == ("too-many-events", True)
    assert time.monotonic() - started < 2


def test_event_limit_boundary_and_the_parser_count(monkeypatch):
    monkeypatch.setattr(gemp_replay, "MAX_EVENTS", 3)
    assert len(read_replay(replay(*['<ge type="M"/>'] * 3)).events) == 3
    assert error_of(replay(*['<ge type="M"/>'] * 4)).code == "too-many-events"
    # UTF-16 hides "<ge" from the byte count; the parser still counts every event
    utf16 = ("<gameReplay>" + '<ge type="M"/>' * 4 + "</gameReplay>").encode("utf-16-le")
    assert error_of(utf16).code == "too-many-events"


def test_parts_of_one_event_are_bounded(monkeypatch):
    monkeypatch.setattr(gemp_replay, "MAX_CHILDREN_PER_EVENT", 5)
    assert len(read_replay(replay("<ge type='GS'>" + "<p/>" * 5 + "</ge>")).events[0].children) == 5
    error = error_of(replay("<ge type='GS'>" + "<p/>" * 6 + "</ge>"))
    assert (error.code, error.bound, error.limit) == ("replay-too-large", "parts_per_event", 5)
    assert error.message == "Event 0 has more than 5 parts."


def test_long_values_are_kept_raw_and_cut_in_words():
    """Values as long as the bounds allow (tests/rules/swccg/test_replay_bounds.py: longer ones are refused)."""
    limit = gemp_replay.MAX_VALUE_CHARS
    hostile = "<" * (limit - 7_000) + " draws x as a 4 for battle destiny" * 200  # quadratic bait for regexes
    started = time.monotonic()
    game = read_replay(
        replay(
            '<ge participantId="a" type="TC"/>',
            '<ge blueprintId="1_1" cardId="99" destinyText="battle destiny" participantId="a" type="DD"/>',
            f'<ge message="{hostile.replace("<", "&lt;")}" type="M"/>',
            '<ge phase="Deploy (turn #99999999999999999999)" type="GPC"/>',
            '<ge phase="' + " " * (limit - 20) + 'x(turn #2)" type="GPC"/>',
            '<ge blueprintId="1_2" cardId="123456789012345678901234567890" locationIndex="1e9999" type="PCIP"'
            ' zone="AT_LOCATION"/>',
            '<ge otherCardIds="' + ",".join(map(str, range(gemp_replay.MAX_LISTED))) + '" participantId="a"'
            ' type="RCFP"/>',
        )
    )
    assert time.monotonic() - started < 2
    draw, message, phase, spaced, card, removed = game.events[1:]
    assert message.message == hostile and game.messages[0].text == hostile
    assert len(message.words) < 400 and message.words.endswith("…")
    assert draw.destiny_value is None  # a log line that long is not searched
    assert (phase.phase, game.turns[-1].side_turn) == ("Deploy (turn #99999999999999999999)", 2)
    assert spaced.phase == "x"
    assert (card.card_id, card.location_index, card.attribute("cardId")) == (
        None,
        None,
        "123456789012345678901234567890",
    )
    assert removed.words == "Turn 1, a: 1000 card(s) removed (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, …)"


def test_many_conflicts_and_phases_in_one_turn_stay_linear():
    many = gemp_replay.MAX_EVENTS // 3 - 1
    events = ['<ge participantId="a" type="TC"/>']
    events += [f'<ge locationIndex="{i % 7}" otherCardIds="1" type="SB"/>' for i in range(many)]
    events += ["<ge type='EB'/>"] * many
    events += [f'<ge phase="Phase {i} (turn #1)" type="GPC"/>' for i in range(many)]
    started = time.monotonic()
    game = read_replay(replay(*events))
    assert time.monotonic() - started < 10
    (turn,) = game.turns  # the first event is a turn change: there is no setup turn
    assert len(turn.conflicts) == many and all(c.ended_event is not None for c in turn.conflicts)
    assert turn.conflicts[-1].ended_event == many + 1  # the last battle begun is the first to end
    assert len(turn.phases) == many and turn.phases[:2] == ("Phase 0", "Phase 1")


def test_a_phase_reads_in_one_turn_numbering(game):
    # GEMP's "Activate (turn #1)" is the side's own count: the words give the game's turn and name the count
    phases = [e.words for e in game.events if e.type == "GPC" and e.turn == 2]
    assert phases and all(w.startswith("Turn 2 (Light Side's 1st): ") for w in phases)
    assert not any("turn #" in w for w in phases)
    alone = read_replay(
        replay('<ge participantId="a" type="TC"/>', '<ge phase="Deploy (turn #3)" type="GPC"/>')
    )
    assert alone.events[1].words == "Turn 1 (a's 3rd): Deploy"
