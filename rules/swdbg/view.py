"""What one player may see of a game (or all of it, for the referee), and actions told in words.

A player sees their own hand and base deck, every open pile (discard and exile piles, the galaxy row, cards in
play, bases and their damage) and only counts of what is hidden: the opponent's hand and base deck, both player
decks and the galaxy deck (orders included). Cards an ability showed the player this turn are listed in `seen`.
"""

from .state import State


def card_ref(state: State, card: int) -> dict:
    info = state.cards[card]
    return {"id": card, "code": info.code, "title": info.title}


def view(state: State, player: int | None = None) -> dict:
    """The table as `player` (0 or 1) sees it; None: the referee's view, nothing hidden."""

    def refs(cards):
        return [card_ref(state, c) for c in cards]

    players = []
    for index, me in enumerate(state.players):
        mine = player is None or player == index
        base = None
        if me.base is not None:
            base = {**card_ref(state, me.base), "damage": me.base_damage,
                    "hit_points": state.cards[me.base].hit_points}  # fmt: skip
        in_play = []
        for card in me.in_play:
            entry = card_ref(state, card)
            entry["attack"] = state.attack_of(card, index)
            if state.cards[card].is_ship:
                entry["damage"] = state.ship_damage.get(card, 0)
                entry["hit_points"] = state.cards[card].hit_points
            entry["committed"] = state.committed.get(card)
            entry["attacked"] = card in state.attacked
            entry["ability_used"] = card in state.used
            in_play.append(entry)
        players.append(
            {
                "faction": me.faction,
                "side": "light" if me.side > 0 else "dark",
                "hand": refs(me.hand) if mine else None,
                "hand_count": len(me.hand),
                "deck": refs(me.deck[::-1])
                if player is None
                else None,  # top first; order known to the referee
                "deck_count": len(me.deck),
                "discard": refs(me.discard[::-1]),
                "exile": refs(me.exile),
                "in_play": in_play,
                "base": base,
                "bases_left": refs(me.bases) if mine else None,
                "bases_left_count": len(me.bases),
                "victory": refs(me.victory),
                "resources": me.resources,
            }
        )
    pending = state.pending
    shown_pending = None
    if pending is not None:
        shown_pending = {"kind": pending.kind, "player": pending.player, "optional": pending.optional}
        if player is None or player == pending.player:
            shown_pending["options"] = [dict(o) for o in pending.options]
            shown_pending["card"] = card_ref(state, pending.source) if pending.source is not None else None
    force_with = next((p.faction for i, p in enumerate(state.players) if state.force_with(i)), None)
    return {
        "viewer": player,
        "turn": state.turn,
        "active": state.active,
        "to_move": pending.player if pending else state.active,
        "force": state.force,
        "force_with": force_with,
        "bases_to_win": state.bases_to_win,
        "players": players,
        "galaxy_row": refs(state.row),
        "galaxy_deck": refs(state.galaxy_deck[::-1]) if player is None else None,
        "galaxy_deck_count": len(state.galaxy_deck),
        "galaxy_discard": refs(state.galaxy_discard[::-1]),
        "outer_rim": refs(state.pilots[-1:]),
        "outer_rim_count": len(state.pilots),
        "pending": shown_pending,
        "seen": refs(state.seen.get(player, ())) if player is not None else None,
        "outcome": state.outcome,
    }


def action_parts(state: State, action: dict, player: int) -> dict:
    """An action as data for words in any language: who, what kind, the cards named (titles are open
    information), the decision it answers. `describe` words it in English; the pages word it in theirs."""

    def name(card):
        return state.cards[card].title if isinstance(card, int) and 0 <= card < len(state.cards) else "?"

    kind = action.get("type")
    parts = {"who": state.players[player].faction, "kind": kind}
    if "card" in action:
        parts["card"] = name(action["card"])
    if kind in ("commit", "resolve"):
        parts["target"] = "base" if action.get("target") == "base" else name(action.get("target"))
    if kind == "select":
        pending = state.pending
        parts["decision"] = pending.kind if pending else "decision"
        for key in ("option", "amount"):
            if key in action:
                parts[key] = action[key]
        if "with" in action:
            parts["with"] = name(action["with"])
    return parts


def describe(state: State, action: dict, player: int) -> str:
    """An action in words, as `player` did it in the state before it (English: the API's and records' log)."""
    parts = action_parts(state, action, player)
    who, kind, card = parts["who"], parts["kind"], parts.get("card", "?")
    if kind == "play":
        return f"{who} plays {card}."
    if kind == "purchase":
        return f"{who} purchases {card}."
    if kind == "pay_off":
        return f"{who} pays off {card}."
    if kind == "ability":
        return f"{who} uses {card}'s ability."
    if kind in ("commit", "resolve"):
        target = "the enemy base" if parts["target"] == "base" else parts["target"]
        if kind == "commit":
            return f"{who} commits {card} to attack {target}."
        return f"{who} resolves the attack on {target}."
    if kind == "end_turn":
        return f"{who} ends the turn."
    if kind == "decline":
        return f"{who} declines."
    what = parts.get("decision", "decision").replace("_", " ")
    if "option" in parts:
        return f"{who} chooses {parts['option']} ({what})."
    extra = f" ({parts['amount']} damage)" if "amount" in parts else ""
    extra += f" with {parts['with']}" if "with" in parts else ""
    return f"{who} selects {card}{extra} ({what})."
