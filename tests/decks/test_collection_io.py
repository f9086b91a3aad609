"""Collection files: our column set round-trips exactly on every game; swccgdb's and MTG tools' columns are read;
hostile or oversized input is refused with a code before any work; every unread line is reported with its number
(and, for the first lines of a file, the closest cards)."""

import json

import pytest
from django.contrib.auth.models import User

from cardsdb.models import Card, Printing, Variant
from decks.collection import services as collection
from decks.collection.io import (
    COLUMNS,
    Change,
    CollectionFileError,
    Line,
    plan,
    read_collection,
    read_csv,
    read_json,
    read_text,
    write_csv,
    write_json,
)
from decks.collection.io.limits import (
    MAX_COLUMNS,
    MAX_FIELD_CHARS,
    MAX_LINES,
    MAX_QUANTITY,
    MAX_SUGGESTED_LINES,
)
from decks.models import CollectionItem

# ---- reading, no database ----


def codes(result) -> list[tuple[int, str]]:
    return [(p.line, p.code) for p in result.problems]


def test_our_columns_are_read_as_written():
    text = "game,card,name,set,variant,finish,condition,quantity\r\nswccg,1_168,•Darth Vader,1,,foil,NM,3\r\n"
    result = read_csv(text)
    assert result.format == "cardsdb" and not result.problems and not result.ignored_columns
    (row,) = result.rows
    assert (row.line, row.card, row.name, row.set, row.finish, row.condition, row.quantity) == (
        2, "1_168", "•Darth Vader", "1", "foil", "NM", 3,
    )  # fmt: skip


def test_swccgdb_inventory_export_is_read():
    text = "code,name,side,set,type,subtype,qty\n03001,2-1B (Too-Onebee),Light,Hoth,Character,Droid,2\n"
    result = read_csv(text)
    assert result.format == "swccgdb" and result.ignored_columns == ["type", "subtype"]
    (row,) = result.rows
    assert (row.card, row.name, row.side, row.set, row.quantity) == (
        "03001",
        "2-1B (Too-Onebee)",
        "Light",
        "Hoth",
        2,
    )


@pytest.mark.parametrize(
    ("header", "line"),
    [
        # Moxfield
        (
            "Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,Collector Number",
            '2,0,"Darth Vader",P,Near Mint,English,foil,,2024-01-01,168',
        ),
        # Deckbox (classic)
        (
            "Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed",
            "2,0,Darth Vader,P,168,Near Mint,English,foil,",
        ),
        # Archidekt: "Edition Code" wins over "Edition Name"
        (
            "Quantity,Name,Finish,Condition,Date Added,Language,Edition Name,Edition Code,Collector Number",
            "2,Darth Vader,Foil,NM,2024-01-01,English,Premiere Limited,P,168",
        ),
        # upper case headers
        ("QUANTITY,NAME,SET,FOIL,CONDITION", "2,Darth Vader,P,true,nm"),
    ],
    ids=["moxfield", "deckbox", "archidekt", "upper-case"],
)
def test_foreign_columns_are_read(header, line):
    result = read_csv(f"{header}\n{line}\n")
    assert result.format == "other" and not result.problems
    (row,) = result.rows
    assert (row.name, row.set, row.finish, row.condition, row.quantity) == (
        "Darth Vader",
        "P",
        "foil",
        "NM",
        2,
    )


def test_every_bad_line_is_reported_with_its_number_and_the_good_lines_are_kept():
    text = (
        "Count,Name,Condition,Foil\n"
        "2,Darth Vader,,\n"  # 2: fine
        "x,Luke,,\n"  # 3: bad quantity
        ',"Han\nSolo",,\n'  # 4-5: a quoted line break in a name
        "1,,,\n"  # 6: no card
        "1,Leia,Mangled,\n"  # 7: unknown condition
        "1,Leia,,holo\n"  # 8: unknown finish
        "1,Leia,,,extra,fields\n"  # 9: more fields than the header
        f"{10**30},Leia,,\n"  # 10: a huge number
        "-1,Leia,,\n"  # 11: negative in a file
        f"1,{'A' * (MAX_FIELD_CHARS + 1)},,\n"  # 12: a field too long
    )
    result = read_csv(text)
    assert [r.line for r in result.rows] == [2]
    assert codes(result) == [
        (3, "bad-quantity"),
        (4, "bad-field"),
        (6, "no-card"),
        (7, "bad-condition"),
        (8, "bad-finish"),
        (9, "bad-line"),
        (10, "bad-quantity"),
        (11, "bad-quantity"),
        (12, "field-too-long"),
    ]
    assert all(p.message.startswith(f"Line {p.line}") for p in result.problems)


def test_an_unclosed_quote_is_a_reported_line_not_a_crash():
    result = read_csv('Count,Name\n2,Darth Vader\n1,"Luke\n')
    assert [r.name for r in result.rows] == ["Darth Vader"]
    assert [p.code for p in result.problems] == ["bad-line"]


def test_a_utf8_bom_is_skipped():
    result = read_collection("\ufeffCount,Name\n1,Darth Vader\n".encode())
    assert [r.name for r in result.rows] == ["Darth Vader"]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"Count,Name\n1,Darth \xff Vader\n", "bad-unicode"),
        ("Count,Name\n1,Darth \ud800 Vader\n", "bad-unicode"),
        ("Count,Name\n1,Darth\x00Vader\n", "bad-unicode"),
        ("Name,Side\nDarth Vader,Dark\n", "collection-columns"),
        ("Count,Side\n1,Dark\n", "collection-columns"),
        ("", "collection-columns"),
        (",".join(["Count", "Name"] + [f"c{i}" for i in range(MAX_COLUMNS)]) + "\n", "collection-too-large"),
        ("Count,Name\n" + "1,a\n" * MAX_LINES, "collection-too-large"),
        (b"Count,Name\n" + b"1," + b"a" * 3_000_000 + b"\n", "collection-too-large"),
    ],
    ids=["bad-utf8", "lone-surrogate", "nul", "no-quantity", "no-card", "empty", "columns", "lines", "bytes"],
)
def test_hostile_files_are_refused_with_a_code(data, code):
    with pytest.raises(CollectionFileError) as refused:
        read_collection(data, kind="csv")
    assert refused.value.code == code and refused.value.message


def test_the_line_of_a_bad_character_is_named():
    with pytest.raises(CollectionFileError) as refused:
        read_csv("Count,Name\n1,Vader\n2,Lu\x00ke\n")
    assert refused.value.line == 3 and "Line 3" in refused.value.message


def test_json_our_document_and_bare_lists():
    document = {
        "format": "cardsdb-collection",
        "version": 1,
        "game": "swccg",
        "cards": [{"card": "1_168", "quantity": 2}],
    }
    assert [(r.card, r.quantity) for r in read_json(json.dumps(document)).rows] == [("1_168", 2)]
    bare = [{"Name": "Darth Vader", "Count": 1, "Foil": True}, {"name": "Luke"}, 7, {"qty": [1], "name": "x"}]
    result = read_json(json.dumps(bare))
    assert [(r.name, r.finish) for r in result.rows] == [("Darth Vader", "foil")]
    assert codes(result) == [(2, "bad-quantity"), (3, "bad-line"), (4, "bad-line")]
    with pytest.raises(CollectionFileError) as refused:
        read_json(json.dumps(document), game="swtcg")
    assert refused.value.code == "collection-columns"
    with pytest.raises(CollectionFileError) as refused:
        read_json("[" * 100_000 + "]" * 100_000)
    assert refused.value.code == "too-deep"
    with pytest.raises(CollectionFileError) as refused:
        read_json('[{"name": "Vader\\ud800", "qty": 1}]')
    assert refused.value.code == "bad-unicode"


def test_bulk_edit_lines():
    result = read_text(
        "# mine\n2 Darth Vader [Premiere]\n3x Luke Skywalker\n-1 Han Solo\nLeia\n\n99999 Yoda\n"
    )
    assert [(r.line, r.quantity, r.name, r.set) for r in result.rows] == [
        (2, 2, "Darth Vader", "Premiere"),
        (3, 3, "Luke Skywalker", ""),
        (4, -1, "Han Solo", ""),
        (5, 1, "Leia", ""),
    ]
    assert codes(result) == [(7, "bad-quantity")]


def test_plan_modes():
    a, b, c = (1, "", "", "", ""), (2, "1", "", "foil", "NM"), (3, "", "AI", "", "")
    current = {a: 2, b: 1}
    assert plan(current, [(a, 1, 2), (a, 2, 5), (c, 1, 3)], "add") == [
        Change(a, 2, 5, (2, 5)),
        Change(c, 0, 1, (3,)),
    ]
    assert plan(current, [(a, 2, 2), (b, 0, 3)], "set") == [Change(b, 1, 0, (3,))]
    assert plan(current, [(c, 4, 2)], "replace") == [Change(c, 0, 4, (2,)), Change(a, 2, 0), Change(b, 1, 0)]
    assert plan(current, [(a, -3, 2)], "add")[0].after == -1  # kept for the caller to refuse


# ---- against the catalogue: exact round trips, resolution ----


def _owned_lines(user) -> set[tuple]:
    return set(
        CollectionItem.objects.filter(owner=user).values_list(
            "card__code", "set_code", "variant", "finish", "condition", "quantity"
        )
    )


def _sample(game: str) -> list[collection.Delta]:
    """Lines of every kind the game has: printings, a variant (SWCCG), foil, conditions."""
    cards = list(Card.objects.filter(game_id=game, edition="current").order_by("code")[:5])
    deltas = [collection.Delta(card.pk, n + 1) for n, card in enumerate(cards)]
    printing = Printing.objects.filter(card__game_id=game).select_related("card_set").order_by("id").first()
    deltas += [
        collection.Delta(printing.card_id, 2, printing.card_set.code, "", "foil", "NM"),
        collection.Delta(printing.card_id, 1, printing.card_set.code, "", "", "HP"),
        collection.Delta(cards[0].pk, 4, "", "", "", "D"),
    ]
    variant = Variant.objects.filter(card__game_id=game).order_by("id").first()
    if variant:
        deltas.append(collection.Delta(variant.card_id, 3, "", variant.kind, "foil", "LP"))
    return deltas


@pytest.fixture
def users(db):
    return User.objects.create(username="owner"), User.objects.create(username="copy")


@pytest.mark.parametrize("game", ["swccg", "swtcg", "swdbg"])
@pytest.mark.parametrize("kind", ["csv", "json"])
def test_export_then_import_gives_the_identical_collection(users, game, kind, catalogue, swtcg_catalogue):
    owner, copy = users
    collection.apply_changes(owner, _sample(game), source="edit")
    lines = collection.export_lines(owner, game)
    text = write_csv(lines) if kind == "csv" else write_json(lines, game=game)
    read = collection.read_import(text, game=game, kind=kind)
    assert read.format == ("cardsdb" if kind == "csv" else "json") and not read.problems
    result = collection.import_rows(copy, game, read, mode="replace", apply=True)
    assert result.applied and not result.problems
    assert _owned_lines(copy) == _owned_lines(owner) and len(_owned_lines(owner)) >= 8 - (game == "swdbg")
    # and importing its own export again changes nothing
    again = collection.import_rows(
        owner, game, collection.read_import(text, game=game), mode="replace", apply=False
    )
    assert again.changes == []
    # the export of the copy is the same file
    assert (write_csv(collection.export_lines(copy, game)) if kind == "csv" else None) in (None, text)


def test_swccgdb_codes_and_foreign_sets_resolve(users, catalogue):
    owner, _ = users
    text = (
        "code,name,side,set,type,subtype,qty\n"
        "03001,2-1B (Too-Onebee),Light,Hoth,Character,Droid,2\n"  # swccgdb's code for GEMP 3_1
        "01001,Not This Card,Dark,Premiere,Character,Imperial,1\n"  # code and name disagree: the name decides
        ",Darth Vader,Dark,Premiere,Character,Imperial,1\n"  # no code: name and set
    )
    result = collection.import_rows(
        owner, "swccg", collection.read_import(text, game="swccg"), mode="add", apply=False
    )
    found = {(c.key[1], c.after) for c in result.changes}
    assert found == {("3", 2), ("1", 1)}
    assert [(p.line, p.code) for p in result.problems] == [(3, "unknown-card")]


def test_names_sets_numbers_and_variants_are_checked(users, catalogue):
    owner, _ = users
    variant = Variant.objects.filter(card__game_id="swccg").select_related("card").first()
    text = (
        "Quantity,Name,Set,Collector Number,Variant\n"
        "1,Darth Vader,Hoth,,\n"  # 2: no such printing
        "1,,Premiere,168,\n"  # 3: set and number → 1_168
        f'1,"{variant.card.name}",,,{variant.kind}\n'  # 4: a variant the card has
        "1,Darth Vader,,,Holo AI 7\n"  # 5: a variant it has not
        "1,Lando Calrissian,,,\n"  # 6: several cards
    )
    result = collection.import_rows(
        owner, "swccg", collection.read_import(text, game="swccg"), mode="add", apply=False
    )
    assert [(p.line, p.code) for p in result.problems] == [
        (2, "unknown-printing"),
        (5, "unknown-variant"),
        (6, "ambiguous-card"),
    ]
    assert result.problems[0].candidates[0][0] == "1_168"
    assert {(Card.objects.get(pk=c.key[0]).code, c.key[2]) for c in result.changes} == {
        ("1_168", ""),
        (variant.card.code, variant.kind),
    }


def test_closest_cards_are_looked_up_for_the_first_lines_only(users, catalogue):
    owner, _ = users
    text = "Count,Name\n" + "".join(f"1,Darth Vadr {i}\n" for i in range(MAX_SUGGESTED_LINES + 5))
    result = collection.import_rows(
        owner, "swccg", collection.read_import(text, game="swccg"), mode="add", apply=False
    )
    assert len(result.problems) == MAX_SUGGESTED_LINES + 5
    suggested = [p for p in result.problems if p.candidates]
    assert len(suggested) == MAX_SUGGESTED_LINES and "1_168" in [c[0] for c in suggested[0].candidates]
    assert "closest cards are looked up for the first" in result.problems[-1].message


def test_quantities_over_the_limit_are_refused(users, catalogue):
    owner, _ = users
    card = Card.objects.get(game_id="swccg", code="1_168")
    collection.apply_changes(owner, [collection.Delta(card.pk, MAX_QUANTITY)], source="edit")
    read = collection.read_import("Count,Card\n1,1_168\n", game="swccg")
    result = collection.import_rows(owner, "swccg", read, mode="add", apply=False)
    assert [(p.line, p.code) for p in result.problems] == [(2, "bad-quantity")]


def test_the_columns_are_documented():
    with open("docs/collections.md", encoding="utf-8") as docs:
        text = docs.read()
    assert all(f"`{column}`" in text for column in COLUMNS)
    assert Line.__dataclass_fields__.keys() == set(COLUMNS)
