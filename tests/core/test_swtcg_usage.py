"""The SWTCG Usage column as data: notes split at "|", sorted into marks, errata and rulings (forms from the data)."""

import pytest

from core.swtcg.usage import ALL_PLAY, UsageNotes, is_erratum, read_usage, split_notes, usage_marks


@pytest.mark.parametrize(
    ("usage", "notes"),
    [
        ("", []),
        ("Text erratum", ["Text erratum"]),
        ("BANNED in Vintage. | Text erratum.", ["BANNED in Vintage.", "Text erratum."]),
        # ".| " without the space before, and a bar at the very start, are written once each in the data.
        ('… "put into the discard pile".| Slave I\'s last ability', ['… "put into the discard pile".', "Slave I's last ability"]),
        ("| Millennium Falcon (F) applies. |  Roll the dice.", ["Millennium Falcon (F) applies.", "Roll the dice."]),
    ],
)  # fmt: skip
def test_split_notes(usage, notes):
    assert split_notes(usage) == notes


def test_unity_of_the_jedi_erratum_and_rulings():
    """ROTS 107's Usage, as the set file has it."""
    usage = (
        "Text erratum. | The units you choose must be clearly identified. This does not count versions in a "
        "stack. | Three Jedi are required only to play the card. Once you choose to play the card, that "
        "requirement no longer matters."
    )
    assert read_usage(usage) == UsageNotes(
        marks=(),
        errata=("Text erratum.",),
        rulings=(
            "The units you choose must be clearly identified. This does not count versions in a stack.",
            "Three Jedi are required only to play the card. Once you choose to play the card, that requirement "
            "no longer matters.",
        ),
    )


def test_marks_are_not_rulings_and_keep_their_scope():
    usage = (
        "BANNED in Vintage. | **RESTRICTED**: This card has been restricted to one copy per deck in tournament "
        "play. | With Blockade, Units can't be moved from the build zone."
    )
    notes = read_usage(usage)
    assert notes.marks == (("banned", "Vintage"), ("restricted", ALL_PLAY))
    assert notes.errata == ()
    assert notes.rulings == ("With Blockade, Units can't be moved from the build zone.",)


def test_a_mark_written_twice_is_listed_once():
    assert read_usage("*BANNED:Standard | *BANNED:Standard").marks == (("banned", "Standard"),)
    assert read_usage("*BANNED | *BANNED:Vintage").marks == (("banned", ALL_PLAY), ("banned", "Vintage"))


@pytest.mark.parametrize(
    ("note", "erratum"),
    [
        ("Text erratum", True),
        ("Text Erratum", True),
        ("Subtype erratum (original WOTC card was “Independent Cruiser”)", True),
        ("Name and text erratum (Last sentence separated)", True),
        ("Text erratum. With Mace's second ability, you still have to pay the cost.", True),
        ("The IDC has ruled that Homing Missile simply does 3 damage, so the text in the plugin has an erratum.", True),
        # errata mentioned in passing after the first sentence: a ruling about the Lightsaber subtype
        ("Lightsaber refers to Equipment with the Lightsaber subtype. Several Equipment has received errata.", False),
        ("This card can be restricted by effects.", False),
        ("Erratic pilots are not errant.", False),
    ],
)  # fmt: skip
def test_is_erratum(note, erratum):
    assert is_erratum(note) is erratum


def test_lower_case_words_are_no_marks():
    notes = read_usage("Text erratum. This card can be restricted by effects. | It cannot be banned.")
    assert notes.marks == ()
    assert notes.errata == ("Text erratum. This card can be restricted by effects.",)
    assert notes.rulings == ("It cannot be banned.",)


@pytest.mark.parametrize(
    "usage",
    [
        "*BANNED:Standard",
        "**BANNED**: This card may not be played in an IDC sanctioned tournament. | Ugnaught can return itself.",
        "RESTRICTED in Vintage (to 1 copy per deck) | Text erratum on the first effect.",
        "BANNED in Vintage. | **RESTRICTED**: This card has been restricted to one copy",
        "*RESTRICTED:Standard",
        "Version erratum",
    ],
)  # fmt: skip
def test_marks_agree_with_usage_marks(usage):
    """The deck checker (usage_marks) and the catalogue (read_usage) read the same bans and restrictions."""
    banned, restricted = usage_marks(usage)
    marks = read_usage(usage).marks
    assert {scope for kind, scope in marks if kind == "banned"} == banned
    assert {scope for kind, scope in marks if kind == "restricted"} == restricted
