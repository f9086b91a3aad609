"""The API's schema as schemathesis reads it from the running application, and the checks of the fuzz run."""

import schemathesis
from django.core.wsgi import get_wsgi_application
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

# Generated requests per operation and generation mode (valid and invalid data), for each of the two users.
EXAMPLES = 10
CONFIG = {
    "seed": 9,
    "generation": {"mode": "all", "max-examples": EXAMPLES, "deterministic": True, "no-shrink": True},
    # The coverage phase sends hundreds of boundary cases per operation: more than a CI run can afford.
    "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
    # A body over its endpoint's byte bound is refused before it is read: 413 `request-too-large` (generated
    # lists past maxItems can make such a body) is as much a refusal as a 400; so is 412 `precondition-failed`,
    # a generated If-Match that names no version of the deck, checked before the body is read.
    "checks": {
        "negative_data_rejection": {
            "expected-statuses": [400, 401, 403, 404, 405, 406, 409, 412, 413, 415, 422, 428, 429, "5xx"]
        }
    },
}
# The codes of a refusal whose rule is about the request's shape: every such rule is stated in the schema, so a
# request the schema calls valid never gets one. The other refusals of a valid-looking request are rules no
# schema states: a card id that names no card, a query that does not parse, a lone surrogate, a cost past a
# bound that depends on the cards (simulation-too-large), a record or setup that cannot be played (bad-record,
# bad-setup), more cards in the hand than in the pile (hand-too-large), `cards` and `decklist` together…
SHAPE_CODES = frozenset({"invalid-request", "bad-parameter", "precondition-required"})


# Operations with a shape rule that a schema cannot state, and the rule: their refusals of such a request are
# right. Every other operation states all of its shape in the schema.
RULES_NO_SCHEMA_STATES = {
    ("POST", "/api/legality/"): "one of `cards`, `decklist` or `setup`, never two",
    ("POST", "/api/decks/"): "a SW:DBG deck has a `setup`, the other games' `cards` or a `decklist`",
    ("PUT", "/api/decks/{deck_id}/"): "a deck's game cannot change",
    ("PATCH", "/api/decks/{deck_id}/"): "a deck's game cannot change; a change of the cards needs If-Match",
    ("GET", "/api/decks/public/"): "card= needs game= (card ids are a game's own)",
    ("POST", "/api/tokens/"): "a token's name is not one of your other tokens' names",
    ("POST", "/api/games/swccg/replays/"): "a title holds no control character",
    ("GET", "/api/cards/named"): "exactly one of fuzzy= or exact=",
    ("GET", "/api/collection/buildable/"): "side= is one of the game's sides",
    ("POST", "/api/games/swdbg/simulations/"): "`format` or a whole `setup`, never both",
}


@schemathesis.check
def valid_shapes_are_accepted(ctx, response, case):
    """positive_data_acceptance, for the rules the schema states: a request the schema calls valid is never
    refused for its shape (schemathesis's own check also fails the refusals above, whose rules it cannot see)."""
    if (
        case.meta is None
        or not case.meta.generation.mode.is_positive
        or response.status_code not in (400, 428)
    ):
        return None
    if (case.method.upper(), case.operation.path) in RULES_NO_SCHEMA_STATES:
        return None
    try:
        code = response.json().get("code")
    except (ValueError, AttributeError):
        code = None
    if code in SHAPE_CODES:
        raise AssertionError(
            f"A request the schema calls valid was refused for its shape: {response.status_code} {code}: "
            f"{response.json().get('message')}"
        )
    return None


# No server error; every status code, content type and body is one the schema documents; a request the schema
# calls invalid is refused (negative_data_rejection); one it calls valid is not refused for its shape.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    valid_shapes_are_accepted,
]

# Read from the application: the schema under test is the one clients get.
SCHEMA = schemathesis.openapi.from_wsgi(
    "/api/schema/", get_wsgi_application(), config=SchemathesisConfig.from_dict(CONFIG)
)
