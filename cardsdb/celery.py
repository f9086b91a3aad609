"""The Celery app. Workers run `celery -A cardsdb worker` with CELERY_BROKER_URL set (Redis); without a broker
the tasks run in the process that submits them (CELERY_TASK_ALWAYS_EAGER), so nothing else needs to run."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

app = Celery("cardsdb")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["cardsdb"])
