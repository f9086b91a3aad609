"""How much of decks one account may keep, so that an open sign-up cannot fill the database: bounds like saved
replays' (rules/api/swccg_replays.py: 200 replays and 64 MiB a user). Without them, notes of 0.74 MB saved 21
times grew the database by 32 MB in 1.6 s, and nothing stopped it going on (issue #23).

- A deck's notes hold at most MAX_NOTES_BYTES (UTF-8): more is 400 `notes-too-long`, before anything is read.
- A user keeps at most MAX_DECKS decks: the next is 409 `too-many-decks`.
- A deck keeps its newest MAX_VERSIONS versions: a save past them removes the oldest, so saving never stops for
  it (a restore or diff of a removed version is 404 `version-not-found`).
- A user's kept versions, of all their decks, hold at most MAX_USER_BYTES (`DeckVersion.size`: name, notes,
  cards, setup and note as compact JSON; a deck's current content is its newest version). A save that would pass
  it is 409 `deck-storage-full` and changes nothing (it is checked in the save's transaction).
"""

from django.contrib.auth import get_user_model
from django.db.models import Sum
from rest_framework import status

from cardsdb.api.errors import ApiError
from decks.deck.snapshot import stored_bytes
from decks.models import Deck, DeckVersion

MAX_NOTES_BYTES = 64 * 1024
MAX_DECKS = 500
MAX_VERSIONS = 100
MAX_USER_BYTES = 64 * 1024 * 1024


def check_notes(notes: str) -> None:
    size = len(notes.encode("utf-8", "surrogatepass"))
    if size > MAX_NOTES_BYTES:
        raise ApiError(
            "notes-too-long",
            f"The notes hold {size:,} bytes (UTF-8); a deck's notes hold at most {MAX_NOTES_BYTES:,}. "
            "Shorten them, or link to a longer text.",
            limit=MAX_NOTES_BYTES,
        )


def check_deck_room(owner) -> None:
    """409 `too-many-decks` when the user keeps MAX_DECKS decks already."""
    if Deck.objects.filter(owner=owner).count() >= MAX_DECKS:
        raise ApiError(
            "too-many-decks",
            f"You keep {MAX_DECKS} decks, as many as one user may; delete one first.",
            status.HTTP_409_CONFLICT,
            limit=MAX_DECKS,
        )


def lock_owner(owner_id: int) -> None:
    """Lock the user's row for the rest of the transaction: two saves of one user take turns at the checks
    (PostgreSQL; SQLite writes one transaction at a time anyway). Deck rows are locked before it, never after."""
    get_user_model().objects.select_for_update().filter(pk=owner_id).first()


def keep_version(deck: Deck, *, note: str, stored: dict) -> DeckVersion:
    """Keep the deck's version `deck.version` holding `stored` (Snapshot.stored()), removing the deck's oldest
    versions past MAX_VERSIONS; 409 `deck-storage-full` when the owner's kept versions would pass
    MAX_USER_BYTES. Called inside the save's transaction, so a refusal undoes the whole save."""
    size = stored_bytes(stored, note)
    lock_owner(deck.owner_id)
    newest_first = DeckVersion.objects.filter(deck=deck).order_by("-number")
    pruned = list(newest_first.values_list("id", "size")[MAX_VERSIONS - 1 :])
    used = DeckVersion.objects.filter(deck__owner_id=deck.owner_id).aggregate(total=Sum("size"))["total"] or 0
    after = used - sum(s for _, s in pruned) + size
    if after > MAX_USER_BYTES:
        raise ApiError(
            "deck-storage-full",
            f"Your decks' kept versions hold {used:,} bytes; this save would take them to {after:,}, past the "
            f"{MAX_USER_BYTES:,} one user may keep. Delete decks you no longer need, or shorten notes.",
            status.HTTP_409_CONFLICT,
            limit_bytes=MAX_USER_BYTES,
            used_bytes=used,
        )
    if pruned:
        DeckVersion.objects.filter(id__in=[pk for pk, _ in pruned]).delete()
    return DeckVersion.objects.create(
        deck=deck, number=deck.version, note=note, is_public=deck.is_public, size=size, **stored
    )
