"""PostgreSQL only: trigram indexes so the search's substring matches (LIKE '%…%') use an index."""

from django.db import migrations

COLUMNS = ["search_title", "search_text", "search_lore"]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for column in COLUMNS:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS cardsdb_card_{column}_trgm "
            f"ON cardsdb_card USING gin ({column} gin_trgm_ops)"
        )


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in COLUMNS:
        schema_editor.execute(f"DROP INDEX IF EXISTS cardsdb_card_{column}_trgm")


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0002_games")]
    operations = [migrations.RunPython(forwards, backwards)]
