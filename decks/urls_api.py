from django.urls import path

from .api import views

urlpatterns = [
    path("formats/", views.FormatListView.as_view(), name="api-formats"),
    path("formats/<str:game>/<str:code>/", views.FormatDetailView.as_view(), name="api-format-detail"),
    path("legality/", views.LegalityView.as_view(), name="api-legality"),
    path("legality/batch/", views.LegalityBatchView.as_view(), name="api-legality-batch"),
]

from .api import decks  # noqa: E402

urlpatterns += [
    path("decks/", decks.DeckListView.as_view(), name="api-decks"),
    path("decks/import/", decks.DeckImportView.as_view(), name="api-deck-import"),
    path("decks/<int:deck_id>/", decks.DeckDetailView.as_view(), name="api-deck-detail"),
    path("decks/<int:deck_id>/export/", decks.DeckExportView.as_view(), name="api-deck-export"),
]
