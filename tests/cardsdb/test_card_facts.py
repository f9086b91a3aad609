"""Facts that owners enter for what the SW:DBG source leaves unknown: applied on import, kept across re-imports,
refused where they contradict the source; the import_card_facts command and the admin apply them at once.

The fact values here are test inputs, not claims about the printed cards."""

import json
from html.parser import HTMLParser

import pytest
from django.core.management import CommandError, call_command

from cardsdb.importers import facts, swdbg
from cardsdb.importers.sources import LocalSource
from cardsdb.importers.sync import apply_snapshot
from cardsdb.models import Card, CardFact
from cardsdb.selectors import card_search
from tests.conftest import require_data


@pytest.fixture
def swdbg_dir(db):
    return require_data() / "swdbg"


@pytest.fixture
def imported(swdbg_dir):
    return apply_snapshot(swdbg.load(LocalSource(swdbg_dir)))


def reimport(swdbg_dir):
    return apply_snapshot(swdbg.load(LocalSource(swdbg_dir)))


def card(code) -> Card:
    return Card.objects.get(game="swdbg", code=code)


def fact(code, field, value, note="test"):
    return CardFact.objects.create(game_id="swdbg", card_code=code, field=field, value=value, note=note)


def facts_file(tmp_path, cards, name="facts.json"):
    path = tmp_path / name
    path.write_text(json.dumps({"cards": cards}), encoding="utf-8")
    return str(path)


def fields_of(row: Card) -> dict:
    return {column: getattr(row, column) for column in facts.CARD_COLUMNS}


# --- applying facts to a card's fields (no database writes) ------------------------------------------------


def test_a_fact_fills_an_unknown_and_comes_off_again(imported):
    before = fields_of(card("cw24_rishi"))
    after, warnings = facts.apply_facts(before, {"hit_points": facts.Fact(8, "my copy")}, card="Rishi")
    assert warnings == []
    assert (after["hit_points"], after["stats_text"]["hit_points"]) == (8, "8")
    assert "hit_points" not in after["extra"]["unknown"]
    assert after["extra"]["facts"] == {"hit_points": {"value": 8, "note": "my copy"}}
    assert facts.strip_facts(after) == before
    again, _ = facts.apply_facts(after, {"hit_points": facts.Fact(8, "my copy")}, card="Rishi")
    assert again == after


def test_each_field_lands_in_its_columns(imported):
    given = {
        "cost": 3,
        "attack": 4.0,
        "unique": True,
        "traits": [" Sith ", "Officer"],
        "target_value": 4,
        "reward": "2 Force",
        "ability": "Draw 1 card.",
        "copies": 1,
    }
    after, warnings = facts.apply_facts(
        fields_of(card("cw24_asajj-ventress")), {f: facts.Fact(v) for f, v in given.items()}, card="Asajj"
    )
    assert warnings == []
    assert (after["cost"], after["attack"], after["force"]) == (3, 4, 2)
    assert after["stats_text"] == {"cost": "3", "attack": "4", "force": "2", "target_value": "4"}
    assert (after["uniqueness_kind"], after["uniqueness_limit"]) == ("unique", 1)
    assert (after["characteristics"], after["search_chars"]) == (["Sith", "Officer"], "|sith|officer|")
    assert (after["gametext"], after["search_text"]) == ("Draw 1 card.", "draw 1 card.")
    extra = after["extra"]
    assert (extra["target_value"], extra["reward"], extra["copies"]) == (4, "2 Force", 1)
    assert extra["unknown"] == ["faction", "resources"]  # a unit prints no hit points


def test_a_fact_settles_a_dispute_only_with_one_of_the_candidates(imported):
    tatooine = fields_of(card("sw23_tatooine"))
    settled, warnings = facts.apply_facts(tatooine, {"hit_points": facts.Fact(16)}, card="Tatooine")
    assert warnings == [] and settled["hit_points"] == 16 and settled["stats_text"]["hit_points"] == "16"
    assert settled["extra"]["disputed"] == {"hit_points": [14, 16]}  # who disagreed stays on record
    assert facts.strip_facts(settled)["stats_text"]["hit_points"] == "14 or 16"
    refused, warnings = facts.apply_facts(tatooine, {"hit_points": facts.Fact(12)}, card="Tatooine")
    assert refused == tatooine
    assert warnings == [
        "Tatooine: fact hit_points = 12 is none of the disputed values (14 or 16); not applied"
    ]
    jyn, _ = facts.apply_facts(
        fields_of(card("sw23_jyn-erso")), {"traits": facts.Fact(["scoundrel"])}, card="J"
    )
    assert jyn["characteristics"] == ["scoundrel"]


def test_a_fact_that_agrees_with_the_source_changes_nothing(imported):
    tie = fields_of(card("sw23_tie-fighter"))
    assert facts.apply_facts(tie, {"cost": facts.Fact(1), "traits": facts.Fact(["fighter"])}, card="T") == (
        tie,
        [],
    )


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("hp", 3, "unknown field 'hp'"),
        ("cost", -1, "cost must be a whole number of at least 0"),
        ("cost", 2.5, "cost must be a whole number"),
        ("copies", 0, "copies must be a whole number of at least 1"),
        ("unique", "yes", "unique must be true or false"),
        ("traits", "Trooper", "traits must be a list"),
        ("reward", " ", "reward must be text"),
        (
            "faction",
            "Sith",
            "faction must be one of Empire, Rebel, Neutral, Republic, Separatist, not 'Sith'",
        ),
        ("faction", 1, "faction must be one of"),
        ("card_type", "starship", "card_type must be one of unit, capital_ship, base, not 'starship'"),
    ],
)
def test_bad_values_say_what_is_wrong(field, value, message):
    with pytest.raises(ValueError, match=message):
        facts.check_value(field, value)


@pytest.mark.parametrize(
    "field, given, stored",
    [
        ("faction", " separatist", "Separatist"),
        ("faction", "NEUTRAL", "Neutral"),
        ("card_type", "capital_ship", "Capital Ship"),
        ("card_type", "Capital Ship", "Capital Ship"),  # the stored form reads back as itself
        ("card_type", "unit", "Unit"),
    ],
)
def test_faction_and_card_type_are_stored_as_the_card_shows_them(field, given, stored):
    assert facts.check_value(field, given) == stored


# --- faction and card type: what they decide ----------------------------------------------------------------


def test_a_faction_fact_decides_whether_a_target_value_is_printed(imported):
    asajj = fields_of(card("cw24_asajj-ventress"))
    assert {"faction", "target_value", "reward"} <= set(asajj["extra"]["unknown"])  # maybe a faction card
    separatist, warnings = facts.apply_facts(asajj, {"faction": facts.Fact("separatist")}, card="A")
    assert warnings == [] and separatist["side"] == "Separatist"
    assert separatist["extra"]["unknown"] == [n for n in asajj["extra"]["unknown"] if n != "faction"]
    neutral, warnings = facts.apply_facts(
        asajj, {"faction": facts.Fact("Neutral"), "target_value": facts.Fact(3)}, card="A"
    )
    assert neutral["side"] == "Neutral"
    assert not {"faction", "target_value", "reward"} & set(neutral["extra"]["unknown"])
    assert neutral["extra"]["facts"]["faction"]["not_printed"] == ["target_value", "reward"]
    assert neutral["extra"]["target_value"] is None and "target_value" not in neutral["stats_text"]
    assert warnings == [
        "A: fact target_value = 3 does not fit the card (only faction cards of the galaxy deck have a "
        "target_value); not applied"
    ]
    assert facts.strip_facts(neutral) == asajj == facts.strip_facts(separatist)


def test_a_card_type_fact_decides_which_fields_are_unknown(imported):
    venator = fields_of(card("cw24_venator-class-destroyer"))
    assert {"card_type", "hit_points", "cost"} <= set(venator["extra"]["unknown"])
    ship, warnings = facts.apply_facts(venator, {"card_type": facts.Fact("capital_ship")}, card="V")
    assert warnings == [] and ship["type"] == "Capital Ship" and "not_printed" not in ship["extra"]["facts"]
    assert ship["extra"]["unknown"] == [n for n in venator["extra"]["unknown"] if n != "card_type"]
    unit, warnings = facts.apply_facts(
        venator, {"card_type": facts.Fact("unit"), "hit_points": facts.Fact(10)}, card="V"
    )
    assert unit["type"] == "Unit" and unit["hit_points"] is None
    assert "hit_points" not in unit["extra"]["unknown"] and "cost" in unit["extra"]["unknown"]
    assert warnings == [
        "V: fact hit_points = 10 does not fit the card (a Unit card prints no hit_points); not applied"
    ]
    assert facts.strip_facts(unit) == venator


def test_a_faction_or_card_type_that_does_not_fit_what_the_source_states_is_refused(imported):
    stap = fields_of(card("cw24_stap"))
    refused, warnings = facts.apply_facts(stap, {"card_type": facts.Fact("base")}, card="STAP")
    assert refused == stap and warnings == [
        "STAP: fact card_type = Base contradicts the source, which puts the card in the galaxy deck; "
        "not applied"
    ]
    # Admiral Trench with its faction unknown: the source's target value says it is no neutral card.
    trench = fields_of(card("cw24_admiral-trench"))
    trench["side"], trench["extra"]["unknown"] = "", ["faction", *trench["extra"]["unknown"]]
    refused, warnings = facts.apply_facts(trench, {"faction": facts.Fact("neutral")}, card="T")
    assert refused == trench and warnings == [
        "T: fact faction = Neutral contradicts the source, which states target_value 5 (only faction "
        "cards of the galaxy deck have a target_value); not applied"
    ]
    assert (
        facts.apply_facts(trench, {"faction": facts.Fact("Separatist")}, card="T")[0]["side"] == "Separatist"
    )


# --- on import ----------------------------------------------------------------------------------------------


def test_stored_facts_fill_unknowns_and_survive_reimports(imported, swdbg_dir):
    fact("cw24_rishi", "hit_points", 8)
    fact("cw24_stap", "traits", ["Vehicle"])
    summary = reimport(swdbg_dir)
    assert summary.cards.changed == 2 and summary.warnings == []
    rishi, stap = card("cw24_rishi"), card("cw24_stap")
    assert (rishi.hit_points, rishi.stats_text, rishi.extra["facts"]["hit_points"]["note"]) == (
        8,
        {"hit_points": "8"},
        "test",
    )
    assert "hit_points" not in rishi.extra["unknown"]
    assert stap.search_chars == "|vehicle|"
    assert not reimport(swdbg_dir).changed_anything
    assert card("cw24_rishi").hit_points == 8
    CardFact.objects.filter(card_code="cw24_stap").delete()
    assert reimport(swdbg_dir).cards.changed == 1
    assert card("cw24_stap").characteristics == [] and "traits" in card("cw24_stap").extra["unknown"]


def test_a_contradicting_fact_is_refused_with_a_warning(imported, swdbg_dir, capsys):
    fact("sw23_tie-fighter", "cost", 5)
    fact("sw23_gone", "cost", 1)
    summary = reimport(swdbg_dir)
    assert summary.warnings == [
        "TIE Fighter (sw23_tie-fighter): fact cost = 5 contradicts the source, which states 1; not applied",
        "facts for sw23_gone (cost) name no card of the source; kept, not applied",
    ]
    assert not summary.changed_anything and card("sw23_tie-fighter").cost == 1
    call_command("import_cards", "swdbg", "--source", str(swdbg_dir))
    assert "warning: TIE Fighter (sw23_tie-fighter): fact cost = 5 contradicts" in capsys.readouterr().out


def test_a_faction_fact_saved_survives_reimports_and_keeps_the_code(imported, swdbg_dir):
    before = card("cw24_asajj-ventress")
    CardFact(
        game_id="swdbg", card_code=before.code, field="faction", value="Separatist", note="my copy"
    ).save()
    summary = reimport(swdbg_dir)
    assert (summary.cards.added, summary.cards.changed, summary.cards.removed) == (0, 1, 0)
    asajj = card("cw24_asajj-ventress")
    assert (asajj.pk, asajj.side, asajj.extra["facts"]) == (
        before.pk,
        "Separatist",
        {"faction": {"value": "Separatist", "note": "my copy"}},
    )
    assert asajj.extra["unknown"] == [n for n in before.extra["unknown"] if n != "faction"]
    assert "cw24_asajj-ventress" in card_search(query="faction:separatist", game="swdbg").values_list(
        "code", flat=True
    )
    assert not reimport(swdbg_dir).changed_anything
    CardFact.objects.filter(card_code="cw24_asajj-ventress").delete()
    assert reimport(swdbg_dir).cards.changed == 1
    assert fields_of(card("cw24_asajj-ventress")) == fields_of(before)


def test_a_contradicting_faction_on_an_original_card_is_refused(imported, swdbg_dir, tmp_path, capsys):
    fact("sw23_tie-fighter", "faction", "Rebel")
    summary = reimport(swdbg_dir)
    assert summary.warnings == [
        "TIE Fighter (sw23_tie-fighter): fact faction = Rebel contradicts the source, which states Empire; "
        "not applied"
    ]
    assert not summary.changed_anything and card("sw23_tie-fighter").side == "Empire"
    call_command(
        "import_card_facts", "swdbg", facts_file(tmp_path, [{"code": "sw23_x-wing", "faction": "empire"}])
    )
    assert (
        "warning: X-Wing (sw23_x-wing): fact faction = Empire contradicts the source, which states Rebel"
        in (capsys.readouterr().out)
    )
    assert (
        card("sw23_x-wing").side == "Rebel"
        and CardFact.objects.get(card_code="sw23_x-wing").value == "Empire"
    )


# --- the import_card_facts command --------------------------------------------------------------------------


def test_the_command_stores_and_applies_at_once(imported, swdbg_dir, tmp_path, capsys):
    path = facts_file(
        tmp_path,
        [
            {"code": "cw24_xorrn", "hit_points": 8, "note": "my copy"},
            {"title": "asajj ventress", "cost": 5, "unique": True},
            {"title": "Jyn Erso", "traits": ["Scoundrel"]},
        ],
    )
    call_command("import_card_facts", "swdbg", path)
    assert "4 added, 0 changed, 0 unchanged" in capsys.readouterr().out
    assert card("cw24_xorrn").hit_points == 8
    asajj = card("cw24_asajj-ventress")
    assert (asajj.cost, asajj.uniqueness_kind) == (5, "unique")
    assert card("sw23_jyn-erso").characteristics == ["Scoundrel"]
    assert CardFact.objects.get(card_code="cw24_xorrn").card == card("cw24_xorrn")
    assert CardFact.objects.get(card_code="cw24_xorrn").note == "my copy"
    # The cards were rewritten as the importer would write them: a re-import finds nothing to do.
    assert not reimport(swdbg_dir).changed_anything
    call_command("import_card_facts", "swdbg", path)
    assert "0 added, 0 changed, 4 unchanged" in capsys.readouterr().out


def test_the_command_fills_a_faction(imported, swdbg_dir, tmp_path, capsys):
    before = card("cw24_asajj-ventress")
    path = facts_file(tmp_path, [{"title": "Asajj Ventress", "faction": "neutral", "note": "my copy"}])
    call_command("import_card_facts", "swdbg", path)
    assert "1 added, 0 changed, 0 unchanged" in capsys.readouterr().out
    asajj = card("cw24_asajj-ventress")
    assert (asajj.pk, asajj.code, asajj.side) == (before.pk, "cw24_asajj-ventress", "Neutral")
    assert CardFact.objects.get(card=asajj).value == "Neutral"
    # A neutral card is never attacked: its target value and reward are no longer unknown.
    assert not {"faction", "target_value", "reward"} & set(asajj.extra["unknown"])
    assert not reimport(swdbg_dir).changed_anything
    assert card("cw24_asajj-ventress").side == "Neutral"


def test_the_command_fills_a_card_type_and_the_unknown_list_follows(imported, swdbg_dir, tmp_path, capsys):
    stap = card("cw24_stap")
    assert {"card_type", "hit_points", "target_value"} <= set(stap.extra["unknown"])
    path = facts_file(
        tmp_path, [{"code": "cw24_stap", "card_type": "unit"}, {"code": "cw24_stap", "hit_points": 3}]
    )
    call_command("import_card_facts", "swdbg", path)
    out = capsys.readouterr().out
    assert (
        "warning: STAP (cw24_stap): fact hit_points = 3 does not fit the card (a Unit card prints no" in out
    )
    stap = card("cw24_stap")
    assert (stap.type, stap.hit_points) == ("Unit", None)
    assert not {"card_type", "hit_points"} & set(stap.extra["unknown"])
    assert "target_value" in stap.extra["unknown"]  # a Separatist galaxy unit prints one
    assert stap.extra["facts"] == {"card_type": {"value": "Unit", "note": "", "not_printed": ["hit_points"]}}
    assert set(
        card_search(query="type:unit faction:separatist", game="swdbg").values_list("code", flat=True)
    ) >= {"cw24_stap"}
    assert not reimport(swdbg_dir).changed_anything
    CardFact.objects.filter(card_code="cw24_stap", field="card_type").delete()
    assert reimport(swdbg_dir).cards.changed == 1
    stap = card("cw24_stap")  # of unknown type again: it may print hit points, and the kept fact fills them
    assert (stap.type, stap.hit_points, list(stap.extra["facts"])) == ("", 3, ["hit_points"])
    assert "card_type" in stap.extra["unknown"]


def test_the_command_warns_about_a_contradicting_fact(imported, tmp_path, capsys):
    call_command(
        "import_card_facts", "swdbg", facts_file(tmp_path, [{"code": "sw23_lothal", "hit_points": 9}])
    )
    assert "warning: Lothal (sw23_lothal): fact hit_points = 9 contradicts the source, which states 8" in (
        capsys.readouterr().out
    )
    assert card("sw23_lothal").hit_points == 8 and CardFact.objects.filter(card_code="sw23_lothal").exists()


@pytest.mark.parametrize(
    "records, match",
    [
        ([{"code": "cw24_rishi", "hp": 8}], r"record 1 \(cw24_rishi\): unknown field 'hp'"),
        (
            [{"title": "Coruscant", "hit_points": 16}],
            r"'Coruscant' names 2 cards \(cw24_coruscant, sw23_coruscant\)",
        ),
        ([{"title": "Grogu", "cost": 1}], r"record 1: no swdbg card is titled 'Grogu'"),
        ([{"code": "cw24_nope", "cost": 1}], r"record 1: no swdbg card has the code 'cw24_nope'"),
        ([{"code": "cw24_rishi"}], r"record 1 \(cw24_rishi\): no facts"),
        ([{"hit_points": 8}], r'record 1: give the card\'s "code" or "title"'),
        ([{"code": "cw24_rishi", "unique": "yes"}], r"record 1 \(cw24_rishi\): unique must be true or false"),
        (
            [{"title": "Asajj Ventress", "faction": "Sith"}],
            r"facts\.json, record 1 \(cw24_asajj-ventress\): faction must be one of Empire, Rebel, Neutral, "
            r"Republic, Separatist, not 'Sith'",
        ),
        ([{"code": "cw24_stap", "card_type": "walker"}], r"record 1 \(cw24_stap\): card_type must be one of"),
        (
            [{"code": "cw24_rishi", "hit_points": 8}, {"title": "Rishi", "hit_points": 9}],
            r"hit_points is given twice",
        ),
    ],
)
def test_a_bad_record_stops_the_command_and_stores_nothing(imported, tmp_path, records, match):
    path = facts_file(tmp_path, [{"code": "cw24_xorrn", "hit_points": 8}, *records])
    with pytest.raises(CommandError, match=match):
        call_command("import_card_facts", "swdbg", path)
    assert not CardFact.objects.exists() and card("cw24_xorrn").hit_points is None


def test_a_file_that_is_not_a_facts_file(imported, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"cards": [', encoding="utf-8")
    with pytest.raises(CommandError, match=r"broken\.json: not valid JSON"):
        call_command("import_card_facts", "swdbg", str(broken))
    with pytest.raises(CommandError, match=r'expected an object with a "cards" list'):
        call_command("import_card_facts", "swdbg", facts_file(tmp_path, None))
    with pytest.raises(CommandError, match=r"cannot read the file"):
        call_command("import_card_facts", "swdbg", str(tmp_path / "missing.json"))


# --- the admin ----------------------------------------------------------------------------------------------


def test_saving_and_deleting_a_fact_in_the_admin_updates_the_card(imported, admin_client, swdbg_dir):
    response = admin_client.post(
        "/admin/cardsdb/cardfact/add/",
        {"game": "swdbg", "card_code": "cw24_dac", "field": "hit_points", "value": "12", "note": "test"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    dac = card("cw24_dac")
    assert (dac.hit_points, dac.facts.get().value) == (12, 12)
    assert not reimport(swdbg_dir).changed_anything
    page = admin_client.get(f"/admin/cardsdb/card/{dac.pk}/change/").content.decode()
    assert "Card facts" in page and "hit_points" in page
    saved = CardFact.objects.get(card_code="cw24_dac")
    response = admin_client.post(f"/admin/cardsdb/cardfact/{saved.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert card("cw24_dac").hit_points is None and "hit_points" in card("cw24_dac").extra["unknown"]


def test_a_faction_saved_in_the_admin_fills_the_card(imported, admin_client, swdbg_dir):
    before = card("cw24_asajj-ventress")
    response = admin_client.post(
        "/admin/cardsdb/cardfact/add/",
        {
            "game": "swdbg",
            "card_code": before.code,
            "field": "faction",
            "value": '"separatist"',
            "note": "test",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    asajj = card("cw24_asajj-ventress")
    assert (asajj.pk, asajj.side, asajj.facts.get().value) == (before.pk, "Separatist", "Separatist")
    assert not reimport(swdbg_dir).changed_anything
    refused = admin_client.post(
        "/admin/cardsdb/cardfact/add/",
        {"game": "swdbg", "card_code": "cw24_stap", "field": "faction", "value": '"Sith"', "note": ""},
    )
    assert refused.status_code == 200 and "faction must be one of" in refused.content.decode()


def test_the_admin_refuses_a_bad_value_or_an_unknown_card(imported, admin_client):
    for data, error in [
        (
            {"card_code": "cw24_dac", "field": "hit_points", "value": '"lots"'},
            "hit_points must be a whole number",
        ),
        ({"card_code": "cw24_nope", "field": "cost", "value": "1"}, "No swdbg card has the code"),
    ]:
        response = admin_client.post("/admin/cardsdb/cardfact/add/", {"game": "swdbg", "note": "", **data})
        assert response.status_code == 200 and error in response.content.decode()
    assert not CardFact.objects.exists()


def _form_data(markup: str) -> dict:
    """The values a browser would submit from the admin change form (inputs, textareas, selected options)."""

    class Form(HTMLParser):
        def __init__(self):
            super().__init__()
            self.data, self.select, self.textarea = {}, None, None

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "input" and a.get("name") and a.get("type") not in ("submit", "file"):
                if a.get("type") != "checkbox" or "checked" in a:
                    self.data[a["name"]] = a.get("value", "on" if a.get("type") == "checkbox" else "")
            elif tag == "select":
                self.select = a.get("name")
            elif tag == "option" and self.select and "selected" in a:
                self.data[self.select] = a.get("value", "")
            elif tag == "textarea":
                self.textarea = a.get("name")
                self.data[self.textarea] = ""

        def handle_endtag(self, tag):
            if tag == "select":
                self.select = None
            elif tag == "textarea":
                self.textarea = None

        def handle_data(self, data):
            if self.textarea:
                self.data[self.textarea] += data

    parser = Form()
    parser.feed(markup)
    return parser.data


def test_a_fact_added_inline_on_the_card_page_applies_to_the_card(imported, admin_client, swdbg_dir):
    kamino = card("cw24_kamino")
    url = f"/admin/cardsdb/card/{kamino.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200, page.content.decode()[:2000]
    data = _form_data(page.content.decode())
    prefix = next(k for k in data if k.endswith("-TOTAL_FORMS")).removesuffix("-TOTAL_FORMS")
    data.update(
        {
            f"{prefix}-TOTAL_FORMS": "2",
            f"{prefix}-0-field": "hit_points",
            f"{prefix}-0-value": "10",
            f"{prefix}-0-note": "test",
            f"{prefix}-0-card": str(kamino.pk),
            f"{prefix}-1-field": "hit_points",
            f"{prefix}-1-value": "12",
            f"{prefix}-1-card": str(kamino.pk),
        }
    )
    refused = admin_client.post(url, data)
    assert refused.status_code == 200, refused.content.decode()[:2000]
    assert "more than one fact for hit_points" in refused.content.decode()
    data[f"{prefix}-TOTAL_FORMS"] = "1"
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    kamino = card("cw24_kamino")
    assert (kamino.hit_points, kamino.extra["facts"]["hit_points"]["note"]) == (10, "test")
    assert CardFact.objects.get(card_code="cw24_kamino").game_id == "swdbg"
    assert not reimport(swdbg_dir).changed_anything
