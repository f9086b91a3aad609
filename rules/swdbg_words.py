"""SW:DBG actions, log lines and decisions in the page's language (the engine words them in English only).

The engine hands an action over as data (rules.swdbg.view.action_parts: who, what, the cards named); this module
words it with gettext, so a log line, an action button and a prompt read the same in English, Italian and
Polish. Card titles stay as printed: the game has no translated titles.
"""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from cardsdb.labels import SIDES
from rules.swdbg.game import Game
from rules.swdbg.view import action_parts

# A choice's options (rules/swdbg/texts.py "choose" names).
OPTIONS = {
    "attack": lambda: pgettext("SW:DBG choice", "attack"),
    "resources": lambda: pgettext("SW:DBG choice", "resources"),
    "force": lambda: pgettext("SW:DBG choice", "the Force"),
    "discard": lambda: pgettext("SW:DBG choice", "discard a card"),
    "repair": lambda: pgettext("SW:DBG choice", "repair the base"),
}


def faction(name: str) -> str:
    label = SIDES.get(name)
    return str(label) if label is not None else name


def option(name: str) -> str:
    word = OPTIONS.get(name)
    return word() if word else name


def words(parts: dict) -> str:
    """One action (action_parts) as a log line in the active language."""
    who = faction(parts["who"])
    kind, card = parts["kind"], parts.get("card", "?")
    values = {"who": who, "card": card}
    if kind == "play":
        return _("%(who)s plays %(card)s.") % values
    if kind == "purchase":
        return _("%(who)s purchases %(card)s.") % values
    if kind == "pay_off":
        return _("%(who)s pays off %(card)s.") % values
    if kind == "ability":
        return _("%(who)s uses the ability of %(card)s.") % values
    if kind == "commit":
        if parts["target"] == "base":
            return _("%(who)s commits %(card)s to attack the enemy base.") % values
        return _("%(who)s commits %(card)s to attack %(target)s.") % {**values, "target": parts["target"]}
    if kind == "resolve":
        if parts["target"] == "base":
            return _("%(who)s resolves the attack on the enemy base.") % values
        return _("%(who)s resolves the attack on %(target)s.") % {**values, "target": parts["target"]}
    if kind == "end_turn":
        return _("%(who)s ends the turn.") % values
    if kind == "decline":
        return _("%(who)s declines.") % values
    if "option" in parts:
        return _("%(who)s chooses %(option)s.") % {**values, "option": option(parts["option"])}
    if "amount" in parts:
        return _("%(who)s deals %(amount)s damage to %(card)s.") % {**values, "amount": parts["amount"]}
    if "with" in parts:
        return _("%(who)s swaps %(card)s with %(other)s.") % {**values, "other": parts["with"]}
    verb = DECISION_VERBS.get(parts.get("decision", ""))
    return (verb() if verb else _("%(who)s selects %(card)s.")) % values


# What a player's pick does, by the decision it answers (rules/swdbg/effects.py `ask` kinds).
DECISION_VERBS = {
    "choose_base": lambda: _("%(who)s chooses the base %(card)s."),
    "exile": lambda: _("%(who)s exiles %(card)s."),
    "opp_discard": lambda: _("%(who)s discards %(card)s."),
    "discard_row": lambda: _("%(who)s discards %(card)s from the galaxy row."),
    "discard_top": lambda: _("%(who)s discards %(card)s from the galaxy deck."),
    "return": lambda: _("%(who)s takes %(card)s back into hand."),
    "free_purchase": lambda: _("%(who)s takes %(card)s for free."),
    "purchase_discard": lambda: _("%(who)s purchases %(card)s from the galaxy discard pile."),
    "destroy_ship": lambda: _("%(who)s destroys %(card)s."),
    "swap_top": lambda: _("%(who)s swaps %(card)s with the galaxy deck's top card."),
    "hand_to_deck": lambda: _("%(who)s puts %(card)s on top of the opponent's deck."),
    "cost_discard": lambda: _("%(who)s discards %(card)s to pay for an ability."),
    "cost_exile": lambda: _("%(who)s exiles %(card)s to pay for an ability."),
}

# A pending decision as a question to the player who makes it; %(card)s is the card whose effect asks.
QUESTIONS = {
    "choose_base": lambda: _("Choose your next base."),
    "choose": lambda: _("%(card)s: choose one."),
    "exile": lambda: _("%(card)s: choose a card of your hand or discard pile to exile."),
    "opp_discard": lambda: _("%(card)s: choose a card of your hand to discard."),
    "discard_row": lambda: _("%(card)s: choose a card of the galaxy row to discard."),
    "discard_top": lambda: _("%(card)s: you may discard the galaxy deck's top card."),
    "return": lambda: _("%(card)s: choose a card of your discard pile to take into hand."),
    "free_purchase": lambda: _("%(card)s: choose a card of the galaxy row to take for free."),
    "purchase_discard": lambda: _("%(card)s: choose a card of the galaxy discard pile to purchase."),
    "destroy_ship": lambda: _("%(card)s: choose a capital ship to destroy."),
    "swap_top": lambda: _("%(card)s: you may swap the galaxy deck's top card with a card of the galaxy row."),
    "hand_to_deck": lambda: _("%(card)s: choose a card of your opponent's hand to put on top of their deck."),
    "swap_discard": lambda: _(
        "%(card)s: you may swap a card of the galaxy discard pile with one of the row."
    ),
    "cost_discard": lambda: _("%(card)s: discard a card from your hand to use the ability."),
    "cost_exile": lambda: _("%(card)s: exile a card from your hand to use the ability."),
    "assign_damage": lambda: _("Split %(total)s damage among the enemy capital ships."),
}


def action_words(game: Game, action: dict) -> str:
    """`action` in the active language, as the player to move would do it now."""
    return words(action_parts(game.state, action, game.to_move()))


def prompt_words(game: Game) -> str | None:
    """The decision the game waits for, as a question naming the card that asks; None when none is pending."""
    pending = game.state.pending
    if pending is None:
        return None
    source = game.cards[pending.source].title if pending.source is not None else _("An ability")
    total = pending.data[0] if pending.kind == "assign_damage" and pending.data else ""
    question = QUESTIONS.get(pending.kind)
    text = question() if question else _("%(card)s: choose.")
    text = text % {"card": source, "total": total}
    if pending.kind == "exile" and pending.data:
        n, up_to = pending.data
        if up_to:
            text += " " + _("(up to %(n)s)") % {"n": n}
        elif n > 1:
            text += " " + _("(%(n)s cards)") % {"n": n}
    if pending.optional:
        text += " " + _("You may decline.")
    return text
