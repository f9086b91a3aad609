"""Record on each kept version whether the deck was public when it was saved. The versions kept before cannot say,
so they count as private (the safe default): their owner still sees them, nobody else does."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("decks", "0006_first_deck_versions")]

    operations = [
        migrations.AddField(
            model_name="deckversion",
            name="is_public",
            field=models.BooleanField(
                default=False,
                help_text="The deck was public when this version was saved: only such versions are shown to "
                "others. Versions kept before this was recorded count as private.",
            ),
        ),
    ]
