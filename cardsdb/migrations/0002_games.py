from django.db import migrations

GAMES = [
    ("swccg", "Star Wars Customizable Card Game", "SWCCG", "Decipher; Players Committee", "1995–"),
    ("swtcg", "Star Wars Trading Card Game", "SWTCG", "Wizards of the Coast; community", "2002–"),
    ("swdbg", "Star Wars: The Deckbuilding Game", "SW:DBG", "Fantasy Flight Games", "2023–"),
]


def add_games(apps, schema_editor):
    Game = apps.get_model("cardsdb", "Game")
    for code, name, short, publisher, years in GAMES:
        Game.objects.update_or_create(
            code=code, defaults={"name": name, "short_name": short, "publisher": publisher, "years": years}
        )


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0001_initial")]
    operations = [migrations.RunPython(add_games, migrations.RunPython.noop)]
