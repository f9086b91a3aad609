"""SWTCG rules over HTTP: stacking unique units and resolving confrontations, against the stored cards.

The rules themselves are plain Python in rules/swtcg; these views resolve card ids to `UnitCard` records, call
them and shape the answer. A broken stacking rule is data (200, `legal: false`, violations with codes); input the
rules cannot be applied to (unknown ids, an illegal bid sequence) is a 400 with a code.
"""

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.parsers import JSONParser
from cardsdb.api.request_size import MAX_BODY, check_body_size
from cardsdb.api.schema import StrictSerializer
from cardsdb.api.token_auth import TOKEN_ONLY
from cardsdb.api.views import ERROR
from cardsdb.models import Card
from core.swtcg.cards import UnitCard
from rules.swtcg.confrontation import DARK, LIGHT, Bid, ConfrontationError, IllegalBid, check_units, resolve
from rules.swtcg.stacking import MAX_STACK, StackedUnit, stack

MAX_STACK_INPUT = 20  # a few more than a legal stack, so an oversized stack is reported, not refused
MAX_BIDS = 200


class StackRequest(StrictSerializer):
    cards = serializers.ListField(
        child=serializers.CharField(max_length=64),
        min_length=1,
        max_length=MAX_STACK_INPUT,
        help_text=f"SWTCG card ids, top card first (a legal stack has at most {MAX_STACK}).",
    )


class BidIn(StrictSerializer):
    side = serializers.ChoiceField(choices=[DARK, LIGHT])
    amount = serializers.IntegerField(allow_null=True, help_text="null = pass")


class ConfrontationRequest(StrictSerializer):
    dark = StackRequest(help_text="The Dark Side's unit: its stack, top card first.")
    light = StackRequest(help_text="The Light Side's unit: its stack, top card first.")
    dark_force = serializers.IntegerField(min_value=0, max_value=10_000)
    light_force = serializers.IntegerField(min_value=0, max_value=10_000)
    bids = BidIn(many=True, help_text="Every bid and pass in order; the Dark Side opens.")

    def validate_bids(self, value):
        if len(value) > MAX_BIDS:
            raise serializers.ValidationError(f"At most {MAX_BIDS} bids.")
        return value


def _number(value: float | None) -> int | None:
    return None if value is None else int(value)


def unit_cards(ids: list[str]) -> list[UnitCard]:
    """The stored cards for the ids, in order; unknown ids are a 400 naming every one of them."""
    wanted = [i.strip() for i in ids]
    found = {c.code: c for c in Card.objects.filter(game_id="swtcg", code__in=wanted)}
    unknown = [i for i in wanted if i not in found]
    if unknown:
        raise ApiError(
            "unknown-card",
            f"No SWTCG card has the id {', '.join(map(repr, unknown))}; ids look like ANH_26.",
            cards=unknown,
        )
    return [
        UnitCard(
            card_id=card.code,
            name=card.name,
            version=card.extra.get("version"),
            type=card.type,
            speed=_number(card.speed),
            power=_number(card.power),
            health=_number(card.health),
            build_cost=_number(card.cost),
            text=card.gametext,
            side=card.side,
        )
        for card in (found[i] for i in wanted)
    ]


def stacked(ids: list[str]) -> StackedUnit | list:
    return stack(unit_cards(ids))


def unit_as_dict(unit: StackedUnit) -> dict:
    return asdict(unit) | {"cards": list(unit.cards)}


def violations_as_list(found: list) -> list[dict]:
    return [{"code": v.code, "message": v.message, "cards": list(v.cards)} for v in found]


class StackView(APIView):
    """The unit a stack of SWTCG cards forms (top card's name, type and text; +10 speed, +1 power, +1 health and
    +1 build cost per card underneath), or every stacking rule it breaks."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(request=StackRequest, responses={200: dict, 400: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BODY)
        body = StackRequest(data=request.data)
        body.is_valid(raise_exception=True)
        result = stacked(body.validated_data["cards"])
        if isinstance(result, list):
            return Response({"legal": False, "violations": violations_as_list(result)})
        return Response({"legal": True, "unit": unit_as_dict(result), "violations": []})


class ConfrontationView(APIView):
    """Resolve a confrontation between two units of the same unique name from the bids: totals, winner (the Dark
    Side wins ties), who pays what, and which unit retreats untapped. Illegal bid sequences are rejected with the
    index of the bad bid."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(request=ConfrontationRequest, responses={200: dict, 400: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BODY)
        body = ConfrontationRequest(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        cards = {side: unit_cards(data[key]["cards"]) for side, key in ((DARK, "dark"), (LIGHT, "light"))}
        try:
            check_units(cards[DARK], cards[LIGHT])
        except ConfrontationError as exc:
            raise ApiError("no-confrontation", str(exc), rule=exc.code) from None
        units = {}
        for side in (DARK, LIGHT):
            unit = stack(cards[side])
            if isinstance(unit, list):
                raise ApiError(
                    "illegal-stack",
                    f"The {side} Side's stack breaks the stacking rules; fix it first.",
                    side=side,
                    violations=violations_as_list(unit),
                )
            units[side] = unit
        bids = [Bid(b["side"], b["amount"]) for b in data["bids"]]
        try:
            result = resolve(
                units[DARK],
                units[LIGHT],
                bids,
                dark_force=data["dark_force"],
                light_force=data["light_force"],
            )
        except IllegalBid as exc:
            raise ApiError("illegal-bid", str(exc), rule=exc.code, index=exc.index) from None
        except ConfrontationError as exc:
            raise ApiError("no-confrontation", str(exc), rule=exc.code) from None
        return Response(
            {
                "winner": result.winner,
                "bids": result.bids,
                "totals": result.totals,
                "pays": result.pays,
                "retreats": result.retreats,
                "retreats_untapped": True,
                "units": {side: unit_as_dict(unit) for side, unit in units.items()},
            }
        )
