"""The API answers what its schema (/api/schema/) says, whatever it is sent: a schema-driven fuzz run with
schemathesis over every operation, anonymous and logged in (HTTP Basic).

Each operation gets a few generated requests with valid and with invalid data, seeded and derandomized so that
a run is reproducible (tests/fuzz/openapi.py); the examples in the schema are sent too. Deck ids are aimed at real decks (the user's own, someone else's
public and private ones) as well as generated numbers, so the deck operations reach their real answers, not
only 404s. No operation is left out.
"""

from hypothesis import HealthCheck, settings

from .openapi import CHECKS, SCHEMA

SETTINGS = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)


def call_and_validate(case, deck_ids, headers) -> None:
    raw = (case.path_parameters or {}).get("deck_id")
    if isinstance(raw, int) and not isinstance(raw, bool):
        # Most generated ids name no deck: aim most of them at the real ones, deterministically.
        slot = raw % (len(deck_ids) + 1)
        if slot < len(deck_ids):
            case.path_parameters["deck_id"] = deck_ids[slot]
    case.call_and_validate(headers=headers, checks=CHECKS)


@SCHEMA.parametrize()
@SETTINGS
def test_anonymous_requests_get_the_answers_the_schema_documents(case, deck_ids):
    call_and_validate(case, deck_ids, {})


@SCHEMA.parametrize()
@SETTINGS
def test_logged_in_requests_get_the_answers_the_schema_documents(case, deck_ids, basic_auth):
    call_and_validate(case, deck_ids, basic_auth)
