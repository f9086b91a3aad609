from django.contrib.auth import views as auth_views
from django.urls import path

from cardsdb.auth import LoginView
from decks.deck import pages
from decks.deck import setup_pages as setup

urlpatterns = [
    path("decks/", pages.deck_list, name="deck-list"),
    path("decks/new/", pages.deck_builder, name="deck-new"),
    path("decks/setup/new/", setup.setup_builder, name="setup-new"),
    path("decks/<int:deck_id>/", pages.deck_detail, name="deck-detail"),
    path("decks/<int:deck_id>/edit/", pages.deck_builder, name="deck-edit"),
    path("decks/<int:deck_id>/setup/", setup.setup_builder, name="setup-edit"),
    path("accounts/signup/", pages.signup, name="signup"),
    path("accounts/login/", LoginView.as_view(), name="login"),  # throttled (cardsdb/auth.py)
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]

from decks.missing import pages as buildable  # noqa: E402

urlpatterns += [path("collection/buildable/", buildable.buildable_page, name="collection-buildable")]

from decks.history import pages as history  # noqa: E402

urlpatterns += [
    path("decks/public/", history.public_decks, name="deck-public"),
    path("decks/compare/", history.deck_compare, name="deck-compare"),
    path("decks/<int:deck_id>/history/", history.deck_history, name="deck-history"),
    path("decks/<int:deck_id>/diff/", history.deck_diff, name="deck-diff"),
    path("decks/<int:deck_id>/restore/", history.deck_restore, name="deck-restore"),
    path("decks/<int:deck_id>/delete/", history.deck_delete, name="deck-delete"),
    path("decks/<int:deck_id>/duplicate/", history.deck_duplicate, name="deck-duplicate"),
    path("decks/<int:deck_id>/active/", history.deck_active, name="deck-active"),
    path("decks/<int:deck_id>/share-link/", history.deck_new_share_link, name="deck-share-link"),
    path("d/<slug:share_id>/", history.deck_share, name="deck-share"),
]

from decks.collection import pages as collection  # noqa: E402

urlpatterns += [
    path("collection/", collection.collection_page, name="collection"),
    path("collection/bulk/", collection.collection_bulk, name="collection-bulk"),
    path("collection/import/", collection.collection_import, name="collection-import"),
    path("collection/export/", collection.collection_export, name="collection-export"),
    path("collection/change/", collection.collection_change, name="collection-change"),
]

from decks.legality import builder_panel as builder_legality  # noqa: E402

# The builder's live legality panel in the page's language (a page endpoint; /api/legality/ stays English).
urlpatterns += [
    path(
        "decks/legality-panel/",
        builder_legality.BuilderLegalityView.as_view(),
        name="deck-builder-legality",
    )
]

from decks.deck import import_panel  # noqa: E402

# The builder's "Read the list" in the page's language (a page endpoint; /api/decks/import/ stays English).
urlpatterns += [path("decks/read-list/", import_panel.BuilderImportView.as_view(), name="deck-builder-read")]
