"""What each card of the original edition (2023) does, as data the engine interprets.

The catalogue holds each ability as a short paraphrase (`ability`, `reward`); this table is the same text in the
engine's small effect vocabulary, one entry per title, so a card is a row here and never a class. Every entry
cites nothing but its paraphrase: where the sources disagree (NOTES.md of the card data), the choice made is
written beside the entry.

Steps (a tuple of tuples, run in order by rules/swdbg/effects.py; "as much as possible", the rulebook says):
    ("draw", n)                         draw n cards
    ("gain", stat, n)                   resources, force, or attack (attack: this card, this turn)
    ("repair", n)                       remove n damage from your base
    ("damage_base", n)                  deal n damage to the enemy base, ignoring capital ships
    ("if", cond, steps, else_steps)     a conditional part
    ("choose", options)                 you pick one option you can resolve: (name, cond or None, steps)
    ("opp_choose", options)             your opponent picks one of the options (each resolved as yours)
    ("opp_discard", n, random_cond)     your opponent discards n cards from hand (at random while random_cond)
    ("discard_row",)                    you discard a card of the galaxy row (no reward; it is replaced)
    ("exile", n, up_to)                 exile n (or up to n) cards from your hand and/or discard pile
    ("return", filter)                  put a card matching filter from your discard pile into your hand
    ("reveal_galaxy", steps)            reveal the galaxy deck's top card: yours → steps; an enemy card → discard it
    ("free_purchase", whose, dest)      take a galaxy-row card for free: whose = "own" or "own_or_neutral";
                                        dest = "discard", "hand", "hand_exile_end" or "top_if_force"
    ("purchase_galaxy_discard",)        purchase (paying its cost) your faction's or a neutral card of the
                                        galaxy discard pile
    ("destroy_ship", scope)             destroy a capital ship: "opp_play", "opp_play_or_enemy_row", "any"
    ("look_swap_top",)                  look at the galaxy deck's top card; if the Force is with you, you may
                                        swap it with a card of the galaxy row
    ("look_opp_hand",)                  look at the opponent's hand
    ("opp_hand_to_deck",)               put a card of the opponent's hand on top of their deck
    ("next_purchase_top",)              the next card you purchase this turn goes on top of your deck
    ("to_hand_self",)                   this card (just purchased) goes into your hand
    ("look_top2_discard",)              look at the galaxy deck's top two cards; you may discard one
    ("purge_enemy_row", n)              discard every enemy card of the galaxy row; n damage to their base each
    ("swap_discard_row", faction)       you may swap a `faction` card of the galaxy discard pile with a row card

Conditions: ("force",) the Force is with you; ("own_ship",) / ("opp_ship",) a capital ship in play;
("own_trait", *traits) one of your other cards in play has a trait; ("other_unique",) another unique unit of yours
in play; ("base_is", title); ("in_play", title); ("base_damaged",); ("opp_hand",) the opponent has cards in hand;
("hand",) you have cards in hand.
"""

from dataclasses import dataclass

Steps = tuple[tuple, ...]


@dataclass(frozen=True, slots=True)
class Ability:
    """A "use" ability: optional, once per turn while the card is in play (bases: while it is your base)."""

    steps: Steps
    gate: tuple | None = None  # a condition ("If …"): the ability can be used only while it holds
    cost: tuple | None = None  # ("exile_self",) | ("discard_hand",) | ("exile_hand",) | ("pay", n)


@dataclass(frozen=True, slots=True)
class CardText:
    use: Ability | None = None
    on_play: Steps = ()  # "When played …": triggered, optional, resolved at once
    on_purchase: Steps = ()  # "When purchased …"
    on_defeat: Steps = ()  # "When he helps defeat a target in the galaxy row …"
    on_reveal: Steps = ()  # bases: "When revealed …"
    on_turn_start: Steps = ()  # bases: "At the start of your turn …"
    reward: Steps = ()  # the reward of a faction unit defeated in the galaxy row (optional)
    attack_bonus: tuple = ()  # constant changes of this card's own attack: ("if_force", n), …
    aura: tuple = ()  # constant changes of your other cards' attack: ("ships", n) | ("trait", traits, n)
    rule: str | None = None  # a base that changes a rule of the game (see effects.BASE_RULES)


EXILE_1 = (("exile", 1, False),)
EXILE_UP_TO_2 = (("exile", 2, True),)
FREE_OWN = (("free_purchase", "own", "discard"),)
PLAY_CHOICE_1 = (
    (
        "choose",
        (
            ("attack", None, (("gain", "attack", 1),)),
            ("resources", None, (("gain", "resources", 1),)),
            ("force", None, (("gain", "force", 1),)),
        ),
    ),
)


def _res(n):
    return (("gain", "resources", n),)


def _force(n):
    return (("gain", "force", n),)


TEXTS: dict[str, CardText] = {
    # ---- Empire ----
    "TIE Fighter": CardText(use=Ability((("draw", 1),), gate=("own_ship",)), reward=_res(1)),
    "TIE Bomber": CardText(use=Ability((("discard_row",),)), reward=EXILE_1),
    "Scout Trooper": CardText(use=Ability((("reveal_galaxy", _force(1)),)), reward=EXILE_1),
    "Admiral Piett": CardText(aura=(("ships", 1),), reward=_force(1)),
    "Death Trooper": CardText(attack_bonus=(("if_force", 2),), reward=_force(2)),
    "TIE Interceptor": CardText(use=Ability((("reveal_galaxy", (("draw", 1),)),)), reward=_res(3)),
    "Gozanti Cruiser": CardText(use=Ability((("draw", 1),), cost=("discard_hand",))),
    "AT-ST": CardText(use=Ability((("discard_row",),)), reward=EXILE_UP_TO_2),
    "Landing Craft": CardText(
        use=Ability(
            (("choose", (("resources", None, _res(4)), ("repair", ("base_damaged",), (("repair", 4),)))),)
        ),
        reward=_res(4),
    ),
    "General Veers": CardText(
        use=Ability((("draw", 1),), gate=("own_trait", "Trooper", "Vehicle")), reward=_force(3)
    ),
    "Moff Jerjerrod": CardText(use=Ability((("look_swap_top",),)), reward=_force(3)),
    "Director Krennic": CardText(
        use=Ability((("if", ("base_is", "Death Star"), (("draw", 2),), (("draw", 1),)),)),
        reward=(*_res(3), *_force(2)),
    ),
    "Boba Fett": CardText(on_defeat=(("draw", 1),), reward=(*_res(3), *_force(2))),
    "Imperial Carrier": CardText(aura=(("trait", ("Fighter",), 1),)),
    "AT-AT": CardText(use=Ability((("return", ("trait", "Trooper")),)), reward=FREE_OWN),
    "Grand Moff Tarkin": CardText(
        use=Ability((("free_purchase", "own", "hand_exile_end"),)), reward=(*_res(3), *_force(3))
    ),
    "Star Destroyer": CardText(),
    "Darth Vader": CardText(attack_bonus=(("if_force", 4),), reward=(*_res(4), *_force(4))),
    # ---- Rebel ----
    # Y-Wing: "the opponent's base" (swdb, BGA); Dart's "a base or capital ship" is not followed.
    "Y-Wing": CardText(use=Ability((("damage_base", 2),), cost=("exile_self",)), reward=_res(1)),
    "Snowspeeder": CardText(use=Ability((("opp_discard", 1, None),)), reward=EXILE_1),
    "Duros Spy": CardText(
        use=Ability(
            (
                (
                    "opp_choose",
                    (("discard", ("opp_hand",), (("opp_discard", 1, None),)), ("force", None, _force(1))),
                ),
            )
        ),
        reward=EXILE_1,
    ),
    "Baze Malbus": CardText(attack_bonus=(("per_own_base_lost", 1),), reward=_force(1)),
    "Rebel Transport": CardText(
        use=Ability(
            (("choose", (("resources", None, _res(1)), ("repair", ("base_damaged",), (("repair", 2),)))),)
        )
    ),
    "Chirrut Imwe": CardText(attack_bonus=(("if_force", 2),), reward=_force(2)),
    "Rebel Commando": CardText(use=Ability((("opp_discard", 1, ("force",)),)), reward=_force(2)),
    "X-Wing": CardText(use=Ability((("draw", 1),), gate=("force",)), reward=_res(3)),
    "Chewbacca": CardText(use=Ability((("draw", 1),), gate=("other_unique",)), reward=_force(3)),
    "Jyn Erso": CardText(
        use=Ability((("look_opp_hand",), ("if", ("force",), (("opp_hand_to_deck",),), ()))), reward=_force(3)
    ),
    "U-Wing": CardText(use=Ability((("repair", 3),), gate=("force",)), reward=_res(4)),
    "Hammerhead Corvette": CardText(
        use=Ability((("destroy_ship", "opp_play_or_enemy_row"),), cost=("exile_self",))
    ),
    "B-Wing": CardText(
        use=Ability(
            (
                (
                    "opp_choose",
                    (
                        ("discard", ("opp_hand",), (("opp_discard", 1, None),)),
                        ("attack", None, (("gain", "attack", 2),)),
                    ),
                ),
            )
        ),
        reward=EXILE_UP_TO_2,
    ),
    "Cassian Andor": CardText(on_defeat=(("opp_discard", 1, None),), reward=(*_res(3), *_force(2))),
    "Han Solo": CardText(
        use=Ability((("if", ("in_play", "Millennium Falcon"), (("draw", 2),), (("draw", 1),)),)),
        reward=(*_res(3), *_force(2)),
    ),
    "Mon Calamari Cruiser": CardText(),
    "Princess Leia": CardText(
        use=Ability((("free_purchase", "own", "top_if_force"),)), reward=(*_res(3), *_force(3))
    ),
    "Millennium Falcon": CardText(use=Ability((("return", ("unique_unit",)),)), reward=FREE_OWN),
    "Luke Skywalker": CardText(
        use=Ability((("destroy_ship", "opp_play"),), gate=("force",)), reward=(*_res(4), *_force(4))
    ),
    # ---- Neutral ----
    "Z-95 Headhunter": CardText(use=Ability((("draw", 1),), gate=("opp_ship",))),
    "Jawa Scavenger": CardText(use=Ability((("purchase_galaxy_discard",),), cost=("exile_self",))),
    "Rodian Gunslinger": CardText(attack_bonus=(("vs_row", 2),)),
    "Kel Dor Mystic": CardText(use=Ability(EXILE_1, cost=("exile_self",))),
    "Fang Fighter": CardText(on_purchase=(("to_hand_self",), ("if", ("force",), (("draw", 1),), ()))),
    "Twi'lek Smuggler": CardText(use=Ability((("next_purchase_top",),))),
    "C-ROC Cruiser": CardText(use=Ability((("repair", 3),), cost=("discard_hand",))),
    "Lobot": CardText(
        on_play=(
            (
                "choose",
                (
                    ("attack", None, (("gain", "attack", 2),)),
                    ("resources", None, _res(2)),
                    ("force", None, _force(2)),
                ),
            ),
        )
    ),
    "Bossk": CardText(on_defeat=_force(1)),
    "Dengar": CardText(on_defeat=_res(2)),
    "HWK-290": CardText(use=Ability((("repair", 4),), cost=("exile_self",))),
    "Quarren Mercenary": CardText(
        on_purchase=(("if", ("force",), (("exile", 2, True),), (("exile", 1, False),)),)
    ),
    "Blockade Runner": CardText(),
    "IG-88": CardText(on_defeat=EXILE_1),
    "Nebulon-B Frigate": CardText(
        use=Ability(
            (("choose", (("resources", None, _res(3)), ("repair", ("base_damaged",), (("repair", 3),)))),)
        )
    ),
    "Lando Calrissian": CardText(
        use=Ability((("draw", 1), ("if", ("force",), (("opp_discard", 1, None),), ())))
    ),
    "Jabba's Sail Barge": CardText(use=Ability((("return", ("trait", "Bounty Hunter")),))),
    "Jabba the Hutt": CardText(
        use=Ability((("if", ("force",), (("draw", 2),), (("draw", 1),)),), cost=("exile_hand",))
    ),
    "Outer Rim Pilot": CardText(use=Ability(_force(1), cost=("exile_self",))),
    # ---- starter decks ----
    "Imperial Shuttle": CardText(),
    "Stormtrooper": CardText(),
    "Inquisitor": CardText(on_play=PLAY_CHOICE_1),
    "Alliance Shuttle": CardText(),
    "Rebel Trooper": CardText(),
    "Temple Guardian": CardText(on_play=PLAY_CHOICE_1),
    # ---- bases ----
    "Lothal": CardText(),
    "Corellia": CardText(on_reveal=(("free_purchase", "own_or_neutral", "hand"),)),
    "Kessel": CardText(on_reveal=(("exile", 3, True),)),
    "Kafrene": CardText(rule="first_neutral_play_draws"),
    "Mustafar": CardText(on_reveal=_force(4)),
    # Ord Mantell: a neutral card's target value is taken to be its cost (no source prints one).
    "Ord Mantell": CardText(rule="attack_neutral_row"),
    # Coruscant: swdb's reading (discard one of the two) rather than the forum recap's (one to the bottom).
    "Coruscant": CardText(on_turn_start=(("look_top2_discard",),)),
    "Death Star": CardText(use=Ability((("destroy_ship", "any"),), cost=("pay", 4))),
    "Endor": CardText(aura=(("trait", ("Trooper", "Vehicle"), 1),)),
    "Rodia": CardText(on_reveal=(("purge_enemy_row", 1),)),
    "Dantooine": CardText(),
    "Mon Cala": CardText(on_reveal=(("free_purchase", "own_or_neutral", "hand"),)),
    "Dagobah": CardText(on_reveal=(("exile", 3, True),)),
    "Bespin": CardText(rule="first_neutral_play_draws"),
    "Alderaan": CardText(on_reveal=_force(4)),
    "Hoth": CardText(rule="prevent_first_2"),
    "Jedha": CardText(rule="first_neutral_purchase_to_hand"),
    # Tatooine: the swap only; swdb's extra resource is in no other source.
    "Tatooine": CardText(on_reveal=(("swap_discard_row", "Rebel"),)),
    "Sullust": CardText(rule="first_purchase_top"),
    "Yavin 4": CardText(rule="opp_discard_damages"),
}

BASE_RULES = frozenset(t.rule for t in TEXTS.values() if t.rule)


def text_of(title: str) -> CardText | None:
    return TEXTS.get(title)
