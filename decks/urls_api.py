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

from .api import odds as odds_views  # noqa: E402

urlpatterns += [
    path("simulate/opening-hand", odds_views.OpeningHandView.as_view(), name="api-simulate-opening-hand"),
    path("simulate/destiny", odds_views.DestinyView.as_view(), name="api-simulate-destiny"),
    path("simulate/sample-hands", odds_views.SampleHandsView.as_view(), name="api-simulate-sample-hands"),
    path(
        "decks/<int:deck_id>/simulate/<str:kind>/",
        odds_views.DeckSimulateView.as_view(),
        name="api-deck-simulate",
    ),
]

from .api import swtcg_rules  # noqa: E402

urlpatterns += [
    path("rules/swtcg/stack", swtcg_rules.StackView.as_view(), name="api-swtcg-stack"),
    path(
        "rules/swtcg/confrontation", swtcg_rules.ConfrontationView.as_view(), name="api-swtcg-confrontation"
    ),
]
