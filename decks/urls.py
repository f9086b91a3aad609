from django.contrib.auth import views as auth_views
from django.urls import path

from cardsdb.auth import LoginView

from .views import pages, setup

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
