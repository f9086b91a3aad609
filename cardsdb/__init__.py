"""cardsdb: project settings and the card catalogue app (app label ``cardsdb``)."""

# The Celery app, loaded with Django so that tasks find it (cardsdb/celery.py).
from .celery import app as celery_app  # noqa: E402

__all__ = ["celery_app"]
