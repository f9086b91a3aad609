"""The deck builder's live legality panel (decks/static/decks/builder.js): a page endpoint that takes the body
/api/legality/ takes, read and checked by the same code (the API's JSON parser, size limit, validation and rate
limit), and answers the panel's HTML (templates/decks/_legality.html) in the page's language. /api/legality/
stays English; this one is for the pages, so it wants the page's CSRF token like any form."""

from django.shortcuts import render
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.authentication import CSRFCheck
from rest_framework.renderers import JSONRenderer

from cardsdb.api.errors import ApiError
from decks.legality import services
from decks.legality.api import LegalityView
from decks.legality.messages import shown_report


def _no_response(request):
    return None


class PageEndpoint:
    """An API view's twin for the pages: the page's session and CSRF token, JSON errors (put first in the bases)."""

    authentication_classes = []  # the page's session only (the rate limit finds it); no API tokens here
    renderer_classes = [JSONRenderer]

    def initial(self, request, *args, **kwargs):
        # DRF views skip Django's CSRF middleware; a page endpoint must not, logged in or not. Checked on the
        # Django request, before the body is read, and before the rate limit counts the request. The check reads
        # a form body for its token: a body that is not JSON is refused first, as the API refuses it (415).
        has_body = (request.META.get("CONTENT_LENGTH") or "0") not in {"", "0"}
        if has_body and self.get_content_negotiator().select_parser(request, self.get_parsers()) is None:
            raise exceptions.UnsupportedMediaType(request.content_type)
        check = CSRFCheck(_no_response)
        check.process_request(request._request)
        reason = check.process_view(request._request, None, (), {})
        if reason:
            raise ApiError("forbidden", f"CSRF check failed: {reason}. Reload the page.", 403)
        super().initial(request, *args, **kwargs)


class BuilderLegalityView(PageEndpoint, LegalityView):
    """POST a /api/legality/ body; 200 is the legality panel's HTML, a refusal the API's coded JSON error."""

    @extend_schema(exclude=True)  # a page endpoint, not part of the API
    def post(self, request):
        values = self.checked_body(request)
        formats = services.FormatCache()
        report, _read = services.legality_report(**values, formats=formats)
        context = {
            "report": shown_report(report),
            "format_name": formats.get(values["game"], values["format"]).name,
        }
        return render(request._request, "decks/_legality.html", context)
