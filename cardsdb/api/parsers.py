"""The API's JSON parser: every body goes through cardsdb.jsonsafe, so bad Unicode, NUL characters and deep
nesting are a coded 400 before any view sees them."""

from rest_framework import parsers

from .. import jsonsafe


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        # errors imports DRF's views, which import this parser: a cycle at import time.
        from .errors import ApiError

        raw = stream.read() if stream is not None else b""
        if not raw:
            raise ApiError("parse-error", "The request body is empty; send a JSON document.")
        try:
            return jsonsafe.loads(raw)
        except jsonsafe.JSONInputError as exc:
            raise ApiError(exc.code, exc.message) from None
