"""SWTCG construction rules: one test per violation code on small hand-made records, then the real catalogue,
the formats file and the legality API with fixture decks that are legal and illegal in known ways."""

import json
from pathlib import Path

import pytest

from cardsdb.importers.errors import ImportProblem
from core.swtcg.usage import ALL_PLAY, usage_marks
from decks.legality.formats_import import SWTCG_FORMATS, import_swtcg_formats, load_swtcg_definitions
from decks.legality.pool import tcg_pool
from decks.legality.services import legality_check
from decks.legality.swtcg import RULES, TcgCard, TcgFormat, arenas_of, check_tcg_deck
from decks.legality.violations import CODES
from decks.models import Format

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "swtcg_decks.json").read_text())
FIXTURE_DECK = FIXTURES["legal_anh_light"]["deck"]
SWTCG_CODES = {
    "deck-size",
    "side-mismatch",
    "copy-limit",
    "arena-minimum",
    "unit-minimum",
    "arena-balance",
    "mixed-sides",
    "banned-card",
    "restricted-card",
    "unknown-card",
    "set-not-legal",
}
FULL = TcgFormat("full", "Full card pool", "test", ban_scopes=frozenset({ALL_PLAY, "Standard", "Vintage"}))
WOTC = TcgFormat("wotc", "WotC sets only", "test", legal_sets=frozenset({"ANH", "ESB"}))


def card(code, type_="Character", side="Light", name=None, version=None, set_="ANH", usage=""):
    banned_in, restricted_in = usage_marks(usage)
    return TcgCard(
        id=code,
        title=f"{name or code} ({version})" if version else name or code,
        name=name or code,
        version=version,
        side=side,
        type=type_,
        set=set_,
        banned_in=banned_in,
        restricted_in=restricted_in,
    )


# A pool with twelve different units per arena, fillers of each side, and the special cases.
POOL = {
    **{f"S{i}": card(f"S{i}", "Space") for i in range(12)},
    **{f"G{i}": card(f"G{i}", "Ground") for i in range(12)},
    **{f"C{i}": card(f"C{i}", "Character") for i in range(12)},
    **{f"B{i}": card(f"B{i}", "Battle") for i in range(6)},
    **{f"N{i}": card(f"N{i}", "Mission", side="Neutral") for i in range(6)},
    "SG": card("SG", "Space/Ground"),
    "SUB": card("SUB", "Subordinate"),
    "RES": card("RES", "Resource", side="Neutral"),
    "DARK": card("DARK", "Battle", side="Dark"),
    "YV": card("YV", "Character", side="Yuuzhan Vong"),
    "LUKE_A": card("LUKE_A", name="Luke Skywalker", version="A"),
    "LUKE_A_PROMO": card("LUKE_A_PROMO", name="Luke Skywalker", version="A", set_="PROMO"),
    "LUKE_B": card("LUKE_B", name="Luke Skywalker", version="B"),
    "RESTRICTED": card("RESTRICTED", "Battle", usage="**RESTRICTED**: restricted to one copy per deck"),
    "VINTAGE_BAN": card("VINTAGE_BAN", "Battle", usage="*BANNED:Vintage"),
    "BANNED": card("BANNED", "Battle", usage="**BANNED**: This card may not be played in an IDC tournament."),
    "COMMUNITY": card("COMMUNITY", "Battle", set_="SOR"),
}


def legal_deck() -> list[str]:
    """60 cards: 12 units in each arena (one copy each), 24 non-units (4 copies each)."""
    units = [f"{a}{i}" for a in "SGC" for i in range(12)]
    return units + [f"B{i}" for i in range(6) for _ in range(4)][:24]


def check(cards, outside=(), fmt=FULL):
    return check_tcg_deck(list(cards), list(outside), fmt, POOL)


def replace(deck: list[str], old: str, new: list[str]) -> list[str]:
    i = deck.index(old)
    return deck[:i] + new + deck[i + 1 :]


# --- plain-Python rules -----------------------------------------------------------------------------------


def test_the_base_deck_is_legal_and_summarised():
    report = check(legal_deck())
    assert report.legal, report.violations
    assert report.summary["units"] == 36
    assert report.summary["arenas"] == {"Space": 12, "Ground": 12, "Character": 12}
    assert report.summary["side"] == "Light"


def test_deck_size_at_least_60():
    report = check(legal_deck()[:-1])
    assert report.codes() == ["deck-size"]
    assert "add 1" in report.violations[0].message


def test_a_resource_outside_the_deck_allows_59():
    assert check(legal_deck()[:-1], outside=["RES"]).legal
    report = check(legal_deck()[:-2], outside=["RES"])
    assert report.codes() == ["deck-size"]
    assert report.violations[0].cards == ("RES",)
    assert "at least 59" in report.violations[0].message


def test_more_than_60_cards_is_fine():
    assert check(legal_deck() + ["N0", "N1"]).legal


def test_unit_minimum_and_subordinates_are_not_units():
    deck = replace(legal_deck(), "C11", ["SUB"])
    report = check(deck)
    assert "unit-minimum" in report.codes()
    assert report.summary["units"] == 35


def test_arena_minimum_names_the_arena():
    deck = replace(legal_deck(), "S11", ["G0"])
    report = check(deck)
    minimum = [v for v in report.violations if v.code == "arena-minimum"]
    assert len(minimum) == 1 and "11 Space units" in minimum[0].message


def test_a_multi_arena_unit_counts_in_each_of_its_arenas():
    assert arenas_of("Space/Ground") == ("Space", "Ground")
    assert arenas_of("Ground/Character ") == ("Ground", "Character")
    assert arenas_of("Subordinate") == ()
    deck = replace(legal_deck(), "S11", ["SG"])
    report = check(deck)
    assert report.legal, report.violations
    assert report.summary["arenas"] == {"Space": 12, "Ground": 13, "Character": 12}
    assert report.summary["units"] == 36


def test_arena_balance_no_arena_over_twice_another():
    # 12 Space, 12 Ground and 25 Character units: Character > 2 × Space and > 2 × Ground.
    deck = legal_deck()[:36] + [f"C{i % 12}" for i in range(13)] + [f"B{i}" for i in range(6)] * 2
    report = check(deck)
    balance = [v for v in report.violations if v.code == "arena-balance"]
    assert len(balance) == 2
    assert all("25 Character units" in v.message for v in balance)


def test_copy_limit_counts_name_and_version_across_printings():
    deck = legal_deck()[:-5] + ["LUKE_A"] * 3 + ["LUKE_A_PROMO"] * 2
    report = check(deck)
    assert report.codes() == ["copy-limit"]
    assert report.violations[0].cards == ("LUKE_A", "LUKE_A_PROMO")
    # Another version of the same name is another card.
    assert check(legal_deck()[:-8] + ["LUKE_A"] * 4 + ["LUKE_B"] * 4).legal


def test_five_copies_of_a_common_card():
    report = check(legal_deck() + ["B0"])
    assert report.codes() == ["copy-limit"]
    assert "remove 1" in report.violations[0].message


def test_restricted_card_at_most_one():
    assert check(legal_deck() + ["RESTRICTED"]).legal
    report = check(legal_deck() + ["RESTRICTED"] * 2)
    assert report.codes() == ["restricted-card"]


def test_banned_card_in_the_deck_or_outside():
    report = check(legal_deck() + ["BANNED"] * 2, outside=["BANNED"])
    assert report.codes() == ["banned-card", "banned-card"]
    assert "in the deck" in report.violations[0].message
    assert "outside the deck" in report.violations[1].message


def test_ban_scopes_decide_which_usage_marks_apply():
    assert check(legal_deck() + ["VINTAGE_BAN"]).codes() == ["banned-card"]
    assert check(legal_deck() + ["VINTAGE_BAN"], fmt=WOTC).legal


@pytest.mark.parametrize(
    "usage, banned, restricted",
    [
        ("*BANNED:Standard", {"Standard"}, set()),
        ("*BANNED", {ALL_PLAY}, set()),
        ("**BANNED**: This card may not be played in an IDC sanctioned tournament.", {ALL_PLAY}, set()),
        ("BANNED in Vintage. | Text erratum.", {"Vintage"}, set()),
        ("RESTRICTED in Vintage (to 1 copy per deck)", set(), {"Vintage"}),
        ("*RESTRICTED:Vintage ", set(), {"Vintage"}),
        (
            "BANNED in Vintage. | **RESTRICTED**: This card has been restricted to one copy",
            {"Vintage"},
            {ALL_PLAY},
        ),
        ("Text erratum. This card can be restricted by effects.", set(), set()),
        ("", set(), set()),
    ],
)
def test_usage_marks(usage, banned, restricted):
    assert usage_marks(usage) == (frozenset(banned), frozenset(restricted))


def test_mixed_sides_in_the_deck_neutral_allowed():
    assert check(legal_deck() + ["N0", "N1"]).legal
    report = check(legal_deck() + ["DARK"])
    assert report.codes() == ["mixed-sides"]
    assert report.violations[0].cards == ("DARK",)


def test_yuuzhan_vong_is_a_primary_side():
    report = check(legal_deck() + ["YV"])
    assert report.codes() == ["mixed-sides"]


def test_outside_cards_must_match_the_deck_side():
    report = check(legal_deck(), outside=["DARK", "RES"])
    assert report.codes() == ["mixed-sides"]
    assert report.violations[0].cards == ("DARK",)


def test_set_not_legal_in_the_wotc_format():
    report = check(legal_deck() + ["COMMUNITY"], fmt=WOTC)
    assert report.codes() == ["set-not-legal"]
    assert "SOR" in report.violations[0].message
    assert check(legal_deck() + ["COMMUNITY"]).legal


def test_unknown_cards_are_reported_with_their_zone():
    report = check(legal_deck() + ["NOPE_1"], outside=["NOPE_2"])
    assert report.codes() == ["unknown-card", "unknown-card"]
    assert {v.cards for v in report.violations} == {("NOPE_1",), ("NOPE_2",)}


def test_every_violation_at_once():
    deck = ["DARK", "BANNED", "NOPE", "S0", "S0", "S0", "S0", "S0"]
    codes = set(check(deck, fmt=WOTC).codes())
    assert {
        "deck-size",
        "unit-minimum",
        "arena-minimum",
        "banned-card",
        "unknown-card",
        "mixed-sides",
    } <= codes
    assert "copy-limit" in codes


def test_every_swtcg_code_is_registered_and_produced():
    assert SWTCG_CODES <= set(CODES)
    produced = set()
    decks = [
        (legal_deck()[:-1], (), FULL),
        (replace(legal_deck(), "C11", ["SUB"]), (), FULL),
        (legal_deck()[:36] + [f"C{i % 12}" for i in range(13)] + [f"B{i}" for i in range(6)] * 2, (), FULL),
        (legal_deck() + ["B0", "RESTRICTED", "RESTRICTED", "BANNED", "DARK", "NOPE", "COMMUNITY"], (), WOTC),
    ]
    for cards, outside, fmt in decks:
        produced |= set(check(cards, outside, fmt).codes())
    produced |= set(check_tcg_deck(legal_deck(), ["DARK"], FULL, POOL, side="Light").codes())
    assert produced == SWTCG_CODES
    assert len(RULES) == 7


# --- the formats file ---------------------------------------------------------------------------------------


def test_formats_file_loads():
    definitions, source = load_swtcg_definitions()
    assert [d["code"] for d in definitions] == ["full", "wotc"]
    assert source


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["formats"][0].pop("code"), "'code' missing"),
        (lambda d: d["formats"][1].update(code="full"), "appears twice"),
        (lambda d: d["formats"][0].update(min_units="36"), "'min_units' must be a whole number"),
        (lambda d: d["formats"][0].update(sets="ANH"), "'sets' must be a list"),
        (lambda d: d.pop("formats"), "expected"),
        (lambda d: d["formats"][0].update(ban_scopes=["all", "standard"]), "unknown values \\['standard'\\]"),
        (lambda d: d["formats"][1]["sets"].append("ANHH"), "unknown values \\['ANHH'\\]"),
    ],
)
def test_a_bad_formats_file_names_the_problem_and_changes_nothing(db, tmp_path, change, message):
    import_swtcg_formats()
    before = list(Format.objects.filter(game="swtcg").values_list("code", "version"))
    data = json.loads(SWTCG_FORMATS.read_text())
    change(data)
    path = tmp_path / "formats.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ImportProblem, match=message):
        import_swtcg_formats(path)
    assert list(Format.objects.filter(game="swtcg").values_list("code", "version")) == before


def test_formats_import_is_idempotent(db):
    Format.objects.filter(game="swtcg").delete()  # the session imported them; rolled back after the test
    first = import_swtcg_formats()
    assert first.added == 2
    second = import_swtcg_formats()
    assert second.added == second.changed == second.removed == 0


# --- the real catalogue -------------------------------------------------------------------------------------


def fixture_ids(name: str) -> tuple[list[str], list[str]]:
    deck = FIXTURES[name]
    expand = lambda counts: [code for code, n in counts.items() for _ in range(n)]  # noqa: E731
    return expand(deck["deck"]), expand(deck["outside"])


@pytest.fixture
def swtcg_formats(swtcg_catalogue):
    import_swtcg_formats()


def pool_code(predicate) -> str:
    return next(code for code, c in sorted(tcg_pool().items()) if predicate(c))


def test_the_real_fixture_deck_is_legal_in_both_formats(swtcg_formats):
    cards, outside = fixture_ids("legal_anh_light")
    assert len(cards) == 60
    for fmt in ("full", "wotc"):
        result = legality_check(game="swtcg", format=fmt, cards=cards, outside_deck=outside)
        assert result["legal"], result["violations"]
        assert result["summary"]["arenas"] == {"Space": 12, "Ground": 12, "Character": 12}


def test_real_cards_break_the_fixture_in_known_ways(swtcg_formats):
    cards, _ = fixture_ids("legal_anh_light")
    pool = tcg_pool()
    assert pool["ANH_26"].name == "Luke Skywalker" and pool["ANH_26"].version == "A"
    community = pool_code(lambda c: c.set == "SOR" and c.side == "Light" and not c.is_unit)
    banned = pool_code(lambda c: c.title == "Duel of the Fates")
    vong = pool_code(lambda c: c.side == "Yuuzhan Vong")
    dark = pool_code(lambda c: c.set == "ANH" and c.side == "Dark")
    result = legality_check(
        game="swtcg",
        format="wotc",
        cards=cards + ["ANH_149", community, vong],
        outside_deck=[banned, dark],
    )
    assert sorted(v["code"] for v in result["violations"]) == [
        "banned-card",
        "copy-limit",
        "mixed-sides",
        "set-not-legal",
        "set-not-legal",
    ]
    by_code = {v["code"]: v for v in result["violations"]}
    assert by_code["copy-limit"]["cards"] == ["ANH_149"]
    assert by_code["banned-card"]["cards"] == [banned]


def test_legality_api_for_swtcg(client, swtcg_formats):
    cards, _ = fixture_ids("legal_anh_light")
    response = client.post(
        "/api/legality/",
        {"game": "swtcg", "format": "full", "cards": cards[:-1], "outside_deck": []},
        content_type="application/json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    assert [v["code"] for v in body["violations"]] == ["deck-size"]
    assert body["format_version"] == Format.objects.get(game="swtcg", code="full").version


def test_unknown_swtcg_format_is_a_400(client, swtcg_formats):
    response = client.post(
        "/api/legality/", {"game": "swtcg", "format": "nope", "cards": []}, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "unknown-format"


def test_formats_api_lists_swtcg_rules(client, swtcg_formats):
    response = client.get("/api/formats/?game=swtcg")
    assert response.status_code == 200
    formats = {f["code"]: f for f in response.json()}
    assert set(formats) == {"full", "wotc"}
    assert formats["wotc"]["legal_sets"][:3] == ["ANH", "AOTC", "BOY"]
    assert formats["full"]["min_units_per_arena"] == 12


def test_cards_sharing_a_name_but_not_a_type_are_not_copies():
    pool = {
        "M": card("M", "Mission", name="No Such Thing As Luck"),
        "E": card("E", "Equipment", name="No Such Thing As Luck"),
    }
    deck = legal_deck()[:-5] + ["M"] * 4 + ["E"]
    assert check_tcg_deck(deck, [], FULL, POOL | pool).legal


def lackey_txt(counts: dict[str, int]) -> str:
    pool = tcg_pool()
    return "\n".join(f"{n}\t{pool[code].title}" for code, n in counts.items())


def test_an_unread_line_keeps_the_deck_from_being_legal(client, swtcg_formats):
    text = lackey_txt(FIXTURE_DECK) + "\n4\tNo Such Card At All"
    body = {"game": "swtcg", "format": "full", "decklist": text}
    result = client.post("/api/legality/", body, content_type="application/json").json()
    assert result["legal"] is False
    assert [v["code"] for v in result["violations"]] == ["unknown-card"]
    assert "No Such Card At All" in result["violations"][0]["message"]
    assert [p["code"] for p in result["decklist"]["problems"]] == ["unknown-card-name"]
    legal = client.post(
        "/api/legality/", {**body, "decklist": lackey_txt(FIXTURE_DECK)}, content_type="application/json"
    )
    assert legal.json()["legal"] is True


@pytest.mark.parametrize(
    ("game", "side"), [("swccg", "yuuzhan vong"), ("swtcg", "empire"), ("swccg", "rebel")]
)
def test_a_side_of_another_game_is_a_400(client, game, side):
    body = {"game": game, "format": "open", "cards": [], "side": side}
    response = client.post("/api/legality/", body, content_type="application/json")
    assert response.status_code == 400 and "side" in response.json()["errors"]


def test_a_mark_on_one_printing_holds_for_every_printing(swtcg_catalogue):
    pool = tcg_pool()
    troopers = [
        c for c in pool.values() if c.name == "501st Legion Dark Trooper" and c.type == "Ground/Character"
    ]
    assert {c.set for c in troopers} >= {"BOH", "START"}
    assert all("Vintage" in c.banned_in for c in troopers)


def test_a_declared_side_is_checked():
    report = check_tcg_deck(legal_deck() + ["N0"], ["DARK"], FULL, POOL, side="Dark")
    assert "side-mismatch" in report.codes()
    assert check_tcg_deck(legal_deck() + ["N0"], [], FULL, POOL, side="Light").legal
    assert check_tcg_deck(legal_deck(), [], FULL, POOL, side="Dark").summary["side"] == "Dark"


def test_the_api_checks_the_declared_side(client, swtcg_formats):
    cards, _ = fixture_ids("legal_anh_light")
    body = {"game": "swtcg", "format": "full", "cards": cards, "side": "dark"}
    result = client.post("/api/legality/", body, content_type="application/json").json()
    assert [v["code"] for v in result["violations"]] == ["side-mismatch"]
