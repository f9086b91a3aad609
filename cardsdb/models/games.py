"""Games, their sets (edition data) and personas."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    """One of the three card games. Rows are created by a migration: swccg, swtcg, swdbg."""

    code = models.CharField(max_length=16, primary_key=True)
    name = models.CharField(max_length=100)
    short_name = models.CharField(max_length=20)
    publisher = models.CharField(max_length=100)
    years = models.CharField(max_length=20)

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return self.short_name


class CardSet(models.Model):
    """A set / expansion with its edition data."""

    class Kind(models.TextChoices):
        DECIPHER = "decipher", "Decipher"
        VIRTUAL = "virtual", _("Virtual (Players Committee)")
        WOTC = "wotc", "Wizards of the Coast"
        COMMUNITY = "community", _("Community")
        FFG = "ffg", "Fantasy Flight Games"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sets")
    code = models.CharField(max_length=20, help_text="The source's set id, e.g. '1', '200d', 'AOTC'.")
    name = models.CharField(max_length=200)
    abbr = models.CharField(max_length=20, blank=True)
    gemp_name = models.CharField(max_length=200, blank=True)
    release_date = models.DateField(null=True, blank=True)
    size = models.PositiveIntegerField(
        null=True, blank=True, help_text="Cards in the set; empty when unknown."
    )
    legacy = models.BooleanField(default=False, help_text="A retired set (SWCCG Virtual Blocks).")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    cycle = models.CharField(max_length=40, blank=True, help_text="full / premium / shields for SWCCG.")
    position = models.IntegerField(default=0)

    class Meta:
        ordering = ["game", "position", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code")]

    def __str__(self) -> str:
        return f"{self.name} ({self.abbr or self.code})"


class Persona(models.Model):
    """A character or ship that several cards represent (GEMP's VADER, LUKE, LANDO…), per game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="personas")
    code = models.CharField(max_length=60)
    name = models.CharField(max_length=120)

    class Meta:
        ordering = ["game", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="persona_unique_code")]

    def __str__(self) -> str:
        return self.name


class Rarity(models.Model):
    """A rarity code and its name (SWCCG: C1 = Common 1, PM = Premium…)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rarities")
    code = models.CharField(max_length=20)
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["game", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="rarity_unique_code")]

    def __str__(self) -> str:
        return self.name
