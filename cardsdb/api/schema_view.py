"""The OpenAPI schema in English whatever the browser's language: the API is for tools, and its answers (errors,
the data's labels) stay English; the models' choice labels, translated on the pages, would otherwise turn the
schema's enum descriptions Italian or Polish. drf-spectacular's own ?lang= still picks a language on purpose."""

from django.conf import settings
from django.utils import translation
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SCHEMA_KWARGS, SpectacularAPIView


class EnglishSchemaView(SpectacularAPIView):
    @extend_schema(**SCHEMA_KWARGS)  # as the view it overrides describes itself in the schema
    def get(self, request, *args, **kwargs):
        if request.GET.get("lang"):
            return super().get(request, *args, **kwargs)
        with translation.override(settings.LANGUAGE_CODE):
            return super().get(request, *args, **kwargs)
