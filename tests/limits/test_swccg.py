"""The SWCCG referee's and calculators' limits (rules/swccg/) at their exact edges: the limit accepted, one past
it refused. Each calls the checker directly."""

import zlib
from dataclasses import replace

import pytest

from rules.swccg import battle, battle_odds, capture, gemp_replay, gemp_words, record, sabacc
from rules.swccg.battle import BattleError, BattleSide, InBattle, resolve
from rules.swccg.cards import DARK, LIGHT, CcgCard
from rules.swccg.sabacc import hands as sabacc_hands
from rules.swccg.sabacc import values as sabacc_values


def card(card_id: str, power: float = 1, ability: float = 1, forfeit: float = 1, **more) -> InBattle:
    return InBattle(card_id=card_id, title=card_id, power=power, ability=ability, forfeit=forfeit, **more)


def side(n: int = 1, **more) -> BattleSide:
    return BattleSide(cards=tuple(card(f"c{i}") for i in range(n)), **more)


def battle_refused(dark: BattleSide) -> str:
    with pytest.raises(BattleError) as caught:
        resolve(dark, side())
    return caught.value.code


# ---- battle ----


def test_a_side_of_max_cards_battles_one_more_is_refused():
    resolve(side(battle.MAX_CARDS), side())
    aboard = BattleSide(cards=(card("ship", aboard=tuple(card(f"p{i}") for i in range(battle.MAX_CARDS))),))
    assert battle_refused(aboard) == "too-many-cards"  # cards aboard count too


@pytest.mark.parametrize("field", ["power", "ability", "forfeit"])
def test_card_numbers_reach_max_number(field):
    at_limit = BattleSide(cards=(card("a", **{field: battle.MAX_NUMBER}),))
    resolve(at_limit, side())
    assert battle_refused(BattleSide(cards=(card("a", **{field: battle.MAX_NUMBER + 1}),))) == "bad-number"


@pytest.mark.parametrize("field", ["power_bonus", "destiny_bonus", "attrition_bonus", "damage_bonus"])
def test_side_bonuses_reach_max_number_both_ways(field):
    resolve(side(**{field: battle.MAX_NUMBER}), side(**{field: -battle.MAX_NUMBER}))
    assert battle_refused(side(**{field: -battle.MAX_NUMBER - 1})) == "bad-number"


def test_a_destiny_draw_reaches_max_number():
    drawer = (card("a", ability=4),)
    resolve(BattleSide(cards=drawer, destinies=(battle.MAX_NUMBER,)), side())
    assert battle_refused(BattleSide(cards=drawer, destinies=(battle.MAX_NUMBER + 1,))) == "bad-number"


@pytest.mark.parametrize("field", ["extra_destinies", "destinies_if_unable"])
def test_extra_destiny_draws_run_from_0_to_10(field):
    resolve(side(**{field: 0}), side(**{field: 10}))
    assert battle_refused(side(**{field: 11})) == "bad-number"
    assert battle_refused(side(**{field: -1})) == "bad-number"


def test_a_forfeit_of_0_is_allowed_below_it_is_refused():
    resolve(BattleSide(cards=(card("a", forfeit=0),)), side())
    assert battle_refused(BattleSide(cards=(card("a", forfeit=-0.5),))) == "bad-number"


def test_one_battle_destiny_from_ability_4():
    assert battle.destinies_allowed(side(destinies_if_unable=0), battle.BATTLE_DESTINY_ABILITY) == 1
    assert battle.destinies_allowed(side(destinies_if_unable=0), battle.BATTLE_DESTINY_ABILITY - 0.5) == 0


# ---- battle odds ----


def drawing(n_values: int) -> tuple[BattleSide, list[int]]:
    """A side that draws one battle destiny (ability 4) from a Reserve Deck of n distinct values."""
    return BattleSide(cards=(card("a", ability=4),)), list(range(n_values))


def test_a_reserve_deck_of_max_cards_is_read_one_more_is_refused():
    dark, light = side(), side()
    battle_odds.battle_odds(dark, light, {DARK: [1] * battle_odds.MAX_RESERVE, LIGHT: []})
    with pytest.raises(BattleError) as caught:
        battle_odds.battle_odds(dark, light, {DARK: [1] * (battle_odds.MAX_RESERVE + 1), LIGHT: []})
    assert caught.value.code == "too-many-cards"


def test_pairs_of_destiny_totals_up_to_the_limit_are_resolved(monkeypatch):
    monkeypatch.setattr(battle_odds, "MAX_OUTCOMES", 6)
    (dark, two), (light, three) = drawing(2), drawing(3)
    assert battle_odds.battle_odds(dark, light, {DARK: two, LIGHT: three}).outcomes == 6
    (dark, one), (light, seven) = drawing(1), drawing(7)
    with pytest.raises(BattleError) as caught:
        battle_odds.battle_odds(dark, light, {DARK: one, LIGHT: seven})
    assert caught.value.code == "too-many-outcomes"


# ---- captures ----


def character(card_id: str, side_: str, *characteristics: str) -> CcgCard:
    return CcgCard(
        card_id=card_id, title=card_id, side=side_, type="Character", characteristics=characteristics
    )


def captured(n: int) -> tuple[capture.Captured, ...]:
    return tuple(capture.Captured(character(f"l{i}", LIGHT)) for i in range(n))


def escorts(n: int) -> tuple[capture.Escort, ...]:
    return tuple(capture.Escort(character(f"d{i}", DARK, "bounty hunter")) for i in range(n))


def capture_refused(*args) -> str:
    with pytest.raises(capture.CaptureError) as caught:
        capture.capture(DARK, *args, at_prison=False)
    return caught.value.code


def test_a_capture_takes_1_to_max_captured_characters():
    assert len(capture.capture(DARK, captured(1), (), at_prison=False).escaped) == 1
    assert len(capture.capture(DARK, captured(capture.MAX_CAPTURED), (), at_prison=False).escaped) == 20
    assert capture_refused(captured(0), ()) == "bad-capture"
    assert capture_refused(captured(capture.MAX_CAPTURED + 1), ()) == "bad-capture"


def test_max_at_location_escorts_are_read_one_more_is_refused():
    result = capture.capture(DARK, captured(1), escorts(capture.MAX_AT_LOCATION), at_prison=False)
    assert len(result.options["l0"]["seize"]) == capture.MAX_AT_LOCATION
    assert capture_refused(captured(1), escorts(capture.MAX_AT_LOCATION + 1)) == "bad-capture"


# ---- game records ----


def record_refused(call, *args) -> str:
    with pytest.raises(record.RecordError) as caught:
        call(*args)
    return caught.value.code


def test_record_texts_run_from_1_to_their_limit():
    assert record._text("x" * record.MAX_TEXT, "note") == "x" * record.MAX_TEXT
    assert record_refused(record._text, "x" * (record.MAX_TEXT + 1), "note") == "bad-record"
    assert record_refused(record._text, "", "note") == "bad-record"


def test_a_deck_list_of_max_deck_ids_is_read_one_more_is_refused():
    assert len(record._ids(["1_1"] * record.MAX_DECK, "deck")) == record.MAX_DECK
    assert record_refused(record._ids, ["1_1"] * (record.MAX_DECK + 1), "deck") == "bad-record"
    assert record._ids(["x" * 64], "deck") == ("x" * 64,)  # an id of 64 characters; 65 is refused
    assert record_refused(record._ids, ["x" * 65], "deck") == "bad-record"


@pytest.mark.parametrize(
    "kind, at_limit, past",
    [
        ("cards", ["1_1"] * record.MAX_LIST, ["1_1"] * (record.MAX_LIST + 1)),
        ("count", record.MAX_NUMBER, record.MAX_NUMBER + 1),
        ("count", 0, -1),
        ("number", record.MAX_NUMBER, record.MAX_NUMBER + 1),
        ("number", -record.MAX_NUMBER, -record.MAX_NUMBER - 0.5),
    ],
)
def test_event_fields_reach_their_limits(kind, at_limit, past):
    record._field(kind, at_limit, "field")
    assert record_refused(record._field, kind, past, "field") == "bad-record"


def test_sabacc_choices_reach_six_entries_and_20():
    entries = {str(i): 20 for i in range(6)}
    record._sabacc_choices({DARK: {"wild": entries}}, "choices")
    assert record_refused(record._sabacc_choices, {DARK: {"wild": {"0": 20.5}}}, "choices") == "bad-record"
    assert (
        record_refused(record._sabacc_choices, {DARK: {"wild": {**entries, "6": 1}}}, "choices")
        == "bad-record"
    )


def a_record(events: int) -> dict:
    players = [{"side": DARK, "deck": []}, {"side": LIGHT, "deck": []}]
    return {"game": "swccg", "record_version": 1, "players": players,
            "events": [{"type": "end_turn", "player": DARK}] * events}  # fmt: skip


def test_a_record_of_max_events_is_read_one_more_is_refused():
    assert len(record.check_shape(a_record(record.MAX_EVENTS)).events) == record.MAX_EVENTS
    assert record_refused(record.check_shape, a_record(record.MAX_EVENTS + 1)) == "too-many-events"


# ---- GEMP replay files ----

REPLAY = b"<gameReplay><ge type='GS'><p/><p/></ge></gameReplay>"


def replay_refused(data: bytes) -> str:
    with pytest.raises(gemp_replay.ReplayError) as caught:
        gemp_replay.read_replay(data)
    return caught.value.code


def test_a_compressed_file_of_the_limit_is_read_one_byte_less_room_is_refused(monkeypatch):
    packed = zlib.compress(REPLAY)
    monkeypatch.setattr(gemp_replay, "MAX_COMPRESSED_BYTES", len(packed))
    assert len(gemp_replay.read_replay(packed).events) == 1
    monkeypatch.setattr(gemp_replay, "MAX_COMPRESSED_BYTES", len(packed) - 1)
    assert replay_refused(packed) == "replay-too-large"


def test_xml_inflating_to_the_limit_is_read_one_byte_less_room_is_refused(monkeypatch):
    packed = zlib.compress(REPLAY)
    monkeypatch.setattr(gemp_replay, "MAX_INFLATED_BYTES", len(REPLAY))
    assert len(gemp_replay.read_replay(packed).events) == 1
    assert len(gemp_replay.read_replay(REPLAY).events) == 1  # plain XML: the same bound
    monkeypatch.setattr(gemp_replay, "MAX_INFLATED_BYTES", len(REPLAY) - 1)
    assert replay_refused(packed) == "replay-too-large"
    assert replay_refused(REPLAY) == "replay-too-large"


def test_elements_nest_three_deep_not_four():
    assert len(gemp_replay.read_replay(REPLAY).events[0].children) == 2
    assert replay_refused(b"<gameReplay><ge type='GS'><p><q/></p></ge></gameReplay>") == "bad-replay"


def test_event_words_are_cut_past_the_limit():
    assert gemp_words.cut("x" * gemp_words.WORDS_LIMIT) == "x" * gemp_words.WORDS_LIMIT
    assert gemp_words.cut("x" * (gemp_words.WORDS_LIMIT + 1)) == "x" * gemp_words.WORDS_LIMIT + "…"


@pytest.mark.parametrize("length, read", [(gemp_replay.DESTINY_LOG_LIMIT, True),
                                          (gemp_replay.DESTINY_LOG_LIMIT + 1, False)])  # fmt: skip
def test_destiny_log_lines_up_to_the_limit_are_read(length, read):
    line = " draws x as a 4 for battle destiny"
    message = "a" * (length - len(line)) + line
    game = gemp_replay.read_replay(
        b"<gameReplay><ge participantId='a' type='TC'/>"
        b"<ge blueprintId='1_1' cardId='9' destinyText='battle destiny' participantId='a' type='DD'/>"
        + f"<ge message='{message}' type='M'/></gameReplay>".encode()
    )
    assert (game.events[1].destiny_value == 4.0) is read


# ---- the sabacc calculator ----


def sabacc_refused(call, *args) -> str:
    with pytest.raises(sabacc.SabaccError) as caught:
        call(*args)
    return caught.value.code


def hand_card(i: int, **more) -> CcgCard:
    return CcgCard(card_id=f"h{i}", title=f"h{i}", side=DARK, type="Character", destiny=1, **more)


def test_a_hand_holds_2_to_6_cards():
    assert len(sabacc_hands._check_cards([hand_card(i) for i in range(sabacc.MIN_HAND)])) == 2
    assert len(sabacc_hands._check_cards([hand_card(i) for i in range(sabacc.MAX_HAND)])) == 6
    assert sabacc_refused(sabacc_hands._check_cards, [hand_card(0)]) == "bad-hand-size"
    assert sabacc_refused(sabacc_hands._check_cards, [hand_card(i) for i in range(7)]) == "bad-hand-size"


def test_card_texts_and_ids_reach_their_limits():
    long = "t" * sabacc.MAX_TEXT
    sabacc_hands._check_cards(
        [hand_card(0, subtype=long, characteristics=(long,)), replace(hand_card(1), type=long)]
    )
    assert (
        sabacc_refused(sabacc_hands._check_cards, [hand_card(0, subtype=long + "t"), hand_card(1)])
        == "bad-card"
    )
    assert sabacc_hands._valid_id("i" * sabacc.MAX_ID_LENGTH) and not sabacc_hands._valid_id(
        "i" * (sabacc.MAX_ID_LENGTH + 1)
    )
    assert not sabacc_hands._valid_id("")


def test_an_interrupt_lists_max_ids_one_more_is_refused():
    ids = [f"i{n}" for n in range(sabacc.MAX_IDS)]
    assert len(sabacc_hands._check_ids(ids, "wild_ids")) == sabacc.MAX_IDS
    assert sabacc_refused(sabacc_hands._check_ids, [*ids, "one_more"], "wild_ids") == "bad-ids"


@pytest.mark.parametrize(
    "wild_range, ok",
    [
        ((-sabacc.WILD_BOUND, 0), True),
        ((0, sabacc.WILD_BOUND), True),
        ((-sabacc.WILD_BOUND - 1, 0), False),
        ((0, sabacc.WILD_BOUND + 1), False),
        ((-10, 10), True),  # 21 values
        ((-10, 11), False),  # 22
        ((3, 3), True),
        ((3, 2), False),
    ],
)
def test_a_wild_range_stays_within_bounds(wild_range, ok):
    if ok:
        assert sabacc_hands._check_wild_range(wild_range) == wild_range
    else:
        assert sabacc_refused(sabacc_hands._check_wild_range, wild_range) == "bad-wild-range"


def test_printed_values_reach_four_numbers_within_the_value_limit():
    limit = sabacc.VALUE_LIMIT
    values = (limit, -limit, 1, 2)
    assert sabacc_hands._printed_values(hand_card(0, destiny_values=values), 0) == values
    assert (
        sabacc_refused(sabacc_hands._printed_values, hand_card(0, destiny_values=(*values, 3)), 0)
        == "bad-card-values"
    )
    assert (
        sabacc_refused(sabacc_hands._printed_values, hand_card(0, destiny_values=(limit + 1,)), 0)
        == "bad-card-values"
    )


def test_modifiers_one_per_card_within_the_value_limit():
    wild = clone = (False, False)
    assert sabacc_hands._check_modifiers({0: sabacc.VALUE_LIMIT, 1: -sabacc.VALUE_LIMIT}, 2, wild, clone) == (
        20,
        -20,
    )
    assert sabacc_refused(sabacc_hands._check_modifiers, {0: 1, 1: 1, 2: 1}, 2, wild, clone) == "bad-modifier"
    assert (
        sabacc_refused(sabacc_hands._check_modifiers, {2: 1}, 2, wild, clone) == "bad-modifier"
    )  # cards 0..1
    assert (
        sabacc_refused(sabacc_hands._check_modifiers, {0: sabacc.VALUE_LIMIT + 1}, 2, wild, clone)
        == "bad-modifier"
    )


def test_choices_name_at_most_a_hand_of_cards():
    full = {i: 1 for i in range(sabacc.MAX_HAND)}
    assert len(sabacc.Assignment.of(wild=full).wild) == sabacc.MAX_HAND
    assert sabacc_refused(sabacc.Assignment.of, {**full, 6: 1}) == "bad-assignment"
    assert len(sabacc_values._pairs([(i, 1) for i in range(sabacc.MAX_HAND)], "wild", 6)) == 6
    assert sabacc_refused(sabacc_values._pairs, [(i, 1) for i in range(7)], "wild", 7) == "bad-assignment"
