"""Decks saved before versions were kept get their current state as their first kept version, so every deck's
history starts somewhere and restore and diff work on it. Reversing removes only the versions this made."""

from django.db import migrations

NOTE = "kept when history began"


def keep_current_versions(apps, schema_editor):
    from decks.deck.snapshot import Snapshot  # plain Python: the same stored shape as every later save

    Deck = apps.get_model("decks", "Deck")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    DeckCard = apps.get_model("decks", "DeckCard")
    without = list(Deck.objects.filter(versions__isnull=True).values_list("pk", flat=True))
    batch = []
    for deck in Deck.objects.filter(pk__in=without).select_related("format"):
        rows = DeckCard.objects.filter(deck=deck).values_list("code", "zone", "count")
        snapshot = Snapshot.of(
            name=deck.name,
            side=deck.side,
            format_code=deck.format.code if deck.format_id else "",
            notes=deck.notes,
            cards=rows,
            setup=deck.setup if isinstance(deck.setup, dict) else {},
        )
        batch.append(DeckVersion(deck=deck, number=deck.version, note=NOTE, **snapshot.stored()))
    DeckVersion.objects.bulk_create(batch, batch_size=500)


def forget_them(apps, schema_editor):
    apps.get_model("decks", "DeckVersion").objects.filter(note=NOTE).delete()


class Migration(migrations.Migration):
    dependencies = [("decks", "0005_collections_and_history")]

    operations = [migrations.RunPython(keep_current_versions, forget_them)]
