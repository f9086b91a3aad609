"""SWCCG calculators over HTTP, against the stored cards: a battle at one location, a hand of sabacc, a Force
drain, a capture.

The rules are plain Python in rules/swccg; these views resolve GEMP ids to CcgCard records, apply the battle's
cards' own text where the request decides its conditions (swccg_battle_text.py; `apply_text: false` leaves it out),
then the modifiers the caller states, and shape the answer. Input the rules cannot resolve is a 400 with
a code and, in `rule`, the rules' own reason.
"""

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.jobs import TrueOrFalse
from cardsdb.api.parsers import JSONParser
from cardsdb.api.request_size import MAX_BODY, check_body_size
from cardsdb.api.schema import StrictSerializer
from cardsdb.api.token_auth import TOKEN_ONLY
from cardsdb.api.views import ERROR
from rules.swccg import battle
from rules.swccg.battle_text import CardNumbers
from rules.swccg.cards import CcgCard
from rules.swccg_cards import ccg_cards

from . import swccg_battle_text as text
from . import swccg_examples as api_examples

NUMBER = {"min_value": -battle.MAX_NUMBER, "max_value": battle.MAX_NUMBER}
MAX_ABOARD = 12


class CardInBattleIn(StrictSerializer):
    card = serializers.CharField(max_length=64, help_text='A GEMP id, e.g. "1_168" (Darth Vader).')
    hit = serializers.BooleanField(default=False, help_text="Hit by a weapon this battle.")
    power = serializers.FloatField(
        default=0, help_text="Added to the power (after what the cards' text applied).", **NUMBER
    )
    ability = serializers.FloatField(default=0, help_text="Added to the ability (after the text).", **NUMBER)
    forfeit = serializers.FloatField(default=0, help_text="Added to the forfeit (after the text).", **NUMBER)
    immune_to_attrition = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=battle.MAX_NUMBER,
        help_text="Replaces the card's immunity (read from the text): immune while attrition < this; "
        "null = not immune.",
    )


class CarrierIn(CardInBattleIn):
    aboard = CardInBattleIn(
        many=True,
        required=False,
        max_length=MAX_ABOARD,
        help_text="Pilots and passengers aboard this starship or vehicle: they add ability, not power.",
    )


class BattleSideIn(StrictSerializer):
    cards = CarrierIn(
        many=True, min_length=1, max_length=battle.MAX_CARDS, help_text="The side's cards there."
    )
    destinies = serializers.ListField(
        child=serializers.FloatField(**NUMBER), max_length=11, default=list, help_text="Battle destiny draws."
    )
    extra_destinies = serializers.IntegerField(default=0, min_value=0, max_value=10)
    destinies_if_unable = serializers.IntegerField(default=0, min_value=0, max_value=10)
    destiny_bonus = serializers.FloatField(
        default=0, help_text="Added to each battle destiny draw (after what the text adds).", **NUMBER
    )
    power_bonus = serializers.FloatField(default=0, help_text="Added to the total power.", **NUMBER)
    attrition_bonus = serializers.FloatField(default=0, help_text="Added to the attrition caused.", **NUMBER)
    damage_bonus = serializers.FloatField(default=0, help_text="Added to the battle damage caused.", **NUMBER)


class ReservesIn(StrictSerializer):
    dark = serializers.ListField(child=serializers.CharField(max_length=64), max_length=100, default=list)
    light = serializers.ListField(child=serializers.CharField(max_length=64), max_length=100, default=list)


class BattleIn(StrictSerializer):
    dark = BattleSideIn()
    light = BattleSideIn()
    apply_text = TrueOrFalse(
        default=True,
        help_text="Apply the cards' own game text where the request decides its conditions (`applied`, "
        "`questions` in the answer); false: printed numbers and the modifiers given only.",
    )
    conditions = text.ConditionsField(
        required=False,
        help_text='Answers to the answer\'s `questions`: {"<card id>:<effect index>": true or false}, e.g. '
        '{"1_181:0": true}; an answer also overrides what the calculator decided.',
    )
    location = serializers.CharField(
        max_length=64,
        required=False,
        help_text="The battle's location (a GEMP id): decides the text's 'at …' conditions; unnamed, they are asked.",
    )
    simulate = ReservesIn(
        required=False,
        help_text="Instead of drawn destinies: each side's Reserve Deck (GEMP ids, any order); the answer is the "
        "exact chance of each outcome when each side draws the battle destinies it may.",
    )


def _number(value: float | None) -> float:
    return 0.0 if value is None else value


def _stat(card: CcgCard, changed: CardNumbers, stat: str, given: float) -> float:
    """Printed (or set by the text), plus the text's change, plus the modifier given."""
    base = changed.set_to.get(stat, _number(getattr(card, stat)))
    return base + getattr(changed, stat) + given


def _in_battle(entry: dict, cards: dict[str, CcgCard], changes, text_applied: bool) -> battle.InBattle:
    card = cards[entry["card"]]
    changed = next(changes)  # in the order swccg_battle_text.place lists the cards: a carrier, then aboard
    own = changed.immune_to_attrition if text_applied else card.immune_to_attrition
    immunity = entry["immune_to_attrition"] if "immune_to_attrition" in entry else own
    return battle.InBattle(
        card_id=card.card_id,
        title=card.title,
        power=_stat(card, changed, "power", entry["power"]),
        ability=_stat(card, changed, "ability", entry["ability"]),
        forfeit=_stat(card, changed, "forfeit", entry["forfeit"]),
        immune_to_attrition=immunity,
        hit=entry["hit"],
        aboard=tuple(_in_battle(e, cards, changes, text_applied) for e in entry.get("aboard", ())),
    )


def _side(
    data: dict, cards: dict[str, CcgCard], changes, counts: dict, text_applied: bool
) -> battle.BattleSide:
    return battle.BattleSide(
        cards=tuple(_in_battle(e, cards, changes, text_applied) for e in data["cards"]),
        destinies=tuple(data["destinies"]),
        extra_destinies=data["extra_destinies"] + int(counts["extra_destinies"]),
        destinies_if_unable=data["destinies_if_unable"] + int(counts["destinies_if_unable"]),
        destiny_bonus=data["destiny_bonus"] + counts["destiny_bonus"],
        power_bonus=data["power_bonus"],
        attrition_bonus=data["attrition_bonus"],
        damage_bonus=data["damage_bonus"],
    )


def _card_numbers(card: battle.InBattle) -> dict:
    found = {k: v for k, v in asdict(card).items() if k != "aboard"}
    if card.aboard:
        found["aboard"] = [_card_numbers(c) for c in card.aboard]
    return found


def load_cards(ids: list[str]) -> dict[str, CcgCard]:
    cards, unknown = ccg_cards(ids)
    if unknown:
        raise ApiError(
            "unknown-card",
            f"No SWCCG card has the id {', '.join(map(repr, unknown[:20]))}; ids are GEMP's, like 1_168.",
            cards=unknown,
        )
    return cards


class BattleView(APIView):
    """Resolve one battle: each side's power, ability, battle destiny draws allowed and total; the winner; battle
    damage; attrition per side and which cards are immune to it; hit cards; the smallest forfeits that satisfy
    the attrition; and the Force the loser still has to lose."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(
        request=BattleIn, responses={200: dict, 400: ERROR, 413: ERROR}, examples=api_examples.BATTLE
    )
    def post(self, request):
        check_body_size(request, MAX_BODY)
        body = BattleIn(data=request.data)
        body.is_valid(raise_exception=True)
        return Response(battle_answer(body.validated_data))


def battle_answer(data: dict) -> dict:
    """The battle API's answer for a validated BattleIn; the calculator page words the same answer."""
    ids = [
        entry["card"]
        for side in (data["dark"], data["light"])
        for carrier in side["cards"]
        for entry in (carrier, *carrier.get("aboard", ()))
    ]
    cards = load_cards(ids + ([data["location"]] if data.get("location") else []))
    table, applied = text.read_text(data, cards)
    changes = iter(applied.cards[i] for i in range(len(table.placed)))
    sides = {
        name: _side(data[name], cards, changes, applied.sides[name], data["apply_text"])
        for name in ("dark", "light")
    }
    said = {
        "applied": [text.change_data(c) for c in applied.applied],
        "questions": [text.change_data(c) for c in applied.questions],
        "unused_conditions": [k for k in data.get("conditions", {}) if k not in applied.keys],
    }
    if "simulate" in data:
        return _odds(sides, data) | said
    try:
        result = battle.resolve(sides["dark"], sides["light"])
    except battle.BattleError as exc:
        raise ApiError("battle-not-resolvable", exc.message, rule=exc.code) from None
    return {
        "winner": result.winner,
        "sides": {
            name: asdict(result.sides[name]) | {"cards": [_card_numbers(c) for c in sides[name].cards]}
            for name in ("dark", "light")
        },
    } | said


def _probability(p) -> dict:
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}"}


def _table(values: dict) -> list[dict]:
    return [{"value": value, **_probability(p)} for value, p in sorted(values.items())]


def _odds(sides: dict, data: dict) -> dict:
    """The battle's odds from each side's Reserve Deck (rules/swccg/battle_odds.py)."""
    from rules.odds.destiny import DestinyCard, counted_value
    from rules.swccg import battle_odds

    if data["dark"]["destinies"] or data["light"]["destinies"]:
        raise ApiError(
            "invalid-request", "Give destinies drawn or `simulate` with the Reserve Decks, not both."
        )
    reserve_cards = load_cards([i for side in ("dark", "light") for i in data["simulate"][side]])

    def value(card_id: str) -> float:
        card = reserve_cards[card_id]
        alternatives = card.destiny_values if len(card.destiny_values) > 1 else ()
        return counted_value(DestinyCard(card_id, None, None if alternatives else card.destiny, alternatives))

    reserves = {side: [value(i) for i in data["simulate"][side]] for side in ("dark", "light")}
    try:
        odds = battle_odds.battle_odds(sides["dark"], sides["light"], reserves)
    except battle.BattleError as exc:
        raise ApiError("battle-not-resolvable", exc.message, rule=exc.code) from None
    return {
        "winner": {side: _probability(p) for side, p in odds.winner.items()},
        "outcomes": odds.outcomes,
        "sides": {
            side: {
                "draws": figures.draws,
                "destiny_totals": _table(figures.destiny_totals),
                "battle_damage": _table(figures.battle_damage),
                "attrition": _table(figures.attrition),
                "forfeited": {card_id: _probability(p) for card_id, p in figures.forfeited.items()},
                "expected_force_to_lose": float(figures.expected_force_to_lose),
            }
            for side, figures in odds.sides.items()
        },
    }


# ---- sabacc ----


class SabaccAssignmentIn(StrictSerializer):
    wild = serializers.DictField(
        child=serializers.IntegerField(min_value=-20, max_value=20),
        required=False,
        help_text='{"card index in the hand": value} for each wild card.',
    )
    clones = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=5),
        required=False,
        help_text='{"card index": index of the card it clones}.',
    )
    printed = serializers.DictField(
        child=serializers.FloatField(min_value=-20, max_value=20),
        required=False,
        help_text='{"card index": the value chosen on a card printed with several ("2 or 5")}.',
    )


class SabaccSideIn(StrictSerializer):
    cards = serializers.ListField(
        child=serializers.CharField(max_length=64),
        min_length=2,
        max_length=6,
        help_text="GEMP ids in draw order.",
    )
    assigned = SabaccAssignmentIn(required=False, help_text="The side's choices; omitted: the best ones.")
    lando = serializers.IntegerField(
        default=0, min_value=-1, max_value=1, help_text="+1/−1 when Lando's game text changed the total."
    )
    modifiers = serializers.DictField(
        child=serializers.FloatField(min_value=-20, max_value=20),
        required=False,
        help_text='{"card index": +n} applied to a card\'s destiny number.',
    )


class SabaccIn(StrictSerializer):
    dark = SabaccSideIn()
    light = SabaccSideIn()
    wild = serializers.ListField(
        child=serializers.CharField(max_length=64),
        max_length=200,
        default=list,
        help_text="Wild cards (ids).",
    )
    wild_range = serializers.ListField(
        child=serializers.IntegerField(min_value=-20, max_value=20),
        min_length=2,
        max_length=2,
        default=[1, 6],
        help_text="The values a wild card may take (Cloud City Sabacc: 1 to 6).",
    )
    clones = serializers.ListField(child=serializers.CharField(max_length=64), max_length=200, default=list)
    stakes = serializers.ListField(child=serializers.CharField(max_length=64), max_length=200, default=list)


def _indexed(mapping: dict | None) -> dict[int, object] | None:
    if not mapping:
        return None
    # ASCII digits only: int() also reads "١" as 1, " 1" and "1_0"
    if not all(key.isascii() and key.isdigit() and len(key) <= 3 for key in mapping):
        raise ApiError("invalid-request", "Card indexes are whole numbers from 0 to 5, as text keys.")
    return {int(key): value for key, value in mapping.items()}


class SabaccView(APIView):
    """Settle a hand of sabacc: each side's value (wild cards, clone cards, several printed values — the best
    choices when they are left open), perfect sabacc, the winner (closest to 11 without going over; both over:
    closest; a tie: fewer cards; then a draw), and what the loser gives up (a stake to the winner's Used Pile, or
    any card lost; both first cards on a perfect sabacc), with an Imperial starship won by the Light Side
    becoming Rebel and the reverse."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(
        request=SabaccIn, responses={200: dict, 400: ERROR, 413: ERROR}, examples=api_examples.SABACC
    )
    def post(self, request):
        check_body_size(request, MAX_BODY)
        body = SabaccIn(data=request.data)
        body.is_valid(raise_exception=True)
        return Response(sabacc_answer(body.validated_data))


def sabacc_answer(data: dict) -> dict:
    """The sabacc API's answer for a validated SabaccIn."""
    from rules.swccg import sabacc

    cards = load_cards([i for side in ("dark", "light") for i in data[side]["cards"]])
    hands = {side: [cards[i] for i in data[side]["cards"]] for side in ("dark", "light")}
    try:
        assigned = {
            side: sabacc.Assignment.of(
                wild=_indexed(data[side]["assigned"].get("wild")),
                clones=_indexed(data[side]["assigned"].get("clones")),
                printed=_indexed(data[side]["assigned"].get("printed")),
            )
            for side in ("dark", "light")
            if "assigned" in data[side]
        }
        result = sabacc.play_sabacc(
            hands["dark"],
            hands["light"],
            sabacc.SabaccRules(
                wild_ids=tuple(data["wild"]),
                wild_range=tuple(data["wild_range"]),
                clone_ids=tuple(data["clones"]),
                stake_ids=tuple(data["stakes"]),
            ),
            assigned=assigned,
            lando={side: data[side]["lando"] for side in ("dark", "light")},
            modifiers={side: _indexed(data[side].get("modifiers")) or {} for side in ("dark", "light")},
        )
    except sabacc.SabaccError as exc:
        raise ApiError("sabacc-not-playable", exc.message, rule=exc.code, cards=list(exc.cards)) from None
    return result.to_dict()


# ---- Force drains and captures ----


class PresentIn(StrictSerializer):
    card = serializers.CharField(max_length=64)
    ability = serializers.FloatField(default=0, help_text="Added to the printed ability.", **NUMBER)
    aboard = serializers.ListField(
        child=serializers.CharField(max_length=64),
        required=False,
        max_length=MAX_ABOARD,
        help_text="Characters aboard this starship or vehicle (their ability gives presence).",
    )


class DrainSidesIn(StrictSerializer):
    dark = PresentIn(many=True, default=list, max_length=battle.MAX_CARDS)
    light = PresentIn(many=True, default=list, max_length=battle.MAX_CARDS)


class IconsIn(StrictSerializer):
    dark = serializers.FloatField(default=0, **NUMBER)
    light = serializers.FloatField(default=0, **NUMBER)


class DrainIn(StrictSerializer):
    side = serializers.ChoiceField(choices=["dark", "light"], help_text="The side that would drain.")
    location = serializers.CharField(max_length=64, help_text="The location's GEMP id, e.g. 1_128.")
    cards = DrainSidesIn(help_text="Each side's cards at the location.")
    icons = IconsIn(
        required=False, help_text="Added to each side's printed icons there (card text; −n cancels)."
    )
    bonus = serializers.FloatField(default=0, help_text="Force drain +n from card text.", **NUMBER)
    cancelled = serializers.BooleanField(default=False, help_text="Card text cancels drains there.")
    drained_this_turn = serializers.BooleanField(default=False)


class DrainView(APIView):
    """Whether a side may Force drain at a location, and for how much: presence is ability 1 or more, control is
    your presence without the opponent's, the drain is the opponent's Force icons there (plus bonuses), never
    where the opponent has none, where it is cancelled, or twice a turn. `reasons` says why not, with codes."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(
        request=DrainIn, responses={200: dict, 400: ERROR, 413: ERROR}, examples=api_examples.DRAIN
    )
    def post(self, request):
        check_body_size(request, MAX_BODY)
        body = DrainIn(data=request.data)
        body.is_valid(raise_exception=True)
        return Response(drain_answer(body.validated_data))


def drain_answer(data: dict) -> dict:
    """The drain API's answer for a validated DrainIn."""
    from rules.swccg import control

    entries = {side: data["cards"][side] for side in ("dark", "light")}
    ids = [data["location"]] + [
        i for side in entries.values() for e in side for i in (e["card"], *e.get("aboard", ()))
    ]
    cards = load_cards(ids)
    location = cards[data["location"]]
    if not location.is_location:
        raise ApiError(
            "invalid-request",
            f"{location.title} is not a location.",
            errors={"location": ["not a location"]},
        )

    def present(card_id: str, added: float = 0) -> control.Present:
        card = cards[card_id]
        return control.Present(card_id, card.title, (card.ability or 0) + added, card.is_character)

    at = {
        side: tuple(
            p
            for e in entries[side]
            for p in (present(e["card"], e["ability"]), *map(present, e.get("aboard", ())))
        )
        for side in ("dark", "light")
    }
    added = data.get("icons", {"dark": 0, "light": 0})
    icons = {side: location.icons_for(side) + added[side] for side in ("dark", "light")}
    result = control.drain(
        data["side"],
        location.title,
        icons,
        at,
        bonus=data["bonus"],
        cancelled=data["cancelled"],
        drained_this_turn=data["drained_this_turn"],
    )
    return asdict(result) | {"location": {"card": location.card_id, "title": location.title}}


class CapturedIn(StrictSerializer):
    card = serializers.CharField(max_length=64, help_text="A Light Side character's GEMP id.")
    carrying = serializers.ListField(
        child=serializers.CharField(max_length=64), required=False, max_length=MAX_ABOARD,
        help_text="Characters it carries and cards deployed on it.",
    )  # fmt: skip


class EscortIn(StrictSerializer):
    card = serializers.CharField(max_length=64, help_text="A Dark Side card at the location.")
    escorting = serializers.BooleanField(default=False, help_text="Already escorting a captive.")


class CaptureIn(StrictSerializer):
    capturer = serializers.ChoiceField(choices=["dark", "light"], default="dark")
    location = serializers.CharField(max_length=64, required=False, help_text="Where it happens (a prison?).")
    at_prison = serializers.BooleanField(required=False, help_text="Overrides what the location's card says.")
    captured = CapturedIn(many=True, min_length=1, max_length=20)
    escorts = EscortIn(many=True, default=list, max_length=battle.MAX_CARDS)
    seize = serializers.DictField(
        child=serializers.CharField(max_length=64), required=False, help_text="{captive id: escort id}"
    )
    imprison = serializers.ListField(
        child=serializers.CharField(max_length=64), required=False, max_length=20
    )

    def validate_seize(self, value):
        if len(value) > 20:
            raise serializers.ValidationError("At most 20 captives are seized at once.")
        return value


class CaptureView(APIView):
    """A capture's options and result: for each captured character (and each one it carries, captured with it),
    the bounty hunters and warriors at the location that may seize it (one captive each) and whether it may be
    imprisoned (only at a prison); with the Dark Side's choices (`seize`, `imprison`), who is seized, imprisoned or
    escapes to the Light Side's Used Pile, and what still counts for uniqueness and personas."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(
        request=CaptureIn, responses={200: dict, 400: ERROR, 413: ERROR}, examples=api_examples.CAPTURE
    )
    def post(self, request):
        check_body_size(request, MAX_BODY)
        body = CaptureIn(data=request.data)
        body.is_valid(raise_exception=True)
        return Response(capture_answer(body.validated_data))


def capture_answer(data: dict) -> dict:
    """The capture API's answer for a validated CaptureIn."""
    from rules.swccg import capture

    ids = [c["card"] for c in data["captured"]] + [i for c in data["captured"] for i in c.get("carrying", ())]
    ids += [e["card"] for e in data["escorts"]] + ([data["location"]] if "location" in data else [])
    cards = load_cards(ids)
    location = cards.get(data.get("location", ""))
    at_prison = data.get("at_prison", location is not None and location.has("prison"))
    try:
        result = capture.capture(
            data["capturer"],
            tuple(
                capture.Captured(cards[c["card"]], tuple(cards[i] for i in c.get("carrying", ())))
                for c in data["captured"]
            ),
            tuple(capture.Escort(cards[e["card"]], e["escorting"]) for e in data["escorts"]),
            at_prison=at_prison,
            seize=data.get("seize"),
            imprison=tuple(data.get("imprison", ())),
        )
    except capture.CaptureError as exc:
        raise ApiError("capture-not-allowed", exc.message, rule=exc.code, cards=list(exc.cards)) from None
    return asdict(result) | {"at_prison": at_prison}
