"""The SW:DBG play table's buttons in the page's language: a short text on the card ("Play") and a whole name for
screen readers ("Play X-Wing"). Log lines and a pending decision's question are rules/swdbg_words.py's.
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


# A refused request to the table, in the page's language (the games API keeps saved_games' English messages).
REFUSALS = {
    "game-over": lambda: gettext("This game is over."),
    "not-your-move": lambda: gettext("The computer is to move; reload the game."),
    "nothing-to-undo": lambda: gettext("You have made no move to take back."),
    "too-many-games": lambda: gettext("You have too many games in progress; finish or delete one first."),
}


def refusal(code: str, message: str) -> str:
    words = REFUSALS.get(code)
    return words() if words else message
