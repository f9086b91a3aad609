from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from .errors import ApiError

MAX_PAGE_SIZE = 500
MAX_PAGE = 1_000_000  # far past any last page; bounds the digits int() is ever given


def whole_number(raw: str, name: str, low: int, high: int) -> int:
    """`raw` as an int from `low` to `high`, or a coded 400 naming the parameter.

    ASCII digits only (str.isdigit() also accepts '²', which int() rejects), and never int() of a huge string:
    past 4,300 digits Python refuses to convert at all."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= len(str(high)) and low <= int(raw) <= high):
        raise ApiError("bad-parameter", f"{name} must be a whole number from {low} to {high}.")
    return int(raw)


class CardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        return whole_number(raw, "page_size", 1, MAX_PAGE_SIZE)

    def paginate_queryset(self, queryset, request, view=None):
        whole_number(request.query_params.get(self.page_query_param, "1"), "page", 1, MAX_PAGE)
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
