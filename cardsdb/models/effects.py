"""What the rules read in each card's game text, stored where the search can ask (`effect:`): the catalogue does
not read game text itself — a floor above fills these tables (rules, for SWCCG: rules/swccg_effect_index.py)
through cardsdb.extensions.CARD_EFFECTS, and cardsdb only queries them."""

from django.db import models

from .cards import Card
from .games import Game


class CardEffect(models.Model):
    """One kind of effect (rules/swccg/gametext's vocabulary: "adds-battle-destiny", "unread"…) a card's text
    holds; one row per card and kind."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="effects")
    kind = models.CharField(max_length=40)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "kind"], name="card_effect_once")]
        indexes = [models.Index(fields=["kind"], name="card_effect_kind")]


class CardEffectsStamp(models.Model):
    """Which reading the game's CardEffect rows hold: the catalogue version and the reader's own version, as the
    app that fills them writes it; another stamp means they must be read again."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True)
    stamp = models.CharField(max_length=200)
