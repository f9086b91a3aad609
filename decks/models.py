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
