"""The database side of the missing list and of "what can I build", and their files (the rules are in decks/missing/needs.py and
decks/missing/buildable.py). A fixed number of aggregated queries per request, whatever the number of decks."""

import re
from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import Count, Q, Sum

from cardsdb.models import Card
from decks.games import profile
from decks.missing.buildable import Buildable, DeckSummary, rank
from decks.missing.needs import (
    COUNTED_ZONES,
    CardFacts,
    DeckLine,
    MissingReport,
    missing_csv,
    missing_report,
    missing_text,
)
from decks.models import CollectionItem, Deck, DeckCard, Format

MAX_BUILDABLE_DECKS = 200  # decks ranked per request: the most recently updated that match the filters


def owned_for_decks(user, game: str, cards: Collection[int] | None = None) -> dict[int, int]:
    """Card id → copies owned, every printing, variant, finish and condition summed (one query); only `cards`
    when given. A copy recorded against a pre-errata version counts as the card it became: it is the same printed
    card, read with its errata."""
    owned: dict[int, int] = {}
    items = CollectionItem.objects.filter(owner=user, card__game_id=game)
    if cards is not None:
        items = items.filter(Q(card_id__in=cards) | Q(card__current_version_id__in=cards))
    rows = (
        items.values("card_id", "card__edition", "card__current_version_id")
        .annotate(n=Sum("quantity"))
        .order_by()
    )
    for row in rows:
        card = row["card_id"]
        if row["card__edition"] == Card.Edition.PRE_ERRATA and row["card__current_version_id"]:
            card = row["card__current_version_id"]
        owned[card] = owned.get(card, 0) + row["n"]
    return owned


def active_use(user, game: str) -> dict[int, dict[int, int]]:
    """Deck id → copies per card, for each of the user's active decks of the game (one query)."""
    use: dict[int, dict[int, int]] = {}
    rows = (
        DeckCard.objects.filter(
            deck__owner=user, deck__is_active=True, deck__game_id=game, zone__in=COUNTED_ZONES
        )
        .values("deck_id", "card_id")
        .annotate(n=Sum("count"))
        .order_by()
    )
    for row in rows:
        use.setdefault(row["deck_id"], {})[row["card_id"]] = row["n"]
    return use


def shared_titles(game: str, titles: Collection[str]) -> set[tuple[str, str]]:
    """(title, side) of these titles that more than one card of the game has (one query)."""
    rows = (
        Card.objects.filter(game_id=game, title__in=list(titles))
        .values("title", "side")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .order_by()
    )
    return {(row["title"], row["side"]) for row in rows}


@dataclass(frozen=True)
class DeckMissing:
    deck: Deck
    report: MissingReport
    facts: dict[int, CardFacts]  # card id → what the lists print
    active_decks: list[tuple[int, str]]  # the other active decks subtracted: (id, name)


def deck_missing(deck: Deck, user) -> DeckMissing:
    """The missing list of one deck for one (logged-in) user: five queries."""
    rank = {zone: i for i, zone in enumerate(COUNTED_ZONES)}
    rows = sorted(
        deck.cards.select_related("card", "card__card_set"),
        key=lambda dc: (rank.get(dc.zone, len(rank)), dc.card.type, dc.card.name, dc.code),
    )  # starting cards, the deck, outside; by type and name within
    lines = [DeckLine(dc.card_id, dc.code, dc.count, dc.zone) for dc in rows]
    shared = shared_titles(deck.game_id, {dc.card.title for dc in rows})
    facts = {
        dc.card_id: CardFacts(
            dc.card.code,
            dc.card.title,
            dc.card.type,
            dc.card.subtype,
            dc.card.side,
            dc.card.card_set.code if dc.card.card_set_id else "",
            (dc.card.title, dc.card.side) in shared,
            dc.card.image_url,
        )
        for dc in rows
    }
    use = active_use(user, deck.game_id)
    others = {deck_id: counts for deck_id, counts in use.items() if deck_id != deck.pk}
    used: dict[int, int] = {}
    for counts in others.values():
        for card, n in counts.items():
            used[card] = used.get(card, 0) + n
    names = list(Deck.objects.filter(pk__in=others).order_by("name", "pk").values_list("pk", "name"))
    report = missing_report(lines, owned_for_decks(user, deck.game_id, list(facts)), used)
    return DeckMissing(deck, report, facts, names)


@dataclass(frozen=True)
class BuildableResult:
    ranked: list[Buildable]
    considered: int  # decks ranked
    capped: bool  # more decks matched than `limit`
    limit: int  # decks ranked at most


def buildable(
    user,
    *,
    game: str,
    side: str = "",
    format_code: str = "",
    scope: str = "all",
    limit: int | None = None,
) -> BuildableResult:
    """The user's decks and public decks of a game ranked by how much of them the collection covers. Four
    queries: the decks (capped), their cards summed per card, the collection, the active decks' cards."""
    limit = limit or MAX_BUILDABLE_DECKS
    where = {"mine": Q(owner=user), "public": Q(is_public=True) & ~Q(owner=user)}.get(
        scope, Q(owner=user) | Q(is_public=True)
    )
    found = Deck.objects.filter(where, game_id=game)
    if side:
        found = found.filter(side=side)
    if format_code:
        found = found.filter(format__code=format_code)
    decks = list(
        found.order_by("-updated_at", "-id").values(
            "id", "name", "owner_id", "owner__username", "side", "format__code", "is_public", "is_active"
        )[: limit + 1]
    )
    capped = len(decks) > limit
    decks = decks[:limit]
    lines: dict[int, list[DeckLine]] = {d["id"]: [] for d in decks}
    rows = (
        DeckCard.objects.filter(deck_id__in=list(lines), zone__in=COUNTED_ZONES)
        .values("deck_id", "card_id")
        .annotate(n=Sum("count"))
        .order_by()
    )
    for row in rows:
        # summed over zones and printings: the code is not needed to rank
        lines[row["deck_id"]].append(DeckLine(row["card_id"], "", row["n"]))
    summaries = [
        (
            DeckSummary(
                d["id"],
                d["name"],
                d["owner__username"],
                d["side"],
                d["format__code"] or "",
                d["is_public"],
                d["is_active"],
                d["owner_id"] == user.pk,
            ),
            lines[d["id"]],
        )
        for d in decks
    ]
    ranked = rank(summaries, owned_for_decks(user, game), active_use(user, game))
    return BuildableResult(ranked, len(decks), capped, limit)


SCOPES = ("all", "mine", "public")


@dataclass(frozen=True)
class BuildableFilters:
    side: str = ""
    format_code: str = ""
    scope: str = "all"

    @classmethod
    def read(cls, game: str, params) -> "BuildableFilters":
        """The filters of a request (API or page), checked; ValueError(code, message) for a value not allowed.
        Compared in Python with the game's sides and format codes: a NUL never reaches the database."""
        side = params.get("side") or ""
        if side:
            sides = profile(game).sides
            side = next((s for s in sides if s.lower() == side.lower()), "")
            if not side:
                raise ValueError("bad-parameter", f"side is one of {', '.join(sides)} for {game}, or empty.")
        format_code = params.get("format") or ""
        if format_code:
            codes = set(Format.objects.filter(game_id=game).values_list("code", flat=True))
            if format_code not in codes:
                raise ValueError(
                    "unknown-format", f"No {game} format {format_code[:60]!r}; GET /api/formats/ lists them."
                )
        scope = params.get("scope") or "all"
        if scope not in SCOPES:
            raise ValueError("bad-parameter", f"scope is one of {', '.join(SCOPES)}.")
        return cls(side, format_code, scope)

    def as_kwargs(self) -> dict:
        return {"side": self.side, "format_code": self.format_code, "scope": self.scope}


MISSING_FILES = {
    "text": ("text/plain; charset=utf-8", "missing.txt"),
    "csv": ("text/csv; charset=utf-8", "missing.csv"),
}


def missing_file(found: DeckMissing, kind: str) -> tuple[str, str, str]:
    """(content, content type, file name) of the missing list as text or csv."""
    deck = found.deck
    content_type, ending = MISSING_FILES[kind]
    filename = f"{re.sub(r'[^A-Za-z0-9._-]+', '_', deck.name).strip('_') or 'deck'}.{ending}"
    if kind == "csv":
        return missing_csv(found.report, found.facts), content_type, filename
    game_profile = profile(deck.game_id)
    text = missing_text(
        found.report,
        found.facts,
        deck_name=deck.name,
        side=deck.side or None,
        game=deck.game_id,
        zone_labels=dict(game_profile.zones),
    )
    return text, content_type, filename
