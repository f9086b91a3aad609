from django.urls import path, re_path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView

from . import bulk, views
from .errors import json_404
from .schema_view import EnglishSchemaView

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="api-games"),
    path("sets/", views.SetListView.as_view(), name="api-sets"),
    path("sets/<str:game>/<str:code>/", views.SetDetailView.as_view(), name="api-set-detail"),
    path("cards/", views.CardListView.as_view(), name="api-cards"),
    path("cards/named", views.CardNamedView.as_view(), name="api-card-named"),
    path("cards/named/", views.CardNamedAliasView.as_view()),
    path("cards/<str:game>/<str:code>/", views.CardDetailView.as_view(), name="api-card-detail"),
    path("bulk/", bulk.BulkListView.as_view(), name="api-bulk"),
    path("bulk/<str:game>.json.gz", bulk.BulkFileView.as_view(), name="api-bulk-file"),
    path("schema/", EnglishSchemaView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]

from . import tokens  # noqa: E402

urlpatterns += [
    path("tokens/", tokens.TokenListView.as_view(), name="api-tokens"),
    path("tokens/<int:token_id>/", tokens.TokenDetailView.as_view(), name="api-token-detail"),
]

from . import jobs  # noqa: E402

urlpatterns += [
    path("jobs/", jobs.JobListView.as_view(), name="api-jobs"),
    path("jobs/<str:job_id>/", jobs.JobDetailView.as_view(), name="api-job-detail"),
]

from . import imports  # noqa: E402

urlpatterns += [path("imports/", imports.ImportJobView.as_view(), name="api-imports")]

# Unknown API URLs answer JSON, in debug mode too.
urlpatterns.append(re_path(r"^.*$", json_404))
