from django.urls import path

from decks.legality import api as views

urlpatterns = [
    path("formats/", views.FormatListView.as_view(), name="api-formats"),
    path("formats/<str:game>/<str:code>/", views.FormatDetailView.as_view(), name="api-format-detail"),
    path("legality/", views.LegalityView.as_view(), name="api-legality"),
    path("legality/batch/", views.LegalityBatchView.as_view(), name="api-legality-batch"),
]

from decks.legality import api_jobs as legality_jobs  # noqa: E402

urlpatterns += [path("legality/jobs/", legality_jobs.LegalityJobView.as_view(), name="api-legality-jobs")]

from decks.deck import api as decks  # noqa: E402

urlpatterns += [
    path("decks/", decks.DeckListView.as_view(), name="api-decks"),
    path("decks/import/", decks.DeckImportView.as_view(), name="api-deck-import"),
    path("decks/<int:deck_id>/", decks.DeckDetailView.as_view(), name="api-deck-detail"),
    path("decks/<int:deck_id>/export/", decks.DeckExportView.as_view(), name="api-deck-export"),
]

from decks.missing import api as missing  # noqa: E402

urlpatterns += [
    path("decks/<int:deck_id>/missing/", missing.DeckMissingView.as_view(), name="api-deck-missing"),
    path(
        "decks/<int:deck_id>/missing/export/",
        missing.DeckMissingExportView.as_view(),
        name="api-deck-missing-export",
    ),
    path("collection/buildable/", missing.BuildableView.as_view(), name="api-collection-buildable"),
]

from decks.history import api as history  # noqa: E402

urlpatterns += [
    path("decks/public/", history.PublicDeckListView.as_view(), name="api-decks-public"),
    path("decks/compare/", history.DeckCompareView.as_view(), name="api-deck-compare"),
    path("decks/using/<str:game>/<str:code>/", history.DecksUsingCardView.as_view(), name="api-decks-using"),
    path("decks/<int:deck_id>/versions/", history.VersionListView.as_view(), name="api-deck-versions"),
    path(
        "decks/<int:deck_id>/versions/<int:number>/",
        history.VersionDetailView.as_view(),
        name="api-deck-version",
    ),
    path("decks/<int:deck_id>/diff/", history.VersionDiffView.as_view(), name="api-deck-diff"),
    path("decks/<int:deck_id>/restore/", history.VersionRestoreView.as_view(), name="api-deck-restore"),
    path("decks/<int:deck_id>/duplicate/", history.DeckDuplicateView.as_view(), name="api-deck-duplicate"),
    path("decks/<int:deck_id>/share-link/", history.DeckShareLinkView.as_view(), name="api-deck-share-link"),
]

from decks.collection import api as collection  # noqa: E402

urlpatterns += [
    path("collection/", collection.CollectionListView.as_view(), name="api-collection"),
    path("collection/changes/", collection.CollectionChangesView.as_view(), name="api-collection-changes"),
    path("collection/import/", collection.CollectionImportView.as_view(), name="api-collection-import"),
    path("collection/export/", collection.CollectionExportView.as_view(), name="api-collection-export"),
    path("collection/history/", collection.CollectionHistoryView.as_view(), name="api-collection-history"),
]
