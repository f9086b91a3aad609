"""Writes and reads of decks (deck_create, deck_update, deck_set_cards, deck_get…), under a transaction, with
every problem raised as an ApiError carrying a code."""

from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q, QuerySet
from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.models import Card

from .legality.records import CardPool
from .legality.swdbg import check_setup
from .models import Deck, DeckCard
from .pool import card_pool, format_rules, setup_pool
from .services import check_cards, format_get

MAX_COPIES = 99
MAX_ENTRIES = 500
ZONES = {z.value for z in DeckCard.Zone}


@dataclass(frozen=True)
class Entry:
    code: str
    count: int
    zone: str = "deck"


def entries_from_request(items: object) -> list[Entry]:
    """[{"id", "count", "zone"}…] → entries, merged per (id, zone); every bad item is named."""
    if not isinstance(items, list) or len(items) > MAX_ENTRIES:
        raise ApiError(
            "invalid-request", f"`cards` must be a list of at most {MAX_ENTRIES} {{id, count, zone}} items."
        )
    totals: Counter[tuple[str, str]] = Counter()
    problems = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            problems.append(f"cards[{i}]: needs an 'id' string")
            continue
        count, zone = item.get("count", 1), item.get("zone", "deck")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COPIES:
            problems.append(f"cards[{i}] ({item['id']}): count must be a whole number from 1 to {MAX_COPIES}")
            continue
        if zone not in ZONES:
            problems.append(f"cards[{i}] ({item['id']}): zone must be one of {', '.join(sorted(ZONES))}")
            continue
        totals[(item["id"].strip(), zone)] += count
    if problems:
        raise ApiError("invalid-request", "; ".join(problems[:10]), errors=problems)
    return [Entry(code, count, zone) for (code, zone), count in totals.items()]


def _resolve(game: str, entries: list[Entry]) -> dict[str, Card]:
    pool = card_pool(game)
    unknown = sorted({e.code for e in entries if pool.get(e.code) is None})
    if unknown:
        raise ApiError(
            "unknown-card",
            f"No card with these ids: {', '.join(unknown[:20])}.",
            status.HTTP_400_BAD_REQUEST,
            cards=unknown,
        )
    codes = {pool.get(e.code).card for e in entries}
    cards = {c.code: c for c in Card.objects.filter(game_id=game, code__in=codes)}
    return {e.code: cards[pool.get(e.code).card] for e in entries}


@transaction.atomic
def deck_set_cards(deck: Deck, entries: list[Entry]) -> None:
    cards = _resolve(deck.game_id, entries)
    deck.cards.all().delete()
    DeckCard.objects.bulk_create(
        [
            DeckCard(
                deck=deck, card=cards[e.code], code=CardPool.normalise(e.code), count=e.count, zone=e.zone
            )
            for e in entries
        ]
    )
    deck.save(update_fields=["updated_at"])


@transaction.atomic
def deck_create(
    *,
    owner,
    name: str,
    game: str,
    side: str = "",
    format_code: str | None = None,
    notes: str = "",
    is_public: bool = False,
    entries: list[Entry] = (),
) -> Deck:
    fmt = format_get(game=game, code=format_code) if format_code else None
    deck = Deck.objects.create(
        owner=owner, name=name, game_id=game, side=side, format=fmt, notes=notes, is_public=is_public
    )
    deck_set_cards(deck, list(entries))
    return deck


@transaction.atomic
def deck_update(
    deck: Deck, *, entries: list[Entry] | None = None, format_code: str | None = None, **fields
) -> Deck:
    for key, value in fields.items():
        setattr(deck, key, value)
    if format_code is not None:
        deck.format = format_get(game=deck.game_id, code=format_code) if format_code else None
    deck.save()
    if entries is not None:
        deck_set_cards(deck, entries)
    return deck


def deck_visible_to(user) -> QuerySet[Deck]:
    """Public decks, and the user's own."""
    decks = Deck.objects.select_related("owner", "format", "game")
    if user is not None and user.is_authenticated:
        return decks.filter(Q(is_public=True) | Q(owner=user))
    return decks.filter(is_public=True)


def deck_get(*, deck_id: int, user, for_change: bool = False) -> Deck:
    """A deck the user may see (or change); otherwise 404, so private decks do not reveal that they exist."""
    deck = deck_visible_to(user).filter(pk=deck_id).first()
    if deck is None:
        raise ApiError("deck-not-found", f"No deck {deck_id} that you can see.", status.HTTP_404_NOT_FOUND)
    if for_change and deck.owner_id != getattr(user, "id", None):
        raise ApiError(
            "forbidden", "Only the deck's owner can change or delete it.", status.HTTP_403_FORBIDDEN
        )
    return deck


def deck_ids(deck: Deck) -> tuple[list[str], list[str]]:
    """One id per copy: (deck, including starting cards), (outside the deck)."""
    inside, outside = [], []
    for dc in deck.cards.all():
        (outside if dc.zone == DeckCard.Zone.OUTSIDE else inside).extend([dc.code] * dc.count)
    return inside, outside


def deck_legality(deck: Deck, format_code: str | None = None) -> dict | None:
    fmt = format_get(game=deck.game_id, code=format_code) if format_code else deck.format
    if fmt is None:
        return None
    if deck.game_id == "swdbg":
        return check_setup(deck.setup, format_rules(fmt), setup_pool()).as_dict()
    inside, outside = deck_ids(deck)
    return check_cards(fmt, inside, outside, side=deck.side or None).as_dict()


def deck_stats(deck: Deck) -> dict:
    from .stats import StatCard, deck_statistics

    cards = []
    for dc in deck.cards.select_related("card"):
        c = dc.card
        cards.append(
            StatCard(
                card_id=dc.code,
                title=c.title,
                type=c.type,
                subtype=c.subtype,
                side=c.side,
                count=dc.count,
                zone=dc.zone,
                destiny_text=c.stats_text.get("destiny"),
                destiny=c.destiny,
                destiny_values=tuple(c.destiny_values or ()),
                deploy=c.deploy,
                ability=c.ability,
                light_icons=c.light_icons,
                dark_icons=c.dark_icons,
                uniqueness_kind=c.uniqueness_kind,
                uniqueness_limit=c.uniqueness_limit,
            )
        )
    return deck_statistics(cards)


def card_titles(game: str, ids: list[str]) -> dict[str, dict]:
    """id → {"title", "type", "side"} of the catalogue card each id names (ids that name none are left out)."""
    pool = card_pool(game)
    base = {i: pool.get(i).card for i in ids if pool.get(i) is not None}
    rows = Card.objects.filter(game_id=game, code__in=set(base.values())).values_list(
        "code", "title", "type", "side"
    )
    info = {code: {"title": title, "type": kind, "side": side} for code, title, kind, side in rows}
    return {i: info[code] for i, code in base.items() if code in info}
