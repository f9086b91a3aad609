"""The effect interpreter: runs the steps of rules/swdbg/texts.py on a State, stopping at each decision.

Effects being resolved are frames on `state.frames`: (steps, next index, actor, source, optional). `run` executes
steps until one needs a player's decision; that step sets `state.pending` (what may be chosen) and `decide`
resolves the choice and runs on. A frame is optional when its ability triggered by itself ("when …", rewards):
the actor may then decline each of its own decisions (the rulebook: every ability and reward is optional).
"""

from typing import Final

from .state import Pending, State

Frame = tuple[tuple, int, int, int | None, bool]


def push(state: State, steps: tuple, actor: int, source: int | None, optional: bool = False) -> None:
    if steps:
        state.frames.append((steps, 0, actor, source, optional))


def run(state: State) -> None:
    frames = state.frames  # never rebound while a state lives (copies get their own list)
    while frames and state.pending is None and state.outcome is None:
        steps, index, actor, source, optional = frames[-1]
        if index >= len(steps):
            frames.pop()
            continue
        frames[-1] = (steps, index + 1, actor, source, optional)
        step = steps[index]
        OPS[step[0]](state, step, actor, source, optional)


def ask(state, kind, player, options, actor, source, optional, data=()) -> None:
    """Wait for `player` to pick one of `options`; nothing to pick and nothing is asked."""
    if options:
        state.pending = Pending(kind, player, tuple(options), optional, actor, source, data)


def _cards(cards) -> list[dict]:
    return [{"type": "select", "card": c} for c in cards]


# ---- conditions ----


def holds(state: State, cond: tuple, actor: int, source: int | None) -> bool:
    me, kind = state.players[actor], cond[0]
    cards = state.cards
    if kind == "force":
        return state.force * me.side >= 1  # state.force_with, inlined: gates are checked for every action
    if kind == "own_ship":
        is_ship = state.facts.is_ship
        for card in me.in_play:
            if is_ship[card]:
                return True
        return False
    if kind == "opp_ship":
        is_ship = state.facts.is_ship
        for card in state.players[1 - actor].in_play:
            if is_ship[card]:
                return True
        return False
    if kind == "own_trait":
        return any(c != source and cards[c].has_trait(*cond[1:]) for c in me.in_play)
    if kind == "other_unique":
        return any(c != source and cards[c].unique and cards[c].is_unit for c in me.in_play)
    if kind == "base_is":
        return me.base is not None and cards[me.base].title == cond[1]
    if kind == "in_play":
        return any(cards[c].title == cond[1] for c in me.in_play)
    if kind == "base_damaged":
        return me.base is not None and me.base_damage > 0
    if kind == "opp_hand":
        return bool(state.players[1 - actor].hand)
    if kind == "hand":
        return bool(me.hand)
    raise ValueError(f"unknown condition {cond!r}")


# ---- steps that need no decision ----


def _draw(state, step, actor, source, optional):
    state.draw(actor, step[1])


def _gain(state, step, actor, source, optional):
    _, stat, n = step
    if stat == "resources":
        state.players[actor].resources += n
    elif stat == "force":
        state.gain_force(actor, n)
    elif source is not None:  # attack: this card, this turn
        state.buffs[source] = state.buffs.get(source, 0) + n


def _repair(state, step, actor, source, optional):
    state.repair(actor, step[1])


def _damage_base(state, step, actor, source, optional):
    state.damage_base(actor, step[1])


def _if(state, step, actor, source, optional):
    _, cond, then, otherwise = step
    push(state, then if holds(state, cond, actor, source) else otherwise, actor, source, optional)


def _reveal_galaxy(state, step, actor, source, optional):
    top = state.galaxy_top()
    if top is None:
        return
    if state.cards[top].faction == state.players[actor].faction:
        push(state, step[1], actor, source, optional)
    elif state.is_enemy(actor, top):
        state.galaxy_deck.pop()
        state.galaxy_discard.append(top)


def _next_purchase_top(state, step, actor, source, optional):
    state.flags.add("next_purchase_top")


def _to_hand_self(state, step, actor, source, optional):
    me = state.players[actor]
    for pile in (me.discard, me.deck):
        if source in pile:
            pile.remove(source)
            me.hand.append(source)
            return


def _purge_enemy_row(state, step, actor, source, optional):
    enemies = [c for c in state.row if state.is_enemy(actor, c)]
    state.discard_all_from_row(enemies)
    state.damage_base(actor, step[1] * len(enemies))


def _look_opp_hand(state, step, actor, source, optional):
    state.seen[actor] = tuple(state.players[1 - actor].hand)


# ---- steps that ask ----


def _choose(state, step, actor, source, optional):
    feasible = tuple(o for o in step[1] if o[1] is None or holds(state, o[1], actor, source))
    chooser = 1 - actor if step[0] == "opp_choose" else actor
    if len(feasible) == 1 and not (optional and chooser == actor):
        push(state, feasible[0][2], actor, source, optional)
        return
    options = [{"type": "select", "option": name} for name, _, _ in feasible]
    ask(state, "choose", chooser, options, actor, source, optional and chooser == actor, feasible)


def _opp_discard(state, step, actor, source, optional):
    _, n, random_cond = step
    opponent = state.players[1 - actor]
    if not opponent.hand or n <= 0:
        return
    if n > 1:
        push(state, ((step[0], n - 1, random_cond),), actor, source, optional)
    if random_cond is not None and holds(state, random_cond, actor, source):
        state.discard_from_hand(1 - actor, state.rng.choice(opponent.hand))
        return
    ask(state, "opp_discard", 1 - actor, _cards(opponent.hand), actor, source, False)


def _discard_row(state, step, actor, source, optional):
    ask(state, "discard_row", actor, _cards(state.row), actor, source, optional)


def _exile(state, step, actor, source, optional):
    _, n, up_to = step
    me = state.players[actor]
    if n > 0:
        ask(state, "exile", actor, _cards(me.hand + me.discard), actor, source, up_to or optional, (n, up_to))


def _return(state, step, actor, source, optional):
    what = step[1]
    cards = state.cards
    if what[0] == "trait":
        found = [c for c in state.players[actor].discard if cards[c].has_trait(what[1])]
    else:  # a unique unit
        found = [c for c in state.players[actor].discard if cards[c].unique and cards[c].is_unit]
    ask(state, "return", actor, _cards(found), actor, source, optional)


def _free_purchase(state, step, actor, source, optional):
    _, whose, dest = step
    faction = state.players[actor].faction
    found = [
        c for c in state.row if state.cards[c].faction == faction or (whose == "own_or_neutral" and
                                                                      state.cards[c].faction == "Neutral")
    ]  # fmt: skip
    # Taking a free card is never forced: a player may prefer to leave the row as it is.
    ask(state, "free_purchase", actor, _cards(found), actor, source, True, (dest,))


def _purchase_galaxy_discard(state, step, actor, source, optional):
    me = state.players[actor]
    found = [
        c for c in dict.fromkeys(state.galaxy_discard)
        if state.can_purchase_faction(actor, c) and (state.cards[c].cost or 0) <= me.resources
    ]  # fmt: skip
    ask(state, "purchase_discard", actor, _cards(found), actor, source, True)


def _destroy_ship(state, step, actor, source, optional):
    scope = step[1]
    found = state.own_ships(1 - actor)
    if scope != "opp_play":
        found += [
            c for c in state.row
            if state.cards[c].is_ship and (scope == "any" or state.is_enemy(actor, c))
        ]  # fmt: skip
    ask(state, "destroy_ship", actor, _cards(found), actor, source, optional)


def _look_swap_top(state, step, actor, source, optional):
    top = state.galaxy_top()
    if top is None:
        return
    state.seen[actor] = (top,)
    if state.force_with(actor):
        ask(state, "swap_top", actor, _cards(state.row), actor, source, True, (top,))


def _opp_hand_to_deck(state, step, actor, source, optional):
    ask(state, "hand_to_deck", actor, _cards(state.players[1 - actor].hand), actor, source, optional)


def _look_top2_discard(state, step, actor, source, optional):
    if not state.galaxy_deck:
        state.galaxy_top()  # reform the galaxy deck: cards are to be revealed
    top = tuple(state.galaxy_deck[-2:][::-1])
    if top:
        state.seen[actor] = top
        ask(state, "discard_top", actor, _cards(top), actor, source, True)


def _swap_discard_row(state, step, actor, source, optional):
    found = [c for c in dict.fromkeys(state.galaxy_discard) if state.cards[c].faction == step[1]]
    options = [{"type": "select", "card": d, "with": r} for d in found for r in state.row]
    ask(state, "swap_discard", actor, options, actor, source, True)


# ---- the engine's own steps (turn structure, costs, attacks) ----


def _choose_base(state, step, actor, source, optional):
    me = state.players[actor]
    if me.base is None and me.bases:
        ask(state, "choose_base", actor, _cards(me.bases), actor, None, False)


def _income(state, step, actor, source, optional):
    income(state, actor)


def income(state: State, actor: int) -> None:
    """The turn's first resources: 1 while the Force is all the way with you, and each capital ship's."""
    me = state.players[actor]
    if state.force_all_the_way(actor):
        me.resources += 1
    if me.in_play:
        facts = state.facts
        me.resources += sum([facts.resources[c] for c in me.in_play if facts.is_ship[c]])


def _turn_start_base(state, step, actor, source, optional):
    base = state.players[actor].base
    if base is not None:
        push(state, state.texts[base].on_turn_start, actor, base, True)


def _cost_from_hand(state, step, actor, source, optional):
    kind = "cost_discard" if step[0] == "_cost_discard" else "cost_exile"
    ask(state, kind, actor, _cards(state.players[actor].hand), actor, source, False)


def _resolve(state, step, actor, source, optional):
    target = step[1]
    attackers = [c for c, t in state.committed.items() if t == target]
    for card in attackers:
        del state.committed[card]
        state.attacked.add(card)
    if target == "base":
        total = sum(state.attack_of(c, actor) for c in attackers)
        _assign_base_damage(state, actor, total)
        return
    if target not in state.row:
        return  # the target left the galaxy row before the attack was resolved: nothing happens
    info = state.cards[target]
    value = info.cost if info.faction == "Neutral" else info.target_value
    total = sum(state.attack_of(c, actor, vs_row=True) for c in attackers)
    if value is None or total < value:
        return  # "If the total attack … is less than the target value, nothing happens."
    state.discard_from_row(target)
    if info.faction == "Neutral":  # Ord Mantell: resources equal to the defeated card's cost
        state.players[actor].resources += info.cost or 0
    # "If a 'when' ability conflicts with resolving a Reward ability, resolve the Reward first": the reward's
    # frame is pushed last, so it runs first; then each attacker's "when he helps defeat" trigger in order.
    for card in reversed(attackers):
        push(state, state.texts[card].on_defeat, actor, card, True)
    push(state, state.texts[target].reward, actor, target, True)


def _assign_base_damage(state: State, actor: int, total: int) -> None:
    """Capital ships absorb damage before the base; the attacker splits it among several ships."""
    ships = state.own_ships(1 - actor)
    if total <= 0:
        return
    if not ships:  # the usual case: all of it to the base
        state.damage_base(actor, total)
        return
    left = {c: (state.cards[c].hit_points or 0) - state.ship_damage.get(c, 0) for c in ships}
    if total >= sum(left.values()):
        for ship in ships:
            state.destroy_ship(ship)
        state.damage_base(actor, total - sum(left.values()))
    elif len(ships) == 1:
        state.damage_ship(1 - actor, ships[0], total)
    else:
        options = [
            {"type": "select", "card": c, "amount": k}
            for c in ships
            for k in range(1, min(total, left[c]) + 1)
        ]
        ask(state, "assign_damage", actor, options, actor, None, False, (total,))


OPS: Final = {
    "draw": _draw,
    "gain": _gain,
    "repair": _repair,
    "damage_base": _damage_base,
    "if": _if,
    "choose": _choose,
    "opp_choose": _choose,
    "opp_discard": _opp_discard,
    "discard_row": _discard_row,
    "exile": _exile,
    "return": _return,
    "reveal_galaxy": _reveal_galaxy,
    "free_purchase": _free_purchase,
    "purchase_galaxy_discard": _purchase_galaxy_discard,
    "destroy_ship": _destroy_ship,
    "look_swap_top": _look_swap_top,
    "look_opp_hand": _look_opp_hand,
    "opp_hand_to_deck": _opp_hand_to_deck,
    "next_purchase_top": _next_purchase_top,
    "to_hand_self": _to_hand_self,
    "look_top2_discard": _look_top2_discard,
    "purge_enemy_row": _purge_enemy_row,
    "swap_discard_row": _swap_discard_row,
    "_choose_base": _choose_base,
    "_income": _income,
    "_turn_start_base": _turn_start_base,
    "_cost_discard": _cost_from_hand,
    "_cost_exile": _cost_from_hand,
    "_resolve": _resolve,
}
TURN_START: Final = (("_choose_base",), ("_income",), ("_turn_start_base",))


# ---- purchases ----


def place_purchase(state: State, player: int, card: int, dest: str = "discard") -> None:
    """Put a purchased card where it goes: the discard pile unless a card or base says otherwise (the Twi'lek
    Smuggler and Sullust: on top of the deck; Jedha: into the hand; a free purchase's own "into your hand"); then
    its "when purchased" ability triggers."""
    me, info = state.players[player], state.cards[card]
    flags = state.flags
    if dest == "top_if_force":  # Princess Leia: without the Force, a purchase like any other
        dest = "top" if state.force_with(player) else "discard"
    if dest == "discard" or dest == "top":  # only a card's own "into your hand" overrides what follows
        if "next_purchase_top" in flags:  # Twi'lek Smuggler: spent by the next purchase, whatever its kind
            flags.discard("next_purchase_top")
            dest = "top"
        if state.base_rule(player, "first_purchase_top") and "first_purchase" not in flags:  # Sullust
            dest = "top"
        if (
            info.faction == "Neutral"
            and state.base_rule(player, "first_neutral_purchase_to_hand")
            and "first_neutral_purchase" not in flags
        ):  # Jedha
            dest = "hand_exile_end"
    if info.faction == "Neutral":
        flags.add("first_neutral_purchase")
    flags.add("first_purchase")
    if dest == "top":
        me.deck.append(card)
    elif dest in ("hand", "hand_exile_end"):
        me.hand.append(card)
        if dest == "hand_exile_end":
            state.exile_end.add(card)
    else:
        me.discard.append(card)
    push(state, state.texts[card].on_purchase, player, card, True)


# ---- decisions ----


def decide(state: State, action: dict) -> None:
    """Resolve the pending decision with `action` (one of its options, or a decline) and run on."""
    pending = state.pending
    assert pending is not None
    state.pending = None
    if action["type"] != "decline":
        CHOICES[pending.kind](state, pending, action)
    run(state)


def _chose_option(state, pending, action):
    steps = next(o[2] for o in pending.data if o[0] == action["option"])
    push(state, steps, pending.actor, pending.source, pending.optional)


def _chose_opp_discard(state, pending, action):
    state.discard_from_hand(pending.player, action["card"])


def _chose_discard_row(state, pending, action):
    state.discard_from_row(action["card"])


def _chose_exile(state, pending, action):
    state.exile_card(pending.actor, action["card"])
    n, up_to = pending.data
    if n > 1:
        push(state, (("exile", n - 1, up_to),), pending.actor, pending.source, pending.optional)


def _chose_return(state, pending, action):
    me = state.players[pending.actor]
    me.discard.remove(action["card"])
    me.hand.append(action["card"])


def _chose_free_purchase(state, pending, action):
    state.take_from_row(action["card"])
    place_purchase(state, pending.actor, action["card"], pending.data[0])


def _chose_purchase_discard(state, pending, action):
    card = action["card"]
    state.galaxy_discard.remove(card)
    state.players[pending.actor].resources -= state.cards[card].cost or 0
    place_purchase(state, pending.actor, card)


def _chose_destroy_ship(state, pending, action):
    state.destroy_ship(action["card"])


def _chose_swap_top(state, pending, action):
    (top,) = pending.data
    slot = state.row.index(action["card"])
    state.galaxy_deck[-1], state.row[slot] = action["card"], top


def _chose_hand_to_deck(state, pending, action):
    opponent = state.players[1 - pending.actor]
    opponent.hand.remove(action["card"])
    opponent.deck.append(action["card"])


def _chose_discard_top(state, pending, action):
    state.galaxy_deck.remove(action["card"])
    state.galaxy_discard.append(action["card"])


def _chose_swap_discard(state, pending, action):
    card, slot = action["card"], state.row.index(action["with"])
    state.galaxy_discard.remove(card)
    state.galaxy_discard.append(state.row[slot])
    state.row[slot] = card


def _chose_base(state, pending, action):
    me = state.players[pending.actor]
    me.bases.remove(action["card"])
    me.base, me.base_damage = action["card"], 0
    push(state, state.texts[action["card"]].on_reveal, pending.actor, action["card"], True)


def _chose_cost(state, pending, action):
    if pending.kind == "cost_discard":
        state.discard_from_hand(pending.actor, action["card"])
    else:
        state.exile_card(pending.actor, action["card"])


def _chose_damage(state, pending, action):
    (total,) = pending.data
    state.damage_ship(1 - pending.actor, action["card"], action["amount"])
    _assign_base_damage(state, pending.actor, total - action["amount"])


CHOICES: Final = {
    "choose": _chose_option,
    "opp_discard": _chose_opp_discard,
    "discard_row": _chose_discard_row,
    "exile": _chose_exile,
    "return": _chose_return,
    "free_purchase": _chose_free_purchase,
    "purchase_discard": _chose_purchase_discard,
    "destroy_ship": _chose_destroy_ship,
    "swap_top": _chose_swap_top,
    "hand_to_deck": _chose_hand_to_deck,
    "discard_top": _chose_discard_top,
    "swap_discard": _chose_swap_discard,
    "choose_base": _chose_base,
    "cost_discard": _chose_cost,
    "cost_exile": _chose_cost,
    "assign_damage": _chose_damage,
}
