"""Saved games: a game played in the app against an AI, kept as its record (the referee's copy).

The record is the whole truth (rules/swdbg/record.py): the game's state is rebuilt from it on each request, so
nothing else about a game is stored but what lists and permissions need.
"""

from django.conf import settings
from django.db import models


class SavedGame(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"

    game = models.ForeignKey("cardsdb.Game", on_delete=models.PROTECT, related_name="saved_games")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_games")
    seat = models.PositiveSmallIntegerField(
        help_text="The owner's seat: 0 or 1 (the record's players order)."
    )
    opponent = models.CharField(
        max_length=20, help_text="The AI player in the other seat (random, greedy, search)."
    )
    record = models.JSONField(
        help_text="The game record (docs/swdbg-engine.md); hidden information included."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    actions = models.PositiveIntegerField(default=0, help_text="How many actions the record holds.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-id"]
        indexes = [models.Index(fields=["owner", "status"])]

    def __str__(self) -> str:
        return f"{self.game_id} game {self.pk} ({self.owner}, {self.status})"
