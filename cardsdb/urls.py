from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from .views import faces, js_catalogue, language, pages, search_page, site, tokens

urlpatterns = [
    path("", search_page.search, name="search"),
    path("search/help", pages.search_help, name="search-help"),
    path("search/help/", RedirectView.as_view(pattern_name="search-help", permanent=True)),
    path("cards/<str:game>/<str:code>/", pages.card_detail, name="card-detail"),
    path("cards/<str:game>/<str:code>/face.png", faces.card_face, name="card-face"),
    path("sets/", pages.set_list, name="set-list"),
    path("sets/<str:game>/<str:code>/", pages.set_detail, name="set-detail"),
    # The apps' APIs before the catalogue's, which ends in the JSON 404 catch-all.
    path("api/", include("decks.urls_api")),
    path("api/", include("rules.urls_api")),
    path("api/", include("cardsdb.api.urls")),
    path("", include("decks.urls")),
    path("", include("rules.urls")),
    # Browsers ask for /favicon.ico where a page names no icon (the API's JSON, the admin): the site's SVG icon.
    path("favicon.ico", site.favicon),
    path("language/", language.choose_language, name="language"),
    # The scripts' translations (gettext & co.), in the page's language: every page loads it (templates/base.html).
    path("jsi18n/<str:lang>/", js_catalogue.javascript_catalogue, name="javascript-catalogue"),
    path("account/tokens/", tokens.token_list, name="account-tokens"),
    path("account/tokens/<int:token_id>/revoke/", tokens.token_revoke, name="account-token-revoke"),
    path("admin/", admin.site.urls),
]

handler404 = "cardsdb.views.errors.not_found"
handler500 = "cardsdb.views.errors.server_error"
