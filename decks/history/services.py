"""Reads and writes of deck history and sharing: versions, their diff (with the legality change), restore,
duplicate, the comparison of two decks, public decks, the decks using a card and a deck's share address. The
values are computed by decks/history/diffs.py; every problem is an ApiError with a code."""

from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet
from django.utils import timezone
from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.games.registry import game_plugin
from cardsdb.models import Card
from decks.deck import services as decks
from decks.deck.snapshot import Snapshot
from decks.history.diffs import compare, diff, legality_change
from decks.legality.pool import card_pool, format_rules, setup_pool
from decks.legality.services import check_cards, format_get
from decks.legality.swdbg import check_setup
from decks.legality.violations import LegalityReport, Violation
from decks.models import Deck, DeckCard, DeckVersion, new_share_id

MAX_CARD_FILTERS = 10  # cards a public-deck search may require at once (one subquery each)
MAX_NAME_QUERY = 100  # characters of a deck-name search


def is_owner(deck: Deck, viewer) -> bool:
    return viewer is not None and viewer.is_authenticated and deck.owner_id == viewer.id


def visible_versions(deck: Deck, viewer) -> QuerySet[DeckVersion]:
    """The kept versions `viewer` may see: every one for the owner; for anyone else only those saved while the
    deck was public, so notes, names and cards saved while it was private stay private once it is public."""
    found = DeckVersion.objects.filter(deck=deck)
    return found if is_owner(deck, viewer) else found.filter(is_public=True)


def version_list(deck: Deck, viewer) -> QuerySet[DeckVersion]:
    return visible_versions(deck, viewer).order_by("-number")


def version_get(deck: Deck, number: int, viewer) -> DeckVersion:
    found = visible_versions(deck, viewer).filter(number=number).first()
    if found is None:  # a version saved while private is not found either: its number tells nothing
        raise ApiError(
            "version-not-found",
            f"Deck {deck.pk} has no kept version {number} that you can see; its versions are listed at "
            f"/api/decks/{deck.pk}/versions/.",
            status.HTTP_404_NOT_FOUND,
        )
    return found


def default_span(deck: Deck, viewer, after: int | None = None) -> tuple[int, int]:
    """(from, to) of a diff asked without them: the latest version the viewer may see (or `after`) and the one
    they may see before it; the deck's version when they may see none."""
    numbers = visible_versions(deck, viewer).order_by("-number").values_list("number", flat=True)
    if after is None:
        after = numbers.first() or deck.version
    before = numbers.filter(number__lt=after).first()
    return (before or after), after


def snapshot_of(version: DeckVersion) -> Snapshot:
    return Snapshot.from_stored(
        {
            "name": version.name,
            "side": version.side,
            "format_code": version.format_code,
            "notes": version.notes,
            "cards": version.cards,
            "setup": version.setup,
        }
    )


def snapshot_legality(game: str, snapshot: Snapshot, format_code: str) -> LegalityReport:
    """The legality report of a kept version in a format, as the deck's own check gives it
    (deck_services.deck_report)."""
    fmt = format_get(game=game, code=format_code)
    if game_plugin(game).setup_decks:
        return check_setup(dict(snapshot.setup), format_rules(fmt), setup_pool())
    inside, outside = snapshot.ids()
    return check_cards(fmt, inside, outside, side=snapshot.side or None)


def _as_api(violations: tuple[Violation, ...]) -> list[dict]:
    return [v.as_dict() for v in violations]


def with_titles(game: str, rows: list[dict], key: str = "code") -> list[dict]:
    """Each row with the title, type and side of the card its `key` names."""
    titles = decks.card_titles(game, [r[key] for r in rows])
    return [{**r, **titles.get(r[key], {"title": r[key]})} for r in rows]


def version_diff(
    deck: Deck, before: int, after: int, *, viewer, format_code: str | None = None, listed=_as_api
) -> dict:
    """The diff between two kept versions of a deck that `viewer` may see, with their legality in `format_code`
    (default: the deck's format now; none when the deck has none). `listed` lists a report's violations: as the
    API gives them, or as a page shows them (decks/legality/messages.py: shown_violations, in the page's
    language)."""
    old = snapshot_of(version_get(deck, before, viewer))
    new = snapshot_of(version_get(deck, after, viewer))
    changes = diff(old, new).as_dict()
    code = format_code or (deck.format.code if deck.format_id else "")
    legality = None
    if code:
        report_old = snapshot_legality(deck.game_id, old, code)
        report_new = snapshot_legality(deck.game_id, new, code)
        legality = {
            **legality_change(code, report_old.as_dict(), report_new.as_dict()).as_dict(),
            "from_violations": listed(report_old.violations),
            "to_violations": listed(report_new.violations),
        }
    return {
        "from": before,
        "to": after,
        "fields": changes["fields"],
        "added": with_titles(deck.game_id, changes["added"]),
        "removed": with_titles(deck.game_id, changes["removed"]),
        "legality": legality,
    }


def version_restore(deck: Deck, number: int, *, expected_version: int | None) -> Deck:
    """Restore = a normal update to what version `number` held: a new version noted "restored version N"; with
    `expected_version`, refused (412) when the deck changed since the client read it."""
    old = snapshot_of(version_get(deck, number, deck.owner))  # the owner's own change: every version
    decks.check_version(deck, expected_version)  # again under the row lock inside deck_update
    common = {
        "name": old.name,
        "notes": old.notes,
        "format_code": old.format_code,
        "expected_version": expected_version,
        "version_note": f"restored version {number}",
    }
    if game_plugin(deck.game_id).setup_decks:
        return decks.deck_update_setup(deck, setup=dict(old.setup), **common)
    entries = [decks.Entry(line.code, line.count, line.zone) for line in old.cards]
    return decks.deck_update(deck, entries=entries, side=old.side, **common)


def deck_duplicate(deck: Deck, *, owner, name: str | None = None) -> Deck:
    """A private copy of a deck the user may see, owned by the user: its cards, format, notes and setup."""
    entries = [decks.Entry(dc.code, dc.count, dc.zone) for dc in deck.cards.all()]
    return decks.deck_create(
        owner=owner,
        name=(name or f"Copy of {deck.name}")[:100],
        game=deck.game_id,
        side=deck.side,
        format_code=deck.format.code if deck.format_id else None,
        notes=deck.notes,
        entries=entries,
        setup=deck.setup if isinstance(deck.setup, dict) else {},
        version_note=f"duplicated from deck {deck.pk} version {deck.version}",
    )


def deck_set_active(deck: Deck, active: bool) -> None:
    """Mark a deck as built from the owner's collection, or not. Not a version: what the deck holds is
    unchanged, so its ETag (the version) stays valid."""
    Deck.objects.filter(pk=deck.pk).update(is_active=active)
    deck.is_active = active


def _card_counts(deck: Deck) -> dict[str, int]:
    """Catalogue card → copies in the deck, all zones and printings together."""
    counts: dict[str, int] = {}
    for code, count in deck.cards.values_list("card__code", "count"):
        counts[code] = counts.get(code, 0) + count
    return counts


def deck_compare(a: Deck, b: Deck) -> dict:
    """Two decks of one game side by side, per catalogue card (a printing counts as its card)."""
    if a.game_id != b.game_id:
        raise ApiError(
            "different-games",
            f"Deck {a.pk} is a {a.game_id} deck and deck {b.pk} a {b.game_id} deck; compare decks of one game.",
        )
    result = compare(_card_counts(a), _card_counts(b))
    titles = dict(
        Card.objects.filter(game_id=a.game_id, code__in=_codes(result)).values_list("code", "title")
    )
    return {
        "only_a": [{"card": c, "title": titles.get(c, c), "count": n} for c, n in result.only_a],
        "only_b": [{"card": c, "title": titles.get(c, c), "count": n} for c, n in result.only_b],
        "both": [{"card": c, "title": titles.get(c, c), "a": na, "b": nb} for c, na, nb in result.both],
    }


def _codes(result) -> set[str]:
    return {c for c, *_ in (*result.only_a, *result.only_b, *result.both)}


def cards_for_codes(game: str, codes: list[str]) -> list[Card]:
    """The catalogue cards that ids (a card's code, or one of its printings' ids) name; unknown ids are a 400
    `unknown-card` naming them."""
    if len(codes) > MAX_CARD_FILTERS:
        raise ApiError("bad-parameter", f"At most {MAX_CARD_FILTERS} card= filters at once.")
    pool = card_pool(game)
    wanted = {code: (pool.get(code).card if pool.get(code) is not None else code) for code in codes}
    found = {c.code: c for c in Card.objects.filter(game_id=game, code__in=set(wanted.values()))}
    unknown = sorted(code for code, base in wanted.items() if base not in found)
    if unknown:
        raise ApiError("unknown-card", f"No {game} card with these ids: {', '.join(unknown)}.", cards=unknown)
    return list(dict.fromkeys(found[base] for base in wanted.values()))


def public_decks(
    *,
    game: str | None = None,
    side: str | None = None,
    format_code: str | None = None,
    cards: list[Card | list[Card]] = (),
    name: str | None = None,
) -> QuerySet[Deck]:
    """Public decks, newest change first, holding every card of `cards` (any printing, any zone); an item that
    is a list is satisfied by any of its cards (a name that two cards share)."""
    found = Deck.objects.filter(is_public=True).select_related("owner", "format", "game")
    if game:
        found = found.filter(game_id=game)
    if side:
        found = found.filter(side__iexact=side)
    if format_code:
        found = found.filter(format__code=format_code)
    if name:
        found = found.filter(name__icontains=name[:MAX_NAME_QUERY])
    for item in cards:
        group = item if isinstance(item, list) else [item]
        found = found.filter(Exists(DeckCard.objects.filter(deck=OuterRef("pk"), card__in=group)))
    return found.order_by("-updated_at", "id")


def decks_stamp() -> str:
    """Changes whenever the public decks change: one is saved, made public or private, or deleted. Pages kept in
    a cache for visitors (a card page lists the public decks using the card) are keyed by it, or a deck made
    private would stay listed there until the cache expires. Private decks' saves leave it alone, and it reads
    only the (is_public, updated_at) index."""
    found = Deck.objects.filter(is_public=True).aggregate(count=Count("id"), last=Max("updated_at"))
    return f"{found['count']}:{found['last'].isoformat() if found['last'] else ''}"


def decks_using_card(card: Card) -> QuerySet[Deck]:
    return public_decks(game=card.game_id, cards=[card])


def deck_readable(user, deck_id: int) -> Deck:
    """A deck the user may see (their own or public), else 404 `deck-not-found`."""
    return decks.deck_get(deck_id=deck_id, user=user)


def deck_new_share_link(deck: Deck) -> Deck:
    """A new share address for the deck: its old /d/<share_id>/ is a 404 from now on, public or not. Not a version
    (what the deck holds is unchanged, so its ETag stays valid), but `updated_at` moves: the public lists' ETags
    and the pages kept for visitors (decks_stamp) change with the address they show."""
    deck.share_id, deck.updated_at = new_share_id(), timezone.now()
    Deck.objects.filter(pk=deck.pk).update(share_id=deck.share_id, updated_at=deck.updated_at)
    return deck


def shared_deck(share_id: str) -> Deck | None:
    """The public deck at /d/<share_id>/; None when there is none or it is private now."""
    return (
        Deck.objects.filter(Q(share_id=share_id) & Q(is_public=True))
        .select_related("owner", "format", "game")
        .first()
    )
