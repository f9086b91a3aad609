"""Fixtures of the limit tests: a bare user, and the SW:DBG engine's setups as its own tests build them."""

import pytest
from django.contrib.auth.models import User

from tests.rules.swdbg.conftest import full_setup, swdbg_setups  # noqa: F401 (fixtures, used by name)


@pytest.fixture
def user(db):
    return User.objects.create(username="wedge")
