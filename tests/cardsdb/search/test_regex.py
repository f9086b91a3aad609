"""The shared regex dialect (cardsdb.search.regex): what it accepts, refuses and rewrites; RE2 on SQLite."""

import random

import pytest
from django.db import connection

from cardsdb.search.regex import MAX_PATTERN_LENGTH, RegexRefused, check_pattern, sqlite_regexp


@pytest.mark.parametrize(
    ("source", "pattern"),
    [
        ("^dark ", "^dark "),
        (r"(.*.*)*x", r"(.*.*)*x"),  # accepted: RE2 does not backtrack
        (r"(\w+\s?)*!$", r"([0-9A-Za-z_]+[\t\n\f\r ]?)*!$"),
        (r"\d{2,3}", "[0-9]{2,3}"),
        (r"\W", "[^0-9A-Za-z_]"),
        (r"[\w-]", r"[0-9A-Za-z_\-]"),
        (r"[^^]", r"[^\^]"),
        ("a{255}", "a{255}"),
        ("(?:ab)+?", "(?:ab)+?"),
        (r"\/\.\(", r"\/\.\("),
        ("é+", "é+"),
    ],
)
def test_accepted_patterns_in_the_shared_spelling(source, pattern):
    assert check_pattern(source).pattern == pattern


@pytest.mark.parametrize(
    ("source", "offset", "message"),
    [
        ("(?P<n>a)", 0, "no named groups"),  # Python and RE2 take it, PostgreSQL does not
        ("(?=a)", 0, "look-around"),
        ("(?<!a)b", 0, "look-around"),
        ("(?i)a", 0, "flags"),
        (r"(a)\1", 3, r"'\1' is not supported"),  # backreference
        (r"\bvader", 0, r"'\b' is not supported"),  # a word boundary in RE2, a backspace in PostgreSQL
        ("a{1000}", 1, "at most 255"),
        ("a{256}", 1, "at most 255"),
        ("(.*){1,32000}[bc]", 4, "at most 255"),
        ("a{" + "9" * 190 + "}", 1, "at most 255"),
        ("(a{200}){200}", 0, "1000 times in all"),  # each count in bounds, the product not (RE2's own check)
        ("a{,3}", 1, "{n}, {n,} or {n,m}"),
        ("a{3,2}", 1, "m must not be smaller"),
        ("a**", 2, "repeats another repetition"),
        ("*a", 0, "repeats nothing"),
        ("a|*", 2, "repeats nothing"),
        ("()", 0, "empty group"),
        ("(a", 0, "unclosed '('"),
        ("a)", 1, "')' without a '('"),
        ("[a", 0, "unclosed '['"),
        ("[]a]", 0, "empty [ ]"),
        ("[a-c-e]", 4, r"write \- for a literal"),
        ("[z-a]", 3, "a range in [ ]"),
        (r"[\D]", 1, r"'\D' is not supported"),
        ("[[:alpha:]]", 1, r"write \[ for a literal"),
        ("a}", 1, r"write \}"),
        ("a\\", 1, "cannot end with"),
        (r"\x41", 0, r"'\x' is not supported"),
        ("a\tb", 1, "control characters"),
    ],
)
def test_refused_patterns_say_where_and_what_to_change(source, offset, message):
    with pytest.raises(RegexRefused) as caught:
        check_pattern(source)
    assert caught.value.offset == offset
    assert message in caught.value.message


def test_an_over_long_pattern_is_refused():
    check_pattern("a" * MAX_PATTERN_LENGTH)
    with pytest.raises(RegexRefused, match="longer than"):
        check_pattern("a" * (MAX_PATTERN_LENGTH + 1))


def test_sqlite_regexp_is_re2_with_postgresql_meanings():
    assert sqlite_regexp("(?i)DARTH", "Darth Vader")
    assert sqlite_regexp("(?i)padmé", "PADMÉ")
    assert sqlite_regexp("x.y", "x\ny")  # '.' matches a newline, as on PostgreSQL
    assert not sqlite_regexp("^y", "x\ny")  # '^' is the start of the text only, as on PostgreSQL
    assert sqlite_regexp(None, "x") is None and sqlite_regexp("x", None) is None
    # Linear time: Python's re would backtrack for ever on these.
    assert not sqlite_regexp(r"(.*.*)*x", "a" * 50_000)
    assert not sqlite_regexp(r"([0-9A-Za-z_]+[\t\n\f\r ]?)*!$", "word " * 10_000 + "?")


def _db_matches(text: str, pattern: str) -> bool:
    """Whether the database's case-insensitive regex match (what iregex runs) finds `pattern` in `text`."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT %s ~* %s", [text, pattern])
        else:
            cursor.execute("SELECT %s REGEXP %s", [text, "(?i)" + pattern])
        return bool(cursor.fetchone()[0])


@pytest.mark.django_db
def test_sqlite_regexp_is_installed_on_the_connection():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's REGEXP only")
    # "[[:alpha:]]" is a POSIX class in RE2 (and PostgreSQL); Python's re reads it as a set of ":[ahlp" then "]".
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s REGEXP %s", ["b", "[[:alpha:]]"])
        assert cursor.fetchone()[0] == 1


PIECES = [
    *"ab.^$|()[]{}*+?-\\,:/ é",
    r"\d",
    r"\w",
    r"\s",
    r"\W",
    r"\n",
    "(?:",
    "{2}",
    "{1,3}",
    "{2,}",
    "[a-z]",
]
PIECES += ["[^a]", r"\-", r"\]", r"\[", r"\\", "{0}", "{,2}", "(?i)", r"\b", "??", "*?", "0", "9"]
TEXTS = [
    "",
    "a",
    "ab",
    "ba b",
    "a-b]",
    "x\ny",
    "é",
    "É a",
    "aa  bb",
    "{2}",
    "9-0",
    "a^b$",
    "\\",
    "[x]",
    "(a)",
    "_",
]


@pytest.mark.django_db
def test_every_accepted_pattern_runs_on_the_database_as_on_re2():
    """Random patterns from a seeded mix of the syntax: each one accepted must compile on the database and
    find the same texts there as RE2 does (on PostgreSQL, its own ARE engine: no 500 from a pattern it
    refuses, no different answer)."""
    rng = random.Random(9)
    accepted = 0
    for _ in range(1500):
        source = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 10)))
        try:
            pattern = check_pattern(source).pattern
        except RegexRefused:
            continue
        accepted += 1
        for text in TEXTS:
            assert _db_matches(text, pattern) == sqlite_regexp("(?i)" + pattern, text), (source, text)
    assert accepted > 200
