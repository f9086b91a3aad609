"""Formats (data, re-importable). Decks, their cards and collections come with the deck builder."""

from django.db import models

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
