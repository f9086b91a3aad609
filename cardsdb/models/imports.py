from django.db import models

from .games import Game


class ImportRun(models.Model):
    """One successful import; its id versions the catalogue for caches."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="imports")
    source = models.CharField(max_length=500)
    source_version = models.CharField(max_length=100, blank=True)
    finished_at = models.DateTimeField(auto_now_add=True)
    added = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)
    removed = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-id"]
