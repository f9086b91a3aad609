"""API tokens for scripts, as plain rules: the key's shape, its hash, the name's limits and when to note use.

A key is `cdb_` and 43 URL-safe characters (256 random bits). Only its SHA-256 is kept: a fast hash is enough for
a random key of that length (nothing to brute-force, unlike a password), and it lets the key be looked up by its
hash in one indexed query. The first characters after `cdb_` are kept in clear so a list can tell tokens apart.
"""

import hashlib
import secrets
import unicodedata
from datetime import datetime, timedelta

KEY_PREFIX = "cdb_"
SHOWN_CHARS = 8  # of the random part, kept in clear for lists: 48 of 256 bits
MAX_NAME = 100
MAX_TOKENS = 20  # per user
# How stale last_used may be: noting every request would be a write per request.
LAST_USED_PRECISION = timedelta(minutes=1)
# Longest header value read: a key is 47 characters; anything much longer is not one.
MAX_KEY_LENGTH = 200


class TokenNameError(ValueError):
    """The name a user gave cannot name a token; the message says why."""


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def key_hash(key: str) -> str:
    # surrogatepass: a header never holds a lone surrogate, but hashing must not be where that fails.
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def shown_prefix(key: str) -> str:
    """What lists show of a key: `cdb_` and the first SHOWN_CHARS characters after it."""
    return key[: len(KEY_PREFIX) + SHOWN_CHARS]


def clean_name(name: object) -> str:
    """The name as kept (stripped), or TokenNameError: 1 to MAX_NAME characters of printable text."""
    if not isinstance(name, str):
        raise TokenNameError("The name must be text.")
    name = name.strip()
    if not name:
        raise TokenNameError("Give the token a name, e.g. the script that will use it.")
    if len(name) > MAX_NAME:
        raise TokenNameError(f"The name has {len(name):,} characters; a token's name has at most {MAX_NAME}.")
    for char in name:
        # Cc: control characters (NUL, newlines); Cs: lone surrogates, which no database can store as text.
        if unicodedata.category(char) in {"Cc", "Cs"}:
            raise TokenNameError(f"The name holds a character a name cannot: U+{ord(char):04X}.")
    return name


def parse_authorization(header: str) -> tuple[str, str] | None:
    """`Token <key>` or `Bearer <key>` → (keyword, key); None when the header is another scheme (Basic). A
    token keyword with no key, or with more than one word after it, gives an empty key (a wrong token)."""
    keyword, _, rest = header.strip().partition(" ")
    if keyword.lower() not in {"token", "bearer"}:
        return None
    parts = rest.split()
    return keyword, parts[0] if len(parts) == 1 and len(parts[0]) <= MAX_KEY_LENGTH else ""


def looks_like_key(key: str) -> bool:
    return key.startswith(KEY_PREFIX) and len(key) > len(KEY_PREFIX) + SHOWN_CHARS


def needs_touch(last_used: datetime | None, now: datetime) -> bool:
    """Whether a use at `now` should be written: at most once per LAST_USED_PRECISION."""
    return last_used is None or now - last_used >= LAST_USED_PRECISION
