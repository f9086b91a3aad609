"""The odds API and the deck page's Odds panel, against exact hypergeometric numbers."""

import json
from fractions import Fraction
from math import comb

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks.models import Deck, DeckCard

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


def test_destiny_and_sample_hands(ebo):
    body = post(
        "/api/simulate/destiny",
        {"game": "swccg", "cards": ebo, "draws": 3, "threshold": 10, "seed": 1, "trials": 50_000},
    )
    assert sum(body["distribution"].values()) == 60
    assert body["p_at_least"]["0"] == pytest.approx(1.0)
    assert body["rule"] and 0 <= body["total"]["simulated"] <= 1
    hands = post("/api/simulate/sample-hands", {"game": "swccg", "cards": ebo, "count": 3, "seed": 5})[
        "hands"
    ]
    assert len(hands) == 3 and all(len(h) == 8 for h in hands)
    assert all(card["id"] in ebo for hand in hands for card in hand)
    same = post("/api/simulate/sample-hands", {"game": "swccg", "cards": ebo, "count": 3, "seed": 5})["hands"]
    assert same == hands


def test_saved_deck_odds_and_panel(client, ebo):
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
    target = most_common(ebo)
    body = post(f"/api/decks/{deck.pk}/simulate/opening-hand/", {"targets": [{"cards": [target]}]})
    assert body["draw_pile_size"] == 59 and body["starting"] == [start]
    html = client.get(
        f"/decks/{deck.pk}/", {"g1": target, "n1": "1", "sample": "1", "seed": "3"}
    ).content.decode()
    expected = f"{body['targets'][0]['probability']:.4f}".rstrip("0").rstrip(".")
    assert f'data-group="1"><strong>{expected}</strong>' in html
    assert "Sample hand" in html and html.count("<svg") == 7


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
