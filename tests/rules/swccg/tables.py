"""Cards and records for the referee's tests: real Premiere cards (numbers from the SWCCG card JSON), small decks,
and a game opening both players share, so each test writes only the events it is about."""

from rules.swccg.cards import DARK, LIGHT, CcgCard
from rules.swccg.record import check_shape
from rules.swccg.referee import CHECK, referee


def _card(card_id, title, side, type, subtype="", **numbers) -> CcgCard:
    uniqueness = "•" if title.startswith("•") else ""
    return CcgCard(
        card_id=card_id, title=title, side=side, type=type, subtype=subtype, uniqueness=uniqueness, **numbers
    )


CARDS = {
    c.card_id: c
    for c in [
        # Dark Side
        _card("1_295", "•Tatooine: Mos Eisley", DARK, "Location", "Site", light_icons=1, dark_icons=2),
        _card("1_289", "•Tatooine", DARK, "Location", "System", light_icons=1, dark_icons=2, parsec=7),
        _card("1_296", "•Yavin 4", DARK, "Location", "System", light_icons=1, dark_icons=2, parsec=4),
        _card(
            "1_168",
            "•Darth Vader",
            DARK,
            "Character",
            "Imperial",
            power=6,
            ability=6,
            forfeit=8,
            destiny=1,
            deploy=6,
            immune_to_attrition=5,
            icons=("Pilot", "Warrior"),
            personas=("VADER",),
        ),  # fmt: skip
        _card(
            "1_194",
            "Stormtrooper",
            DARK,
            "Character",
            "Imperial",
            power=1,
            ability=1,
            forfeit=2,
            destiny=1,
            deploy=1,
            icons=("Warrior",),
        ),
        _card(
            "1_181",
            "Imperial Trooper Guard",
            DARK,
            "Character",
            "Imperial",
            power=0,
            ability=1,
            forfeit=1,
            destiny=3,
            deploy=2,
        ),  # fmt: skip
        _card(
            "1_301",
            "•Devastator",
            DARK,
            "Starship",
            "Capital: Imperial-Class Star Destroyer",
            power=9,
            forfeit=9,
            destiny=3,
            deploy=8,
            hyperspeed=3,
            armor=6,
            icons=("Pilot", "Nav Computer", "Scomp Link"),
        ),  # fmt: skip
        _card(
            "1_171",
            "•Djas Puhr",
            DARK,
            "Character",
            "Alien",
            power=1,
            ability=2,
            forfeit=3,
            destiny=2,
            deploy=4,
            characteristics=("bounty hunter", "spy"),
        ),  # fmt: skip
        # Light Side
        _card("1_128", "•Tatooine: Cantina", LIGHT, "Location", "Site", light_icons=2, dark_icons=2),
        _card("1_133", "•Tatooine: Mos Eisley", LIGHT, "Location", "Site", light_icons=2, dark_icons=1),
        _card("1_127", "•Tatooine", LIGHT, "Location", "System", light_icons=2, dark_icons=1, parsec=7),
        _card("1_135", "•Yavin 4", LIGHT, "Location", "System", light_icons=2, dark_icons=1, parsec=4),
        _card("1_137", "•Yavin 4: Jungle", LIGHT, "Location", "Site", light_icons=1, dark_icons=0),
        _card(
            "1_19",
            "•Luke Skywalker",
            LIGHT,
            "Character",
            "Rebel",
            power=3,
            ability=4,
            forfeit=7,
            destiny=1,
            deploy=2,
            icons=("Pilot",),
            personas=("LUKE",),
        ),  # fmt: skip
        _card(
            "1_4",
            "•BoShek",
            LIGHT,
            "Character",
            "Alien",
            power=2,
            ability=4,
            forfeit=3,
            destiny=1,
            deploy=3,
            icons=("Pilot",),
        ),  # fmt: skip
        _card(
            "1_11",
            "•Han Solo",
            LIGHT,
            "Character",
            "Rebel",
            power=3,
            ability=3,
            forfeit=6,
            destiny=1,
            deploy=3,
            icons=("Pilot", "Warrior"),
            personas=("HAN",),
        ),  # fmt: skip
        _card(
            "1_143",
            "•Millennium Falcon",
            LIGHT,
            "Starship",
            "Starfighter: Modified Light Freighter",
            power=3,
            forfeit=7,
            destiny=2,
            deploy=3,
            hyperspeed=6,
            maneuver=4,
            icons=("Nav Computer", "Scomp Link"),
            gametext="May add 2 pilots and 2 passengers. Has ship-docking capability.",
        ),  # fmt: skip
        _card(
            "1_28",
            "Rebel Trooper",
            LIGHT,
            "Character",
            "Rebel",
            power=1,
            ability=1,
            forfeit=2,
            destiny=1,
            deploy=1,
        ),
        # for the advanced rules (in decks only through `extra`)
        _card(
            "6_164",
            "•Jabba's Palace: Dungeon",
            DARK,
            "Location",
            "Site",
            light_icons=0,
            dark_icons=1,
            characteristics=("prison",),
        ),  # fmt: skip
        _card(
            "5_99",
            "•Lando Calrissian",
            DARK,
            "Character",
            "Alien",
            power=3,
            ability=3,
            forfeit=3,
            destiny=1,
            deploy=2,
            icons=("Pilot", "Warrior"),
            characteristics=("gambler",),
            personas=("LANDO",),
        ),  # fmt: skip
        _card(
            "5_5",
            "•Lando Calrissian",
            LIGHT,
            "Character",
            "Alien",
            power=2,
            ability=3,
            forfeit=6,
            destiny=1,
            deploy=3,
            icons=("Pilot", "Warrior"),
            characteristics=("gambler",),
            personas=("LANDO",),
        ),  # fmt: skip
        _card("5_106", "Binders", DARK, "Device", destiny=6),
        _card("4_137", "•Apology Accepted", DARK, "Interrupt", "Used", destiny=6),
        _card("11_68", "•A Million Voices Crying Out", DARK, "Effect", destiny=5),
        _card("1_317", "Imperial Blaster", DARK, "Weapon", "Character", destiny=3),
        # A second Luke card of the same persona, for the persona rule (Jedi Luke's numbers, a made-up id).
        _card(
            "test_luke",
            "•Luke Skywalker, Jedi Knight",
            LIGHT,
            "Character",
            "Rebel",
            power=6,
            ability=6,
            forfeit=8,
            destiny=1,
            deploy=6,
            personas=("LUKE",),
        ),  # fmt: skip
    ]
}

DARK_DECK = ["1_295", "1_289", "1_296", "1_168", "1_181", "1_301", "1_171"] + ["1_194"] * 13
LIGHT_DECK = ["1_128", "1_127", "1_135", "1_137", "1_19", "1_4", "1_11", "1_143", "test_luke", "1_133"] + [
    "1_28"
] * 10

# Both start at their own Tatooine site and draw eight: Vader, Guard, Devastator, Djas Puhr, Tatooine, Yavin 4 and
# two Stormtroopers for the Dark Side; Luke, BoShek, Han, the Falcon, Tatooine, Yavin 4, the Jungle and a Rebel
# Trooper for the Light Side. Reserve Decks: 11 cards each.
OPENING = [
    {"type": "start_location", "player": DARK, "card": "1_295"},
    {"type": "start_location", "player": LIGHT, "card": "1_128"},
    {"type": "shuffle", "player": DARK},
    {"type": "shuffle", "player": LIGHT},
    {"type": "draw", "player": DARK, "kind": "opening",
     "cards": ["1_168", "1_181", "1_301", "1_171", "1_289", "1_296", "1_194#1", "1_194#2"]},
    {"type": "draw", "player": LIGHT, "kind": "opening",
     "cards": ["1_19", "1_4", "1_11", "1_143", "1_127", "1_135", "1_137", "1_28#1"]},
]  # fmt: skip


# Only real cards (for the API, which reads the stored ones): the made-up Luke swapped for a Rebel Trooper.
STORED_LIGHT_DECK = [i for i in LIGHT_DECK if i != "test_luke"] + ["1_28"]


def record(
    *events: dict,
    result: dict | None = None,
    opening: bool = True,
    stored: bool = False,
    extra: dict | None = None,
) -> dict:
    """A record of the standard decks (plus `extra` cards per side, after them) and the opening, then `events`."""
    extra = extra or {}
    found = {
        "game": "swccg",
        "record_version": 1,
        "players": [
            {"name": "Vader's player", "side": DARK, "deck": DARK_DECK + extra.get(DARK, [])},
            {
                "name": "Luke's player",
                "side": LIGHT,
                "deck": (STORED_LIGHT_DECK if stored else LIGHT_DECK) + extra.get(LIGHT, []),
            },
        ],
        "events": (OPENING if opening else []) + list(events),
    }
    if result is not None:
        found["result"] = result
    return found


def replay(*events: dict, mode: str = CHECK, **more):
    return referee(check_shape(record(*events, **more)), CARDS, mode)


def codes(*events: dict, **more) -> list[str]:
    """The violation codes of the events after the opening, in order."""
    return [v.code for v in replay(*events, **more).violations]


def turn(side: str, *events: dict, end: bool = True) -> list[dict]:
    """`events` for `side` (each given its player), then the end of its turn."""
    found = [{"player": side, **e} for e in events]
    return found + ([{"type": "end_turn", "player": side}] if end else [])
