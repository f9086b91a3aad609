from django.core.paginator import Paginator
from django.db.models import Count, QuerySet, Window
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


def page_parameters(*, pages: int = MAX_PAGE, page_size: int = MAX_PAGE_SIZE) -> list:
    """The schema's `page` and `page_size` for a view that reads them itself (whole_number), with its bounds."""
    from drf_spectacular.utils import OpenApiParameter

    return [
        OpenApiParameter("page", {"type": "integer", "minimum": 1, "maximum": pages}),
        OpenApiParameter(
            "page_size",
            {"type": "integer", "minimum": 1, "maximum": page_size},
            description=f"1 to {page_size}.",
        ),
    ]


TOTAL = "_page_total"


class CountingPaginator(Paginator):
    """A Paginator that reads a page of a queryset and the number of all its rows in one query (COUNT(*) OVER ()
    beside each row), where Django's asks twice: a search scans the cards once instead of twice. The count is
    read apart only when the page is empty (a page past the last, or no match). The same pages and counts."""

    def page(self, number):
        queryset = self.object_list
        if (
            not isinstance(queryset, QuerySet)
            or self.orphans
            or queryset.query.distinct
            or "count" in self.__dict__
        ):
            return super().page(number)
        number = self.validate_number_format(number)
        bottom = (number - 1) * self.per_page
        rows = list(queryset.annotate(**{TOTAL: Window(Count("pk"))})[bottom : bottom + self.per_page])
        if rows:
            self.__dict__["count"] = getattr(rows[0], TOTAL)  # Paginator.count is a cached_property
        number = self.validate_number(number)  # the count read apart when there are no rows
        return self._get_page(rows, number, self)

    def validate_number_format(self, number) -> int:
        """validate_number's checks that need no count: a whole number, at least 1."""
        if number is None or (isinstance(number, float) and not number.is_integer()):
            return self.validate_number(number)  # raises PageNotAnInteger
        try:
            number = int(number)
        except (TypeError, ValueError):
            return self.validate_number(number)  # raises PageNotAnInteger
        if number < 1:
            return self.validate_number(number)  # raises EmptyPage
        return number


class CardPagination(PageNumberPagination):
    django_paginator_class = CountingPaginator
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

    def get_schema_operation_parameters(self, view):
        """DRF's page and page_size, with the bounds get_page_size and paginate_queryset enforce: a client (and
        the fuzz run) sees from the schema that page=0 or page_size=0 is refused."""
        bounds = {self.page_query_param: (1, MAX_PAGE), self.page_size_query_param: (1, MAX_PAGE_SIZE)}
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            low, high = bounds[parameter["name"]]
            parameter["schema"] = {**parameter["schema"], "minimum": low, "maximum": high}
        return parameters

    def get_paginated_response_schema(self, schema):
        base = super().get_paginated_response_schema(schema)
        base["properties"]["page_size"] = {"type": "integer", "example": 50}
        return base
