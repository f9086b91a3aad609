"""Saved games: a game played in the app against an AI, kept as its record (the referee's copy); and saved
replays: a SWCCG record or GEMP replay file a user keeps, with a share link.

The record is the whole truth (rules/swdbg/record.py): the game's state is rebuilt from it on each request, so
nothing else about a game is stored but what lists and permissions need.
"""

import secrets

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
    resigned = models.BooleanField(
        default=False, help_text="The owner gave the game up: it is over and the AI won."
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-id"]
        indexes = [models.Index(fields=["owner", "status"])]

    def __str__(self) -> str:
        return f"{self.game_id} game {self.pk} ({self.owner}, {self.status})"


def new_share_token() -> str:
    """An unguessable share token: 24 random bytes (192 bits), URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


class SavedReplay(models.Model):
    """A replay a user keeps to watch again and share: a SWCCG game record (refereed when viewed) or a GEMP
    replay file (viewed, never refereed). Anyone with the share token may view it; only its owner lists or
    deletes it."""

    class Kind(models.TextChoices):
        RECORD = "record", "game record"
        GEMP = "gemp", "GEMP replay"

    game = models.ForeignKey("cardsdb.Game", on_delete=models.PROTECT, related_name="saved_replays")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_replays"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    title = models.CharField(max_length=120)
    record = models.JSONField(null=True, blank=True, help_text="The game record (kind record).")
    gemp_file = models.BinaryField(
        null=True, blank=True, help_text="The GEMP replay file as uploaded (kind gemp), at most 4 MiB."
    )
    size = models.PositiveIntegerField(help_text="Bytes of the record's JSON or of the GEMP file.")
    events = models.PositiveIntegerField(default=0, help_text="How many events the replay holds.")
    violations = models.PositiveIntegerField(
        null=True, blank=True, help_text="Rules broken, as the referee found them when saved (records only)."
    )
    token = models.CharField(max_length=64, unique=True, default=new_share_token, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["owner", "created"])]

    def __str__(self) -> str:
        return f"{self.game_id} replay {self.pk} ({self.owner}, {self.kind}: {self.title})"
