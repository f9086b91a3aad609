from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from .errors import ApiError

MAX_PAGE_SIZE = 500


def _is_number(raw: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²', which int() rejects."""
    return raw.isascii() and raw.isdigit()


class CardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not _is_number(raw) or not 1 <= int(raw) <= MAX_PAGE_SIZE:
            raise ApiError("bad-parameter", f"page_size must be a whole number from 1 to {MAX_PAGE_SIZE}.")
        return int(raw)

    def paginate_queryset(self, queryset, request, view=None):
        raw = request.query_params.get(self.page_query_param, "1")
        if not _is_number(raw) or int(raw) < 1:
            raise ApiError("bad-parameter", "page must be a whole number from 1.")
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data):
        return Response(
            {
                "count": self.page.paginator.count,
                "page_size": self.page.paginator.per_page,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema):
        base = super().get_paginated_response_schema(schema)
        base["properties"]["page_size"] = {"type": "integer", "example": 50}
        return base
