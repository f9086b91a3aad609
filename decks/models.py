"""Formats (data, re-importable); decks, their cards and their saved versions; a player's collection."""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from cardsdb.models import Game


class Format(models.Model):
    """A format's definition as imported (GEMP's swccgFormats.json entry) plus the house rules applied with it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="formats")
    code = models.CharField(max_length=60)
    name = models.CharField(max_length=120)
    version = models.CharField(max_length=80, help_text="Source commit + fingerprint of the rules.")
    position = models.PositiveIntegerField(default=0)
    definition = models.JSONField(help_text="The source's definition, as imported.")
    house_rules = models.JSONField(default=dict, help_text="Card-specific rules applied to every format.")
    source = models.CharField(max_length=200)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="format_unique_code")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


def new_share_id() -> str:
    """12 URL-safe characters (72 bits): a share address nobody guesses."""
    return secrets.token_urlsafe(9)


class Deck(models.Model):
    """A player's deck: cards with counts in zones, a target format, notes; private unless made public."""

    class Side(models.TextChoices):
        """SWCCG: Light/Dark; SWTCG adds Yuuzhan Vong; SW:DBG decks are a faction (decks/games.py)."""

        LIGHT = "Light"
        DARK = "Dark"
        YUUZHAN_VONG = "Yuuzhan Vong"
        EMPIRE = "Empire"
        REBEL = "Rebel"
        REPUBLIC = "Republic"
        SEPARATIST = "Separatist"
        NONE = "", "—"

    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(max_length=100)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    side = models.CharField(max_length=20, choices=Side.choices, blank=True)
    format = models.ForeignKey(Format, null=True, blank=True, on_delete=models.SET_NULL, related_name="decks")
    notes = models.TextField(blank=True)
    setup = models.JSONField(
        default=dict,
        blank=True,
        help_text="SW:DBG: the game setup this deck stands for (decks/legality/swdbg.py).",
    )
    is_public = models.BooleanField(default=False)
    is_active = models.BooleanField(
        default=False,
        help_text="Built from the owner's collection: its cards count as used when another deck's missing cards "
        "are worked out.",
    )
    share_id = models.CharField(
        max_length=16,
        unique=True,
        default=new_share_id,
        help_text="The stable public address /d/<share_id>/ (works while the deck is public).",
    )
    version = models.PositiveIntegerField(
        default=1,
        help_text="Raised by every change; the API's ETag, so a client cannot overwrite a change it has not seen.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "id"]
        indexes = [models.Index(fields=["is_public", "-updated_at"])]

    def __str__(self) -> str:
        return self.name


class DeckCard(models.Model):
    """Copies of one card in one zone. `code` is the id as chosen (a printing: 105_4 is Boba Fett's First
    Anthology printing), `card` the catalogue card it is."""

    class Zone(models.TextChoices):
        DECK = "deck", "Deck"
        STARTING = "starting", "Starting (part of the deck)"
        OUTSIDE = "outside", "Outside the deck"

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("cardsdb.Card", on_delete=models.PROTECT, related_name="deck_cards")
    code = models.CharField(max_length=64)
    count = models.PositiveSmallIntegerField()
    zone = models.CharField(max_length=10, choices=Zone.choices, default=Zone.DECK)

    class Meta:
        ordering = ["deck", "zone", "code"]
        constraints = [models.UniqueConstraint(fields=["deck", "code", "zone"], name="deckcard_unique")]


class DeckVersion(models.Model):
    """What a deck was after one save: `number` is the deck's `version` then. Kept for the history, the diff
    between any two versions and restore (decks/deck/snapshot.py, decks/history/diffs.py). Anyone but the owner sees only the versions saved
    while the deck was public (`is_public`): making a deck public shows what it is now, not what it was."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    name = models.CharField(max_length=100)
    side = models.CharField(max_length=20, blank=True)
    format_code = models.CharField(max_length=60, blank=True)
    notes = models.TextField(blank=True)
    cards = models.JSONField(default=list, help_text='[{"code": "1_168", "zone": "deck", "count": 2}, …]')
    setup = models.JSONField(default=dict, blank=True)
    note = models.CharField(max_length=200, blank=True, help_text="Why it was saved: 'restored version 3'…")
    is_public = models.BooleanField(
        default=False,
        help_text="The deck was public when this version was saved: only such versions are shown to others. "
        "Versions kept before this was recorded count as private.",
    )
    size = models.PositiveIntegerField(
        default=0,
        help_text="Bytes of its fields as compact JSON, counted against its owner's bound (decks/deck/storage.py).",
    )

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="deckversion_unique")]


class CollectionItem(models.Model):
    """Copies of one card a player owns, told apart by printing (set), variant (alternate image), finish and
    condition. The empty string means "not stated" in each of those, so the unique constraint needs no NULLs
    (which SQLite and PostgreSQL would each count as distinct)."""

    class Finish(models.TextChoices):
        NORMAL = "", _("Normal")
        FOIL = "foil", _("Foil")

    class Condition(models.TextChoices):
        UNSTATED = "", "—"
        MINT = "M", _("Mint")
        NEAR_MINT = "NM", _("Near mint")
        LIGHTLY_PLAYED = "LP", _("Lightly played")
        MODERATELY_PLAYED = "MP", _("Moderately played")
        HEAVILY_PLAYED = "HP", _("Heavily played")
        DAMAGED = "D", _("Damaged")

    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="collection_items")
    card = models.ForeignKey("cardsdb.Card", on_delete=models.PROTECT, related_name="collection_items")
    set_code = models.CharField(max_length=40, blank=True, help_text="The printing's set; empty: not stated.")
    variant = models.CharField(
        max_length=40, blank=True, help_text="A Variant's kind (AI, Holo AI…); empty: none."
    )
    finish = models.CharField(max_length=8, choices=Finish.choices, blank=True)
    condition = models.CharField(max_length=4, choices=Condition.choices, blank=True)
    quantity = models.PositiveIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["owner", "card", "set_code", "variant", "finish", "condition"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "card", "set_code", "variant", "finish", "condition"],
                name="collectionitem_unique",
            ),
            models.CheckConstraint(condition=models.Q(quantity__gt=0), name="collectionitem_positive"),
        ]


class CollectionChange(models.Model):
    """One change of a collection line, kept for the history shown per card: +3 from an import, -1 by hand…"""

    class Source(models.TextChoices):
        EDIT = "edit", _("Edited")
        IMPORT = "import", _("Imported")
        BULK = "bulk", _("Bulk edit")
        API = "api", "API"

    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="collection_changes")
    card = models.ForeignKey("cardsdb.Card", on_delete=models.PROTECT, related_name="collection_changes")
    set_code = models.CharField(max_length=40, blank=True)
    variant = models.CharField(max_length=40, blank=True)
    finish = models.CharField(max_length=8, blank=True)
    condition = models.CharField(max_length=4, blank=True)
    delta = models.IntegerField()
    quantity = models.PositiveIntegerField(help_text="The line's quantity after the change.")
    source = models.CharField(max_length=8, choices=Source.choices)
    batch = models.CharField(
        max_length=32, blank=True, help_text="One import or bulk edit: its changes together."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "card", "-created_at"])]
