"""What the set pages show beyond the set's record: how many cards the catalogue holds for it, per type, and the
page of cards a set page lists (grouped by type, paginated within a type order)."""

from dataclasses import dataclass

from django.db.models import Count, F, QuerySet

from .models import Card, CardSet, Game

PER_PAGE = 150  # ALTA, the longest set, holds 690 cards


@dataclass(frozen=True)
class TypeCount:
    type: str  # "" where the data gives none
    count: int


def sets_with_counts(game: Game) -> QuerySet[CardSet]:
    """The game's sets, oldest first (undated last, on every database), each with `in_catalogue`: the cards
    printed in it that the catalogue holds (the set's `size` is what the source says it has, when it says)."""
    return (
        CardSet.objects.filter(game=game)
        .annotate(in_catalogue=Count("printings"))
        .order_by(F("release_date").asc(nulls_last=True), "position", "code")
    )


def type_counts(card_set: CardSet) -> list[TypeCount]:
    rows = (
        Card.objects.filter(printings__card_set=card_set)
        .values("type")
        .annotate(n=Count("id"))
        .order_by("type")
    )
    return [TypeCount(row["type"], row["n"]) for row in rows]


def set_cards(card_set: CardSet, card_type: str | None) -> QuerySet[Card]:
    """The set's cards in type order (so a page reads as groups), then edition and name; one type if given."""
    cards = Card.objects.filter(printings__card_set=card_set).select_related("card_set")
    if card_type is not None:
        cards = cards.filter(type=card_type)
    return cards.order_by("type", "edition", "name", "side", "code")
