"""The builder's "Read the list" (decks/static/decks/builder.js): a page endpoint that takes /api/decks/import/'s
body, read by the same view, and answers the same JSON with each problem's message and candidates in the page's
language. /api/decks/import/ stays English for scripts and bots."""

from drf_spectacular.utils import extend_schema

from cardsdb.api.errors import ApiError
from decks.deck.api import DeckImportView
from decks.deck.builder_cards import candidate_label
from decks.legality.builder_panel import PageEndpoint
from decks.legality.decklist_messages import problem_message, too_large_message
from decks.legality.decklists import DecklistTooLarge


class BuilderImportView(PageEndpoint, DeckImportView):
    """POST a /api/decks/import/ body; the answer is the API's, its problems worded for the page."""

    @extend_schema(exclude=True)  # a page endpoint, not part of the API
    def post(self, request):
        try:
            return super().post(request)
        except DecklistTooLarge as exc:
            raise ApiError(exc.code, too_large_message(exc), exc.status_code, **exc.details) from None

    def problem(self, problem) -> dict:
        return {
            **problem.as_dict(),
            "message": problem_message(problem),
            "candidates": [candidate_label(c) for c in problem.candidates],
        }
