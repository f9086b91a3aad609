"""The Celery app. Workers run `celery -A cardsdb worker` with CELERY_BROKER_URL set (Redis); without a broker
jobs run on threads of the web processes instead (cardsdb/job_threads.py), so nothing else needs to run."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

app = Celery("cardsdb")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["cardsdb"])
