"""The odds API and the deck page's Odds panel, against exact hypergeometric numbers."""

import itertools
import json
import math
import random
from fractions import Fraction
from math import comb

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks.models import Deck, DeckCard
from rules.views.odds_panel import percent

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def ebo(swccg_dir):
    decks = json.loads((swccg_dir / "gemp" / "sample_decks.json").read_text())["decks"]
    return next(d for d in decks if d["name"].startswith("Classic EBO"))["cards"]


def p_at_least_one(pile: int, copies: int, hand: int) -> float:
    return float(1 - Fraction(comb(pile - copies, hand), comb(pile, hand)))


def post(url, body, status=200):
    response = APIClient().post(url, body, format="json")
    assert response.status_code == status, response.content
    return response.json()


def most_common(cards):
    return max(set(cards), key=cards.count)


def test_opening_hand_exact_with_starting_cards_removed(ebo):
    target = most_common(ebo)
    copies = ebo.count(target)
    others = [c for c in ebo if c != target]
    starting = others[:3]
    body = post(
        "/api/simulate/opening-hand",
        {"game": "swccg", "cards": ebo, "starting": starting, "targets": [{"label": "t", "cards": [target]}]},
    )
    assert (body["deck_size"], body["draw_pile_size"], body["hand_size"]) == (60, 57, 8)
    result = body["targets"][0]
    assert result["copies_in_pile"] == copies
    assert result["probability"] == pytest.approx(p_at_least_one(57, copies, 8), abs=1e-12)
    assert sum(result["distribution"]) == pytest.approx(1, abs=1e-12)
    assert "simulated" not in result and body["joint"] is None


def test_outside_cards_are_never_in_the_pile(ebo):
    target = most_common(ebo)
    body = post(
        "/api/simulate/opening-hand",
        {
            "game": "swccg",
            "cards": ebo,
            "outside_deck": ["200_95"] * 5,
            "targets": [{"cards": [target, "200_95"]}],
        },
    )
    assert body["draw_pile_size"] == 60 and body["targets"][0]["copies_in_pile"] == ebo.count(target)


def test_joint_and_simulation_agree(ebo):
    a, b = sorted(set(ebo), key=lambda c: -ebo.count(c))[:2]
    request = {
        "game": "swccg",
        "cards": ebo,
        "targets": [{"cards": [a]}, {"cards": [b]}],
        "joint": True,
        "trials": 200_000,
        "seed": 7,
    }
    body = post("/api/simulate/opening-hand", request)
    joint = body["joint"]
    assert joint["probability"] <= min(t["probability"] for t in body["targets"])
    assert abs(joint["simulated"] - joint["probability"]) < 4.5 * joint["stderr"]
    for t in body["targets"]:
        assert abs(t["simulated"] - t["probability"]) < 4.5 * t["stderr"]
    again = post("/api/simulate/opening-hand", request)  # same seed, same answer
    assert again["joint"]["simulated"] == joint["simulated"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"hand_size": 61}, "hand-too-large"),
        ({"starting": ["1_1"]}, "starting-not-in-deck"),
        ({"cards": ["nope_1"]}, "unknown-card"),
        ({"trials": 0}, "bad-trials"),
        ({"trials": 10**9}, "bad-trials"),
        ({"targets": "x"}, "invalid-request"),
        ({"targets": [{"cards": ["1_168"], "at_least": 3, "at_most": 1}]}, "invalid-request"),
        ({"cards": "1_168"}, "invalid-request"),
        ({"game": "nope"}, "unknown-game"),
    ],
)
def test_bad_input(ebo, change, code):
    body = {"game": "swccg", "cards": ebo, "targets": [{"cards": [ebo[0]]}], **change}
    assert post("/api/simulate/opening-hand", body, 400)["code"] == code


def destiny_value(card) -> float:
    """The endpoint's stated rule: the number, else the highest alternative, else 0."""
    if card.destiny is not None:
        return card.destiny
    return max(card.destiny_values) if card.destiny_values else 0.0


def test_destiny_total_against_its_exact_value(ebo):
    """P(3 destiny draws total ≥ 10), simulated, against the exact value from every 3-card draw of the deck."""
    from cardsdb.models import Card

    value_of = {c.code: destiny_value(c) for c in Card.objects.filter(game_id="swccg", code__in=set(ebo))}
    values = [value_of[card] for card in ebo]
    draws = list(itertools.combinations(values, 3))
    exact = sum(sum(draw) >= 10 - 1e-9 for draw in draws) / len(draws)
    assert 0.05 < exact < 0.95  # a question the simulation can get wrong
    request = {"game": "swccg", "cards": ebo, "draws": 3, "threshold": 10, "seed": 1, "trials": 50_000}
    body = post("/api/simulate/destiny", request)
    total = body["total"]
    assert total["method"] == "simulated" and total["trials"] == 50_000 and total["seed"] == 1
    assert total["standard_error"] == total["stderr"] > 0
    assert abs(total["simulated"] - exact) < 4.5 * math.sqrt(exact * (1 - exact) / 50_000)
    assert total["interval"][0] < exact < total["interval"][1] or abs(total["simulated"] - exact) < 0.01
    assert post("/api/simulate/destiny", request)["total"] == total  # seeded
    assert sum(body["distribution"].values()) == 60
    assert body["p_at_least"]["0"] == pytest.approx(1.0)
    assert body["average"] == pytest.approx(sum(values) / 60, abs=1e-4)


def test_sample_hands(ebo):
    hands = post("/api/simulate/sample-hands", {"game": "swccg", "cards": ebo, "count": 3, "seed": 5})[
        "hands"
    ]
    assert len(hands) == 3 and all(len(h) == 8 for h in hands)
    assert all(card["id"] in ebo for hand in hands for card in hand)
    same = post("/api/simulate/sample-hands", {"game": "swccg", "cards": ebo, "count": 3, "seed": 5})["hands"]
    assert same == hands


# --- bounded work whatever the input -------------------------------------------------------------------------


@pytest.fixture
def thousand():
    """1,000 distinct SWCCG card ids: the largest pile a request may send."""
    from cardsdb.models import Card

    ids = Card.objects.filter(game_id="swccg", edition=Card.Edition.CURRENT).order_by("code")
    ids = list(ids.values_list("code", flat=True)[:1000])
    assert len(ids) == 1000
    return ids


def overlapping_targets(ids, groups=8):
    rng = random.Random(9)
    return [
        {"label": f"g{g}", "cards": rng.sample(ids, 250), "at_least": 45, "at_most": 60}
        for g in range(groups)
    ]


def python_joint(pile, hand, targets, hands=1000, seed=1):
    """P(all targets met) from plain random.sample hands, independent of the code under test."""
    rng = random.Random(seed)
    groups = [(set(t["cards"]), t["at_least"], t["at_most"]) for t in targets]
    hits = sum(
        all(low <= sum(c in cards for c in drawn) <= high for cards, low, high in groups)
        for drawn in (rng.sample(pile, hand) for _ in range(hands))
    )
    p = hits / hands
    return p, math.sqrt(p * (1 - p) / hands)


def test_pathological_joint_is_simulated_with_its_standard_error(thousand):
    """The issue's request (1,000 ids, a hand of 200, 8 overlapping groups, joint) ran for minutes and past
    20 GB; now its cost is estimated first and it is simulated, saying so."""
    targets = overlapping_targets(thousand)
    request = {"game": "swccg", "cards": thousand, "hand_size": 200, "targets": targets, "joint": True}
    body = post("/api/simulate/opening-hand", request)
    joint = body["joint"]
    assert joint["method"] == "simulated" and joint["reason"].startswith("Simulated: the exact joint answer")
    assert 0 < joint["trials"] <= 100_000 and joint["seed"] == 0
    p = joint["probability"]
    assert 0 < p < 1 and joint["standard_error"] == pytest.approx(math.sqrt(p * (1 - p) / joint["trials"]))
    assert joint["interval"][0] < p < joint["interval"][1]
    expected, se = python_joint(thousand, 200, targets)
    assert abs(p - expected) < 4.5 * math.hypot(se, joint["standard_error"])
    for row in body["targets"]:  # one group alone stays exact
        assert row["method"] == "exact" and 0 < row["probability"] < 1 and len(row["distribution"]) == 201
    assert post("/api/simulate/opening-hand", request)["joint"] == joint  # the same seed by default


def test_pathological_joint_reuses_the_requested_simulation(thousand):
    targets = overlapping_targets(thousand, 5)
    request = {
        "game": "swccg",
        "cards": thousand,
        "hand_size": 200,
        "targets": targets,
        "joint": True,
        "trials": 5_000,
        "seed": 4,
    }
    joint = post("/api/simulate/opening-hand", request)["joint"]
    assert joint["method"] == "simulated" and joint["trials"] == 5_000 and joint["seed"] == 4
    assert joint["simulated"] == joint["probability"] and joint["stderr"] == joint["standard_error"]


@pytest.mark.parametrize(
    ("url", "change"),
    [
        ("/api/simulate/opening-hand", {"hand_size": 200, "trials": 5_000_000}),
        ("/api/simulate/destiny", {"draws": 60, "threshold": 100, "trials": 5_000_000}),
    ],
)
def test_a_simulation_past_the_budget_is_refused_before_it_runs(thousand, url, change):
    body = {"game": "swccg", "cards": thousand, "targets": overlapping_targets(thousand), **change}
    refused = post(url, body, 400)
    assert refused["code"] == "bad-trials" and 0 < refused["max_trials"] < 5_000_000
    assert f"at most {refused['max_trials']:,}" in refused["message"]


@pytest.mark.parametrize("threshold", [10**400, 1e300, -(10**7)])
def test_destiny_threshold_out_of_range_is_refused(ebo, threshold):
    body = {"game": "swccg", "cards": ebo, "draws": 3, "threshold": threshold}
    assert post("/api/simulate/destiny", body, 400)["code"] == "invalid-request"


def test_largest_sample_hands_and_turns_are_bounded(thousand):
    body = post(
        "/api/simulate/sample-hands",
        {"game": "swccg", "cards": thousand, "hand_size": 200, "count": 100, "seed": 2},
    )
    assert len(body["hands"]) == 100 and all(len({c["id"] for c in hand}) == 200 for hand in body["hands"])
    targets = overlapping_targets(thousand)
    body = post(
        "/api/simulate/opening-hand",
        {
            "game": "swccg",
            "cards": thousand,
            "hand_size": 200,
            "targets": targets,
            "turns": 30,
            "per_turn": 60,
        },
    )
    for row in body["targets"]:
        seen = [r["cards_seen"] for r in row["by_turn"]]
        assert seen[:3] == [200, 260, 320] and seen[-1] == 1000 and row["by_turn"][-1]["probability"] == 0
    assert body["targets"][0]["by_turn"][0]["probability"] == body["targets"][0]["probability"]


def saved_ebo(ebo):
    """The deck saved, its first card (by id) once in the starting zone."""
    owner = User.objects.create_user("mon", password="mothma-12345")
    deck = Deck.objects.create(owner=owner, name="EBO", game_id="swccg", is_public=True)
    from cardsdb.models import Card

    counts = {c: ebo.count(c) for c in set(ebo)}
    cards = {c.code: c for c in Card.objects.filter(code__in=counts)}
    start = sorted(counts)[0]
    for code, n in counts.items():
        if code == start:
            DeckCard.objects.create(deck=deck, card=cards[code], code=code, count=1, zone="starting")
            if n > 1:
                DeckCard.objects.create(deck=deck, card=cards[code], code=code, count=n - 1, zone="deck")
        else:
            DeckCard.objects.create(deck=deck, card=cards[code], code=code, count=n, zone="deck")
    return deck, start


def test_saved_deck_odds_and_panel(client, ebo):
    deck, start = saved_ebo(ebo)
    target = most_common(ebo)
    body = post(f"/api/decks/{deck.pk}/simulate/opening-hand/", {"targets": [{"cards": [target]}]})
    assert body["draw_pile_size"] == 59 and body["starting"] == [start]
    html = client.get(
        f"/decks/{deck.pk}/", {"g1": target, "n1": "1", "sample": "1", "seed": "3"}
    ).content.decode()
    expected = percent(body["targets"][0]["probability"])  # the page shows percentages: "45.1%"
    assert f'data-group="1"><strong>{expected}</strong>' in html
    assert "Sample hand" in html and html.count("<svg") == 7


def test_too_costly_joint_is_simulated_on_the_deck_endpoint_and_page(client, ebo, monkeypatch):
    """With a budget of 0 every joint question is "too costly": the deck's simulate endpoint and the Odds panel
    say they simulated, and the simulated answer agrees with the exact one."""
    from rules.odds.exact import Target, joint_probability

    deck, start = saved_ebo(ebo)
    a, b = [c for c in sorted(set(ebo), key=lambda c: (-ebo.count(c), c)) if c != start][:2]
    pile = list(ebo)
    pile.remove(start)
    exact = float(joint_probability(pile, 8, [Target("a", {a}), Target("b", {b})]))
    request = {"targets": [{"cards": [a]}, {"cards": [b]}], "joint": True}
    assert post(f"/api/decks/{deck.pk}/simulate/opening-hand/", request)["joint"] == {
        "method": "exact",
        "probability": round(exact, 12),
    }
    page = client.get(f"/decks/{deck.pk}/", {"g1": a, "g2": b}).content.decode()
    shown = percent(exact)
    assert f'id="joint">All groups at once: <strong>{shown}</strong></p>' in page and "(simulated" not in page

    monkeypatch.setattr("rules.odds.joint.MAX_JOINT_COST", 0)
    joint = post(f"/api/decks/{deck.pk}/simulate/opening-hand/", request)["joint"]
    assert joint["method"] == "simulated" and joint["trials"] == 100_000 and joint["seed"] == 0
    se = math.sqrt(exact * (1 - exact) / joint["trials"])
    assert joint["standard_error"] == pytest.approx(se, rel=0.05)
    assert abs(joint["probability"] - exact) < 4.5 * se
    page = client.get(f"/decks/{deck.pk}/", {"g1": a, "g2": b}).content.decode()
    shown = percent(joint["probability"])
    assert f'id="joint">All groups at once: <strong>{shown}</strong> <span class="small">(simulated' in page


def test_turn_by_turn_exact(ebo):
    target = most_common(ebo)
    copies = ebo.count(target)
    body = post(
        "/api/simulate/opening-hand",
        {"game": "swccg", "cards": ebo, "targets": [{"cards": [target]}], "turns": 30, "per_turn": 2},
    )
    rows = body["targets"][0]["by_turn"]
    assert [r["cards_seen"] for r in rows[:3]] == [8, 10, 12]
    assert rows[1]["probability"] == pytest.approx(p_at_least_one(60, copies, 10), abs=1e-12)
    assert all(a["probability"] <= b["probability"] for a, b in zip(rows, rows[1:], strict=False))
    assert rows[-1]["cards_seen"] == 60 and rows[-1]["probability"] == 1.0  # the whole deck has been seen
    assert body["per_turn"] == 2


def test_swdbg_starter_deck_hand_and_cycle():
    """SW:DBG: 5-card hands from the 10-card starter deck, 5 more each turn; after two turns the deck cycled."""
    from cardsdb.models import Card

    code = dict(Card.objects.filter(game="swdbg", extra__deck="starter").values_list("name", "code"))
    shuttle, trooper, agent = code["Alliance Shuttle"], code["Rebel Trooper"], code["Temple Guardian"]
    starter = [shuttle] * 7 + [trooper] * 2 + [agent]
    body = post(
        "/api/simulate/opening-hand",
        {"game": "swdbg", "cards": starter, "targets": [{"cards": [trooper]}], "turns": 2},
    )
    assert body["hand_size"] == 5 and body["per_turn"] == 5
    rows = body["targets"][0]["by_turn"]
    assert [r["cards_seen"] for r in rows] == [5, 10, 10]
    assert rows[0]["probability"] == pytest.approx(1 - comb(8, 5) / comb(10, 5), abs=1e-12)
    assert rows[1]["probability"] == 1.0


def test_swtcg_opening_hand_is_seven():
    body = post("/api/simulate/opening-hand", {"game": "swtcg", "cards": ["ANH_149"] * 60, "targets": []})
    assert body["hand_size"] == 7


def test_derive_pulls_from_the_card_data():
    from cardsdb.models import CardRelation

    relation = CardRelation.objects.filter(kind="pulls", card__type="Objective", target__isnull=False).first()
    objective, pulled = relation.card.code, relation.target.code
    cards = [objective, pulled] + ["1_2"] * 58
    body = post(
        "/api/simulate/opening-hand",
        {
            "game": "swccg",
            "cards": cards,
            "starting": [objective],
            "derive_pulls": True,
            "targets": [{"cards": [pulled]}],
        },
    )
    assert pulled in body["derived_starting"] and body["draw_pile_size"] == 60 - len(body["starting"])
    assert body["targets"][0]["copies_in_pile"] == 0 and body["targets"][0]["probability"] == 0
    plain = post("/api/simulate/opening-hand", {"game": "swccg", "cards": cards, "starting": [objective]})
    assert plain["derived_starting"] == [] and plain["draw_pile_size"] == 59


@pytest.mark.parametrize("game", ["swtcg", "swdbg"])
def test_destiny_is_swccg_only(game):
    body = post("/api/simulate/destiny", {"game": game, "cards": ["ANH_149"] * 10}, status=400)
    assert body["code"] == "no-destiny"
