"""What the OpenAPI schema (/api/schema/) says beyond each view's own decorators: the one error shape, request
bodies that refuse unknown keys, and the refusals every operation can meet whatever it does.

tests/fuzz/test_api_schema.py holds the API to this schema: every status, content type and body it answers must
be documented here or in the views.
"""

import json

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import get_class
from rest_framework import serializers

from .error_examples import BODY, ERROR_EXAMPLES, EVERY, LOGIN
from .errors import ERROR_CODES

ERROR_CODE_CHOICES = list(ERROR_CODES)


class ErrorSerializer(serializers.Serializer):
    """Every refusal (4xx) and server error: a code from the list below and a message that says what to fix.
    Some codes add details (`position` of a bad query, `errors` per field, `suggestions`, `candidates`,
    `problems` of a deck list, `violations`, `limit`…)."""

    code = serializers.ChoiceField(choices=ERROR_CODE_CHOICES)
    message = serializers.CharField()


ERROR = ErrorSerializer


class StrictSerializer(serializers.Serializer):
    """A request body that refuses unknown keys, naming each (a misspelt key must not be ignored); its schema
    says so with `additionalProperties: false`."""

    refuses_unknown_keys = True

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {key: [f"Unknown field; expected {', '.join(self.fields)}."] for key in unknown}
                )
        return super().to_internal_value(data)


class ClosedBodyExtension(OpenApiSerializerExtension):
    """`additionalProperties: false` for every serializer that refuses unknown keys (`refuses_unknown_keys`)."""

    target_class = "rest_framework.serializers.Serializer"
    match_subclasses = True

    @classmethod
    def _matches(cls, target) -> bool:
        return super()._matches(target) and getattr(get_class(target), "refuses_unknown_keys", False)

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}


# Text with a character Python's str.strip() keeps (DRF trims with it), written so that ECMAScript's regular
# expressions (the schema's) and Python's agree: \s differs between them on \x1c-\x1f, \x85 and \ufeff.
NOT_ONLY_SPACES = r"[^\s\x1c-\x1f\x85]|\ufeff"


class NonBlankTextExtension(OpenApiSerializerFieldExtension):
    """`minLength: 1` (and, where DRF trims the text, a non-space character) for request text that may not be
    blank (DRF's default, allow_blank=False): the schema says what the field refuses ("This field may not be
    blank"), so a client or fuzzer does not send "" or "  "."""

    target_class = "rest_framework.fields.CharField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        if direction != "request" or self.target.allow_blank:
            return schema
        schema = {**schema, "minLength": schema.get("minLength") or 1}
        if self.target.trim_whitespace and "pattern" not in schema:
            schema["pattern"] = NOT_ONLY_SPACES
        return schema


class BoundedListExtension(OpenApiSerializerFieldExtension):
    """`minItems`/`maxItems` for a nested serializer with many=True (min_length, max_length), which drf-spectacular
    leaves out: the schema states the bounds the field enforces."""

    target_class = "rest_framework.serializers.ListSerializer"
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        bounds = {"minItems": self.target.min_length, "maxItems": self.target.max_length}
        return {**schema, **{key: value for key, value in bounds.items() if value is not None}}


ERROR_REF = {"$ref": "#/components/schemas/Error"}
# Refusals the framework gives on any operation of a kind, with the codes they carry.
COMMON_ERRORS = {
    "all": {
        "406": "The Accept header asks for a format other than JSON (`not-acceptable`).",
        "429": "Too many requests for this client's rate limit (`rate-limited`); Retry-After says in how many "
        "seconds to retry (limits: the API's description, docs/api.md).",
        "500": "An unexpected error (`server-error`); it was logged.",
    },
    "body": {
        "400": "The body is not valid (`parse-error`, `bad-unicode`, `too-deep`, `invalid-request`…).",
        "413": "The body is larger than this operation accepts (`request-too-large`).",
        "415": "The body is not JSON (`unsupported-media-type`).",
    },
    "login": {
        "401": "Wrong HTTP Basic credentials on a change (`authentication-failed`), or a wrong or revoked API "
        "token (`token-invalid`).",
        "429": "Too many failed log-ins from this address or for this user (`throttled`); see Retry-After.",
    },
}


def add_common_errors(result, generator, request, public):
    """POSTPROCESSING_HOOKS: document, on every operation, the refusals it can meet besides its own."""
    for item in result.get("paths", {}).values():
        for operation in item.values():
            kinds = ["all"]
            if "requestBody" in operation:
                kinds.append("body")
            if any(scheme for scheme in operation.get("security", [])):
                kinds.append("login")
            responses = operation.setdefault("responses", {})
            added: set[str] = set()
            for kind in kinds:
                for status, description in COMMON_ERRORS[kind].items():
                    answer = responses.setdefault(status, {"description": description})
                    answer.setdefault("content", {"application/json": {"schema": ERROR_REF}})
                    if not answer.get("description"):
                        answer["description"] = description
                    elif status in added and description not in answer["description"]:
                        answer["description"] += " Or: " + description  # 429: a rate limit or log-ins
                    added.add(status)
    return result


def add_error_examples(result, generator, request, public):
    """POSTPROCESSING_HOOKS, after add_common_errors: an example answer for every error code
    (components/examples, from error_examples.py), referenced from each error response that can carry it, so
    the docs show a real body for each code an operation answers."""
    examples = result.setdefault("components", {}).setdefault("examples", {})
    for code, example in ERROR_EXAMPLES.items():
        examples[f"error-{code}"] = {
            "summary": f"{example.status} {code}",
            "description": ERROR_CODES[code],
            "value": example.body,
        }
    shown: set[str] = set()
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            kinds = {EVERY, path, *operation.get("tags", ())}
            if "requestBody" in operation:
                kinds.add(BODY)
            if any(scheme for scheme in operation.get("security", [])):
                kinds.add(LOGIN)
            for code, example in ERROR_EXAMPLES.items():
                if example.answer_of is not None:
                    shown_here = example.answer_of == (method, path)
                else:
                    shown_here = bool(kinds & set(example.shown))
                response = operation.get("responses", {}).get(str(example.status)) if shown_here else None
                media = (response or {}).get("content", {}).get("application/json")
                if media is None or (example.answer_of is None and media.get("schema") != ERROR_REF):
                    continue
                media.setdefault("examples", {})[code] = {"$ref": f"#/components/examples/error-{code}"}
                shown.add(code)
    _describe_unshown(result, [code for code in ERROR_EXAMPLES if code not in shown])
    return result


def _describe_unshown(result, codes: list[str]) -> None:
    """A code no operation documents (405: a method the path does not take) is shown in the Error schema's
    description, so the docs still show its example."""
    if not codes:
        return
    error = result["components"]["schemas"]["Error"]
    lines = [
        f"\n\n`{code}` ({ERROR_EXAMPLES[code].status}), {ERROR_CODES[code][0].lower()}{ERROR_CODES[code][1:]} "
        f"For example: `{json.dumps(ERROR_EXAMPLES[code].body)}`"
        for code in codes
    ]
    error["description"] = error.get("description", "") + "".join(lines)


# Registers the security schemes that draw Swagger UI's lock only on operations that need a login.
from . import schema_auth  # noqa: E402, F401
