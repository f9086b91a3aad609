"""Real examples for the SWCCG calculators' API docs (drf-spectacular): each response is what the calculators
answered for its request against the catalogue (tests/rules/swccg/test_calculator_pages.py checks they
still are)."""

from drf_spectacular.utils import OpenApiExample

BATTLE_REQUEST = {
    "dark": {"cards": [{"card": "1_168"}, {"card": "1_194"}], "destinies": [3]},
    "light": {"cards": [{"card": "1_19"}, {"card": "1_4"}], "destinies": [4]},
}
BATTLE_RESPONSE = {
    "winner": "dark",
    "sides": {
        "dark": {
            "power": 7.0,
            "ability": 7.0,
            "destinies_allowed": 1,
            "destiny_total": 4.0,
            "total": 11.0,
            "battle_damage": 0.0,
            "attrition": 4.0,
            "immune": ["1_168"],
            "hit": [],
            "attrition_forfeits": ["1_194"],
            "attrition_ignored": 2.0,
            "force_to_lose": 0.0,
            "cards": [
                {
                    "card_id": "1_168",
                    "title": "•Darth Vader",
                    "power": 6.0,
                    "ability": 6.0,
                    "forfeit": 8.0,
                    "immune_to_attrition": 5,
                    "hit": False,
                },
                {
                    "card_id": "1_194",
                    "title": "Stormtrooper",
                    "power": 1.0,
                    "ability": 1.0,
                    "forfeit": 2.0,
                    "immune_to_attrition": None,
                    "hit": False,
                },
            ],
        },
        "light": {
            "power": 5.0,
            "ability": 8.0,
            "destinies_allowed": 1,
            "destiny_total": 4.0,
            "total": 9.0,
            "battle_damage": 2.0,
            "attrition": 4.0,
            "immune": [],
            "hit": [],
            "attrition_forfeits": ["1_19"],
            "attrition_ignored": 0,
            "force_to_lose": 0.0,
            "cards": [
                {
                    "card_id": "1_19",
                    "title": "•Luke Skywalker",
                    "power": 3.0,
                    "ability": 4.0,
                    "forfeit": 7.0,
                    "immune_to_attrition": 3,
                    "hit": False,
                },
                {
                    "card_id": "1_4",
                    "title": "•BoShek",
                    "power": 2.0,
                    "ability": 4.0,
                    "forfeit": 3.0,
                    "immune_to_attrition": 3,
                    "hit": False,
                },
            ],
        },
    },
    "applied": [
        {
            "key": "1_168:0",
            "card": "1_168",
            "title": "•Darth Vader",
            "side": "dark",
            "sentence": "When in battle, adds 1 to each of your battle destiny draws.",
            "kind": "adds-to-destiny",
            "amount": 1.0,
            "value": None,
            "to": [],
            "to_side": "dark",
            "condition": {"kind": "in-battle", "subject": "", "negated": False},
        },
        {
            "key": "1_168:4",
            "card": "1_168",
            "title": "•Darth Vader",
            "side": "dark",
            "sentence": "Immune to attrition < 5.",
            "kind": "immune-attrition",
            "amount": 5.0,
            "value": None,
            "to": ["1_168"],
            "to_side": "dark",
            "condition": None,
        },
        {
            "key": "1_19:3",
            "card": "1_19",
            "title": "•Luke Skywalker",
            "side": "light",
            "sentence": "Immune to attrition < 3.",
            "kind": "immune-attrition",
            "amount": 3.0,
            "value": None,
            "to": ["1_19"],
            "to_side": "light",
            "condition": None,
        },
        {
            "key": "1_4:2",
            "card": "1_4",
            "title": "•BoShek",
            "side": "light",
            "sentence": "Immune to attrition < 3.",
            "kind": "immune-attrition",
            "amount": 3.0,
            "value": None,
            "to": ["1_4"],
            "to_side": "light",
            "condition": None,
        },
    ],
    "questions": [],
    "unused_conditions": [],
}
SABACC_REQUEST = {
    "dark": {"cards": ["5_99", "5_105", "1_195"]},
    "light": {"cards": ["2_14", "5_12"]},
    "wild": ["5_99"],
    "clones": ["5_105"],
    "stakes": ["5_12"],
}
SABACC_RESPONSE = {
    "winner": "dark",
    "reason": "closest-to-11",
    "dark": {
        "side": "dark",
        "total": 10,
        "values": [6, 2, 2],
        "assignment": {"wild": [[0, 6]], "clones": [[1, 2]], "printed": []},
        "card_count": 3,
        "over": False,
        "perfect_sabacc": False,
        "lando": 0,
    },
    "light": {
        "side": "light",
        "total": 9,
        "values": [2, 7],
        "assignment": {"wild": [], "clones": [], "printed": [[0, 2]]},
        "card_count": 2,
        "over": False,
        "perfect_sabacc": False,
        "lando": 0,
    },
    "forfeit": {
        "loser": "light",
        "chooser": "dark",
        "pick": 1,
        "options": [
            {
                "index": 1,
                "card_id": "5_12",
                "stake": True,
                "pile": "used",
                "pile_owner": "dark",
                "becomes": "",
                "note": "",
            }
        ],
    },
}
DRAIN_REQUEST = {"side": "light", "location": "1_128", "cards": {"light": [{"card": "1_19"}], "dark": []}}
DRAIN_RESPONSE = {
    "presence": {"dark": False, "light": True},
    "controls": "light",
    "opponent_icons": 2.0,
    "amount": 2.0,
    "allowed": True,
    "reasons": [],
    "location": {"card": "1_128", "title": "•Tatooine: Cantina"},
}
CAPTURE_REQUEST = {
    "captured": [{"card": "1_11"}],
    "escorts": [{"card": "1_168"}, {"card": "1_194"}],
    "seize": {"1_11": "1_168"},
}
CAPTURE_RESPONSE = {
    "options": {"1_11": {"seize": ["1_168", "1_194"], "imprison": False}},
    "seized": {"1_11": "1_168"},
    "imprisoned": [],
    "escaped": [],
    "still_count": ["1_11"],
    "at_prison": False,
}


def _pair(summary: str, request: dict, response: dict, description: str = "") -> list[OpenApiExample]:
    return [
        OpenApiExample(summary, value=request, request_only=True, description=description),
        OpenApiExample(summary, value=response, response_only=True, status_codes=["200"]),
    ]


BATTLE = _pair(
    "Darth Vader and a Stormtrooper against Luke and BoShek",
    BATTLE_REQUEST,
    BATTLE_RESPONSE,
    "Each side drew one battle destiny (3 and 4). Vader is immune to attrition < 5, so the Stormtrooper is "
    "forfeited and 2 attrition is left with no card to satisfy it.",
)
SABACC = _pair(
    "Cloud City Sabacc: Lando wild, an Ugnaught clone, Bionic Hand a stake",
    SABACC_REQUEST,
    SABACC_RESPONSE,
    'Lando (wild) counts 6 and the Ugnaught clones the Tonnika Sisters\' 2; R2-D2 is printed "2 or 5".',
)
DRAIN = _pair(
    "Luke drains at the Cantina",
    DRAIN_REQUEST,
    DRAIN_RESPONSE,
    "Luke's ability 4 is presence; Dark has none.",
)
CAPTURE = _pair(
    "Han Solo captured: Darth Vader seizes him",
    CAPTURE_REQUEST,
    CAPTURE_RESPONSE,
    "Vader and the Stormtrooper may each seize Han (not at a prison); the Dark Side picks Vader.",
)
