"""The catalogue checked field by field against its sources (issue #12, "Catalogue fidelity"), on the real data."""

import copy
import json
import re

import pytest
from django.contrib.auth.models import User

from cardsdb.importers import swccg_cards, swtcg
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.sources import LocalSource
from cardsdb.importers.sync import apply_snapshot
from cardsdb.models import Card, CardAlias, CardSet, Printing, Variant
from cardsdb.selectors import card_get
from decks.legality.pool import tcg_pool
from decks.models import CollectionItem, Deck, DeckCard

pytestmark = pytest.mark.usefixtures("catalogue", "swtcg_catalogue")


def legacy_records(swccg_dir):
    files = ("DarkLegacy.json", "LightLegacy.json")
    return [r for f in files for r in json.loads((swccg_dir / f).read_text())["cards"]]


# --- SWCCG: uniqueness of legacy cards ----------------------------------------------------------------------


def test_legacy_uniqueness_comes_from_the_title_marks(swccg_dir):
    marked = {r["id"] for r in legacy_records(swccg_dir) if re.match(r"^(•|<>)", r["front"]["title"])}
    legacy = Card.objects.filter(game="swccg", edition="legacy")
    # Every legacy card whose record is marked is unique in some way; none is stored as not unique.
    assert legacy.exclude(uniqueness_kind="none").count() == 969
    assert not legacy.filter(source_id__in=marked, uniqueness_kind="none").exists()
    assert not legacy.filter(uniqueness_kind="none").filter(title__regex=r"^[•◇]").exists()
    rodian = legacy.get(title="•••Rodian (V)")
    assert (rodian.uniqueness_kind, rodian.uniqueness_limit, rodian.uniqueness_mark) == (
        "restricted",
        3,
        "•••",
    )
    depot = legacy.get(title="◇Remote Depot")
    assert (depot.uniqueness_kind, depot.uniqueness_limit) == ("per-location", 1)


@pytest.mark.parametrize(
    "front, expected",
    [
        ({"title": "•Han"}, ("unique", 1)),
        ({"title": "••Bantha Herd (V)"}, ("restricted", 2)),
        ({"title": "<><><>Cloud City Sabacc Table"}, ("per-location", 3)),
        ({"title": "Imperial Barrier"}, ("none", None)),
        ({"title": "•Han", "uniqueness": "**"}, ("restricted", 2)),  # the field, where given, decides
    ],
)
def test_record_uniqueness(front, expected):
    found = swccg_cards.record_uniqueness(front)
    assert (found.kind.value, found.limit) == expected


# --- SWCCG: merged records keep their own rarity and text ----------------------------------------------------


def test_merged_records_keep_their_own_rarity():
    crossfire = Card.objects.get(game="swccg", code="216_5")
    slip = crossfire.variants.get(title="•Crossfire (Endor) (V)")
    assert (crossfire.rarity, slip.rarity) == ("PM", "R")
    differ = [
        v
        for v in Variant.objects.filter(card__game="swccg").select_related("card")
        if v.rarity != v.card.rarity
    ]
    assert len(differ) == 11
    assert {v.source_id for v in differ} >= {6907, 7225, 7229, 7228, 7224, 7231, 40067, 40068}


@pytest.mark.parametrize(
    "code, key, fragment",
    [
        ("legacy-5788", "extra_text", ["Force-Attuned"]),
        ("legacy-6314", "gametext", "+2 while with Fallen Jedi"),
        ("legacy-5730", "gametext", "Immune to Disarmed, You Are Beaten, and attrition."),
    ],
)
def test_legacy_variants_keep_the_text_that_differs(code, key, fragment):
    card = Card.objects.get(game="swccg", code=code)
    variant = card.variants.get()
    value = variant.differences[key]
    assert fragment == value if isinstance(fragment, list) else fragment in value
    assert value != (card.extra_text if key == "extra_text" else card.gametext)


def test_a_variant_that_prints_the_same_text_records_no_difference():
    jango = Card.objects.get(edition="legacy", name="Jango Fett, The Assassin")
    assert jango.variants.get().differences == {}


def test_pre_errata_wordings_of_blanked_cards_link_to_their_later_wording():
    for old, later in (("pre-20010", "pre-6590"), ("pre-20023", "pre-6394")):
        card = Card.objects.get(game="swccg", code=old)
        assert card.current_version.code == later
        assert card in Card.objects.get(game="swccg", code=later).earlier_versions.all()
    assert Card.objects.get(game="swccg", code="pre-6590").current_version is None


# --- SWTCG -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, name, persona", [("AGD_44", "Invincible", "invincible"), ("BH_51", "Ailyn Vel", "ailyn_vel")]
)
def test_a_set_suffix_after_the_version_is_not_part_of_the_name(code, name, persona):
    card = Card.objects.get(game="swtcg", code=code)
    assert (card.name, card.extra["version"], card.uniqueness_kind) == (name, "A", "unique")
    assert list(card.personas.values_list("code", flat=True)) == [persona]


def test_the_agd_invincible_shares_its_persona_with_the_ee_one():
    agd, ee = (Card.objects.get(game="swtcg", code=c) for c in ("AGD_44", "EE_75"))
    assert set(agd.personas.all()) == set(ee.personas.all()) != set()


@pytest.mark.parametrize(
    "code, start",
    [("LEG_shark-wing", '"Lieutenant, deploy the sharks." —Darth Azard'), ("LEG_vanx", "\"Sith's driving")],
)
def test_flavour_text_keeps_its_quote_marks(code, start):
    assert Card.objects.get(game="swtcg", code=code).gametext.startswith(start)


@pytest.mark.parametrize(
    "field, expected",
    [
        ('"Garazeb ""Zeb"" Orrelios (A)"', 'Garazeb "Zeb" Orrelios (A)'),
        ('"Lieutenant, deploy the sharks." —Darth Azard', '"Lieutenant, deploy the sharks." —Darth Azard'),
        ('"a, b"', "a, b"),
        ("plain", "plain"),
        ('"', '"'),
    ],
)
def test_unquote(field, expected):
    assert swtcg.unquote(field) == expected


def test_vvi_is_no_set_of_its_own_and_its_codes_name_the_vv1_cards(swtcg_dir):
    assert not CardSet.objects.filter(game="swtcg", code="VVI").exists()
    aliases = CardAlias.objects.filter(game="swtcg", code__startswith="VVI_")
    rows = (swtcg_dir / "sets" / "VVI.txt").read_text(encoding="utf-8-sig").splitlines()[1:]
    assert aliases.count() == len([r for r in rows if r.strip()]) == 45
    assert {a.card.card_set.code for a in aliases.select_related("card__card_set")} == {"VV1"}
    card, face = card_get(game="swtcg", code="VVI_1")
    assert (card.code, face) == ("VV1_1", "front")


def test_promo_rows_repeated_in_their_own_set_are_printings_of_one_card():
    aliases = CardAlias.objects.filter(game="swtcg", code__startswith="PROMO_").select_related(
        "card__card_set"
    )
    assert aliases.count() == 98
    assert all(a.card.card_set.code != "PROMO" for a in aliases)
    ahsoka = Card.objects.get(game="swtcg", title="Ahsoka Tano (A) (Promo)")
    assert ahsoka.card_set.code == "AGD"
    assert sorted(ahsoka.printings.values_list("card_set__code", "rarity")) == [("AGD", "P"), ("PROMO", "P")]
    assert Card.objects.filter(game="swtcg", title="Ahsoka Tano (A) (Promo)").count() == 1
    # The PROMO row's own facts stay on the card: its code, its image (a LackeyCCG deck names it so), its line.
    (row,) = ahsoka.extra["merged_rows"]
    assert (row["set"], row["image_file"], row["source_line"].split(":")[0]) == (
        "PROMO",
        "Ahsoka_Tano_A_promo",
        "sets/PROMO.txt",
    )
    # PROMO keeps every card it prints: its own and the merged ones.
    promo = CardSet.objects.get(game="swtcg", code="PROMO")
    assert promo.size == Printing.objects.filter(card_set=promo).count() == 158


def test_swtcg_counts_after_the_merges():
    assert Card.objects.filter(game="swtcg").count() == 10_910 - 45 - 98
    assert CardSet.objects.filter(game="swtcg").count() == 73


def test_aliases_are_in_the_legality_pool():
    pool = tcg_pool()
    assert pool["VVI_1"].copy_key == pool["VV1_1"].copy_key
    alias = CardAlias.objects.filter(game="swtcg", code__startswith="PROMO_").first()
    assert pool[alias.code].copy_key == pool[alias.card.code].copy_key


# --- merging keeps what refers to a card, atomically ---------------------------------------------------------


@pytest.fixture(scope="module")
def swtcg_snapshot(swtcg_dir):
    return swtcg.load(LocalSource(swtcg_dir))


def unmerged(snapshot):
    """The snapshot as the importer built it before the merges: VVI_1 a card of its own, in set VVI."""
    old = copy.deepcopy(snapshot)
    target = next(c for c in old.cards if c.code == "VV1_1")
    target.aliases = [a for a in target.aliases if a[0] != "VVI_1"]
    target.merged = [c for c in target.merged if c != "VVI_1"]
    separate = copy.deepcopy(target)
    separate.code, separate.set_code, separate.aliases, separate.merged = "VVI_1", "VVI", [], []
    separate.printings = [("VVI", target.fields["rarity"])]
    old.cards.append(separate)
    vv1 = next(s for s in old.sets if s.code == "VV1")
    old.sets.append(type(vv1)(code="VVI", fields={**vv1.fields, "name": "VVI", "abbr": "VVI", "size": 1}))
    return old


def test_a_merged_card_takes_its_decks_along(swtcg_snapshot):
    apply_snapshot(unmerged(swtcg_snapshot))
    old = Card.objects.get(game="swtcg", code="VVI_1")
    owner = User.objects.create_user("merger")
    deck = Deck.objects.create(owner=owner, name="Visions", game_id="swtcg")
    DeckCard.objects.create(deck=deck, card=old, code="VVI_1", count=2)
    CollectionItem.objects.create(owner=owner, card=old, set_code="VVI", quantity=3)

    summary = apply_snapshot(swtcg_snapshot)
    assert summary.cards.removed == 1
    kept = deck.cards.get()
    assert (kept.card.code, kept.code, kept.count) == ("VV1_1", "VVI_1", 2)  # the id as chosen stays
    assert CollectionItem.objects.get(owner=owner).card.code == "VV1_1"
    assert card_get(game="swtcg", code="VVI_1")[0].code == "VV1_1"
    assert not apply_snapshot(swtcg_snapshot).changed_anything  # idempotent


def test_a_merge_that_would_repeat_a_collection_line_changes_nothing(swtcg_snapshot):
    apply_snapshot(unmerged(swtcg_snapshot))
    owner = User.objects.create_user("both")
    for code in ("VVI_1", "VV1_1"):
        CollectionItem.objects.create(owner=owner, card=Card.objects.get(game="swtcg", code=code), quantity=1)
    with pytest.raises(ImportProblem, match="merged into"):
        apply_snapshot(swtcg_snapshot)
    assert Card.objects.filter(game="swtcg", code="VVI_1").exists()  # nothing written
    assert not CardAlias.objects.filter(game="swtcg", code="VVI_1").exists()


# --- SW:DBG ------------------------------------------------------------------------------------------------


def test_swdbg_bases_without_a_uniqueness_show_it_as_unknown(client, swdbg_catalogue):
    source = json.loads((swdbg_catalogue / "original_2023.json").read_text())["cards"]
    blank = {r["title"] for r in source if r["card_type"] == "base" and r.get("unique") is None}
    assert "Lothal" in blank
    lothal = Card.objects.get(game="swdbg", code="sw23_lothal")
    assert "unique" in lothal.extra["unknown"]
    page = re.sub(
        r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(lothal.get_absolute_url()).content.decode())
    )
    assert re.search(r"Unique\s+unknown", page)
    assert "Not unique" not in page
