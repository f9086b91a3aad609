"""Cards of all three games, with their printings, variants, relations and alternative ids."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .games import CardSet, Game, Persona

# Numeric stats, one nullable column each: a card has a number there only when its printed value is a single
# number (core.values states the rule for ½, π, "2 or 5", "*"); the printed text is kept in Card.stats_text.
SWCCG_STATS = (
    "destiny",
    "power",
    "ability",
    "deploy",
    "forfeit",
    "armor",
    "maneuver",
    "hyperspeed",
    "landspeed",
    "parsec",
    "politics",
    "ferocity",
    "light_icons",
    "dark_icons",
)
SWTCG_STATS = ("cost", "speed", "health")  # and power
SWDBG_STATS = ("attack", "resources", "force", "hit_points")  # and cost
STAT_FIELDS = SWCCG_STATS + SWTCG_STATS + SWDBG_STATS


class Card(models.Model):
    class Edition(models.TextChoices):
        CURRENT = "current", _("Current")
        LEGACY = "legacy", _("Legacy (retired)")
        PRE_ERRATA = "pre-errata", _("Pre-errata")

    class UniquenessKind(models.TextChoices):
        NONE = "none", _("Not unique")
        UNIQUE = "unique", _("Unique (•)")
        RESTRICTED = "restricted", _("Restricted (•• / •••)")
        PER_LOCATION = "per-location", _("Unique per location (◇)")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    code = models.CharField(
        max_length=64, help_text="Id within the game: the GEMP id for current SWCCG cards, else a stable key."
    )
    source_id = models.IntegerField(null=True, blank=True, help_text="The record id in the source data.")
    edition = models.CharField(max_length=12, choices=Edition.choices, default=Edition.CURRENT)
    current_version = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="earlier_versions"
    )

    title = models.CharField(max_length=300, help_text="As printed, with uniqueness marks.")
    name = models.CharField(max_length=300, help_text="Without uniqueness marks.")
    side = models.CharField(max_length=20, blank=True)
    type = models.CharField(max_length=60, blank=True)
    subtype = models.CharField(max_length=120, blank=True)
    uniqueness_kind = models.CharField(max_length=16, choices=UniquenessKind.choices, default="none")
    uniqueness_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    card_set = models.ForeignKey(
        CardSet, null=True, blank=True, on_delete=models.PROTECT, related_name="cards"
    )
    rarity = models.CharField(max_length=20, blank=True)

    destiny = models.FloatField(null=True, blank=True)
    power = models.FloatField(null=True, blank=True)
    ability = models.FloatField(null=True, blank=True)
    deploy = models.FloatField(null=True, blank=True)
    forfeit = models.FloatField(null=True, blank=True)
    armor = models.FloatField(null=True, blank=True)
    maneuver = models.FloatField(null=True, blank=True)
    hyperspeed = models.FloatField(null=True, blank=True)
    landspeed = models.FloatField(null=True, blank=True)
    parsec = models.FloatField(null=True, blank=True)
    politics = models.FloatField(null=True, blank=True)
    ferocity = models.FloatField(null=True, blank=True)
    light_icons = models.FloatField(null=True, blank=True, help_text="Light Side Force icons.")
    dark_icons = models.FloatField(null=True, blank=True, help_text="Dark Side Force icons.")
    cost = models.FloatField(null=True, blank=True)
    speed = models.FloatField(null=True, blank=True)
    health = models.FloatField(null=True, blank=True)
    attack = models.FloatField(null=True, blank=True)
    resources = models.FloatField(null=True, blank=True)
    force = models.FloatField(null=True, blank=True)
    hit_points = models.FloatField(null=True, blank=True)
    stats_text = models.JSONField(default=dict, blank=True, help_text="Every stat as printed.")
    destiny_values = models.JSONField(default=list, blank=True, help_text="Possible destinies ('2 or 5').")

    icons = models.JSONField(default=list, blank=True)
    characteristics = models.JSONField(default=list, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    species = models.JSONField(default=list, blank=True)
    extra_text = models.JSONField(default=list, blank=True)
    gametext = models.TextField(blank=True)
    lore = models.TextField(blank=True)
    back = models.JSONField(null=True, blank=True, help_text="The back face of a two-sided card.")
    image_url = models.URLField(max_length=500, blank=True)
    nicknames = models.JSONField(default=list, blank=True)
    rulings = models.JSONField(default=list, blank=True)
    errata = models.JSONField(default=dict, blank=True)
    printable_slip_url = models.URLField(max_length=500, blank=True)
    printable_slip_type = models.CharField(max_length=20, blank=True)
    extra = models.JSONField(default=dict, blank=True, help_text="Game-specific facts without a column.")
    personas = models.ManyToManyField(Persona, blank=True, related_name="cards")

    # Folded (lower-case, accent- and mark-free) copies that search matches against.
    search_title = models.TextField(blank=True)
    search_text = models.TextField(blank=True)
    search_lore = models.TextField(blank=True)
    search_icons = models.TextField(blank=True, help_text="|icon|icon| for icon:")
    search_chars = models.TextField(blank=True, help_text="|characteristic|keyword|species| for char:")
    source_hash = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["name", "side", "code"]
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="card_unique_code")]
        indexes = [
            models.Index(fields=["game", "edition", "name"]),
            models.Index(fields=["game", "source_id"]),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.game_id} {self.code})"

    def get_absolute_url(self) -> str:
        return reverse("card-detail", args=[self.game_id, self.code])

    @property
    def alternate_image(self) -> str:
        """The kind of alternate image ("AI"…) when this card is one (set by the SWCCG importer), else ""."""
        return (self.extra or {}).get("alternate_image", "")

    @property
    def uniqueness_mark(self) -> str:
        limit = self.uniqueness_limit or 0
        return {"unique": "•", "restricted": "•" * limit, "per-location": "◇" * limit}.get(
            self.uniqueness_kind, ""
        )

    def stat(self, name: str) -> str | None:
        """The stat as printed ("2 or 5", "π"), or None when the card has no such stat."""
        return self.stats_text.get(name)


class Printing(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="printings")
    rarity = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["card", "card_set__position"]
        constraints = [models.UniqueConstraint(fields=["card", "card_set"], name="printing_unique")]


class Variant(models.Model):
    """An alternate image of the same card: (AI), (Holo AI), (C-Slip AI), (Border Breaker AI), (Readable)…"""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="variants")
    source_id = models.IntegerField(null=True, blank=True)
    title = models.CharField(max_length=300)
    kind = models.CharField(max_length=40, help_text="The suffix: AI, Holo AI, C-Slip AI 2, alternate…")
    image_url = models.URLField(max_length=500, blank=True)
    printable_slip_url = models.URLField(max_length=500, blank=True)
    # A merged record keeps what it prints itself: a slip re-issued as a promo has its own rarity (216_5: R on
    # the slip, PM on the card), and some alternate images print other text (legacy-6314).
    rarity = models.CharField(max_length=20, blank=True, help_text="This record's own rarity.")
    differences = models.JSONField(
        default=dict, blank=True, help_text="What this record prints unlike the card: {field: its value}."
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["card", "position"]


class CardRelation(models.Model):
    """A relation the source states in words (pulls, counterpart, combo…), resolved to a card when it names one."""

    class Kind(models.TextChoices):
        COUNTERPART = "counterpart", _("Counterpart")
        MATCHING = "matching", _("Matching")
        MATCHING_WEAPON = "matching-weapon", _("Matching Weapon")
        PULLS = "pulls", _("Pulls")
        PULLED_BY = "pulled-by", _("Pulled By")
        CANCELS = "cancels", _("Cancels")
        CANCELED_BY = "canceled-by", _("Canceled By")
        COMBO = "combo", _("Combo")
        UNDERLYING_CARD_FOR = "underlying-card-for", _("Underlying Card For")

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="relations")
    kind = models.CharField(max_length=24, choices=Kind.choices)
    text = models.TextField()
    target = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.SET_NULL, related_name="related_from"
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["card", "kind", "position"]
        indexes = [models.Index(fields=["kind", "target"])]


class CardAlias(models.Model):
    """Another id that names a card: GEMP's X_BACK blueprints (back face) and its Anthology reprint ids."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="aliases")
    code = models.CharField(max_length=64)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="aliases")
    face = models.CharField(max_length=5, default="front")
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="alias_unique_code")]
