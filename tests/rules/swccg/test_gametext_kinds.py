"""Every effect kind and condition kind of the game text vocabulary, on a real card of the catalogue: the card's
stored text read through the adapter (rules/swccg_gametext.py), the effect found with its numbers."""

from pathlib import Path

import pytest

from rules.swccg.gametext import CONDITION_KINDS, KINDS, UNREAD

from .gametext_cards import read_cards_fixture  # noqa: F401 (the read_cards fixture)

# (GEMP id, kind, the sentence's first words, what the effect must hold). Where a card prints the phrase in
# GEMP's sample decks, it is that card.
CASES = [
    ("101_3", "power", "Luke is power +2", {"amount": 2, "target": "Luke", "condition": "all"}),
    ("7_155", "ability", "Ability = ¼", {"value": 0.25}),
    (
        "102_7",
        "forfeit",
        "If you control",
        {"amount": 2, "target": "all Imperials with ability > 2 on table"},
    ),
    (
        "10_24",
        "defense-value",
        "At same location",
        {"amount": 2, "target": "your smugglers", "condition": "at"},
    ),
    (
        "106_11",
        "deploy-cost",
        "Your aliens deploy -1",
        {"amount": -1, "target": "Your aliens", "condition": "at"},
    ),
    (
        "14_82",
        "destiny",
        "Your [Presence] droids",
        {"amount": 1, "target": "Your [Presence] droids and AATs"},
    ),
    ("110_9", "landspeed", "May 'fly'", {"value": 3, "detail": "fly"}),
    ("2_14", "hyperspeed", "While aboard any starfighter", {"amount": 2, "target": "any starfighter"}),
    ("1_167", "pilot-hyperspeed", "When piloting Devastator", {"amount": 1, "target": "Devastator"}),
    ("109_8", "maneuver", "Permanent pilot is", {"amount": 2, "detail": "permanent pilot"}),
    ("3_87", "armor", "On Blizzard 1", {"amount": 1, "condition": "at"}),
    ("12_28", "politics", "Amidala is politics +1", {"amount": 1, "target": "Amidala"}),
    ("14_121", "stat-not-increased", "Landspeed may not", {"target": "landspeed"}),
    ("200_130", "stat-not-reduced", "Slave I's power may not", {"target": "power", "detail": "by opponent"}),
    ("106_11", "pilot-power", "Adds 2 to power of anything", {"amount": 2, "target": "anything"}),
    ("10_5", "pilot-maneuver", "Adds 2 to power and 2 to maneuver", {"amount": 2, "target": "anything"}),
    ("9_25", "pilot-armor", "When piloting a Star Cruiser", {"amount": 1, "target": "a Star Cruiser"}),
    ("103_1", "permanent-pilot", "Permanent pilot aboard is", {"amount": 2, "target": "•Dutch"}),
    ("104_5", "may-add-pilots", "May add 1 pilot", {"amount": 1}),
    ("104_5", "may-add-passengers", "May add 1 pilot", {"amount": 8}),
    ("103_1", "may-add-pilots-or-passengers", "May add 1 pilot or", {"amount": 1}),
    ("106_13", "may-add-cards", "May add 3 pilots", {"amount": 4, "target": "ties"}),
    ("108_1", "adds-battle-destiny", "Adds one battle destiny", {"amount": 1, "condition": "with"}),
    ("103_1", "draws-battle-destiny", "Permanent pilot aboard is", {"amount": 1, "detail": "may"}),
    (
        "1_168",
        "adds-to-destiny",
        "When in battle",
        {"amount": 1, "target": "each of your battle destiny draws"},
    ),
    (
        "7_16",
        "destiny-to-total",
        "When piloting Red 7",
        {"amount": 1, "target": "total power", "detail": "only"},
    ),
    ("109_2", "immune-attrition", "Immune to attrition", {"amount": 5}),
    ("109_11", "immune-to", "Immune to Restraining", {"target": "Restraining Bolt"}),
    ("10_41", "not-weapon-target", "When present with Xizor", {"condition": "present-with"}),
    ("10_41", "battle-destiny-limit", "While Vader not here", {"amount": 1, "target": "opponent"}),
    ("12_123", "attrition", "While in a senate", {"amount": 1, "detail": "once per turn"}),
    (
        "11_54",
        "total-ability",
        "Unless opponent's character",
        {"value": 0, "target": "opponent's total ability here"},
    ),
    ("1_196", "total-power", "If you have four", {"amount": 2, "target": "your total power here"}),
    ("10_53", "force-drain", "While at a non-Coruscant", {"amount": 1, "condition": "all"}),
    ("109_11", "may-initiate-battle", "May initiate battle", {}),
    ("13_40", "lightsaber-combat", "Adds 1 to this character", {"amount": 1}),
    (
        "101_2",
        "deploys-only-on",
        "Must deploy on Tatooine",
        {"target": "Tatooine", "detail": "may move elsewhere"},
    ),
    ("101_2", "may-not-deploy-to", "May not be deployed if", {"condition": "on-table"}),
    ("200_132", "deploy-aboard", "May deploy as a", {"target": "react"}),
    ("201_19", "deploy-without-presence", "May deploy without", {}),
    ("1_30", "move-react", "May move to an adjacent", {"detail": "to an adjacent site"}),
    ("203_21", "deploys-and-moves-like", "Deploys and moves like", {"target": "a starfighter"}),
    ("110_4", "may-deploy-to", "Your unpiloted starfighters", {"target": "exterior Tatooine locations"}),
    ("4_97", "no-react", "Opponent may not 'react'", {"target": "to or from same location"}),
    ("1_181", "may-not-move", "Cannot move", {}),
    ("1_148", "move-without-presence", "May move without presence", {}),
    ("1_143", "needs-pilot-aboard", "Must have pilot aboard", {}),
    ("10_2", "may-pilot-only", "May pilot only", {"target": "Falcon"}),
    (
        "201_19",
        "force-icons",
        "Adds one [Light Side]",
        {"amount": 1, "target": "[Light Side]", "condition": "at"},
    ),
    ("106_13", "ship-docking", "Has ship-docking", {}),
    ("1_152", "weapon-target", "May target a character", {"target": "a character, creature or vehicle"}),
    ("1_152", "weapon-fire-cost", "May target a character", {"value": 1}),
    ("1_324", "weapon-destiny", "Draw two destiny", {"amount": 2}),
    ("8_85", "weapon-fire-repeatedly", "May fire repeatedly", {"value": 2}),
    ("110_7", "weapon-fire-times", "Permanent weapon is", {"value": 2, "detail": "per battle"}),
    ("9_63", "fires-several-weapons", "May fire two or more", {}),
    (
        "1_153",
        "weapon-hit",
        "Target hit if destiny +1",
        {"amount": 1, "target": "defense value", "detail": "hit"},
    ),
    ("108_3", "permanent-weapon", "Permanent weapon is", {"target": "•Luke's Lightsaber"}),
    ("1_324", "deploys-on", "Deploy on Vader", {"target": "Vader"}),
    ("10_12", "force-cost", "Once per turn, may use 1", {"value": 1, "detail": "use"}),
    (
        "106_11",
        "take-into-hand",
        "When deployed",
        {"target": "one non-unique alien", "condition": "deployed"},
    ),
    (
        "110_10",
        "deploy-from-pile",
        "Once per game, may deploy",
        {"target": "a weapon on her", "detail": "reshuffle"},
    ),
    ("10_24", "peek", "Once during each of your", {"detail": "once during each of your control phases"}),
    ("109_10", "cancel", "Cancels opponent's", {"target": "opponent's immunity to attrition here"}),
    (
        "110_12",
        "reset",
        "Unless opponent has total ability",
        {"value": 0, "target": "opponent's total battle destiny here"},
    ),
    ("1_11", "cancel-and-redraw", "Once during battle", {"target": "your just drawn destiny"}),
    ("12_117", "retrieve-force", "If you just initiated", {"amount": 1, "condition": "state"}),
    ("1_191", "lose-force", "If incorrect", {"amount": 1}),
    ("109_12", "opponent-loses-force", "Opponent loses 8 Force", {"amount": 8}),
    ("6_44", "activate-force", "Whenever your opponent deploys", {"amount": 1, "detail": "may"}),
    ("101_5", "draw-destiny", "If in a losing battle", {"amount": 1}),
    ("110_2", "target", "When in battle, may target", {"target": "one opponent's alien present"}),
    (
        "110_10",
        "may-be-targeted-by",
        "May be targeted by",
        {"target": "Vader's Obsession and Epic Duel instead of Vader"},
    ),
    (
        "10_12",
        "place",
        "Once per turn, may use 1",
        {"target": "a card from hand", "detail": "on bottom of Used Pile"},
    ),
    ("10_12", "draw-cards", "Once per turn, may use 1", {"target": "top card of Reserve Deck"}),
    ("11_52", "steal", "Once per turn, may steal", {"detail": "once per turn"}),
    ("1_251", "retrieve", "Retrieve that number", {"target": "that number of Stormtroopers and/or TIE/lns"}),
    ("7_169", "exchange", "Once per turn, may exchange", {"detail": "may"}),
    ("200_17", "reveal", "Reveal top card", {"target": "top card of opponent's Reserve Deck"}),
    ("14_91", "search", "If with a battle droid", {"target": "that Reserve Deck"}),
    (
        "200_74",
        "relocate",
        "Once per game, during your move",
        {"target": "Arica", "detail": "to Luke's location"},
    ),
    (
        "201_41",
        "follow",
        "Once per game, may follow",
        {"target": "an opponent's starship that just moved from here"},
    ),
    ("6_107", "play", "If you have 3 or more Jawas", {"target": "Utinni!", "condition": "on-table"}),
    ("102_8", "lost", "If destiny = pilot's", {"target": "starship"}),
    ("10_2", "suspend", "Bad Feeling Have I", {"target": "Bad Feeling Have I"}),
    ("112_16", "force-generation", "At each opponent's", {"amount": 1}),
    ("112_5", "move-cost", "When driving a transport", {"value": 0, "target": "it", "condition": "piloting"}),
    ("106_13", "may-deploy-aboard", "Turbolaser Battery may", {"target": "Turbolaser Battery"}),
    ("112_14", "landspeed-cost", "To use his landspeed", {"amount": 1}),
    ("12_105", "agenda", "Agenda: ambition", {"target": "ambition"}),
    ("13_21", "maintenance", "End of your turn", {"value": 3, "detail": "Place out of play"}),
    ("211_57", "shuffle", "During your turn, may reveal", {"target": "your Reserve Deck"}),
    (
        "11_54",
        "duel",
        "During your control phase may lose",
        {"target": "opponent's Jedi present", "detail": "may"},
    ),
    ("203_27", "return-to-hand", "Unless alone", {"target": "Grievous (and your cards on him)"}),
    ("1_162", "explodes", "'Explodes'", {"detail": "at beginning of your next turn"}),
    ("1_9", "wager", "Once each turn", {"detail": "once each turn during your control phase"}),
    ("9_162", "x-value", "When firing SFS", {"value": 3, "condition": "state"}),
    ("11_52", "may-use", "May use any", {"target": "any 'stolen' lightsaber"}),
    ("7_192", "may-not-use", "May not carry", {"target": "devices or weapons", "detail": "carry"}),
    (
        "12_8",
        "may-not-cancel",
        "While in a senate majority",
        {"target": "opponent's battle destiny draws", "detail": "you"},
    ),
    ("10_18", "may-not-play", "If opponent has a Stormtrooper", {"target": "Harvest", "condition": "state"}),
    ("13_74", "may-not-be", "May not be Disarmed", {"detail": "Disarmed"}),
    ("10_48", "captured", "When Snoova excludes", {"target": "target", "detail": "instead"}),
    ("10_2", "may-be-battled", "All droids may be battled", {"target": "All droids"}),
    ("8_83", "disembark", "If lost", {"detail": "jump off", "condition": "state"}),
    ("1_191", "predict-winner", "If you initiate a battle", {"detail": "must"}),
    ("1_12", "deploys-only-so", "Cannot deploy otherwise", {}),
    ("1_148", "moves-only-to", "Deploy and move only", {"target": "interior mobile sites"}),
    ("9_109", "may-not-move-to", "Never deploys or moves", {"target": "a site opponent occupies"}),
    ("216_48", "force-drain-protected", "While present at a Kashyyyk", {"target": "your Force drains here"}),
    ("201_1", "counts-as", "Smuggler", {"target": "Smuggler"}),
    ("9_101", "satisfies", "When forfeited from a TIE/sa", {"target": "attrition and battle damage"}),
    (
        "1_31",
        "forfeit-in-place-of",
        "May forfeit in place",
        {"target": "any other character hit by a weapon at same site"},
    ),
    ("6_109", "may-escort-captive", "May escort a captive", {}),
    ("10_5", "break-cover", "During your move phase", {"target": "opponent's Undercover spy at same site"}),
    ("7_50", "used-interrupt", "Wookiee Strangle", {"target": "Wookiee Strangle"}),
    ("9_102", "flip", "While he occupies", {"target": "Liberation"}),
    ("7_4", "adds-to-total", "When in a duel", {"amount": 2, "target": "your total", "condition": "state"}),
]
# (GEMP id, condition kind, the sentence's first words, its subject).
CONDITIONS = [
    ("108_1", "with", "Adds one battle destiny", "Luke or Chewie"),
    ("10_41", "present-with", "When present with Xizor", "Xizor"),
    ("106_11", "at", "Your aliens deploy -1", "same or adjacent Tatooine site"),
    ("109_10", "in-battle", "When in battle", ""),
    ("10_17", "piloted-by", "While Dash or Leebo", "Dash or Leebo"),
    ("10_12", "piloting", "When piloting Pulsar Skate", "Pulsar Skate"),
    ("10_43", "armed-with", "When armed with", "a Force pike"),
    ("111_2", "aboard", "Luke of ability < 5", ""),
    ("101_2", "on-table", "May not be deployed if", "two or more of opponent's unique (•) characters"),
    ("10_37", "here", "Power -3 if opponent", "opponent has a lightsaber"),
    ("204_46", "alone", "If alone", ""),
    ("2_158", "targeting", "Subtract 2 if targeting", "a capital starship"),
    ("106_11", "deployed", "When deployed", ""),
    ("5_96", "phase", "During your control phase", "your control phase"),
    ("101_5", "state", "If in a losing battle", "in a losing battle"),
    ("10_41", "all", "While Vader not here", ""),
    ("8_104", "any", "Adds 1 to each weapon destiny", ""),
]


def test_every_kind_has_a_case_on_a_real_card():
    assert {kind for _, kind, _, _ in CASES} == set(KINDS)
    assert {kind for _, kind, _, _ in CONDITIONS} == set(CONDITION_KINDS)


def test_every_kind_read_is_in_the_vocabulary(read_cards):
    effects, _ = read_cards
    assert {e.kind for found in effects.values() for e in found} - {UNREAD} <= set(KINDS)


def test_the_documentation_lists_every_kind():
    doc = (Path(__file__).resolve().parents[3] / "docs" / "swccg-gametext.md").read_text()
    assert [kind for kind in [*KINDS, *CONDITION_KINDS] if f"| `{kind}` |" not in doc] == []


def _effect(read_cards, code, kind, opening):
    effects, _ = read_cards
    found = [e for e in effects[code] if e.kind == kind and e.sentence.startswith(opening)]
    assert found, f"{code}: no {kind} in {[(e.kind, e.sentence) for e in effects[code]]}"
    return found


@pytest.mark.parametrize(("code", "kind", "opening", "fields"), CASES, ids=[f"{c[1]}-{c[0]}" for c in CASES])
def test_each_kind_reads_from_a_real_card(read_cards, code, kind, opening, fields):
    def holds(effect) -> bool:
        for name, wanted in fields.items():
            if name == "condition":
                if effect.condition is None or effect.condition.kind != wanted:
                    return False
            elif name == "detail":
                if wanted not in effect.detail:
                    return False
            elif getattr(effect, name) != wanted:
                return False
        return True

    found = _effect(read_cards, code, kind, opening)
    assert any(holds(e) for e in found), found


@pytest.mark.parametrize(
    ("code", "kind", "opening", "subject"), CONDITIONS, ids=[f"{c[1]}-{c[0]}" for c in CONDITIONS]
)
def test_each_condition_kind_reads_from_a_real_card(read_cards, code, kind, opening, subject):
    effects, _ = read_cards
    conditions = [
        e.condition for e in effects[code] if e.sentence.startswith(opening) and e.condition is not None
    ]
    assert any(c.kind == kind and c.subject == subject for c in conditions), conditions


def test_a_conditional_immunity_reads_both_numbers(read_cards):
    # •Aurra Sing (AI): "Immune to attrition < 3 (< 5 while armed with a lightsaber)."
    found = _effect(read_cards, "11_52", "immune-attrition", "Immune to attrition")
    assert [(e.amount, e.condition and e.condition.kind) for e in found] == [(3, None), (5, "armed-with")]


def test_a_weapon_s_costs_for_each_kind_of_target(read_cards):
    # AAT Laser Cannon: "May target a character (use 1 Force) or vehicle (for free) at same or adjacent site."
    found = _effect(read_cards, "14_126", "weapon-fire-cost", "May target a character (use 1 Force)")
    costs = {e.condition.parts[-1].subject: e.value for e in found}
    assert costs == {"a character": 1, "vehicle": 0}


def test_a_permanent_weapon_is_part_of_its_character(read_cards):
    effects, _ = read_cards
    han = [e for e in effects["108_1"] if e.sentence.startswith("Permanent weapon")]
    assert [e.kind for e in han] == [
        "permanent-weapon",
        "weapon-target",
        "weapon-fire-cost",
        "weapon-destiny",
        "weapon-hit",
    ]
    hit = han[-1]
    assert (hit.amount, hit.target) == (1, "defense value") and "forfeit = 0" in hit.detail


def test_the_errata_text_is_read_and_older_versions_keep_their_own(read_cards):
    effects, texts = read_cards
    older = [t for t in texts.values() if t.edition != "current" and t.gametext and effects[t.code]]
    assert older, "the legacy and pre-errata versions are read too"
    for text in older[:50]:
        assert {e.sentence for e in effects[text.code]} <= {*_sentences(text)}


def _sentences(text):
    from rules.swccg.gametext import protected_titles, split_sentences

    return split_sentences(text.gametext, protected_titles([text.title]))
