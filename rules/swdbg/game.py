"""A game of Star Wars: The Deckbuilding Game, in the style of python-chess.

    game = Game.new(setup, seed=7)
    while game.outcome() is None:
        game.apply(random.choice(game.legal_actions()))

Actions are plain JSON objects (see docs/swdbg-engine.md):
    {"type": "play", "card": 12}                    play a card from your hand
    {"type": "purchase", "card": 40}                from the galaxy row, or the Outer Rim Pilot stack's top card
    {"type": "pay_off", "card": 41}                 optional rule: discard a neutral galaxy-row card for its cost
    {"type": "ability", "card": 12}                 use the ability of a card in play (or of your base)
    {"type": "commit", "card": 12, "target": "base" | 44}   commit a card to an attack on the enemy base or on a
                                                    galaxy-row card (bounty hunting / sabotage)
    {"type": "resolve", "target": "base" | 44}      resolve the attack committed against that target
    {"type": "end_turn"}
    {"type": "select", "card": 7} / {"type": "select", "option": "force"} / {"type": "decline"}
                                                    answer the pending decision (`pending()` says what it is)
Cards are ints: indexes into `game.cards` (Setup.cards() order). Every random event comes from one seeded
generator kept in the state, so a setup, a seed and the list of actions reproduce a game exactly.
"""

from typing import Any, Final

from .cards import NEUTRAL, SIDES, DbgCard
from .effects import TURN_START, decide, holds, income, place_purchase, push, run
from .errors import IllegalAction
from .setup import Setup
from .state import HAND_SIZE, ROW_SIZE, TRACK_END, Facts, PlayerState, State
from .texts import TEXTS
from .view import describe, view


class Game:
    __slots__ = ("setup", "seed", "state", "actions", "_legal")

    def __init__(self, setup: Setup, seed: int, state: State, actions: list[dict]):
        self.setup, self.seed, self.state, self.actions = setup, seed, state, actions
        self._legal: list[dict] | None = None

    @classmethod
    def new(cls, setup: Setup, seed: int) -> "Game":
        """Set up the table as the rulebook's Setup says; raises SetupError for what cannot be played."""
        setup.check()
        cards = tuple(setup.cards())
        texts = tuple(TEXTS[c.title] for c in cards)
        state = State(cards, texts, _facts_of(setup, cards, texts))
        state.rng.seed(seed)
        state.bases_to_win, state.turn_limit, state.pay_off = (
            setup.bases_to_win,
            setup.turn_limit,
            setup.pay_off_neutral,
        )
        ids = iter(range(len(cards)))
        starters = [[next(ids) for _ in p.starter] for p in setup.players]
        base_ids = [[next(ids) for _ in p.bases] for p in setup.players]
        galaxy = [next(ids) for _ in setup.galaxy]
        state.pilots = [next(ids) for _ in setup.outer_rim]
        for index, player in enumerate(setup.players):
            me = PlayerState(player.faction, SIDES[player.faction], deck=starters[index])
            me.bases = base_ids[index]
            start = next(c for c in me.bases if cards[c] == player.starting_base)
            me.bases.remove(start)
            me.base = start
            state.players.append(me)
        for me in state.players:
            state.shuffle(me.deck)
        state.galaxy_deck = galaxy
        state.shuffle(state.galaxy_deck)
        for _ in range(ROW_SIZE):
            if state.galaxy_deck:
                state.row.append(state.galaxy_deck.pop())
        for index in range(2):
            state.draw(index, HAND_SIZE)
        state.active = setup.first_player
        push(state, TURN_START, state.active, None)
        run(state)
        return cls(setup, seed, state, [])

    # ---- reading ----

    @property
    def cards(self) -> tuple[DbgCard, ...]:
        return self.state.cards

    def outcome(self) -> dict | None:
        """None while the game goes on; then {"winner": 0, 1 or None, "reason": …, "turn": n}."""
        return self.state.outcome

    def to_move(self) -> int:
        """The player who must act now: the one a pending decision waits for, else the active player."""
        state = self.state
        return state.pending.player if state.pending else state.active

    def pending(self) -> dict | None:
        pending = self.state.pending
        if pending is None:
            return None
        return {
            "kind": pending.kind,
            "player": pending.player,
            "card": pending.source,
            "optional": pending.optional,
            "options": [dict(o) for o in pending.options],
        }

    def view(self, player: int | None = None) -> dict:
        """The table as `player` sees it (None: the referee, nothing hidden); see rules/swdbg/view.py."""
        return view(self.state, player)

    def describe(self, action: dict) -> str:
        """`action` in words, as the player to move would do it now."""
        return describe(self.state, action, self.to_move())

    def legal_actions(self) -> list[dict]:
        if self._legal is None:
            self._legal = _legal_actions(self.state)
        return self._legal

    # ---- changing ----

    def apply(self, action: object) -> None:
        """Play `action`, or raise IllegalAction (code, rule, message) and change nothing."""
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal_actions(self.state)
        # An AI player hands back one of the listed actions themselves: found by identity, it needs no checks.
        for listed in legal:
            if listed is action:
                break
        else:
            listed = _listed(self.state, action, legal)
        self._legal = None
        state = self.state
        kind: str = listed["type"]
        if kind == "select" or kind == "decline":
            decide(state, listed)
        elif kind == "end_turn":
            _end_turn(state)
        else:
            ACTIONS[kind](state, listed)
            if state.frames:
                run(state)
        self.actions.append(listed)

    def undo(self) -> dict:
        """Take back the last action (the game is rebuilt from its seed and the earlier actions)."""
        if not self.actions:
            raise IndexError("no action to undo")
        last = self.actions[-1]
        rebuilt = Game.new(self.setup, self.seed)
        for action in self.actions[:-1]:
            rebuilt.apply(action)
        self.state, self.actions, self._legal = rebuilt.state, rebuilt.actions, None
        return last

    def copy(self) -> "Game":
        return Game(self.setup, self.seed, self.state.copy(), self.actions[:])


def _listed(state: State, action: object, legal: list[dict]) -> dict:
    """The legal action equal to `action` (from JSON, say), or IllegalAction saying why there is none."""
    if type(action) is not dict:
        raise _why_illegal(state, action)
    # Only exact ints and texts: True == 1 and 1.0 == 1 in Python, but they are not card numbers.
    for value in action.values():
        if type(value) is not int and type(value) is not str:
            raise _why_illegal(state, action)
    for listed in legal:
        if listed == action:
            return listed
    raise _why_illegal(state, action)


_FACTS: dict[int, tuple[Setup, Facts]] = {}


def _facts_of(setup: Setup, cards: tuple, texts: tuple) -> Facts:
    """The cards' facts, shared by every game of the same Setup object (a simulation plays thousands of them):
    keyed by the object's id, which its entry keeps alive so that the id cannot be reused (16 setups at most)."""
    entry = _FACTS.get(id(setup))
    if entry is None or entry[0] is not setup:
        if len(_FACTS) >= 16:
            _FACTS.clear()
        entry = _FACTS[id(setup)] = (setup, Facts(cards, texts))
    return entry[1]


# ---- the main actions ----


def _play(state: State, action: dict) -> None:
    card, player = action["card"], state.active
    me, facts = state.players[player], state.facts
    me.hand.remove(card)
    me.in_play.append(card)
    me.resources += facts.resources[card]
    # state.gain_force and push, inlined: cards are played more often than anything else is done
    state.force = max(-TRACK_END, min(TRACK_END, state.force + me.side * facts.force[card]))
    if facts.neutral[card] and state.base_rule(player, "first_neutral_play_draws"):
        if "first_neutral_play" not in state.flags:  # Kafrene, Bespin
            state.flags.add("first_neutral_play")
            state.draw(player, 1)
    steps = facts.on_play[card]
    if steps:
        state.frames.append((steps, 0, player, card, True))


def _purchase(state: State, action: dict) -> None:
    card, player = action["card"], state.active
    state.players[player].resources -= state.cards[card].cost or 0
    if state.pilots and card == state.pilots[-1]:
        state.pilots.pop()
    else:
        state.take_from_row(card)
    place_purchase(state, player, card)


def _pay_off(state: State, action: dict) -> None:
    state.players[state.active].resources -= state.cards[action["card"]].cost or 0
    state.discard_from_row(action["card"])


def _ability(state: State, action: dict) -> None:
    card, player = action["card"], state.active
    use = state.facts.use[card]
    state.used.add(card)
    cost = use.cost[0] if use.cost else None
    if cost == "exile_self":
        state.exile_card(
            player, card
        )  # "you can use that card's attack, resources and Force before exiling it"
    elif cost == "pay":
        state.players[player].resources -= use.cost[1]
    steps = use.steps
    if cost in ("discard_hand", "exile_hand"):
        steps = (("_cost_discard",) if cost == "discard_hand" else ("_cost_exile",), *steps)
    push(state, steps, player, card)


def _commit(state: State, action: dict) -> None:
    state.committed[action["card"]] = action["target"]
    target = action["target"]
    if target != "base" and state.cards[target].faction == NEUTRAL:
        state.flags.add("ord_mantell")  # Ord Mantell's attack on a neutral card: once per turn


def _resolve(state: State, action: dict) -> None:
    push(state, (("_resolve", action["target"]),), state.active, None)


ACTIONS: Final = {"play": _play, "purchase": _purchase, "pay_off": _pay_off, "ability": _ability, "commit": _commit,
           "resolve": _resolve}  # fmt: skip


def _end_turn(state: State) -> None:
    """Exile what must go at the end of the turn, discard units in play and the hand, lose unspent resources,
    draw five; then the other player's turn begins."""
    player = state.active
    me = state.players[player]
    if state.exile_end:
        for card in sorted(state.exile_end):
            state.exile_card(player, card)
    if me.in_play:
        is_ship, discard, ships = state.facts.is_ship, me.discard, []
        for card in me.in_play:
            if is_ship[card]:
                ships.append(card)
            else:
                discard.append(card)
        me.in_play = ships
    me.discard += me.hand
    me.hand = []
    me.resources = 0
    # What lasts a turn; most of it is empty at the end of a random turn, and clearing an empty one is wasted.
    for collection in (state.committed, state.buffs, state.attacked, state.used, state.flags, state.exile_end,
                       state.seen):  # fmt: skip
        if collection:
            collection.clear()
    state.draw(player, HAND_SIZE)
    if state.turn >= state.turn_limit:
        state.outcome = {"winner": None, "reason": "turn-limit", "turn": state.turn}
        return
    state.turn += 1
    state.active = player = 1 - player
    base = state.players[player].base
    if base is None or state.texts[base].on_turn_start or state.frames or state.pending is not None:
        push(state, TURN_START, player, None)
        run(state)
    else:
        # A base in play that does nothing at the start of the turn: of the turn-start steps only the income
        # does anything, and their frame would be pushed and popped at once.
        income(state, player)


# ---- legal actions ----


def _ability_usable(state: State, use, card: int, me: PlayerState, player: int) -> bool:
    """Whether the unused ability `use` of `card` can be used now: its gate holds and its cost can be paid."""
    if use.gate is not None and not holds(state, use.gate, player, card):
        return False
    cost = use.cost
    if cost is None:
        return True
    if cost[0] == "pay":
        return me.resources >= cost[1]
    if cost[0] in ("discard_hand", "exile_hand"):
        return bool(me.hand)
    return True


def _row_targets(state: State, player: int) -> list[int]:
    """Galaxy-row cards `player` may attack: enemy units by their target value; neutral units while Ord Mantell's
    attack is unused, or to join the one attack it is committed to (more cards joining it)."""
    facts = state.facts
    neutral = facts.neutral
    enemy = state.players[1 - player].faction
    base = state.players[player].base  # state.base_rule, inlined: this runs for most legal_actions calls
    ord_mantell = (
        base is not None
        and state.texts[base].rule == "attack_neutral_row"
        and "ord_mantell" not in state.flags
    )
    joined = (
        {t for t in state.committed.values() if type(t) is int and neutral[t]} if state.committed else None
    )
    if not ord_mantell and not joined:
        # No neutral card can be a target now: the enemy units that have a target value, in row order.
        targets = facts.targets.get(enemy) or facts.enemy_targets(enemy)
        return [card for card in state.row if targets[card]]
    enemy_value, cost, is_unit = facts.target_values(enemy), facts.cost, facts.is_unit
    found = []
    for card in state.row:
        value = enemy_value[card]
        if (
            value is None
            and neutral[card]
            and ((ord_mantell and is_unit[card]) or (joined and card in joined))
        ):
            value = cost[card]
        if value is not None:
            found.append(card)
    return found


# Shared, like every action the legal-action lists hold: treat as read-only.
END_TURN: Final = {"type": "end_turn"}
DECLINE: Final = {"type": "decline"}


def _legal_actions(state: State) -> list[dict]:
    # The hottest function of a simulation (once per action): plain loops over the flat per-card facts, and
    # the actions themselves built once per setup (Facts), not once per call.
    if state.outcome is not None:
        return []
    pending = state.pending
    if pending is not None:
        return list(pending.options) + ([DECLINE] if pending.optional else [])
    player = state.active
    me, facts = state.players[player], state.facts
    play = facts.play_action
    found: list[dict] = [play[card] for card in me.hand]
    money = me.resources
    row = state.row
    purchase = facts.purchase_action
    buy = facts.buy.get(me.faction) or facts.buy_costs(me.faction)
    for card in row:
        cost = buy[card]
        if cost is not None and cost <= money:
            found.append(purchase[card])
    pilots = state.pilots
    if pilots and facts.cost0[pilots[-1]] <= money:
        found.append(purchase[pilots[-1]])
    if state.pay_off:
        neutral, cost0 = facts.neutral, facts.cost0
        for card in row:
            if neutral[card] and cost0[card] <= money:
                found.append(facts.pay_off_action[card])
    in_play, base = me.in_play, me.base
    uses, free, auras, used = facts.use, facts.free_use, facts.aura, state.used
    sources: list[int] = []  # the cards in play and base whose auras may change an attack, found on the way
    for card in in_play:
        if auras[card]:
            sources.append(card)
        use = uses[card]
        if (
            use is not None
            and card not in used
            and (free[card] or _ability_usable(state, use, card, me, player))
        ):
            found.append(facts.ability_action[card])
    if base is not None:
        if auras[base]:
            sources.append(base)
        use = uses[base]
        if (
            use is not None
            and base not in used
            and (free[base] or _ability_usable(state, use, base, me, player))
        ):
            found.append(facts.ability_action[base])
    targets = None
    buffs, committed, attacked = state.buffs, state.committed, state.attacked
    attack, bonuses, is_unit, vs_row = facts.attack, facts.bonus, facts.is_unit, facts.vs_row
    for card in in_play:
        if card in committed or card in attacked:
            continue
        armed = (attack[card] + buffs[card] if buffs and card in buffs else attack[card]) > 0
        if not armed:
            # Bonuses only add attack: only a card's own bonus or an aura that reaches it can arm it, so its
            # whole attack is worked out only then.
            reached = bool(bonuses[card])
            if not reached:
                for source in sources:
                    if source != card and facts.aura_adds(source)[card]:
                        reached = True
                        break
            if reached:
                armed = state.attack_of(card, player) > 0
        if armed:
            found.append(facts.commit_base_action[card])
        # Unarmed, its attack is 0 or less: only its own bonus against the galaxy row can change that.
        if is_unit[card] and (armed or (vs_row[card] and state.attack_of(card, player, True) > 0)):
            if targets is None:
                targets = _row_targets(state, player)
            for target in targets:
                found.append(facts.commit_action(card, target))
    if committed:
        resolvable: list[int | str] = []  # each attacked target once, in the order first committed
        for attacked_target in committed.values():
            if attacked_target not in resolvable:
                resolvable.append(attacked_target)
                found.append(facts.resolve_action[attacked_target])
    found.append(END_TURN)
    return found


# ---- why an action is illegal ----

_SHAPES = {
    "play": {"card"},
    "purchase": {"card"},
    "pay_off": {"card"},
    "ability": {"card"},
    "commit": {"card", "target"},
    "resolve": {"target"},
    "end_turn": set(),
    "select": None,  # card, option, with, amount: depends on the decision
    "decline": set(),
}


def _why_illegal(state: State, action: object) -> IllegalAction:
    if (
        not isinstance(action, dict)
        or not isinstance(action.get("type"), str)
        or action["type"] not in _SHAPES
    ):
        return IllegalAction(
            "bad-action", f"An action is an object whose type is one of {', '.join(_SHAPES)}."
        )
    kind, keys = action["type"], _SHAPES[action["type"]]
    if keys is not None and set(action) - {"type"} != keys:
        return IllegalAction("bad-action", f"A {kind} action has exactly the keys type, {', '.join(sorted(keys))}."
                             if keys else f"A {kind} action has only the key type.")  # fmt: skip
    for key, value in action.items():
        text = key in ("option", "type")
        if key in ("option", "type", "amount", "with") and type(value) is not (str if text else int):
            return IllegalAction("bad-action", f"{key} must be a {'text' if text else 'whole number'}.")
    card: Any = action.get("card")  # checked below: an int in range, when given
    if "card" in action and (type(card) is not int or not 0 <= card < len(state.cards)):
        return IllegalAction("bad-action", f"card must be a card number from 0 to {len(state.cards) - 1}.")
    if "target" in action:
        target = action["target"]
        if target != "base" and (type(target) is not int or not 0 <= target < len(state.cards)):
            return IllegalAction("bad-action", 'target must be "base" or a card number of the galaxy row.')
    if state.outcome is not None:
        return IllegalAction("game-over", "The game is over.")
    pending = state.pending
    if kind in ("select", "decline"):
        if pending is None:
            return IllegalAction("not-an-option", "No decision is pending.")
        if kind == "decline":
            return IllegalAction("not-an-option", f"The {pending.kind} decision cannot be declined.")
        return IllegalAction(
            "not-an-option", f"That is not one of the options of the {pending.kind} decision."
        )
    if pending is not None:
        return IllegalAction(
            "decision-pending", f"Player {pending.player} must first answer the {pending.kind} decision."
        )
    player = state.active
    me, name = state.players[player], f"{state.cards[card].title} (card {card})" if card is not None else ""
    if kind == "play":
        return IllegalAction("not-in-hand", f"{name} is not in your hand.")
    if kind in ("purchase", "pay_off"):
        if kind == "pay_off" and not state.pay_off:
            return IllegalAction(
                "pay-off-off", "Paying off neutral cards is an optional rule this game is without."
            )
        in_row = card in state.row or (kind == "purchase" and state.pilots and card == state.pilots[-1])
        if not in_row:
            return IllegalAction(
                "not-in-galaxy-row", f"{name} is not in the galaxy row (or on the Outer Rim Pilot stack)."
            )
        if kind == "purchase" and not state.can_purchase_faction(player, card):
            return IllegalAction("enemy-card", f"{name} is an enemy card: attack it, you cannot purchase it.")
        if kind == "pay_off" and state.cards[card].faction != NEUTRAL:
            return IllegalAction("not-legal", f"Only neutral cards are paid off; {name} is not neutral.")
        return IllegalAction(
            "not-enough-resources", f"{name} costs {state.cards[card].cost}; you have {me.resources}."
        )
    if kind == "ability":
        if card not in me.in_play and card != me.base:
            return IllegalAction("not-in-play", f"{name} is not in play (nor your base).")
        use = state.texts[card].use
        if use is None:
            return IllegalAction("no-ability", f"{name} has no ability to use (its text applies by itself).")
        if card in state.used:
            return IllegalAction("ability-used", f"{name}'s ability was already used this turn.")
        if use.gate is not None and not holds(state, use.gate, player, card):
            return IllegalAction(
                "ability-condition", f"{name}'s ability can be used only if {use.gate[0]} holds."
            )
        return IllegalAction("ability-cost", f"You cannot pay the cost of {name}'s ability now.")
    if kind == "commit":
        if card not in me.in_play:
            return IllegalAction("not-in-play", f"{name} is not in play.")
        if card in state.committed or card in state.attacked:
            return IllegalAction("already-attacked", f"{name} has already committed to an attack this turn.")
        target = action["target"]
        if target != "base":
            if state.cards[card].is_ship:
                return IllegalAction("capital-ship-target", "Capital ships cannot bounty hunt or sabotage.")
            if not isinstance(target, int) or isinstance(target, bool) or target not in state.row:
                return IllegalAction("not-a-target", 'target must be "base" or a card of the galaxy row.')
            if target not in _row_targets(state, player):
                return IllegalAction(
                    "not-a-target",
                    f"{state.cards[target].title} cannot be attacked: only enemy units are targets.",
                )
        return IllegalAction("no-attack", f"{name} has no attack to commit.")
    if kind == "resolve":
        return IllegalAction("nothing-committed", "No card is committed to an attack on that target.")
    return IllegalAction("not-legal", "That action is not legal now.")
