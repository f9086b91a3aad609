"""The game text reader without the catalogue: the sentence splitter, unread sentences kept whole, conditions,
and hostile text that must end fast."""

import time

import pytest

from rules.swccg.gametext import UNREAD, CardText, protected_titles, read_card, read_sentence, split_sentences
from rules.swccg.gametext.reader import MAX_TEXT


def test_sentences_end_at_a_mark_before_a_capital():
    text = "Power +2 while with Tarkin. Deploy -2 on Tatooine. Forfeit +1 at a Hoth site."
    assert split_sentences(text) == (
        "Power +2 while with Tarkin.",
        "Deploy -2 on Tatooine.",
        "Forfeit +1 at a Hoth site.",
    )


def test_abbreviations_numbers_and_quotes_do_not_cut_a_sentence_wrongly():
    assert split_sentences("Adds 3 to power of anything Dr. Evazan pilots. Next.") == (
        "Adds 3 to power of anything Dr. Evazan pilots.",
        "Next.",
    )
    # "Force drain +1." ends a sentence; "1.5" does not.
    assert split_sentences("Force drain +1. Parsec 1.5 here.") == ("Force drain +1.", "Parsec 1.5 here.")
    assert split_sentences("Luke vs. Vader. Done.") == ("Luke vs. Vader.", "Done.")
    # A mark inside quotes ends the sentence after the closing quote.
    assert split_sentences("May deploy as a 'react.' Permanent pilot provides ability of 2.") == (
        "May deploy as a 'react.'",
        "Permanent pilot provides ability of 2.",
    )


def test_brackets_and_unique_marks_stay_inside_their_sentence():
    text = "Permanent weapon is •Bossk's Mortar Gun (may fire for free; draw destiny. Captured.) Immune to attrition."
    assert split_sentences(text) == (
        "Permanent weapon is •Bossk's Mortar Gun (may fire for free; draw destiny. Captured.)",
        "Immune to attrition.",
    )
    assert split_sentences("Deploys only to •Luke. •Han adds 2.") == (
        "Deploys only to •Luke.",
        "•Han adds 2.",
    )


def test_a_title_with_a_sentence_mark_is_kept_whole_when_protected():
    titles = protected_titles(["Eject! Eject!", "Dr. Evazan", "Tarkin"])
    assert "Eject! Eject!" in titles and "Tarkin" not in titles
    text = "Immune to Eject! Eject! and attrition < 5."
    assert split_sentences(text) != (text,)
    assert split_sentences(text, titles) == (text,)


def test_an_unread_sentence_is_kept_with_its_text():
    card = CardText("x", "X", "Character", gametext="Power +2 while with Tarkin. Opponent must sing a song.")
    effects = read_card(card)
    assert [e.kind for e in effects] == ["power", UNREAD]
    assert effects[1].sentence == "Opponent must sing a song."
    # Part of a sentence understood is not enough: the sentence is unread, whole.
    assert [e.kind for e in read_sentence("Power +2 and the moon turns blue.")] == [UNREAD]


def test_listed_phrases_read_with_their_numbers_and_conditions():
    (power,) = read_sentence("Power +2 while with Tarkin.")
    assert (power.kind, power.amount, power.condition.kind, power.condition.subject) == (
        "power",
        2,
        "with",
        "Tarkin",
    )
    (deploy,) = read_sentence("Deploy -2 on Tatooine.")
    assert (deploy.kind, deploy.amount, deploy.condition.kind, deploy.condition.subject) == (
        "deploy-cost",
        -2,
        "at",
        "Tatooine",
    )
    (forfeit,) = read_sentence("Forfeit +1 at a Hoth site.")
    assert (forfeit.amount, forfeit.condition.subject) == (1, "a Hoth site")
    (unless,) = read_sentence("Immune to attrition < 4 unless Vader here.")
    assert unless.condition.negated and unless.condition.kind == "here"


def test_an_empty_or_none_text_has_no_effects():
    assert read_card(CardText("x", "X", "Character", gametext="")) == ()
    assert read_card(CardText("x", "X", "Character", gametext="<none>")) == ()


@pytest.mark.parametrize(
    "text",
    [
        "a" * 100_000,
        "Power +2 while with Tarkin. " * 4_000,
        "Immune to attrition < 5 (< 6 (< 7 (< 8 " * 2_500,
        "Adds 2 to power, " * 6_000,
        "\ud800\udfff\ud800 Power +2. " * 5_000,
        "(" * 50_000 + ")" * 50_000,
        "a.a." * 25_000,
        "Eject! " * 14_000,
    ],
    ids=[
        "one-word",
        "repeated",
        "nested-brackets",
        "one-long-list",
        "lone-surrogates",
        "brackets",
        "dots",
        "marks",
    ],
)
def test_hostile_text_ends_fast_and_keeps_what_it_could_not_read(text):
    # CPU time, with room for a loaded CI machine: a reader that backtracked or looped on such text would take
    # minutes, not a second (each of these reads in about 10 ms here)
    started = time.process_time()
    effects = read_card(CardText("x", "X", "Character", gametext=text), protected_titles(["Eject! Eject!"]))
    assert time.process_time() - started < 2.0
    assert effects  # never dropped
    if len(text) > MAX_TEXT:
        assert effects[-1].kind == UNREAD and effects[-1].sentence == text[MAX_TEXT:]
