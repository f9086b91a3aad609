from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cardsdb", "0007_job"),
    ]

    operations = [
        migrations.AddField(
            model_name="job",
            name="heartbeat_at",
            field=models.DateTimeField(
                blank=True,
                help_text="When its runner last showed it was alive (taking the job, each progress write): a "
                "running job silent for longer is lost (cardsdb/jobs.py).",
                null=True,
            ),
        ),
    ]
