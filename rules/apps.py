from django.apps import AppConfig


class RulesConfig(AppConfig):
    """The rules app: its engines are plain Python (`rules/odds/`, `rules/<game>/`); its Django layer — the
    odds and rules APIs, the deck page's odds panel — sits beside them (`api/`, `views/`)."""

    name = "rules"
    label = "rules"
