"""The SWCCG importer against the real shared data: counts, the data's traps, idempotency and atomicity."""

import hashlib
import json

import pytest
from django.core.management import CommandError, call_command

from cardsdb.importers import swccg
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.sources import LocalSource
from cardsdb.importers.sync import apply_snapshot
from cardsdb.models import Card, CardAlias, CardRelation, CardSet, ImportRun, Persona, Printing, Variant
from cardsdb.selectors import card_get
from tests.conftest import writable_copy

pytestmark = pytest.mark.usefixtures("catalogue")


def raw_cards(swccg_dir, *files):
    return [c for f in files for c in json.loads((swccg_dir / f).read_text())["cards"]]


def catalogue_fingerprint() -> str:
    """A digest of every imported row, to prove that nothing changed."""
    parts = [
        list(Card.objects.order_by("code").values_list("code", "source_hash", "current_version__code")),
        list(CardSet.objects.order_by("code").values_list("code", "name", "size", "release_date")),
        list(Persona.objects.order_by("code").values_list("code", "name")),
        sorted(Printing.objects.values_list("card__code", "card_set__code", "rarity")),
        sorted(Variant.objects.values_list("card__code", "title", "image_url")),
        sorted(CardRelation.objects.values_list("card__code", "kind", "text", "target__code")),
        sorted(CardAlias.objects.values_list("code", "card__code", "face")),
        sorted(Card.personas.through.objects.values_list("card__code", "persona__code")),
    ]
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()


@pytest.fixture
def source_copy(swccg_dir, tmp_path):
    """A writable copy of the SWCCG data, for breaking it."""
    return writable_copy(swccg_dir, tmp_path / "swccg")


# --- counts ---------------------------------------------------------------------------------------------


def test_counts_match_the_source(swccg_dir):
    current = raw_cards(swccg_dir, "Dark.json", "Light.json")
    legacy = raw_cards(swccg_dir, "DarkLegacy.json", "LightLegacy.json")
    pre = raw_cards(swccg_dir, "DarkPreErrata.json", "LightPreErrata.json")
    assert (len(current), len(legacy), len(pre)) == (3797, 1203, 172)
    # One card per GEMP id; every record is a card or an alternate image of one.
    assert (
        Card.objects.filter(game="swccg", edition="current").count()
        == len({c["gempId"] for c in current})
        == 3674
    )
    assert Card.objects.filter(edition="legacy").count() == 1184
    assert Card.objects.filter(edition="pre-errata").count() == 164
    wanted = {
        (e, c["id"])
        for e, cards in (("current", current), ("legacy", legacy), ("pre-errata", pre))
        for c in cards
    }
    stored = set(Card.objects.filter(game="swccg").values_list("edition", "source_id")) | set(
        Variant.objects.filter(card__game="swccg").values_list("card__edition", "source_id")
    )
    assert stored == wanted
    assert CardSet.objects.filter(game="swccg").count() == 67
    assert Persona.objects.filter(game="swccg").count() == 209


def test_sets_keep_edition_data():
    premiere = CardSet.objects.get(game="swccg", code="1")
    assert (premiere.name, premiere.abbr, premiere.gemp_name, str(premiere.release_date), premiere.size) == (
        "Premiere",
        "P",
        "Premiere",
        "1995-12-01",
        324,
    )
    assert premiere.kind == "decipher" and not premiere.legacy
    v21 = CardSet.objects.get(game="swccg", code="221")
    assert (v21.abbr, v21.kind) == ("V21", "virtual")
    assert CardSet.objects.get(game="swccg", code="1001").legacy
    # -99 ("unknown") and "0000-00-00" ("never released") become empty, not fake numbers.
    dream = CardSet.objects.get(game="swccg", code="401")
    assert dream.size is None and dream.release_date is None
    assert CardSet.objects.get(game="swccg", code="200d").cycle == "shields"


# --- cards and their facts ------------------------------------------------------------------------------


def test_darth_vader_has_every_fact():
    vader = Card.objects.get(game="swccg", code="1_168")
    assert (vader.title, vader.name, vader.side, vader.type, vader.subtype) == (
        "•Darth Vader",
        "Darth Vader",
        "Dark",
        "Character",
        "Imperial",
    )
    assert (vader.uniqueness_kind, vader.uniqueness_limit, vader.uniqueness_mark) == ("unique", 1, "•")
    assert (vader.destiny, vader.power, vader.ability, vader.deploy, vader.forfeit) == (1, 6, 6, 6, 8)
    assert vader.stats_text["destiny"] == "1"
    assert vader.icons == ["Pilot", "Warrior"]
    assert vader.extra_text == ["Dark Jedi"]
    assert "Math Vader" in vader.nicknames
    assert vader.rarity == "R1" and vader.card_set.code == "1"
    assert "Adds 3 to power of anything he pilots" in vader.gametext
    assert vader.lore.startswith("Dark Lord of the Sith")
    assert list(vader.personas.values_list("code", flat=True)) == ["VADER"]
    assert vader.image_url.endswith("darthvader.gif")
    matching = vader.relations.filter(kind="matching-weapon", text="Darth Vader's Lightsaber").get()
    assert (
        matching.target.code
        == Card.objects.get(
            game="swccg", edition="current", name="Darth Vader's Lightsaber", side="Dark"
        ).code
    )
    assert vader.relations.filter(kind="combo").count() == 3


@pytest.mark.parametrize(
    ("printed", "number", "values"),
    # "*" has the value the source states in destinyValues (0 for the EG droids).
    [("2 or 5", None, [2, 5]), ("π", 3.14159, [3.14159]), ("½", 0.5, [0.5]), ("*", 0, [0])],
)
def test_odd_destinies(printed, number, values):
    card = Card.objects.filter(game="swccg", edition="current", stats_text__destiny=printed).first()
    assert card is not None, printed
    assert card.destiny == number
    assert card.destiny_values == values


def test_non_numeric_power_has_no_number():
    card = Card.objects.filter(game="swccg", edition="current", stats_text__power="*").first()
    assert card is not None and card.power is None


def test_uniqueness_kinds_are_data():
    assert Card.objects.filter(
        game="swccg", edition="current", uniqueness_kind="restricted", uniqueness_limit=3
    ).exists()
    assert Card.objects.filter(
        game="swccg", edition="current", uniqueness_kind="restricted", uniqueness_limit=2
    ).exists()
    diamond = Card.objects.filter(
        game="swccg", edition="current", uniqueness_kind="per-location", uniqueness_limit=1
    ).first()
    assert diamond.title.startswith("◇") and "<>" not in diamond.title and not diamond.name.startswith("◇")
    assert Card.objects.filter(
        uniqueness_kind="per-location", uniqueness_limit=3, title__startswith="◇◇◇"
    ).exists()


def test_force_icons_spelled_either_way_are_kept(swccg_dir):
    odd = [c for c in raw_cards(swccg_dir, "Dark.json", "Light.json") if "lightsideIcons" in c["front"]]
    for record in odd:
        card = Card.objects.get(code=record["gempId"])
        assert card.light_icons == record["front"]["lightsideIcons"]
    assert Card.objects.filter(game="swccg", edition="current", light_icons__gte=1).count() > 200


def test_gemp_fills_keywords_species_and_personas():
    lando_codes = set(Persona.objects.get(code="LANDO").cards.values_list("side", flat=True))
    lobot_codes = set(Persona.objects.get(code="LOBOT").cards.values_list("side", flat=True))
    assert lando_codes == {"Light", "Dark"} and lobot_codes == {"Light", "Dark"}
    aurra = Card.objects.get(code="11_52")
    assert "bounty hunter" in aurra.keywords and "female" in aurra.keywords
    assert aurra.extra["gemp"]["cardCategory"] == "CHARACTER"


# --- the traps ------------------------------------------------------------------------------------------


def test_alternate_images_are_variants_of_one_card():
    maul = Card.objects.get(code="203_26")
    assert maul.title == "•Darth Maul, Lone Hunter"
    kinds = list(maul.variants.values_list("kind", flat=True))
    assert kinds == ["AI", "C-Slip AI", "C-Slip AI 2"]
    readable = Variant.objects.get(title="•Hindsight (Readable)")
    assert readable.kind == "Readable" and readable.card.title == "•Hindsight"
    assert Variant.objects.get(title="•Captain Hera Syndulla (Border Breaker AI)").kind == "Border Breaker AI"


def test_gemp_id_with_only_an_ai_record_is_still_one_card():
    aurra = Card.objects.get(code="11_52")
    assert aurra.title == "•Aurra Sing"
    assert list(aurra.variants.values_list("title", flat=True)) == ["•Aurra Sing (AI)"]


def test_shield_printed_under_two_titles_is_one_card():
    fanfare = Card.objects.get(code="200_95")
    assert fanfare.title == "•Fanfare (V)"
    assert list(fanfare.variants.values_list("title", "kind")) == [
        ("•Fanfare (Tatooine) (V)", "alternate title")
    ]


def test_every_gemp_id_resolves_to_exactly_one_card(swccg_dir):
    ids = {
        b["cardId"]
        for f in ("card_blueprint_database_dark.json", "card_blueprint_database_light.json")
        for b in json.loads((swccg_dir / "gemp" / f).read_text())
    }
    ids |= {c["gempId"] for c in raw_cards(swccg_dir, "Dark.json", "Light.json")}
    unresolved = [i for i in sorted(ids) if card_get(game="swccg", code=i) is None]
    assert unresolved == []
    assert Card.objects.filter(game="swccg", code__in=ids).count() + CardAlias.objects.filter(
        code__in=ids
    ).count() == len(ids)


def test_two_sided_cards_and_back_ids():
    objective = Card.objects.get(code="109_12")
    assert objective.type == "Objective" and objective.back is not None
    assert objective.back["title"] and objective.back["gametext"]
    card, face = card_get(game="swccg", code="109_12_BACK")
    assert (card.code, face) == ("109_12", "back")
    assert Card.objects.filter(game="swccg", edition="current", back__isnull=False).count() == 62


def test_anthology_reprint_ids_point_at_the_card():
    card, face = card_get(game="swccg", code="105_4")
    assert (card.code, card.name, face) == ("7_167", "Boba Fett", "front")
    assert set(card.printings.values_list("card_set__code", flat=True)) == {"105", "7"}


def test_light_and_dark_locations_share_titles():
    sides = set(
        Card.objects.filter(game="swccg", edition="current", name="Tatooine: Mos Eisley").values_list(
            "side", flat=True
        )
    )
    assert sides == {"Light", "Dark"}


def test_same_source_id_in_two_files_is_kept_apart():
    """Source id 7295 is a current combo card in Dark.json and a legacy (AI) image in LightLegacy.json."""
    assert Card.objects.get(source_id=7295).code == "223_7"
    variant = Variant.objects.get(source_id=7295)
    assert (variant.title, variant.card.edition) == ("•Dexter Jettster (AI)", "legacy")


def test_legacy_cards_have_no_gemp_ids():
    legacy = Card.objects.filter(edition="legacy")
    assert not legacy.exclude(code__startswith="legacy-").exists()
    assert not legacy.filter(card_set__legacy=False).exists()
    jango = Card.objects.get(edition="legacy", name="Jango Fett, The Assassin")
    assert jango.variants.get().kind == "AI"


def test_pre_errata_versions_link_to_the_current_card():
    pre = Card.objects.filter(edition="pre-errata")
    assert pre.filter(current_version__isnull=False).count() == 152
    # Only the two wordings of blanked cards (no current card) point at their later pre-errata wording.
    assert sorted(
        pre.filter(current_version__edition="pre-errata").values_list("code", "current_version__code")
    ) == [("pre-20010", "pre-6590"), ("pre-20023", "pre-6394")]
    assert not pre.filter(current_version__edition="legacy").exists()
    linked = pre.filter(current_version__isnull=False).first()
    assert linked in linked.current_version.earlier_versions.all()
    # Variants of a pre-errata card follow it, not a card of their own.
    yoda = Card.objects.get(edition="pre-errata", source_id=40066)
    assert list(yoda.variants.values_list("kind", flat=True)) == ["C-Slip AI", "C-Slip AI 2"]


def test_underlying_card_relations_resolve_by_source_id():
    relation = CardRelation.objects.filter(
        kind="underlying-card-for", text="4-LOM With Concussion Rifle (V)"
    ).first()
    assert relation is not None and relation.target.code == "200_71"


# --- idempotency, changes, atomicity -------------------------------------------------------------------


def test_second_import_changes_nothing(swccg_dir):
    before = catalogue_fingerprint()
    runs = ImportRun.objects.count()
    summary = apply_snapshot(swccg.load(LocalSource(swccg_dir)))
    assert not summary.changed_anything
    assert summary.cards.unchanged == 5022
    assert catalogue_fingerprint() == before
    assert ImportRun.objects.count() == runs


def test_changed_and_removed_cards_are_reported(source_copy):
    dark = json.loads((source_copy / "Dark.json").read_text())
    vader = next(c for c in dark["cards"] if c.get("gempId") == "1_168")
    vader["front"]["gametext"] = "Changed for the test."
    dark["cards"] = [c for c in dark["cards"] if c.get("gempId") != "7_163"]
    (source_copy / "Dark.json").write_text(json.dumps(dark))
    # Cards whose relations named 7_163 change too: their links now point nowhere.
    linked = set(CardRelation.objects.filter(target__code="7_163").values_list("card__code", flat=True))
    assert linked
    summary = apply_snapshot(swccg.load(LocalSource(source_copy)))
    assert (summary.cards.changed, summary.cards.removed, summary.cards.added) == (1 + len(linked), 1, 0)
    assert Card.objects.get(code="1_168").gametext == "Changed for the test."
    assert not Card.objects.filter(code="7_163").exists()
    assert ImportRun.objects.first().changed == 1 + len(linked)


def _fails_and_changes_nothing(source, match):
    before = catalogue_fingerprint()
    with pytest.raises(CommandError, match=match):
        call_command("import_cards", "swccg", "--source", str(source), verbosity=0)
    assert catalogue_fingerprint() == before


def test_truncated_file_fails_naming_it(source_copy):
    path = source_copy / "Light.json"
    path.write_bytes(path.read_bytes()[:50_000])
    _fails_and_changes_nothing(source_copy, r"Light\.json: invalid or truncated JSON at line \d+")


def test_missing_file_fails_naming_it(source_copy):
    (source_copy / "gemp" / "card_blueprint_database_light.json").unlink()
    _fails_and_changes_nothing(source_copy, r"gemp/card_blueprint_database_light\.json: missing file")


def test_schema_violation_names_file_and_record(source_copy):
    light = json.loads((source_copy / "Light.json").read_text())
    light["cards"][5]["front"]["gametext"] = 42
    (source_copy / "Light.json").write_text(json.dumps(light))
    title = light["cards"][5]["front"]["title"]
    _fails_and_changes_nothing(
        source_copy,
        rf"Light\.json, record 5 \(id {light['cards'][5]['id']}, '{title}'\): .*gametext should be string",
    )


def test_bad_record_late_in_the_run_leaves_database_untouched(source_copy):
    """A problem found after other files were read still changes nothing (validation precedes writing)."""
    dark = json.loads((source_copy / "Dark.json").read_text())
    dark["cards"][0]["front"]["gametext"] = "Would be written if the import were not atomic."
    (source_copy / "Dark.json").write_text(json.dumps(dark))
    pre = json.loads((source_copy / "LightPreErrata.json").read_text())
    pre["cards"][-1]["side"] = "Purple"
    (source_copy / "LightPreErrata.json").write_text(json.dumps(pre))
    _fails_and_changes_nothing(
        source_copy, r"LightPreErrata\.json, record \d+ .*'side' must be Light or Dark"
    )


def test_failure_while_writing_rolls_back(swccg_dir, monkeypatch):
    """Even an error in the middle of the database writes leaves the catalogue as it was."""
    snapshot = swccg.load(LocalSource(swccg_dir))
    snapshot.cards[0].fields["gametext"] = "half-written"
    snapshot.cards[-1].personas = ["NO_SUCH_PERSONA"]  # fails after the first card was updated
    before = catalogue_fingerprint()
    with pytest.raises(KeyError):
        apply_snapshot(snapshot)
    assert catalogue_fingerprint() == before


def test_unknown_set_in_a_card_is_rejected(source_copy):
    dark = json.loads((source_copy / "Dark.json").read_text())
    dark["cards"][3]["set"] = "999"
    (source_copy / "Dark.json").write_text(json.dumps(dark))
    with pytest.raises(ImportProblem, match=r"Dark\.json, record 3 .*set '999' is not in sets\.json"):
        swccg.load(LocalSource(source_copy))


def test_command_prints_a_summary(swccg_dir, capsys):
    call_command("import_cards", "swccg", "--source", str(swccg_dir), verbosity=1)
    out = capsys.readouterr().out
    assert "cards     0 added, 0 changed, 0 removed, 5022 unchanged" in out
    assert "nothing changed" in out


def test_if_empty_skips_a_filled_catalogue(capsys):
    call_command("import_cards", "swccg", "--if-empty", "--source", "/nonexistent")
    assert "already imported" in capsys.readouterr().out
