"""One error shape for the whole API: {"code": "...", "message": "...", ...details}."""

import math

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ..errors import ERROR_CODES, ApiError

# The API's error shape; the class lives a floor down (cardsdb/errors.py).
__all__ = ["ERROR_CODES", "ApiError", "exception_handler"]


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        exc = ApiError(
            "request-too-large", "The request body is too large.", status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
        )
    if isinstance(exc, exceptions.ValidationError):
        return Response(
            {"code": "invalid-request", "message": _first_error(exc.detail), "errors": exc.detail},
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, ApiError):
        headers = _authenticate_header(context) if exc.status_code == status.HTTP_401_UNAUTHORIZED else {}
        body = {"code": exc.code, "message": str(exc.detail), **exc.details}
        return Response(body, status=exc.status_code, headers=headers)
    if type(exc) is exceptions.Throttled:  # a rate limit (cardsdb/api/throttles.py); log-ins raise a subclass
        return _rate_limited(exc, context)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    # DRF's own codes (not_acceptable…) in the API's spelling; anything unforeseen is plain "error".
    code = str(getattr(exc, "default_code", "error")).replace("_", "-")
    if code not in ERROR_CODES:
        code = "error"
    detail = response.data.get("detail") if isinstance(response.data, dict) else None
    response.data = {"code": code, "message": str(detail or response.data)}
    return response


def _rate_limited(exc, context) -> Response:
    wait = max(1, math.ceil(exc.wait or 1))
    limit = getattr(context.get("request"), "rate_limit", None) or {}
    which = f" ({limit['rate']} in the {limit['scope']} scope)" if limit else ""
    anonymous = limit.get("scope", "").startswith("anon")
    hint = " Callers with an API token have a higher limit." if anonymous else ""
    body = {
        "code": "rate-limited",
        "message": f"Too many requests from this client{which}: retry in {wait} seconds.{hint}",
        "retry_after": wait,
        **limit,
    }
    return Response(body, status=status.HTTP_429_TOO_MANY_REQUESTS, headers={"Retry-After": str(wait)})


def _authenticate_header(context) -> dict:
    """A 401 says how to log in (`WWW-Authenticate`), as DRF's own NotAuthenticated does."""
    view, request = context.get("view"), context.get("request")
    header = view.get_authenticate_header(request) if view is not None and request is not None else None
    return {"WWW-Authenticate": header} if header else {}


def _first_error(detail, path: str = "") -> str:
    """The first field error as one readable line: "cards[3]: Not a valid string."."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            where = path if key == "non_field_errors" else (f"{path}.{key}" if path else str(key))
            return _first_error(value, where)
    if isinstance(detail, list):
        for i, value in enumerate(detail):
            if value:
                nested = isinstance(value, (dict, list))
                return _first_error(value, f"{path}[{i}]" if nested else path)
    return f"{path}: {detail}" if path else str(detail)


@csrf_exempt  # a POST to a mistyped URL must get this answer, not the CSRF failure page
def json_404(request, exception=None):
    """Unknown /api/ URLs answer JSON like the rest of the API."""
    return JsonResponse({"code": "not-found", "message": f"No API endpoint at {request.path}."}, status=404)


def json_500(request):
    return JsonResponse({"code": "server-error", "message": ERROR_CODES["server-error"]}, status=500)
