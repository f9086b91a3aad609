from django.urls import path

from .api import views

urlpatterns = [
    path("formats/", views.FormatListView.as_view(), name="api-formats"),
    path("formats/<str:game>/<str:code>/", views.FormatDetailView.as_view(), name="api-format-detail"),
    path("legality/", views.LegalityView.as_view(), name="api-legality"),
    path("legality/batch/", views.LegalityBatchView.as_view(), name="api-legality-batch"),
]
