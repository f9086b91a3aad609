"""The API's schema as schemathesis reads it from the running application, and the checks of the fuzz run."""

import schemathesis
from django.core.wsgi import get_wsgi_application
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
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
}
# No server error; every status code, content type and body is one the schema documents.
# (negative_data_rejection and positive_data_acceptance are left out: the schema cannot say every rule a body
# must follow — a card id must name a card, `cards` or `decklist` but not both — so they would flag answers
# that are right.)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

# Read from the application: the schema under test is the one clients get.
SCHEMA = schemathesis.openapi.from_wsgi(
    "/api/schema/", get_wsgi_application(), config=SchemathesisConfig.from_dict(CONFIG)
)
