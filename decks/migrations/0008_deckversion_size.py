"""Each kept version's size in bytes, which a user's storage bound adds up (decks/deck/storage.py); the versions kept
before are measured here as a save measures them."""

from django.db import migrations, models

BATCH = 500


def measure(apps, schema_editor):
    from decks.deck.snapshot import stored_bytes  # plain Python: the measure every later save uses

    DeckVersion = apps.get_model("decks", "DeckVersion")
    fields = ("name", "side", "format_code", "notes", "cards", "setup")
    batch = []
    for version in DeckVersion.objects.only(*fields, "note").iterator(chunk_size=BATCH):
        version.size = stored_bytes({f: getattr(version, f) for f in fields}, version.note)
        batch.append(version)
        if len(batch) == BATCH:
            DeckVersion.objects.bulk_update(batch, ["size"])
            batch = []
    DeckVersion.objects.bulk_update(batch, ["size"])


class Migration(migrations.Migration):
    dependencies = [("decks", "0007_deckversion_is_public")]

    operations = [
        migrations.AddField(
            model_name="deckversion",
            name="size",
            field=models.PositiveIntegerField(
                default=0,
                help_text="Bytes of its fields as compact JSON, counted against its owner's bound "
                "(decks/deck/storage.py).",
            ),
        ),
        migrations.RunPython(measure, migrations.RunPython.noop),
    ]
