"""The SW:DBG play table's words: what each action button says and what a pending decision asks, in the page's
language. A button has a short text on its card ("Play") and a whole name for screen readers ("Play X-Wing").
"""

from django.utils.translation import gettext, pgettext

from rules.swdbg.game import Game

# What the option of a "choose one" decision does (rules/swdbg/texts.py names them).
OPTION_WORDS = {
    "resources": lambda: gettext("Gain resources"),
    "repair": lambda: gettext("Repair your base"),
    "force": lambda: gettext("Gain Force"),
    "attack": lambda: gettext("Gain attack"),
    "discard": lambda: gettext("Discard"),
}


def _title(game: Game, card: object) -> str:
    return game.cards[card].title if isinstance(card, int) and 0 <= card < len(game.cards) else "?"


def button(game: Game, action: dict) -> tuple[str, str]:
    """(the button's short text, its whole accessible name) for a legal action of the player to move."""
    kind, card = action["type"], action.get("card")
    title = _title(game, card)
    if kind == "play":
        return pgettext("action", "Play"), gettext("Play %(card)s") % {"card": title}
    if kind == "purchase":
        cost = game.cards[card].cost
        return (gettext("Purchase (cost %(cost)s)") % {"cost": cost},
                gettext("Purchase %(card)s (cost %(cost)s)") % {"card": title, "cost": cost})  # fmt: skip
    if kind == "pay_off":
        cost = game.cards[card].cost
        return (gettext("Pay off (cost %(cost)s)") % {"cost": cost},
                gettext("Pay off %(card)s (cost %(cost)s)") % {"card": title, "cost": cost})  # fmt: skip
    if kind == "ability":
        return gettext("Use ability"), gettext("Use the ability of %(card)s") % {"card": title}
    if kind == "commit":
        if action["target"] == "base":
            return (gettext("Attack the base"),
                    gettext("Attack the enemy base with %(card)s") % {"card": title})  # fmt: skip
        target = _title(game, action["target"])
        return (gettext("Attack %(target)s") % {"target": target},
                gettext("Attack %(target)s with %(card)s") % {"target": target, "card": title})  # fmt: skip
    if kind == "resolve":
        if action["target"] == "base":
            text = gettext("Resolve the attack on the enemy base")
        else:
            text = gettext("Resolve the attack on %(target)s") % {"target": _title(game, action["target"])}
        return gettext("Resolve the attack"), text
    if kind == "end_turn":
        return gettext("End the turn"), gettext("End the turn")
    if kind == "decline":
        return gettext("Decline"), gettext("Decline: choose nothing")
    return _select(game, action, title)


def _select(game: Game, action: dict, title: str) -> tuple[str, str]:
    if "option" in action:
        words = OPTION_WORDS.get(action["option"])
        text = words() if words else action["option"]
        return text, text
    if "amount" in action:
        text = gettext("Deal %(n)s damage to %(card)s") % {"n": action["amount"], "card": title}
        return gettext("%(n)s damage") % {"n": action["amount"]}, text
    if "with" in action:
        text = gettext("Swap %(card)s with %(other)s") % {
            "card": title,
            "other": _title(game, action["with"]),
        }
        return text, text
    return gettext("Choose"), gettext("Choose %(card)s") % {"card": title}


# A decision's question: %(card)s is the card whose effect asks.
PROMPTS = {
    "choose": lambda: gettext("%(card)s: choose one"),
    "opp_discard": lambda: gettext("%(card)s: discard a card from your hand"),
    "discard_row": lambda: gettext("%(card)s: choose a galaxy row card to discard"),
    "return": lambda: gettext("%(card)s: choose a card of your discard pile to put into your hand"),
    "free_purchase": lambda: gettext("%(card)s: choose a galaxy row card to take for free"),
    "purchase_discard": lambda: gettext("%(card)s: choose a card of the galaxy discard pile to purchase"),
    "destroy_ship": lambda: gettext("%(card)s: choose a capital ship to destroy"),
    "swap_top": lambda: gettext("%(card)s: you may swap the galaxy deck's top card with a galaxy row card"),
    "hand_to_deck": lambda: gettext("%(card)s: choose a card of your opponent's hand to put on their deck"),
    "discard_top": lambda: gettext("%(card)s: you may discard one of the galaxy deck's top cards"),
    "swap_discard": lambda: gettext("%(card)s: you may swap a galaxy discard card with a galaxy row card"),
    "cost_discard": lambda: gettext("%(card)s: discard a card from your hand to pay the cost"),
    "cost_exile": lambda: gettext("%(card)s: exile a card from your hand to pay the cost"),
}


def prompt(game: Game) -> str | None:
    """The pending decision as a question to the player who must answer it; None when nothing is pending."""
    pending = game.state.pending
    if pending is None:
        return None
    card = _title(game, pending.source) if pending.source is not None else gettext("The game")
    if pending.kind == "choose_base":
        return gettext("Choose your next base")
    if pending.kind == "assign_damage":
        return gettext("Your attack deals %(n)s damage: choose the capital ship that takes it") % {
            "n": pending.data[0]
        }
    if pending.kind == "exile":
        n, up_to = pending.data
        text = (gettext("%(card)s: choose up to %(n)s cards of your hand or discard pile to exile") if up_to
                else gettext("%(card)s: choose %(n)s cards of your hand or discard pile to exile"))  # fmt: skip
        return text % {"card": card, "n": n}
    words = PROMPTS.get(pending.kind)
    return (words() if words else gettext("%(card)s: decide")) % {"card": card}
