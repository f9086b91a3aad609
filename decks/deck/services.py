"""Writes and reads of decks (deck_create, deck_update, deck_set_cards, deck_get…), under a transaction, with
every problem raised as an ApiError carrying a code."""

from collections import Counter
from dataclasses import dataclass
from functools import cache

from django.db import transaction
from django.db.models import Q, QuerySet
from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.games.registry import game_plugin
from cardsdb.models import Card
from decks.deck import storage
from decks.deck.snapshot import Snapshot
from decks.deck.stats_swtcg import TcgStatCard, tcg_statistics
from decks.games import profile
from decks.legality.pool import card_pool, format_rules, setup_pool
from decks.legality.records import CardPool
from decks.legality.services import check_cards, format_get
from decks.legality.swdbg import SetupCard, SetupPool, SetupRules, check_setup, load_formats
from decks.legality.violations import LegalityReport
from decks.models import Deck, DeckCard, DeckVersion

MAX_COPIES = 99
MAX_ENTRIES = 500
ITEM_KEYS = frozenset({"id", "count", "zone"})  # of one item of a request's `cards`


@dataclass(frozen=True)
class Entry:
    code: str
    count: int
    zone: str = "deck"


def game_zones(game: str | None) -> dict[str, str]:
    """zone → label of the zones a deck of the game has (every DeckCard zone when the game is not given)."""
    if game is None:
        return {z.value: z.label for z in DeckCard.Zone}
    return dict(profile(game).zones)


def _zone_choices(zones: dict[str, str]) -> str:
    return ", ".join(f"{zone} ({label})" for zone, label in zones.items())


def entries_from_request(items: object, *, game: str | None = None) -> list[Entry]:
    """[{"id", "count", "zone"}…] → entries, merged per (id, zone); every bad item is named. With `game`,
    only that game's zones are accepted (SWTCG and SW:DBG decks have no starting cards)."""
    if not isinstance(items, list) or len(items) > MAX_ENTRIES:
        raise ApiError(
            "invalid-request", f"`cards` must be a list of at most {MAX_ENTRIES} {{id, count, zone}} items."
        )
    zones = game_zones(game)
    totals: Counter[tuple[str, str]] = Counter()
    problems = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            problems.append(f"cards[{i}]: needs an 'id' string")
            continue
        unknown = sorted(set(item) - ITEM_KEYS)
        if unknown:  # refused like unknown top-level fields: a misspelt "zone" must not silently mean "deck"
            keys = ", ".join(repr(k) for k in unknown)
            word = "key" if len(unknown) == 1 else "keys"
            problems.append(
                f"cards[{i}] ({item['id']}): unknown {word} {keys}; an item has id, count and zone"
            )
            continue
        count, zone = item.get("count", 1), item.get("zone", "deck")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_COPIES:
            problems.append(f"cards[{i}] ({item['id']}): count must be a whole number from 1 to {MAX_COPIES}")
            continue
        if zone not in zones:
            of = f"a {game} deck's" if game else "a deck's"
            problems.append(
                f"cards[{i}] ({item['id']}): zone {zone!r} is not {of}; use {_zone_choices(zones)}"
            )
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


def _replace_cards(deck: Deck, entries: list[Entry]) -> None:
    cards = _resolve(deck.game_id, entries)
    # One row per card and zone: a list naming a card on two lines ("2x Darth Vader" and "1x Darth Vader"), or
    # ids that normalise alike, adds up, as the legality check counts them.
    merged: dict[tuple[str, str], tuple[Card, int]] = {}
    for e in entries:
        key = (CardPool.normalise(e.code), e.zone)
        card, count = merged.get(key, (cards[e.code], 0))
        merged[key] = (card, count + e.count)
    deck.cards.all().delete()
    DeckCard.objects.bulk_create(
        [
            DeckCard(deck=deck, card=card, code=code, count=count, zone=zone)
            for (code, zone), (card, count) in merged.items()
        ]
    )


def deck_set_cards(deck: Deck, entries: list[Entry], *, expected_version: int | None = None) -> Deck:
    """Replace a deck's cards (see deck_update)."""
    return deck_update(deck, entries=entries, expected_version=expected_version)


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
    is_active: bool = False,
    entries: list[Entry] = (),
    setup: dict | None = None,
    version_note: str = "",
) -> Deck:
    """A new deck of `owner`, within their bounds (decks/deck/storage.py: notes, decks, bytes)."""
    storage.check_notes(notes)
    storage.lock_owner(owner.pk)  # the count and the insert together
    storage.check_deck_room(owner)
    fmt = format_get(game=game, code=format_code) if format_code else None
    deck = Deck.objects.create(
        owner=owner,
        name=name,
        game_id=game,
        side=side,
        format=fmt,
        notes=notes,
        is_public=is_public,
        is_active=is_active,
        setup=setup or {},
    )
    _replace_cards(deck, list(entries))
    record_version(deck, note=version_note)
    return deck


@transaction.atomic
def deck_update(
    deck: Deck,
    *,
    entries: list[Entry] | None = None,
    format_code: str | None = None,
    expected_version: int | None = None,
    version_note: str = "",
    **fields,
) -> Deck:
    """Change the fields given (and the cards, with `entries`) and raise the deck's version; returns the deck as
    saved. Concurrent changes take turns on a lock of the deck's row, and only the fields given are written, so
    one request changing the name and another the notes both keep their change. With `expected_version` (the
    version the client read), a deck changed since is refused with 412 `version-mismatch`. Every new version is
    kept (DeckVersion, with `version_note`) in the same transaction, within the owner's storage bounds
    (decks/deck/storage.py)."""
    if "notes" in fields:
        storage.check_notes(fields["notes"])
    fmt = None
    if format_code:
        fmt = format_get(game=deck.game_id, code=format_code)
    locked = (
        Deck.objects.select_for_update(of=("self",)).select_related("owner", "game", "format").get(pk=deck.pk)
    )
    check_version(locked, expected_version)
    if not fields and format_code is None and entries is None:
        return locked  # nothing to change: the version stays, so other clients' ETags stay valid
    for key, value in fields.items():
        setattr(locked, key, value)
    if format_code is not None:
        locked.format = fmt
    locked.version += 1  # under the row lock: no two writers raise it to the same number
    locked.save(
        update_fields=[*fields, *(["format"] if format_code is not None else []), "version", "updated_at"]
    )
    if entries is not None:
        _replace_cards(locked, entries)
    record_version(locked, note=version_note)
    return locked


def record_version(deck: Deck, *, note: str = "") -> DeckVersion:
    """Keep what the deck is now as its version `deck.version` (decks/deck/snapshot.py), noting whether the deck is
    public now (only such versions are shown to others), within its owner's storage bounds (decks/deck/storage.py);
    called by every write that raises the version, inside its transaction, so a deck never has a version
    without its record and a save refused for its size changes nothing."""
    rows = deck.cards.values_list("code", "zone", "count")
    snapshot = Snapshot.of(
        name=deck.name,
        side=deck.side,
        format_code=deck.format.code if deck.format_id else "",
        notes=deck.notes,
        cards=rows,
        setup=deck.setup if isinstance(deck.setup, dict) else {},
    )
    return storage.keep_version(deck, note=note[:200], stored=snapshot.stored())


def check_version(deck: Deck, expected: int | None) -> None:
    """412 `version-mismatch` unless the deck is at the `expected` version (None: no precondition)."""
    if expected is not None and expected != deck.version:
        raise ApiError(
            "version-mismatch",
            f"The deck changed since you read it (you sent version {expected}; it is now at {deck.version}). "
            "Read it again, apply your change to what it holds now, and send its new ETag in If-Match.",
            status.HTTP_412_PRECONDITION_FAILED,
            version=deck.version,
        )


@transaction.atomic
def deck_delete(deck: Deck, *, expected_version: int | None = None) -> None:
    """Delete a deck; with `expected_version`, only the version the client read (see deck_update)."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    check_version(locked, expected_version)
    locked.delete()


def deck_visible_to(user) -> QuerySet[Deck]:
    """Public decks, and the user's own."""
    decks = Deck.objects.select_related("owner", "format", "game")
    if user is not None and user.is_authenticated:
        return decks.filter(Q(is_public=True) | Q(owner=user))
    return decks.filter(is_public=True)


def decks_changed_since(decks: QuerySet[Deck], since, *, limit: int) -> list[Deck]:
    """The decks saved after `since` (every change saves the deck, raising updated_at), oldest change first: at
    most `limit`, and then every other deck saved at the last one's exact time too, so a client that goes on
    from that time misses none. Deleted decks are gone: deletion is final, nothing records it."""
    changed = decks.filter(updated_at__gt=since).order_by("updated_at", "id")
    found = list(changed[:limit])
    if len(found) == limit:
        last = found[-1]
        found += changed.filter(updated_at=last.updated_at, id__gt=last.id)
    return found


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
    report = deck_report(deck, format_code)
    return report.as_dict() if report is not None else None


def deck_report(deck: Deck, format_code: str | None = None) -> LegalityReport | None:
    """The deck's legality report in the format (default: the deck's own; None without one). The pages show
    its messages in their language (decks/legality/messages.py); the API gives `as_dict()`."""
    fmt = format_get(game=deck.game_id, code=format_code) if format_code else deck.format
    if fmt is None:
        return None
    if game_plugin(deck.game_id).setup_decks:
        return check_setup(deck.setup, format_rules(fmt), setup_pool())
    inside, outside = deck_ids(deck)
    return check_cards(fmt, inside, outside, side=deck.side or None)


def deck_stats(deck: Deck) -> dict:
    from decks.deck.stats import StatCard, deck_statistics

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


def check_zones(game: str, entries: list[Entry]) -> None:
    """Refuse entries in a zone the game's decks do not have (a text list's "Starting:" for SWTCG)."""
    zones = game_zones(game)
    wrong = sorted({(e.zone, e.code) for e in entries if e.zone not in zones})
    if wrong:
        listed = "; ".join(f"{code} in {zone!r}" for zone, code in wrong[:10])
        raise ApiError(
            "invalid-request",
            f"A {game} deck has no zone {', '.join(sorted({z for z, _ in wrong}))} ({listed}); "
            f"use {_zone_choices(zones)}.",
            cards=[code for _, code in wrong],
        )


def deck_tcg_stat_cards(deck: Deck) -> list[TcgStatCard]:
    """The deck's cards as SWTCG statistics read them; a SW:DBG card's power is its attack."""
    power = game_plugin(deck.game_id).stats_power
    return [
        TcgStatCard(
            card_id=dc.code,
            title=dc.card.title,
            type=dc.card.type,
            side=dc.card.side,
            count=dc.count,
            zone=dc.zone,
            cost=dc.card.cost,
            speed=dc.card.speed,
            power=getattr(dc.card, power),
            unique=dc.card.uniqueness_kind != "none",
        )
        for dc in deck.cards.select_related("card")
    ]


def deck_tcg_stats(deck: Deck) -> dict:
    """SWTCG statistics (types, arenas, cost curve, speed and power) of an SWTCG deck, or of a SW:DBG deck's
    starter deck (its base deck counted outside)."""
    return tcg_statistics(deck_tcg_stat_cards(deck))


def card_titles(game: str, ids: list[str]) -> dict[str, dict]:
    """id → {"title", "type", "side"} of the catalogue card each id names (ids that name none are left out)."""
    pool = card_pool(game)
    base = {i: pool.get(i).card for i in ids if pool.get(i) is not None}
    rows = Card.objects.filter(game_id=game, code__in=set(base.values())).values_list(
        "code", "title", "type", "side"
    )
    info = {code: {"title": title, "type": kind, "side": side} for code, title, kind, side in rows}
    return {i: info[code] for i, code in base.items() if code in info}


# ---- SW:DBG: a deck is a game setup (decks/legality/swdbg/) ----

SETUP_MAX_DEPTH = 20  # a setup nests 5 deep; deeper JSON is refused before anything recurses into it


def setup_too_deep(value: object) -> bool:
    level = [value]
    for _ in range(SETUP_MAX_DEPTH):
        level = [v for item in level if isinstance(item, dict | list) for v in _children(item)]
        if not level:
            return False
    return True


def _children(item: dict | list):
    return item.values() if isinstance(item, dict) else item


# Codes that mean the setup could not be read; a setup with them is refused, like a list with unread lines.
SETUP_UNREADABLE = ("bad-setup", "unknown-card", "ambiguous-card")


def setup_player_cards(player: object, pool: SetupPool) -> dict:
    """One player of a setup, read as the checker reads it: {"faction", "starter": [(card, count)…],
    "bases": [(card, count)…], "starting_base": card or None}. References that name no single card are left
    out (the legality report names them)."""
    data = player if isinstance(player, dict) else {}
    editions = {name: edition for name, (edition, _) in _reading_rules().factions.items()}
    faction = data.get("faction")
    faction = next(
        (f for f in editions if isinstance(faction, str) and f.casefold() == faction.casefold()), None
    )
    edition = editions.get(faction)
    prefer = [lambda c: c.edition == edition, lambda c: c.faction == faction]

    def cards(key: str, deck: str) -> list[tuple[SetupCard, int]]:
        found = []
        for entry in data.get(key) if isinstance(data.get(key), list) else ():
            ref, count = (entry.get("card"), entry.get("count", 1)) if isinstance(entry, dict) else (entry, 1)
            if not isinstance(ref, str) or not isinstance(count, int) or isinstance(count, bool) or count < 1:
                continue
            match = pool.resolve(ref, [*prefer, lambda c, d=deck: c.deck == d])
            if len(match) == 1:
                found.append((match[0], count))
        return found

    start = data.get("starting_base")
    match = pool.resolve(start, [*prefer, lambda c: c.starting_base]) if isinstance(start, str) else []
    return {
        "faction": faction,
        "starter": cards("starter", "starter"),
        "bases": cards("bases", "base"),
        "starting_base": match[0] if len(match) == 1 else None,
    }


@cache
def _reading_rules() -> SetupRules:
    """Reading a setup does not depend on the format (all share the factions and card rules): the most
    permissive one reads it."""
    return load_formats()["cross-edition"]


def setup_entries(setup: object) -> tuple[str, list[Entry]]:
    """(first player's faction, deck cards) of a readable setup: the first player's starter deck in the deck,
    their base deck outside it, so a SW:DBG deck's card list and draw odds are those of the cards a game
    starts with. An unreadable setup (not an object, bad keys, unknown or ambiguous cards) is refused."""
    if not isinstance(setup, dict):
        raise ApiError("invalid-request", "`setup` must be a JSON object with players, bases_to_win, galaxy.")
    if setup_too_deep(setup):
        raise ApiError("invalid-request", f"`setup` is nested more than {SETUP_MAX_DEPTH} levels deep.")
    pool = setup_pool()
    report = check_setup(setup, _reading_rules(), pool)
    unreadable = [v for v in report.violations if v.code in SETUP_UNREADABLE]
    if unreadable:
        raise ApiError(
            "invalid-request",
            "The setup could not be read: " + " ".join(v.message for v in unreadable[:5]),
            violations=[v.as_dict() for v in unreadable],
        )
    first = setup_player_cards(setup["players"][0], pool)
    counts: Counter[tuple[str, str]] = Counter()
    for zone, key in (("deck", "starter"), ("outside", "bases")):
        for card, count in first[key]:
            counts[(card.code, zone)] += count
    too_many = sorted(code for (code, _), count in counts.items() if count > MAX_COPIES)
    if too_many:
        raise ApiError(
            "invalid-request",
            f"The first player's decks list more than {MAX_COPIES} copies of {', '.join(too_many)}.",
            cards=too_many,
        )
    return first["faction"], [Entry(code, count, zone) for (code, zone), count in counts.items()]


@transaction.atomic
def deck_create_setup(
    *,
    owner,
    name: str,
    setup: dict,
    format_code: str | None = None,
    notes: str = "",
    is_public: bool = False,
) -> Deck:
    """A SW:DBG deck from its setup: side = the first player's faction, cards = `setup_entries`."""
    storage.check_notes(notes)  # the cheap bounds before the setup is read
    storage.check_deck_room(owner)
    side, entries = setup_entries(setup)
    deck = deck_create(
        owner=owner,
        name=name,
        game="swdbg",
        side=side,
        format_code=format_code,
        notes=notes,
        is_public=is_public,
        entries=entries,
        setup=setup,
    )
    return deck


@transaction.atomic
def deck_update_setup(
    deck: Deck,
    *,
    setup: dict | None = None,
    format_code: str | None = None,
    expected_version: int | None = None,
    **fields,
) -> Deck:
    """Change a SW:DBG deck; a new setup replaces its side and cards too (see deck_update)."""
    if "notes" in fields:
        storage.check_notes(fields["notes"])  # before the setup is read
    if setup is None:
        return deck_update(deck, format_code=format_code, expected_version=expected_version, **fields)
    side, entries = setup_entries(setup)
    return deck_update(
        deck,
        entries=entries,
        format_code=format_code,
        expected_version=expected_version,
        **fields,
        side=side,
        setup=setup,
    )
