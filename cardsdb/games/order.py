"""The one order games are listed in, everywhere (pickers, the sets page, the API): the registry's
(registry.GAMES: SWCCG, SWTCG, SW:DBG, the order they were published in)."""

from django.db.models import Case, IntegerField, QuerySet, Value, When

from ..models import Game
from .registry import GAMES


def ordered_games(games: QuerySet[Game] | None = None) -> QuerySet[Game]:
    """`games` (default: every game) in the registry's order; a game the registry lacks comes last."""
    position = Case(
        *(When(code=code, then=Value(i)) for i, code in enumerate(GAMES)),
        default=Value(len(GAMES)),
        output_field=IntegerField(),
    )
    return (Game.objects.all() if games is None else games).order_by(position, "code")
