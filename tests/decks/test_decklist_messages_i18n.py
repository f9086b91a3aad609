"""Issue #25: a deck list's reading problems on the pages are in the page's language; the API keeps English.

Every reader words its problems as sentences (formats_io.words.Said): in English they must read exactly as the
API's `message`, and in Italian and Polish each must be translated (a template without a translation would
show English on the page)."""

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from decks.formats_io.base import DictResolver
from decks.formats_io.detect import read_any
from decks.formats_io.limits import SuggestionBudget, TooLarge, check_size
from decks.formats_io.words import Said
from decks.legality.decklist_messages import problem_message, said_text

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
CARDS = [
    ("1_11", "•Han Solo", "Light", ["Han"]),
    ("1_168", "•Darth Vader", "Dark", ["Vader"]),
    ("2_1", "•Boba Fett", "Dark", []),
    ("5_91", "•Boba Fett", "Light", []),
    ("7_1", "•Tarkin", "Dark", []),
    ("7_2", "•Tarkin", "Dark", []),
]
HOLOTABLE_CARD = 'card "/starwars/Premiere-Dark/t_darthvader" "Darth Vader (6)"'
# Lists that make every reader say something: (text, format or None to detect it, side)
LISTS = [
    ("Deck: x\n2x Han Solu\n3x\nSide: Purple\n0x Tarkin\n1x Boba Fett\n" + "x" * 600, "text", None),
    ("1x Han Solo\n1x Qqqqzzz\n", "text", "Dark"),
    ("1x Tarkin\n1x Boba Fett\n", "text", "Dark"),
    ("1x Vader (V)\n1x Darth Vader\n", "text", "Light"),
    ("", "text", None),
    ("1_11,9_999|1_168|2_1", "gemp-list", None),
    ('<deck><card blueprintId="9_9" title="X"/><card/><foo/></deck>', "gemp-xml", None),
    ('<!DOCTYPE x><deck name="x"></deck>', "gemp-xml", None),
    ("<deck>", "gemp-xml", None),
    ("<cards/>", "gemp-xml", None),
    (
        '<deck><card blueprintId="1_11"><card blueprintId="1_11"><x><y><z><w><v><u/></v></w></z></y></x></card></card></deck>',
        "gemp-xml",
        None,
    ),
    ("back foo.gif\n" + HOLOTABLE_CARD + " 1 2\nnonsense line\n", "holotable", None),
    (
        '<deck><meta><card><name>X</name></card></meta><superzone name="Odd"><card/><foo/>'
        "<card><name>Han Solu</name><set>ANH</set></card><card><name>Tarkin</name></card>"
        "<card><name>Tarkin</name></card></superzone><bar/></deck>",
        "lackey-dek",
        None,
    ),
    ("<zone/>", "lackey-dek", None),
    ("4\tHan Solu\nOdd:\n1\tQqqqzzz\nnonsense\n0\tHan Solo\n", "lackey-txt", None),
    ("1\tHan Solo\n", "lackey-txt", "Dark"),
    ("1x Darth Vader (X)\n2 Boba Fett\n1x Tarkin\n", "lackey-txt", None),
    ("1_11," * 100 + "|" + "1_168," * 100, "gemp-list", None),
    ('<deck><card blueprintId="1_11" title="Han"/><card title="Han"/></deck>', "gemp-xml", None),
    ("1\tTarkin\n1\tTarkin\n2\tBoba Fett\n", "lackey-txt", None),
]


def problems():
    found = []
    resolver = DictResolver(CARDS)
    for text, format, side in LISTS:
        found += read_any(text, resolver, format=format, side=side, suggestions=SuggestionBudget(1)).problems
    return found


def templates(words) -> set[str]:
    """The templates of a problem's sentences and of the phrases nested in them."""
    found = set()
    for said in words:
        found.add(said.template)
        found |= templates(v for _name, v in said.params if isinstance(v, Said))
    return found


def test_every_problem_reads_in_english_as_the_api_gives_it():
    found = problems()
    assert len(set().union(*(templates(p.words) for p in found))) >= 45  # most of the readers' templates
    with translation.override("en"):
        for problem in found:
            assert problem.words, problem
            assert problem_message(problem) == problem.message


def written_templates() -> set[str]:
    """Every template the readers mark (`gettext_noop("…")` in decks/formats_io/), read from their source."""
    found = set()
    for path in (Path(__file__).parents[2] / "decks" / "formats_io").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "gettext_noop" and node.args:
                found.add(node.args[0].value)
    return found


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_every_template_the_readers_write_has_a_translation_with_the_same_values(lang):
    written = written_templates()
    assert len(written) > 60
    with translation.override(lang):
        for template in written:
            translated = translation.gettext(template)
            assert translated != template, template
            assert sorted(PLACEHOLDER.findall(translated)) == sorted(PLACEHOLDER.findall(template)), template


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_every_problem_is_said_in_the_pages_language(lang):
    with translation.override(lang):
        for problem in problems():
            assert problem_message(problem) != problem.message


def test_a_too_large_list_is_said_in_the_pages_language():
    with pytest.raises(TooLarge) as caught:
        check_size("x" * 10, max_chars=5)
    with translation.override("en"):
        assert said_text(caught.value.words) == str(caught.value)
    with translation.override("it"):
        assert said_text(caught.value.words).startswith("La lista del mazzo ha 10 caratteri")
