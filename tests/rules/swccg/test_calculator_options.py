"""The SWCCG calculator pages' options beyond the cards (pilots and passengers, per-card modifiers and immunity,
added battle destinies, sabacc choices and Lando, drain icons, the capturing side, a prison, carried cards): the
page's answer is the API's answer for the same request, and hostile input is a form error beside its field."""

import json

import pytest

PAGE = "/games/swccg/calculators/{}/"


def page_and_api(client, kind: str, form: dict, request: dict) -> tuple[str, dict]:
    """The page's answer for `form` (its HTML and the API answer it worded), checked against the API's for
    `request`, the body the form stands for."""
    response = client.post(PAGE.format(kind), form)
    html = response.content.decode()
    assert response.status_code == 200, html[:3000]
    api = client.post(f"/api/rules/swccg/{kind}", request, content_type="application/json")
    assert api.status_code == 200, api.content[:2000]
    result = json.loads(json.dumps(response.context["result"]))  # tuples as lists, as the API's JSON has them
    assert result == api.json()
    return html, result


def refused(client, kind: str, form: dict, field: str, code: str = "invalid-request", body=None) -> str:
    """The page refuses the form with `code`, the error shown beside `field`."""
    if body is None:
        response = client.post(PAGE.format(kind), form)
    else:
        response = client.post(PAGE.format(kind), body, content_type="application/x-www-form-urlencoded")
    html = response.content.decode()
    assert response.status_code == 400, html[:3000]
    assert f"<strong>{code}</strong>" in html and 'id="answer"' not in html
    assert f'id="f-{field}" name="{field}"' in html and f'aria-describedby="e-{field}"' in html
    assert f'<span class="field-error" id="e-{field}">' in html
    return html


BATTLE_FORM = {
    "dark-card-0": "1_303",  # TIE Advanced x1, Darth Vader piloting it
    "dark-card-1": "1_194",  # Stormtrooper
    "dark-forfeit-1": "1",
    "dark-immune-1": "6",
    "dark-aboard-card-0": "1_168",
    "dark-aboard-on-0": "1",
    "dark-extra-destinies": "1",
    "dark-destinies": "3 4",
    "dark-attrition-bonus": "1",
    "light-card-0": "1_143",  # the Millennium Falcon, Han Solo and Luke aboard
    "light-power-0": "2",
    "light-aboard-card-0": "1_11",
    "light-aboard-on-0": "1",
    "light-aboard-ability-0": "1",
    "light-aboard-card-1": "1_19",
    "light-aboard-on-1": "1",
    "light-card-1": "1_4",  # BoShek: no immunity for this battle
    "light-immune-1": "0",
    "light-ability-1": "-1",
    "light-destinies": "5",
    "light-damage-bonus": "2",
}
BATTLE_REQUEST = {
    "dark": {
        "cards": [
            {"card": "1_303", "aboard": [{"card": "1_168"}]},
            {"card": "1_194", "forfeit": 1, "immune_to_attrition": 6},
        ],
        "extra_destinies": 1,
        "destinies": [3, 4],
        "attrition_bonus": 1,
    },
    "light": {
        "cards": [
            {"card": "1_143", "power": 2, "aboard": [{"card": "1_11", "ability": 1}, {"card": "1_19"}]},
            {"card": "1_4", "immune_to_attrition": 0, "ability": -1},
        ],
        "destinies": [5],
        "damage_bonus": 2,
    },
}


def test_battle_pilots_modifiers_and_added_destinies(client, catalogue):
    html, result = page_and_api(client, "battle", BATTLE_FORM, BATTLE_REQUEST)
    dark, light = result["sides"]["dark"], result["sides"]["light"]
    assert (dark["ability"], dark["destinies_allowed"]) == (6 + 1, 2)  # Vader aboard, a Stormtrooper
    assert (dark["attrition"], dark["immune"]) == (5, ["1_194"])  # Stormtrooper immune while < 6
    # the dark side's two draws, each +1 by Vader's own text (applied by default), and its attrition bonus
    assert light["attrition"] == (3 + 1) + (4 + 1) + 1
    assert (light["ability"], light["immune"]) == (3 + 1 + 4 + 4 - 1, [])
    assert "Aboard TIE Advanced x1: •Darth Vader (ability 6) (they add ability, not power)." in html
    assert "Card text adds 1 battle destiny draws." in html
    assert "Card text: battle damage it causes +2." in html


def test_battle_destinies_without_the_ability(client, catalogue):
    form = BATTLE_FORM | {"dark-aboard-card-0": "", "dark-destinies-if-unable": "1", "dark-destinies": "2"}
    request = json.loads(json.dumps(BATTLE_REQUEST))
    del request["dark"]["cards"][0]["aboard"]
    request["dark"] |= {"destinies_if_unable": 1, "destinies": [2]}
    html, result = page_and_api(client, "battle", form, request)
    assert result["sides"]["dark"]["destinies_allowed"] == 1 and result["sides"]["dark"]["ability"] == 1
    assert "Card text allows 1 battle destiny draws without the ability." in html


SABACC_FORM = {
    "dark-card-0": "5_99",  # Lando: a wild card, given 4
    "dark-value-0": "4",
    "dark-card-1": "1_195",  # Tonnika Sisters
    "dark-card-3": "5_105",  # Ugnaught, a clone of the Tonnika Sisters (row 2), on the third card's place
    "dark-clones-3": "2",
    "dark-lando": "-1",
    "light-card-0": "2_14",  # R2-D2, printed "2 or 5": 5 chosen
    "light-value-0": "5",
    "light-card-1": "5_12",  # Bionic Hand 7, -1
    "light-modifier-1": "-1",
    "wild": "5_99",
    "clones": "5_105",
    "wild-low": "1",
    "wild-high": "6",
}
SABACC_REQUEST = {
    "dark": {
        "cards": ["5_99", "1_195", "5_105"],
        "assigned": {"wild": {"0": 4}, "clones": {"2": 1}},
        "lando": -1,
    },
    "light": {"cards": ["2_14", "5_12"], "assigned": {"printed": {"0": 5}}, "modifiers": {"1": -1}},
    "wild": ["5_99"],
    "clones": ["5_105"],
    "wild_range": [1, 6],
}


def test_sabacc_values_clones_modifiers_and_lando(client, catalogue):
    html, result = page_and_api(client, "sabacc", SABACC_FORM, SABACC_REQUEST)
    assert (
        result["dark"]["values"] == [4, 2, 2]
        and result["dark"]["total"] == 7
        and result["dark"]["lando"] == -1
    )
    assert result["light"]["values"] == [5, 6] and result["light"]["perfect_sabacc"]
    assert "Lando&#x27;s game text: -1." in html and "Light Side wins: a perfect sabacc" in html


def test_sabacc_wild_range(client, catalogue):
    """Another sabacc Interrupt's wild cards (2 to 7 here): Lando may then be given 7."""
    form = SABACC_FORM | {"wild-low": "2", "wild-high": "7", "dark-value-0": "7"}
    request = json.loads(json.dumps(SABACC_REQUEST))
    request["wild_range"], request["dark"]["assigned"]["wild"] = [2, 7], {"0": 7}
    _html, result = page_and_api(client, "sabacc", form, request)
    assert result["dark"]["values"][0] == 7
    refused(client, "sabacc", form | {"wild-high": "6"}, "dark-card-0", "sabacc-not-playable")


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"dark-value-0": "9"}, "dark-card-0", "sabacc-not-playable"),  # a wild card takes 1..6
        ({"dark-clones-3": ""}, "dark-card-3", "sabacc-not-playable"),  # the clone's choice missing
        ({"dark-clones-3": "5"}, "dark-clones-3", "invalid-request"),  # row 5 is empty
        ({"light-value-0": "3"}, "light-card-0", "sabacc-not-playable"),  # not a printed value
        ({"dark-lando": "2"}, "dark-lando", "invalid-request"),
        (
            {"stakes": "5_12\n" * 41},
            "stakes",
            "invalid-request",
        ),  # too many cards: refused before any look-up
        ({"wild-high": "99"}, "wild-high", "invalid-request"),
    ],
)
def test_sabacc_choices_refused_beside_the_field(client, catalogue, change, field, code):
    refused(client, "sabacc", SABACC_FORM | change, field, code)


def test_drain_pilots_ability_and_icons(client, catalogue):
    form = {
        "side": "light",
        "location": "1_128",
        "light-card-0": "1_149",  # Luke's X-34 Landspeeder, Luke aboard: presence
        "light-aboard-card-0": "1_19",
        "light-aboard-on-0": "1",
        "dark-card-0": "1_194",  # a Stormtrooper of ability 0 for this turn: no presence
        "dark-ability-0": "-1",
        "dark-icons": "1",
    }
    request = {
        "side": "light",
        "location": "1_128",
        "cards": {
            "light": [{"card": "1_149", "aboard": ["1_19"]}],
            "dark": [{"card": "1_194", "ability": -1}],
        },
        "icons": {"dark": 1, "light": 0},
    }
    html, result = page_and_api(client, "drain", form, request)
    assert result["controls"] == "light" and result["allowed"] and result["opponent_icons"] == 3
    assert "Light Side may Force drain for 3." in html
    refused(client, "drain", form | {"light-aboard-on-0": ""}, "light-aboard-on-0")


CAPTURE_FORM = {
    "captured-card-0": "1_11",  # Han Solo, carrying BoShek: both captured
    "captured-imprison-0": "1",
    "carried-card-0": "1_4",
    "carried-on-0": "1",
    "at_prison": "yes",
    "escort-card-0": "1_194",
}
CAPTURE_REQUEST = {
    "captured": [{"card": "1_11", "carrying": ["1_4"]}],
    "imprison": ["1_11"],
    "at_prison": True,
    "escorts": [{"card": "1_194"}],
}


def test_capture_at_a_prison_with_a_carried_character(client, catalogue):
    html, result = page_and_api(client, "capture", CAPTURE_FORM, CAPTURE_REQUEST)
    assert result["imprisoned"] == ["1_11"] and result["escaped"] == ["1_4"] and result["at_prison"]
    assert "Imprisoned." in html and "Escapes to the Light Side&#x27;s Used Pile." in html


def test_light_side_capturing_is_the_api_refusal(client, catalogue):
    """The API takes `capturer: light` and answers that only the Dark Side captures: the page says the same,
    beside the capturing side."""
    api = client.post(
        "/api/rules/swccg/capture", CAPTURE_REQUEST | {"capturer": "light"}, content_type="application/json"
    )
    assert api.status_code == 400 and api.json()["rule"] == "light-side-capture"
    html = refused(client, "capture", CAPTURE_FORM | {"capturer": "light"}, "capturer", api.json()["code"])
    assert "Only the Dark Side captures" in html
    refused(client, "capture", CAPTURE_FORM | {"at_prison": "no"}, "at_prison", "capture-not-allowed")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dark-power-0": "9" * 40}, "dark-power-0"),  # too long a number: never parsed
        ({"dark-power-0": "1e308"}, "dark-power-0"),  # parsed, past the API's bound
        ({"light-forfeit-1": "-99999"}, "light-forfeit-1"),
        ({"dark-immune-1": "2.5"}, "dark-immune-1"),
        ({"dark-extra-destinies": "11"}, "dark-extra-destinies"),
        ({"light-aboard-on-0": "6"}, "light-aboard-on-0"),  # row 6 is empty
        ({"light-aboard-on-1": "x" * 1000}, "light-aboard-on-1"),
        ({"dark-destinies": "3 4 5"}, "dark-destinies"),  # two draws allowed
        ({"light-destinies": "3 4"}, "light-destinies"),  # one draw allowed
        ({"dark-deck": "9" * 20}, "dark-deck"),
        ({"light-card-1": "Vader " * 5000}, "light-card-1"),
    ],
)
def test_hostile_battle_input_is_a_field_error(client, catalogue, change, field):
    code = {
        "dark-destinies": "battle-not-resolvable",
        "light-destinies": "battle-not-resolvable",
        "dark-deck": "deck-not-found",
        "light-card-1": "no-match",
    }
    refused(client, "battle", BATTLE_FORM | change, field, code.get(field, "invalid-request"))


@pytest.mark.parametrize(
    ("raw", "field", "code"),
    [
        ("dark-card-0=%ED%A0%80", "dark-card-0", "no-match"),  # a lone surrogate's bytes: read as U+FFFD
        ("dark-card-0=1_168&dark-power-0=%ED%A0%80", "dark-power-0", "invalid-request"),
        ("dark-card-0=%00", "dark-card-0", "no-match"),
    ],
)
def test_bad_text_in_a_form_is_a_field_error(client, catalogue, raw, field, code):
    refused(client, "battle", {}, field, code, body=raw)


def test_rows_past_the_form_are_ignored(client, catalogue):
    """A form posted with hundreds of card rows reads only the page's rows: bounded work."""
    form = BATTLE_FORM | {f"dark-card-{i}": "1_194" for i in range(2, 500)}
    response = client.post(PAGE.format("battle"), form)
    assert response.status_code == 200
    assert len(response.context["result"]["sides"]["dark"]["cards"]) == 6


@pytest.mark.parametrize("language", ["it", "pl"])
def test_every_label_of_the_forms_is_translated(language):
    """Each field's label and each choice's words differ from the English ones (compiled catalogues)."""
    from django.utils import translation

    from rules.views.calculator_fields import LAYOUTS, form_sections

    def words(kind):
        fields = [f for _legend, rows in form_sections(kind, {}) for row in rows for f in row]
        return [(f.name, f.label) for f in fields] + [
            (f.name, text) for f in fields for _v, text in f.options if any(c.isalpha() for c in text)
        ]

    for kind in LAYOUTS:
        with translation.override("en"):  # not whatever an earlier test of this worker left active
            english = words(kind)
        with translation.override(language):
            translated = words(kind)
        same = [
            (name, text)
            for (name, text), (_n, other) in zip(english, translated, strict=True)
            if text == other and (language, text) not in {("it", "no")}  # Italian's "no" is English's
        ]
        assert not same, (kind, same)
