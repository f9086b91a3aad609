"""API tokens' limits (cardsdb/tokens.py, cardsdb/token_services.py) at their exact edges: the limit accepted,
one past it refused."""

from datetime import UTC, datetime, timedelta

import pytest

from cardsdb import token_services, tokens
from cardsdb.models import ApiToken


def test_a_name_of_max_characters_is_kept_one_more_is_refused():
    name = "n" * tokens.MAX_NAME
    assert tokens.clean_name(f"  {name}  ") == name  # counted after trimming
    with pytest.raises(tokens.TokenNameError, match="at most"):
        tokens.clean_name(name + "n")


def test_a_key_of_max_length_is_read_one_more_is_not():
    key = "k" * tokens.MAX_KEY_LENGTH
    assert tokens.parse_authorization(f"Token {key}") == ("Token", key)
    assert tokens.parse_authorization(f"Bearer {key}k") == ("Bearer", "")


def test_a_key_needs_more_than_its_shown_part():
    shown = tokens.KEY_PREFIX + "a" * tokens.SHOWN_CHARS
    assert not tokens.looks_like_key(shown)
    assert tokens.looks_like_key(shown + "a")


def test_use_is_noted_once_the_precision_has_passed():
    now = datetime(2026, 12, 7, tzinfo=UTC)
    precision = tokens.LAST_USED_PRECISION
    assert tokens.needs_touch(now - precision, now)
    assert not tokens.needs_touch(now - precision + timedelta(microseconds=1), now)


def _tokens(user, n: int) -> None:
    ApiToken.objects.bulk_create(
        ApiToken(owner=user, name=f"t{i}", prefix="cdb_x", key_hash=f"{i:064x}") for i in range(n)
    )


def test_a_user_may_make_max_tokens_one_more_is_refused(user):
    _tokens(user, tokens.MAX_TOKENS - 1)
    token_services.create_token(user, "the last one")
    assert ApiToken.objects.filter(owner=user).count() == tokens.MAX_TOKENS
    with pytest.raises(token_services.TokenLimitReached):
        token_services.create_token(user, "one too many")


def test_token_ids_up_to_the_database_integer_are_looked_up(user, django_assert_num_queries):
    token, _ = token_services.create_token(user, "script")
    with django_assert_num_queries(1):
        assert token_services.revoke_token(user, 2**63 - 1) is False
    with django_assert_num_queries(0):  # past a database integer: not looked up (nor would Django 5 query it)
        assert token_services.revoke_token(user, 2**63) is False
    assert token_services.revoke_token(user, token.pk) is True
