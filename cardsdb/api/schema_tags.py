"""One tag per operation in the API docs, by the path it answers: the docs group the operations under the tags
that SPECTACULAR_SETTINGS["TAGS"] describes (cardsdb/settings.py). A view may still name its own with
extend_schema(tags=…); a path no rule below matches keeps drf-spectacular's default (its first path part), which
tests/cardsdb/test_schema_docs.py refuses, so a new endpoint is given its tag here."""

import re

from drf_spectacular.openapi import AutoSchema

# (path pattern, tag), the first that matches wins: the narrower patterns come before the wider ones.
PATH_TAGS = [
    (r"^/api/games/$", "cards"),  # the card games of the catalogue, not games played
    (r"^/api/(cards|sets|bulk)/", "cards"),
    (r"^/api/(formats|legality)/", "legality"),
    (r"^/api/decks/\{deck_id\}/(versions|diff|restore)/", "history"),
    (r"^/api/decks/compare/", "history"),
    (r"^/api/collection/history/", "history"),
    (r"^/api/decks/\{deck_id\}/missing/", "collection"),
    (r"^/api/collection/", "collection"),
    (r"^/api/decks/\{deck_id\}/simulate/", "odds"),
    (r"^/api/simulate/", "odds"),
    (r"^/api/decks/", "decks"),
    (r"^/api/rules/swccg/", "SWCCG rules"),
    (r"^/api/rules/swtcg/", "SWTCG rules"),
    (r"^/api/games/", "games"),
    (r"^/api/(jobs|imports)/", "jobs"),
    (r"^/api/tokens/", "tokens"),
]
_COMPILED = [(re.compile(pattern), tag) for pattern, tag in PATH_TAGS]


def tag_for(path: str) -> str | None:
    return next((tag for pattern, tag in _COMPILED if pattern.search(path)), None)


class TaggedAutoSchema(AutoSchema):
    """REST_FRAMEWORK's DEFAULT_SCHEMA_CLASS: the operation's tag from its path (PATH_TAGS)."""

    def get_tags(self) -> list[str]:
        tag = tag_for(self.path)
        return [tag] if tag else super().get_tags()
