"""API tokens in the database: make, list, revoke, and find one by its key (rules in cardsdb/tokens.py)."""

import hmac

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from . import tokens
from .models import ApiToken


class TokenLimitReached(Exception):
    pass


class TokenNameTaken(tokens.TokenNameError):
    pass


def list_tokens(user) -> list[ApiToken]:
    return list(ApiToken.objects.filter(owner=user))


def create_token(user, name: object) -> tuple[ApiToken, str]:
    """A new token and its key, which exists only in this answer. TokenNameError, TokenLimitReached."""
    name = tokens.clean_name(name)
    key = tokens.new_key()
    try:
        with transaction.atomic():
            # Locks the user's row: two requests at once cannot both make the 20th token.
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
            if ApiToken.objects.filter(owner=user).count() >= tokens.MAX_TOKENS:
                raise TokenLimitReached
            if ApiToken.objects.filter(owner=user, name=name).exists():
                raise TokenNameTaken(f"You already have a token named {name!r}; pick another name.")
            token = ApiToken.objects.create(
                owner=user, name=name, prefix=tokens.shown_prefix(key), key_hash=tokens.key_hash(key)
            )
    except IntegrityError:  # the same name made at the same moment
        raise TokenNameTaken(f"You already have a token named {name!r}; pick another name.") from None
    return token, key


def revoke_token(user, token_id: int) -> bool:
    """Deletes the user's token; False when the user has no token with this id."""
    if not 0 < token_id < 2**63:  # past a database integer: no token has it
        return False
    deleted, _ = ApiToken.objects.filter(owner=user, pk=token_id).delete()
    return bool(deleted)


def token_for_key(key: str) -> ApiToken | None:
    """The live token of an active user with this key, noting its use; None for any other key."""
    if not tokens.looks_like_key(key):
        return None
    digest = tokens.key_hash(key)
    # Looked up by the hash, so the key itself is never compared byte by byte with anything stored.
    token = ApiToken.objects.select_related("owner").filter(key_hash=digest).first()
    if token is None or not hmac.compare_digest(token.key_hash, digest) or not token.owner.is_active:
        return None
    now = timezone.now()
    if tokens.needs_touch(token.last_used, now):
        stale = Q(last_used__isnull=True) | Q(last_used__lte=now - tokens.LAST_USED_PRECISION)
        ApiToken.objects.filter(pk=token.pk).filter(stale).update(last_used=now)
        token.last_used = now
    return token
