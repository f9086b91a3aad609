"""Long work done outside the request that asked for it (cardsdb/jobs.py): a tournament's legality checks, SW:DBG
AI games (the rules app's simulations) and a catalogue import. The row is the job's whole state — input, progress and result — so any web
process can answer `/api/jobs/<id>/` whichever process or Celery worker runs it."""

import uuid

from django.conf import settings
from django.db import models


class Job(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=40, help_text="What the job does: cardsdb/jobs.py RUNNERS.")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="jobs")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0, help_text="Items to do (decks of a batch…).")
    done = models.PositiveIntegerField(default=0, help_text="Items done so far.")
    payload = models.JSONField(default=dict, help_text="The job's input, as the API received it.")
    result = models.JSONField(null=True, blank=True)
    error = models.JSONField(null=True, blank=True, help_text='{"code": …, "message": …} when it failed.')
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its runner last showed it was alive (taking the job, each progress write): a running job "
        "silent for longer is lost (cardsdb/jobs.py).",
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "-created_at"], name="job_owner_recent")]
