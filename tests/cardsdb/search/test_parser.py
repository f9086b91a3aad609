"""Tests for the search query parser (pure Python: no Django, no database)."""

import pickle

import pytest

from cardsdb.search.parser import parse
from cardsdb.search.syntax import And, Not, Or, QuerySyntaxError, Term, iter_terms


def word(value, pos, **flags):
    return Term(None, ":", value, pos, **flags)


def field(name, op, value, pos, **flags):
    return Term(name, op, value, pos, **flags)


def error_of(query):
    with pytest.raises(QuerySyntaxError) as info:
        parse(query)
    return info.value


# --- empty queries ---


@pytest.mark.parametrize("query", ["", " ", "  \t\n ", "\u00a0"])
def test_empty_or_blank_query_is_none(query):
    assert parse(query) is None


# --- bare words, phrases, exact names ---


def test_single_bare_word():
    assert parse("vader") == word("vader", 0)


def test_leading_whitespace_shifts_position():
    assert parse("   vader ") == word("vader", 3)


@pytest.mark.parametrize(
    "query", ["Vader's", "4-LOM", "2X-7KPR", "•Luke", "½", "π", "◇Hoth", "Séance", "R2-D2", "a!b", "x-"]
)
def test_bare_word_characters_are_kept_verbatim(query):
    assert parse(query) == word(query, 0)


def test_juxtaposition_is_and_with_positions():
    assert parse("darth  vader •Luke") == And((word("darth", 0), word("vader", 7), word("•Luke", 13)))


def test_quoted_phrase():
    assert parse('"Darth Vader"') == word("Darth Vader", 0, quoted=True)


def test_quoted_phrase_escapes():
    # \" is a quote, \\ a backslash; any other backslash stays as typed.
    assert parse(r'"say \"hi\" \\ a\b"') == word(r'say "hi" \ a\b', 0, quoted=True)


def test_quoted_phrase_keeps_parentheses_and_or():
    assert parse('"(a or b)"') == word("(a or b)", 0, quoted=True)


def test_quote_ends_a_bare_word():
    assert parse('abc"def ghi"') == And((word("abc", 0), word("def ghi", 3, quoted=True)))


def test_exact_name_word():
    assert parse("!Vader") == word("Vader", 0, exact=True)


def test_exact_name_phrase():
    assert parse('x !"Darth Vader"') == And((word("x", 0), word("Darth Vader", 2, quoted=True, exact=True)))


def test_exact_name_takes_field_like_text_literally():
    assert parse("!t:x") == word("t:x", 0, exact=True)


def test_quoted_or_is_a_phrase_not_an_operator():
    assert parse('a "or" b') == And((word("a", 0), word("or", 2, quoted=True), word("b", 7)))


def test_and_is_just_a_word():
    assert parse("a and b") == And((word("a", 0), word("and", 2), word("b", 6)))


# --- field terms ---


@pytest.mark.parametrize("op", [":", "=", "!=", "<", "<=", ">", ">="])
def test_every_operator(op):
    assert parse(f"power{op}4") == field("power", op, "4", 0)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("destiny:2", field("destiny", ":", "2", 0)),
        ("set:v21", field("set", ":", "v21", 0)),
        ("order:power", field("order", ":", "power", 0)),
        ("T:Effect", field("t", ":", "Effect", 0)),
        ("Power>=4", field("power", ">=", "4", 0)),
        ("_x1:y", field("_x1", ":", "y", 0)),
        ("power:-1", field("power", ":", "-1", 0)),
        ("o:a:b", field("o", ":", "a:b", 0)),
        ("o:1/2", field("o", ":", "1/2", 0)),
        ("name:•Luke", field("name", ":", "•Luke", 0)),
        ("power>>3", field("power", ">", ">3", 0)),
    ],
)
def test_field_terms(query, expected):
    assert parse(query) == expected


def test_field_with_quoted_value():
    assert parse('t:"defensive shield"') == field("t", ":", "defensive shield", 0, quoted=True)


def test_field_with_quoted_value_escape():
    assert parse(r'name:"\"Big\" Luke"') == field("name", ":", '"Big" Luke', 0, quoted=True)


def test_field_value_stops_at_parenthesis():
    assert parse("(t:effect)") == field("t", ":", "effect", 1)


def test_field_position_is_keyword_start():
    assert parse("vader power>=4") == And((word("vader", 0), field("power", ">=", "4", 6)))


def test_word_that_is_not_a_keyword_is_bare():
    # Non-ASCII letters cannot start a keyword, so this stays one bare word.
    assert parse("é:x") == word("é:x", 0)


def test_regex_with_colon():
    assert parse("name:/^dar.*vader$/") == field("name", ":", "^dar.*vader$", 0, regex=True)


def test_regex_with_equals():
    assert parse("o=/a b/") == field("o", "=", "a b", 0, regex=True)


def test_regex_keeps_escapes_verbatim():
    assert parse(r"name:/a\/b\d/") == field("name", ":", r"a\/b\d", 0, regex=True)


def test_regex_followed_by_paren_and_term():
    assert parse("(name:/x/) y") == And((field("name", ":", "x", 1, regex=True), word("y", 11)))


def test_slash_inside_bare_word_is_not_regex():
    assert parse("1/2 /") == And((word("1/2", 0), word("/", 4)))


# --- negation ---


def test_negated_field():
    assert parse("-t:effect") == Not(field("t", ":", "effect", 1), 0)


def test_negated_word_phrase_and_exact():
    assert parse('-a -"b c" -!d') == And(
        (
            Not(word("a", 1), 0),
            Not(word("b c", 4, quoted=True), 3),
            Not(word("d", 11, exact=True), 10),
        )
    )


def test_negated_group():
    assert parse("-(a or b)") == Not(Or((word("a", 2), word("b", 7))), 0)


def test_double_negation():
    assert parse("--x") == Not(Not(word("x", 2), 1), 0)


def test_hyphen_inside_word_does_not_negate():
    assert parse("a-b") == word("a-b", 0)


def test_not_shorthand():
    assert parse("not:foil") == Not(field("is", ":", "foil", 0), 0)


def test_not_shorthand_keyword_is_case_insensitive_and_positioned():
    assert parse("x NOT:foil") == And((word("x", 0), Not(field("is", ":", "foil", 2), 2)))


def test_not_shorthand_quoted_and_negated():
    assert parse('-not:"a b"') == Not(Not(field("is", ":", "a b", 1, quoted=True), 1), 0)


def test_not_with_other_operator_is_an_ordinary_field():
    assert parse("not=x") == field("not", "=", "x", 0)


# --- or, precedence, parentheses ---


def test_or():
    assert parse("a or b") == Or((word("a", 0), word("b", 5)))


@pytest.mark.parametrize("keyword", ["or", "OR", "Or", "oR"])
def test_or_any_case(keyword):
    assert parse(f"a {keyword} b") == Or((word("a", 0), word("b", 5)))


def test_and_binds_tighter_than_or():
    assert parse("a b or c") == Or((And((word("a", 0), word("b", 2))), word("c", 7)))


def test_and_binds_tighter_than_or_on_both_sides():
    assert parse("a or b c or d") == Or((word("a", 0), And((word("b", 5), word("c", 7))), word("d", 12)))


def test_parentheses_override_precedence():
    assert parse("a (b or c)") == And((word("a", 0), Or((word("b", 3), word("c", 8)))))


def test_or_directly_against_parentheses():
    assert parse("(a)or(b)") == Or((word("a", 1), word("b", 6)))


def test_nested_parentheses():
    assert parse("((a or (b c)) d)") == And(
        (Or((word("a", 2), And((word("b", 8), word("c", 10))))), word("d", 14))
    )


def test_redundant_parentheses_collapse():
    assert parse("((a))") == word("a", 2)


def test_same_kind_groups_are_flattened():
    assert parse("a (b c)") == And((word("a", 0), word("b", 3), word("c", 5)))
    assert parse("a or (b or c)") == Or((word("a", 0), word("b", 6), word("c", 11)))


def test_or_as_field_name_is_a_field():
    assert parse("or:x") == field("or", ":", "x", 0)


def test_complex_query():
    query = 'power>=4 -(t:effect or t:interrupt) (name:/^dar/ or !"Luke") not:foil'
    assert parse(query) == And(
        (
            field("power", ">=", "4", 0),
            Not(Or((field("t", ":", "effect", 11), field("t", ":", "interrupt", 23))), 9),
            Or((field("name", ":", "^dar", 37, regex=True), word("Luke", 52, quoted=True, exact=True))),
            Not(field("is", ":", "foil", 61), 61),
        )
    )


def test_deep_but_reasonable_nesting():
    assert parse("(" * 50 + "a" + ")" * 50) == word("a", 50)


# --- errors: message and position ---


@pytest.mark.parametrize(
    ("query", "message", "position"),
    [
        ("(a", "Unclosed parenthesis", 0),
        ("x (a (b) c", "Unclosed parenthesis", 2),
        ("((a)", "Unclosed parenthesis", 0),
        ("(", "Unclosed parenthesis", 0),
        ("a)", "Unexpected ')'", 1),
        (")", "Unexpected ')'", 0),
        ("(a)) b", "Unexpected ')'", 3),
        ('"abc', "Unterminated quoted phrase", 0),
        ('a "b\\"', "Unterminated quoted phrase", 2),
        ('t:"abc', "Unterminated quoted phrase", 2),
        ('!"abc', "Unterminated quoted phrase", 1),
        ('""', "Empty quoted phrase", 0),
        ('name:""', "Empty quoted phrase", 5),
        ("name:/abc", "Unterminated regular expression", 5),
        ("name:/abc\\/", "Unterminated regular expression", 5),
        ("name://", "Empty regular expression", 5),
        ("name:/a/i", "Expected a space after the regular expression", 8),
        ("()", "Empty parentheses", 0),
        ("a ( ) b", "Empty parentheses", 2),
        ("or a", "Expected a term before 'or'", 0),
        ("a or", "Expected a term after 'or'", 2),
        ("a or or b", "Expected a term after 'or'", 2),
        ("(or a)", "Expected a term before 'or'", 1),
        ("(a or)", "Expected a term after 'or'", 3),
        ("or", "Expected a term before 'or'", 0),
        ("a -", "Expected a term after '-'", 2),
        ("- a", "Expected a term after '-'", 0),
        ("(a -)", "Expected a term after '-'", 3),
        ("-or a", "Expected a term after '-'", 0),
        ("power>", "Expected a value after 'power>'", 6),
        ("power>=", "Expected a value after 'power>='", 7),
        ("power>= 4", "Expected a value after 'power>='", 7),
        ("x Vader:", "Expected a value after 'Vader:'", 8),
        ("(t:)", "Expected a value after 't:'", 3),
        ("not:", "Expected a value after 'not:'", 4),
        ("!", "Expected a card name after '!'", 0),
        ("a ! b", "Expected a card name after '!'", 2),
        ("/abc/", "A /regular expression/ needs a field in front, as in name:/^dar/", 0),
        ("x /ab/", "A /regular expression/ needs a field in front, as in name:/^dar/", 2),
        ("power>/3/", "A /regular expression/ needs ':' or '=', not '>'", 6),
        ("name!=/x/", "A /regular expression/ needs ':' or '=', not '!='", 6),
    ],
)
def test_errors(query, message, position):
    error = error_of(query)
    assert (error.message, error.position) == (message, position)


def test_first_error_from_the_left_wins():
    # The parser pulls tokens lazily, so a later lexing problem does not mask an earlier one.
    assert error_of(') "abc').message == "Unexpected ')'"
    assert error_of('a or or "abc').position == 2


def test_too_deep_nesting_is_a_syntax_error_not_recursion_error():
    assert error_of("(" * 500 + "a" + ")" * 500).message == "Query is nested too deeply"
    assert error_of("-" * 500 + "a").message == "Query is nested too deeply"


def test_error_str_and_type():
    error = error_of("a)")
    assert isinstance(error, ValueError)
    assert str(error) == "Unexpected ')' (at position 1)"


def test_error_pickles():
    error = pickle.loads(pickle.dumps(QuerySyntaxError("Unclosed parenthesis", 3)))
    assert (error.message, error.position) == ("Unclosed parenthesis", 3)


# --- rendering and round trips ---


@pytest.mark.parametrize(
    ("query", "rendered"),
    [
        ("a  b", "a b"),
        ("(a b) or c", "a b or c"),
        ("a (b or c)", "a (b or c)"),
        ("-(a b)", "-(a b)"),
        ("-(a)", "-a"),
        ("not:foil", "-is:foil"),
        ('T:"x y"', 't:"x y"'),
        ("A OR b", "A or b"),
        ('"a\\"b"', '"a\\"b"'),
        ('"a\\b"', '"a\\\\b"'),
        ("!x", "!x"),
        ("name:/a\\/b/", "name:/a\\/b/"),
    ],
)
def test_to_query_is_canonical(query, rendered):
    tree = parse(query)
    assert str(tree) == rendered
    assert tree.to_query() == rendered


ROUND_TRIP_QUERIES = [
    "vader",
    "a b c",
    "a b or c",
    "a (b or c) -d",
    "-(a or b) --c",
    '"Darth Vader" !"Luke Skywalker" !Leia',
    'name:"\\"Big\\" \\\\ Luke"',
    "power>=4 destiny:2 ability<3 deploy<=2 forfeit>1 set!=v21 rarity=R1",
    "name:/^dar.*vader$/ o=/\\d+ \\/ x/",
    "4-LOM 2X-7KPR •Luke ½ π ◇Hoth Séance Vader's",
    "order:power -is:foil",
    'a "or" b "-x" "t:y" "/z/"',
    'o:"(a)" o:"/x"',
    "(a or b c) d",
]


@pytest.mark.parametrize("query", ROUND_TRIP_QUERIES)
def test_round_trip(query):
    tree = parse(query)
    assert parse(str(tree)) == tree


@pytest.mark.parametrize("query", ["not:foil", "((a b) c)", "a   or   b", "-(x)", "(a or (b c)) or d"])
def test_round_trip_is_stable_for_non_canonical_input(query):
    # Positions shift when spacing/shorthand changes, so compare the canonical text instead.
    text = str(parse(query))
    assert str(parse(text)) == text


@pytest.mark.parametrize(
    ("tree", "rendered"),
    [
        # Hand-built trees: values that would lex differently get quoted or escaped.
        (word("a b", 0), '"a b"'),
        (word("or", 0), '"or"'),
        (word("-x", 0), '"-x"'),
        (word("!x", 0), '"!x"'),
        (word("t:x", 0), '"t:x"'),
        (word("/x/", 0), '"/x/"'),
        (field("o", ":", "/x", 0), 'o:"/x"'),
        (field("o", ":", "", 0), 'o:""'),
        (word("a(b", 0, exact=True), '!"a(b"'),
        (field("name", ":", "a/b", 0, regex=True), "name:/a\\/b/"),
        (And((word("a", 0), And((word("b", 0), word("c", 0))))), "a (b c)"),
        (Or((word("a", 0), Or((word("b", 0), word("c", 0))))), "a or (b or c)"),
        (Or((And((word("a", 0), word("b", 0))), word("c", 0))), "a b or c"),
        (Not(And((word("a", 0), word("b", 0))), 0), "-(a b)"),
    ],
)
def test_rendering_hand_built_trees(tree, rendered):
    assert str(tree) == rendered


# --- iter_terms ---


def test_iter_terms_left_to_right():
    tree = parse("a (b or -c) not:d")
    assert [t.value for t in iter_terms(tree)] == ["a", "b", "c", "d"]
    assert [t.position for t in iter_terms(tree)] == [0, 3, 9, 12]


def test_iter_terms_single_term():
    term = word("x", 0)
    assert list(iter_terms(term)) == [term]


def test_nodes_are_immutable_and_hashable():
    tree = parse("a b or c")
    assert hash(tree) == hash(parse("a b or c"))
    with pytest.raises(AttributeError):
        tree.children = ()
