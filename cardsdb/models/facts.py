"""Facts about cards that the imported source leaves unknown, entered by people who own the cards."""

from django.db import models

from .cards import Card
from .games import Game


class CardFact(models.Model):
    """One field of one card, as printed on the card (its faction and card type count as fields). The
    importer applies it on every import (cardsdb/importers/facts.py), so it survives re-imports; it never
    overrides a value the source states.

    Keyed by the card's code, not its row: a fact outlives a card that an import removes and brings back.
    """

    class Field(models.TextChoices):
        FACTION = "faction"
        CARD_TYPE = "card_type"
        COST = "cost"
        ATTACK = "attack"
        RESOURCES = "resources"
        FORCE = "force"
        HIT_POINTS = "hit_points"
        UNIQUE = "unique"
        TRAITS = "traits"
        TARGET_VALUE = "target_value"
        REWARD = "reward"
        ABILITY = "ability"
        COPIES = "copies"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="card_facts")
    card_code = models.CharField(max_length=64, help_text="The card's code within the game.")
    card = models.ForeignKey(
        Card,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="facts",
        help_text="The card with that code, linked whenever the fact is applied.",
    )
    field = models.CharField(max_length=20, choices=Field.choices)
    value = models.JSONField(
        help_text='As JSON: a number (16), true/false for unique, a list for traits (["Trooper"]), '
        'a string for faction ("Separatist"), card_type ("unit", "capital_ship" or "base"), reward and '
        'ability ("Gain 2 Force.").'
    )
    note = models.CharField(max_length=500, blank=True, help_text="Where it comes from: 'my copy', a scan…")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "card_code", "field"]
        constraints = [
            models.UniqueConstraint(fields=["game", "card_code", "field"], name="cardfact_unique_field")
        ]

    def __str__(self) -> str:
        return f"{self.game_id} {self.card_code} {self.field} = {self.value!r}"
