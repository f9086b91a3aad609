"""Each limit of the collection files (decks/collection/io/limits.py) and of applying them
(decks/collection/services.py) at its exact edge: the limit itself accepted, one past it refused."""

import pytest

from cardsdb.api.errors import ApiError
from decks.collection import services as collection
from decks.collection.io import Change, CollectionFileError, read_csv, read_json, read_text
from decks.collection.io.limits import MAX_BYTES, MAX_COLUMNS, MAX_FIELD_CHARS, MAX_LINES, MAX_QUANTITY
from decks.collection.io.text import as_text


def refused(call, *args, **kwargs) -> str:
    with pytest.raises(CollectionFileError) as caught:
        call(*args, **kwargs)
    return caught.value.code


def problem_codes(result) -> list[str]:
    return [p.code for p in result.problems]


# ---- the whole file ----


def test_bytes_at_the_limit_are_read_one_more_is_refused():
    assert len(as_text(b"x" * MAX_BYTES)) == MAX_BYTES
    assert refused(as_text, b"x" * (MAX_BYTES + 1)) == "collection-too-large"


def test_text_is_measured_in_utf8_bytes():
    wide = "é" * (MAX_BYTES // 2)  # two bytes each
    assert as_text(wide) == wide
    assert refused(as_text, wide + "x") == "collection-too-large"


def test_lines_at_the_limit_are_read_one_more_is_refused():
    at_limit = "\n".join(["x"] * MAX_LINES)
    assert as_text(at_limit).count("\n") + 1 == MAX_LINES
    assert as_text(at_limit + "\n") == at_limit + "\n"  # the last line's own newline is not one more line
    assert refused(as_text, at_limit + "\nx") == "collection-too-large"


def test_json_items_at_the_limit_are_read_one_more_is_refused():
    at_limit = "[" + ",".join(["0"] * MAX_LINES) + "]"  # one line; each item a line problem, read cheaply
    assert len(read_json(at_limit).problems) == MAX_LINES
    assert refused(read_json, at_limit[:-1] + ",0]") == "collection-too-large"


# ---- the CSV header ----


def header(width: int) -> str:
    return ",".join(["Count", "Name"] + [f"extra {i}" for i in range(width - 2)])


def test_a_header_of_max_columns_is_read_one_more_is_refused():
    result = read_csv(header(MAX_COLUMNS) + "\n" + "2,Vader" + "," * (MAX_COLUMNS - 2) + "\n")
    assert [(r.name, r.quantity) for r in result.rows] == [("Vader", 2)]
    assert len(result.ignored_columns) == MAX_COLUMNS - 2
    assert refused(read_csv, header(MAX_COLUMNS + 1) + "\n2,Vader\n") == "collection-too-large"


def test_a_header_name_of_max_characters_is_read_one_more_is_refused():
    name = "x" * MAX_FIELD_CHARS
    assert read_csv(f"Count,Name,{name}\n1,Vader,\n").ignored_columns == [name]
    assert refused(read_csv, f"Count,Name,{name}y\n1,Vader,\n") == "collection-columns"


# ---- one line ----


def test_a_field_of_max_characters_is_read_one_more_is_a_problem():
    name = "x" * MAX_FIELD_CHARS
    result = read_csv(f"Count,Name\n1,{name}\n1,{name}y\n")
    assert [r.name for r in result.rows] == [name]
    assert [(p.line, p.code) for p in result.problems] == [(3, "field-too-long")]


@pytest.mark.parametrize("reader", [read_csv, read_json])
def test_the_quantity_limit_is_accepted_one_more_is_a_problem(reader):
    if reader is read_csv:
        result = read_csv(f"Count,Name\n{MAX_QUANTITY},Vader\n{MAX_QUANTITY + 1},Vader\n")
    else:
        result = read_json(f'[{{"count": {MAX_QUANTITY}, "name": "Vader"}}, {{"count": {MAX_QUANTITY + 1}, '
                           f'"name": "Vader"}}]')  # fmt: skip
    assert [r.quantity for r in result.rows] == [MAX_QUANTITY]
    assert problem_codes(result) == ["bad-quantity"]


def test_signed_quantities_reach_the_limit_both_ways():
    result = read_text(f"{MAX_QUANTITY} Vader\n-{MAX_QUANTITY} Vader\n{MAX_QUANTITY + 1} Vader\n"
                       f"-{MAX_QUANTITY + 1} Vader\n")  # fmt: skip
    assert [r.quantity for r in result.rows] == [MAX_QUANTITY, -MAX_QUANTITY]
    assert [(p.line, p.code) for p in result.problems] == [(3, "bad-quantity"), (4, "bad-quantity")]


def test_a_json_key_of_40_characters_is_read_one_more_is_ignored():
    at_limit, past = "quantity".ljust(40), "quantity".ljust(41)  # keys are folded: spaces trimmed
    result = read_json(f'[{{"name": "Vader", "{at_limit}": 3}}, {{"name": "Vader", "{past}": 3}}]')
    assert [r.quantity for r in result.rows] == [3]
    assert problem_codes(result) == ["bad-quantity"]  # the second item's quantity was not read


# ---- applying: a line's range and the number of changes ----


def change(before: int, after: int) -> Change:
    return Change((1, "", "", "", ""), before, after, (2,))


def test_a_line_may_hold_0_to_max_quantity():
    assert collection.out_of_range([change(1, 0), change(0, MAX_QUANTITY)]) == []
    assert [p.code for p in collection.out_of_range([change(1, -1), change(0, MAX_QUANTITY + 1)])] == [
        "below-zero",
        "bad-quantity",
    ]


def test_an_import_may_change_max_changes_lines(monkeypatch):
    monkeypatch.setattr(collection, "MAX_CHANGES", 3)
    wanted = [((card, "", "", "", ""), 1, card) for card in range(1, 4)]
    assert len(collection._plan({}, wanted, "add")) == 3
    with pytest.raises(ApiError) as caught:
        collection._plan({}, [*wanted, ((4, "", "", "", ""), 1, 4)], "add")
    assert "At most 3 lines" in str(caught.value.detail)


def test_an_edit_may_apply_max_changes_changes(monkeypatch, user):
    monkeypatch.setattr(collection, "MAX_CHANGES", 3)
    changes = [collection.Delta(card_id=10**9 + i, delta=1) for i in range(3)]
    with pytest.raises(ApiError) as caught:  # counted, then looked up: no such cards
        collection.apply_changes(user, changes, source="edit")
    assert "no such card" in str(caught.value.detail)
    with pytest.raises(ApiError) as caught:
        collection.apply_changes(user, [*changes, collection.Delta(card_id=1, delta=1)], source="edit")
    assert "At most 3 changes" in str(caught.value.detail)
