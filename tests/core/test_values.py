import pytest

from core.text import acronym, fold, fold_words, printed_title, strip_marks
from core.uniqueness import UniquenessKind, swccg_uniqueness
from core.values import PI, as_int_if_whole, parse_alternatives, parse_number


@pytest.mark.parametrize(
    ("printed", "number"),
    [
        ("3", 3.0),
        ("0", 0.0),
        ("7.0", 7.0),
        ("½", 0.5),
        ("4½", 4.5),
        ("π", PI),
        ("2π", round(2 * PI, 5)),
        ("(4)", 4.0),
        (" 6 ", 6.0),
        ("2 or 5", None),
        ("*", None),
        ("X", None),
        ("3 + destiny", None),
        ("", None),
        (None, None),
    ],
)
def test_parse_number(printed, number):
    assert parse_number(printed) == number


@pytest.mark.parametrize(
    ("printed", "values"),
    [
        ("2 or 5", [2.0, 5.0]),
        ("π or 2π", [PI, round(2 * PI, 5)]),
        ("½ or 5½", [0.5, 5.5]),
        ("3", [3.0]),
        ("*", []),
        ("destiny - 3", []),
        (None, []),
    ],
)
def test_parse_alternatives(printed, values):
    assert parse_alternatives(printed) == values


def test_as_int_if_whole():
    assert as_int_if_whole(3.0) == 3 and isinstance(as_int_if_whole(3.0), int)
    assert as_int_if_whole(0.5) == 0.5
    assert as_int_if_whole(None) is None


@pytest.mark.parametrize(
    ("code", "kind", "limit", "mark"),
    [
        ("*", UniquenessKind.UNIQUE, 1, "•"),
        ("**", UniquenessKind.RESTRICTED, 2, "••"),
        ("***", UniquenessKind.RESTRICTED, 3, "•••"),
        ("<>", UniquenessKind.PER_LOCATION, 1, "◇"),
        ("<><><>", UniquenessKind.PER_LOCATION, 3, "◇◇◇"),
        (None, UniquenessKind.NONE, None, ""),
    ],
)
def test_swccg_uniqueness(code, kind, limit, mark):
    u = swccg_uniqueness(code)
    assert (u.kind, u.limit, u.mark) == (kind, limit, mark)


def test_unknown_uniqueness_code_is_rejected():
    with pytest.raises(ValueError, match="unknown uniqueness"):
        swccg_uniqueness("****")


def test_names():
    assert printed_title("<>Hoth: Echo Base") == "◇Hoth: Echo Base"
    assert strip_marks("•A Useless Gesture & •Death Star Sentry") == "A Useless Gesture & Death Star Sentry"
    assert strip_marks("•••Stormtrooper") == "Stormtrooper"
    assert fold("•Padmé Amidala’s Plan") == "padme amidala's plan"
    assert fold_words("•2X-7KPR (Tooex)") == "2x 7kpr tooex"
    assert acronym("•A Day Long Remembered") == "ADLR"


def test_fold_takes_a_short_cut_for_ascii_with_the_same_result():
    """fold() skips NFKD for ASCII text (most names): every ASCII character folds as the full path folds it."""
    import unicodedata

    from core import text

    def slow(value: str) -> str:
        value = unicodedata.normalize("NFKD", text._MARKS.sub("", value).translate(text._QUOTES))
        return text._SPACES.sub(
            " ", "".join(c for c in value if not unicodedata.combining(c)).casefold()
        ).strip()

    every = "".join(map(chr, range(128)))
    for value in (every, every[::-1], " <>Hoth:  Echo\tBase <> ", "DARTH VADER (V)", ""):
        assert fold(value) == slow(value)
