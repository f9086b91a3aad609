"""The deck list readers stay bounded whatever they are given (decks.formats_io.limits): sizes refused before
parsing, XML depth, copies per card in every format, line length, and closest-card suggestions only for the
first unread lines. Pure Python, no database."""

import importlib
import re

import pytest

from decks.formats_io import gemp, holotable, lackey, lines
from decks.formats_io.base import MAX_COUNT, DictResolver
from decks.formats_io.detect import read_any
from decks.formats_io.limits import (
    MAX_CHARS,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_SUGGESTED_LINES,
    MAX_XML_DEPTH,
    SuggestionBudget,
    TooLarge,
)

CARDS = [
    ("1_168", "•Darth Vader", "Dark", ()),
    ("1_194", "Stormtrooper", "Dark", ()),
    ("1_19", "•Luke Skywalker", "Light", ()),
]


@pytest.fixture(scope="module")
def resolver():
    return DictResolver(CARDS)


class CountingResolver(DictResolver):
    """Counts the look-ups that asked for the closest cards (the costly part for the database's resolver)."""

    def __init__(self, cards):
        super().__init__(cards)
        self.suggested = 0

    def by_name(self, name, *, side=None, set_hint=None, suggest=True):
        match = super().by_name(name, side=side, set_hint=set_hint, suggest=suggest)
        self.suggested += suggest and match.card_id is None and not match.ambiguous
        return match


# -- sizes, before any parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "unit", "limit"),
    [
        ("x" * (MAX_CHARS + 1), "characters", MAX_CHARS),
        ("\n" * MAX_LINES, "lines", MAX_LINES),  # MAX_LINES newlines: one line more than the limit
    ],
    ids=["characters", "lines"],
)
def test_a_list_over_the_limits_is_refused_before_parsing(resolver, text, unit, limit):
    with pytest.raises(TooLarge) as refused:
        read_any(text, resolver)
    assert (refused.value.unit, refused.value.limit) == (unit, limit)
    assert f"at most {limit:,}" in str(refused.value) and refused.value.code == "decklist-too-large"


def test_a_list_at_the_limits_is_read(resolver):
    at_lines = "\n".join(["1x Stormtrooper"] * MAX_LINES)
    assert sum(e.count for e in read_any(at_lines, resolver).entries) == MAX_LINES
    padded = "1x Stormtrooper" + " " * (MAX_CHARS - len("1x Stormtrooper"))
    assert len(padded) == MAX_CHARS and read_any(padded, resolver).entries[0].card_id == "1_194"


def test_an_unknown_format_of_any_type_is_a_value_error(resolver):
    for format in ("nope", {}, ["text"], 3):
        with pytest.raises(ValueError):
            read_any("1x Stormtrooper", resolver, format=format)


# -- XML depth -----------------------------------------------------------------------------------------------


def nested(depth: int, root: str = "deck") -> str:
    return f"<{root}>" + "<card>" * (depth - 1) + "</card>" * (depth - 1) + f"</{root}>"


def test_gemp_xml_nested_2000_deep_is_a_too_deep_problem(resolver):
    result = gemp.read_xml(nested(2000), resolver)  # was a RecursionError in ET.tostring
    assert [p.code for p in result.problems] == ["too-deep", "empty-deck"]
    assert f"at most {MAX_XML_DEPTH}" in result.problems[0].message and not result.entries


def test_gemp_xml_at_the_depth_limit_is_read_as_before(resolver):
    deepest = '<deck><card blueprintId="1_168">' + "<x>" * (MAX_XML_DEPTH - 2) + "</x>" * (MAX_XML_DEPTH - 2)
    result = gemp.read_xml(deepest + "</card></deck>", resolver)
    assert [(e.card_id, e.count) for e in result.entries] == [("1_168", 1)]
    assert "too-deep" not in {p.code for p in result.problems}


def test_lackey_dek_nested_2000_deep_is_a_too_deep_problem(resolver):
    document = '<deck version="0.8"><superzone name="Deck">' + "<card>" * 2000 + "</card>" * 2000
    result = lackey.read_lackey_dek(document + "</superzone></deck>", resolver)
    assert [p.code for p in result.problems] == ["too-deep", "empty-deck"]


# -- copies of one card: at most MAX_COUNT in every format --------------------------------------------------


def test_gemp_list_counts_stop_at_the_text_lists_limit(resolver):
    at_limit = gemp.read_list(",".join(["1_168"] * MAX_COUNT), resolver)
    assert [(e.card_id, e.count) for e in at_limit.entries] == [
        ("1_168", MAX_COUNT)
    ] and not at_limit.problems
    over = gemp.read_list(",".join(["1_168"] * 100_000) + "|1_194", resolver)
    assert [p.code for p in over.problems] == ["bad-count"]
    assert "100,000 copies of 1_168" in over.problems[0].message
    assert [(e.card_id, e.zone) for e in over.entries] == [("1_194", "outside")]  # the rest is still read


def test_gemp_xml_counts_stop_at_the_limit(resolver):
    copies = '<card blueprintId="1_194"/>\n' * (MAX_COUNT + 1)
    result = gemp.read_xml(f"<deck>\n{copies}</deck>", resolver)
    assert [p.code for p in result.problems] == ["bad-count", "empty-deck"] and result.problems[0].line == 2


@pytest.mark.parametrize("count", [MAX_COUNT + 1, 100_000])
def test_every_line_format_refuses_the_same_counts(resolver, count):
    written = {
        "text": f"{count}x Stormtrooper",
        "swccgdb": f"Side: Dark\n{count}x Stormtrooper",
        "lackey-txt": f"{count}\tStormtrooper",
        "holotable": f'card "/starwars/Premiere-Dark/t_stormtrooper" {count}',
    }
    for format, text in written.items():
        result = read_any(text, resolver, format=format)
        assert "bad-count" in {p.code for p in result.problems}, format
        assert not result.entries, format


def test_lackey_dek_counts_stop_at_the_limit(resolver):
    card = "<card><name>Stormtrooper</name><set>1</set></card>"
    document = f'<deck version="0.8"><superzone name="Deck">{card * (MAX_COUNT + 1)}</superzone></deck>'
    assert "bad-count" in {p.code for p in lackey.read_lackey_dek(document, resolver).problems}


# -- long lines and line patterns ---------------------------------------------------------------------------


@pytest.mark.parametrize("format", ["text", "lackey-txt", "swccgdb"])
def test_a_line_longer_than_a_card_line_is_reported_not_matched(resolver, format):
    long = "2x Storm" + " " * MAX_LINE_CHARS + "trooper"
    result = read_any(f"Side: Dark\n{long}\n1x Stormtrooper", resolver, format=format)
    problem = next(p for p in result.problems if p.line == 2)
    assert problem.code == "bad-line" and f"at most {MAX_LINE_CHARS}" in problem.message
    assert len(problem.text) <= MAX_LINE_CHARS + 1
    assert [(e.card_id, e.line) for e in result.entries] == [("1_194", 3)]


def test_runs_of_spaces_inside_a_line_read_as_one(resolver):
    result = read_any("2x   Darth     Vader\n== Starting \t ==\n1    Stormtrooper", resolver, format="text")
    assert [(e.card_id, e.count, e.zone) for e in result.entries] == [
        ("1_168", 2, "deck"),
        ("1_194", 1, "starting"),
    ]
    assert result.problems == []


def test_decorated_headers_keep_their_titles():
    assert lines.header_title("== Sites ==") == "Sites"
    assert lines.header_title("=== Outside deck (3) ===") == "Outside deck (3)"
    assert lines.header_title("--Effects--") == "Effects"


def test_patterns_over_the_whole_text_do_not_run_across_lines():
    """ "^\\s*" under re.M would run over every following blank line from every line start: quadratic."""
    modules = (importlib.import_module("decks.formats_io.detect"), holotable)
    multiline = [
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, re.Pattern) and value.flags & re.M
    ]
    assert len(multiline) >= 6
    for pattern in multiline:
        assert not re.search(r"\\s[*+]", pattern.pattern.split("$")[0]), pattern.pattern


# -- closest-card suggestions: the first unread lines only --------------------------------------------------


def test_only_the_first_unread_lines_get_suggestions_but_every_line_is_reported():
    counting = CountingResolver(CARDS)
    unread = 3 * MAX_SUGGESTED_LINES
    text = "\n".join(f"1x Darth Vadr {i}" for i in range(unread)) + "\n1x Stormtrooper"
    result = read_any(text, counting, format="text")
    problems = [p for p in result.problems if p.code == "unknown-card-name"]
    assert [p.line for p in problems] == list(range(1, unread + 1))  # none dropped, each with its line
    assert all(p.candidates for p in problems[:MAX_SUGGESTED_LINES])
    assert not any(p.candidates for p in problems[MAX_SUGGESTED_LINES:])
    assert "first 20 unread lines of the list only" in problems[-1].message
    assert counting.suggested == MAX_SUGGESTED_LINES  # the old readers looked every line up with suggestions
    assert result.entries[0].card_id == "1_194"


def test_a_shared_budget_spans_several_lists():
    budget = SuggestionBudget(5, scope="batch")
    first = read_any("1x Darth Vadr\n" * 3, DictResolver(CARDS), format="text", suggestions=budget)
    second = read_any("1x Darth Vadr\n" * 3, DictResolver(CARDS), format="text", suggestions=budget)
    suggested = [bool(p.candidates) for r in (first, second) for p in r.problems if p.line]
    assert suggested == [True] * 5 + [False]
    assert "of the batch only" in second.problems[-2].message


def test_lackey_lines_share_the_same_budget():
    counting = CountingResolver(CARDS)
    text = "\n".join(f"1\tDarth Vadr {i}" for i in range(MAX_SUGGESTED_LINES + 5))
    result = read_any(text, counting, format="lackey-txt")
    assert counting.suggested == MAX_SUGGESTED_LINES
    assert len([p for p in result.problems if p.code == "unknown-card-name"]) == MAX_SUGGESTED_LINES + 5
