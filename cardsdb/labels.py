"""The interface's words for the English labels the data and the game profiles carry: stat names, sides,
card types, deck zones.

Those labels stay English where they are made (cardsdb/face_facts.py, cardsdb/games/, the models' choices)
because the API, the exports and the drawn card faces read them there; the pages show them through `shown`
(and the template filters in cardsdb/templatetags/data_labels.py), in the active language. A label not listed
here (a card's name, a set's, a type the data adds later) is shown as it is.
"""

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

STATS: dict[str, Promise] = {
    # SWCCG (face_facts: the stat's key, title-cased)
    "Destiny": pgettext_lazy("card stat", "Destiny"),
    "Power": pgettext_lazy("card stat", "Power"),
    "Ability": pgettext_lazy("card stat", "Ability"),
    "Deploy": pgettext_lazy("card stat", "Deploy"),
    "Forfeit": pgettext_lazy("card stat", "Forfeit"),
    "Armor": pgettext_lazy("card stat", "Armor"),
    "Maneuver": pgettext_lazy("card stat", "Maneuver"),
    "Hyperspeed": pgettext_lazy("card stat", "Hyperspeed"),
    "Landspeed": pgettext_lazy("card stat", "Landspeed"),
    "Parsec": pgettext_lazy("card stat", "Parsec"),
    "Politics": pgettext_lazy("card stat", "Politics"),
    "Ferocity": pgettext_lazy("card stat", "Ferocity"),
    "Light Icons": pgettext_lazy("card stat", "Light icons"),
    "Dark Icons": pgettext_lazy("card stat", "Dark icons"),
    "Light icons": pgettext_lazy("card stat", "Light icons"),
    "Dark icons": pgettext_lazy("card stat", "Dark icons"),
    # SWTCG
    "Cost": pgettext_lazy("card stat", "Cost"),
    "Build cost": pgettext_lazy("card stat", "Build cost"),
    "Speed": pgettext_lazy("card stat", "Speed"),
    "Health": pgettext_lazy("card stat", "Health"),
    "Arena": pgettext_lazy("card stat", "Arena"),
    "Arenas": pgettext_lazy("card stat", "Arenas"),
    "Version": pgettext_lazy("card stat", "Version"),
    "Legality": pgettext_lazy("card stat", "Legality"),
    "Usage": pgettext_lazy("card stat", "Usage"),
    "Printing": pgettext_lazy("card stat", "Printing"),
    "Number": pgettext_lazy("card stat", "Number"),
    # SW:DBG
    "Faction": pgettext_lazy("card stat", "Faction"),
    "Attack": pgettext_lazy("card stat", "Attack"),
    "Resources": pgettext_lazy("card stat", "Resources"),
    "Force": pgettext_lazy("card stat", "Force"),
    "HP": pgettext_lazy("card stat: hit points, short", "HP"),
    "Hit points": pgettext_lazy("card stat", "Hit points"),
    "Traits": pgettext_lazy("card stat", "Traits"),
    "Target value": pgettext_lazy("card stat", "Target value"),
    "Reward": pgettext_lazy("card stat", "Reward"),
    "Copies": pgettext_lazy("card stat", "Copies"),
    "Deck": pgettext_lazy("SW:DBG card stat: the deck a card starts in", "Deck"),
    "Unique": pgettext_lazy("card stat", "Unique"),
}

SIDES: dict[str, Promise] = {
    "Light": pgettext_lazy("card side", "Light"),
    "Dark": pgettext_lazy("card side", "Dark"),
    "Neutral": pgettext_lazy("card side", "Neutral"),
    "Yuuzhan Vong": pgettext_lazy("card side", "Yuuzhan Vong"),
    "Empire": pgettext_lazy("card side", "Empire"),
    "Rebel": pgettext_lazy("card side", "Rebel"),
    "Republic": pgettext_lazy("card side", "Republic"),
    "Separatist": pgettext_lazy("card side", "Separatist"),
}

TYPES: dict[str, Promise] = {
    # SWCCG
    "Character": pgettext_lazy("card type", "Character"),
    "Interrupt": pgettext_lazy("card type", "Interrupt"),
    "Effect": pgettext_lazy("card type", "Effect"),
    "Location": pgettext_lazy("card type", "Location"),
    "Starship": pgettext_lazy("card type", "Starship"),
    "Weapon": pgettext_lazy("card type", "Weapon"),
    "Vehicle": pgettext_lazy("card type", "Vehicle"),
    "Device": pgettext_lazy("card type", "Device"),
    "Defensive Shield": pgettext_lazy("card type", "Defensive Shield"),
    "Objective": pgettext_lazy("card type", "Objective"),
    "Epic Event": pgettext_lazy("card type", "Epic Event"),
    "Creature": pgettext_lazy("card type", "Creature"),
    "Admiral's Order": pgettext_lazy("card type", "Admiral's Order"),
    "Podracer": pgettext_lazy("card type", "Podracer"),
    "Game Aid": pgettext_lazy("card type", "Game Aid"),
    # SWTCG
    "Unit": pgettext_lazy("card type", "Unit"),
    "Battle": pgettext_lazy("card type", "Battle"),
    "Equipment": pgettext_lazy("card type", "Equipment"),
    "Mission": pgettext_lazy("card type", "Mission"),
    "Subordinate": pgettext_lazy("card type", "Subordinate"),
    "Resource": pgettext_lazy("card type", "Resource"),
    "Event": pgettext_lazy("card type", "Event"),
    "Space": pgettext_lazy("card type or arena", "Space"),
    "Ground": pgettext_lazy("card type or arena", "Ground"),
    # SW:DBG
    "Capital Ship": pgettext_lazy("card type", "Capital Ship"),
    "Base": pgettext_lazy("card type", "Base"),
}

ZONES: dict[str, Promise] = {
    "Deck": pgettext_lazy("deck zone", "Deck"),
    "Starting": pgettext_lazy("deck zone", "Starting"),
    "Outside deck": pgettext_lazy("deck zone", "Outside deck"),
    "Outside the deck": pgettext_lazy("deck zone", "Outside the deck"),
    "Starting (part of the deck)": pgettext_lazy("deck zone", "Starting (part of the deck)"),
    "Outside the game / sideboard": pgettext_lazy("deck zone", "Outside the game / sideboard"),
    "Starter deck": pgettext_lazy("deck zone", "Starter deck"),
    "Base deck": pgettext_lazy("deck zone", "Base deck"),
}

KINDS = {"stat": STATS, "side": SIDES, "type": TYPES, "zone": ZONES}


def type_labels() -> dict[str, str]:
    """Every card type's word in the active language, for the builder's script to draw its type counts with."""
    return {label: str(word) for label, word in TYPES.items()}


def shown(label, kind: str = "stat") -> str:
    """`label` in the active language, as a label of `kind` ("stat", "side", "type", "zone"); as it is when the
    interface has no word for it."""
    found = KINDS[kind].get(str(label).strip()) if label else None
    return str(found) if found is not None else label
