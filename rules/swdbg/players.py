"""AI players behind one interface: `choose(game) -> action`, one of `game.legal_actions()`.

- RandomPlayer: a uniformly random legal action (seeded).
- GreedyPlayer: immediate value, no lookahead: play every card, use the abilities that pay now, defeat the
  galaxy-row target worth most when the attack reaches it, hit the base with the rest, buy the dearest card.
- SearchPlayer (rules/swdbg/search.py, built on GreedyPlayer): flat Monte Carlo over sampled hidden information.

A player reads only what its seat may see (`game.view(seat)` facts: its hand, open piles, counts); the greedy
player reads the state directly but only those parts. rules/swdbg/roster.py names them all.
"""

import random

from .game import Game
from .state import State


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> dict:
        legal = game.legal_actions()
        # random.choice's own draw (Random._randbelow), written out: the same actions for the same seed, without
        # two Python-level calls per move.
        n = len(legal)
        if n == 0:
            raise IndexError("no legal action: the game is over")
        bits = n.bit_length()
        getrandbits = self.rng.getrandbits
        pick = getrandbits(bits)
        while pick >= n:
            pick = getrandbits(bits)
        return legal[pick]


def card_value(state: State, card: int) -> float:
    """What a card adds to a deck, roughly: its cost, or its printed numbers for the free starter cards."""
    info = state.cards[card]
    if info.is_base:
        return float(info.hit_points or 0)
    return info.cost + (info.attack + info.resources + info.force) / 2


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # ties only

    def choose(self, game: Game) -> dict:
        legal = game.legal_actions()
        state = game.state
        if state.pending is not None:
            return self.decide(state, legal)
        by_type: dict[str, list[dict]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        player = state.active
        if "play" in by_type:
            return by_type["play"][0]
        for action in by_type.get("ability", ()):
            if self.worth_using(state, player, action["card"]):
                return action
        attack = self.attack_plan(state, player, by_type)
        if attack is not None:
            return attack
        purchases = by_type.get("purchase", [])
        if purchases:
            return max(purchases, key=lambda a: (card_value(state, a["card"]), -a["card"]))
        return {"type": "end_turn"}

    # ---- main-phase judgement ----

    def worth_using(self, state: State, player: int, card: int) -> bool:
        use, me = state.texts[card].use, state.players[player]
        cost = use.cost[0] if use is not None and use.cost else None
        if cost == "exile_self":
            title = state.cards[card].title
            if state.cards[card].attack and card not in state.attacked:
                return False  # attack first: an exiled card no longer attacks
            if title == "Outer Rim Pilot":
                return not state.force_all_the_way(player)
            if title == "HWK-290":
                return me.base_damage >= 3
            if title in ("Kel Dor Mystic",):
                return any(card_value(state, c) <= 1 for c in me.hand + me.discard)
            if title == "Jawa Scavenger":
                return any(
                    state.can_purchase_faction(player, c) and (state.cards[c].cost or 0) <= me.resources
                    for c in state.galaxy_discard
                )
            return True
        if cost == "pay":  # Death Star: only against a capital ship
            return bool(state.own_ships(1 - player)) or any(
                state.cards[c].is_ship and state.is_enemy(player, c) for c in state.row
            )
        return True

    def attack_plan(self, state: State, player: int, by_type: dict) -> dict | None:
        if "resolve" in by_type:
            return by_type["resolve"][0]
        commits = by_type.get("commit", [])
        if not commits:
            return None
        free = list(dict.fromkeys(a["card"] for a in commits))
        opponent = state.players[1 - player]
        to_base = sum(state.attack_of(c, player) for c in free)
        ships = sum(
            (state.cards[c].hit_points or 0) - state.ship_damage.get(c, 0)
            for c in opponent.in_play
            if state.cards[c].is_ship
        )
        base_left = (
            (state.cards[opponent.base].hit_points or 0) - opponent.base_damage
            if opponent.base is not None
            else 0
        )
        kills_base = opponent.base is not None and to_base >= ships + base_left
        if not kills_base:
            targets = [a["target"] for a in commits if a["target"] != "base"]
            best = None
            for target in dict.fromkeys(targets):
                value = state.row_target_value(player, target) or state.cards[target].cost
                units = [c for c in free if {"type": "commit", "card": c, "target": target} in commits]
                reach = sum(state.attack_of(c, player, vs_row=True) for c in units)
                if reach >= value:
                    worth = card_value(state, target) + (2 if state.is_enemy(player, target) else 0)
                    if best is None or worth > best[0]:
                        best = (worth, target, units, value)
            if best is not None:
                _, target, units, value = best
                # the strongest attackers first, until the target value is reached
                units.sort(key=lambda c: -state.attack_of(c, player, vs_row=True))
                return {"type": "commit", "card": units[0], "target": target}
        for action in commits:
            if action["target"] == "base":
                return action
        return None

    # ---- decisions ----

    def decide(self, state: State, legal: list[dict]) -> dict:
        pending = state.pending
        assert pending is not None
        me = pending.player
        kind = pending.kind
        options = [a for a in legal if a["type"] == "select"]
        can_decline = {"type": "decline"} in legal

        def low(actions):
            return min(actions, key=lambda a: (card_value(state, a["card"]), a["card"]))

        def high(actions):
            return max(actions, key=lambda a: (card_value(state, a["card"]), -a["card"]))

        if kind == "choose":
            names = [a["option"] for a in options]
            if me != pending.actor:  # the opponent's effect: avoid discarding from hand
                prefer = [n for n in names if n != "discard"]
                return {"type": "select", "option": (prefer or names)[0]}
            player = state.players[me]
            if "repair" in names and player.base is not None:
                if player.base_damage * 2 >= (state.cards[player.base].hit_points or 0):
                    return {"type": "select", "option": "repair"}
            for name in ("force", "resources", "attack"):
                if name in names and (name != "force" or not state.force_with(me)):
                    return {"type": "select", "option": name}
            return {"type": "select", "option": names[0]} if names else {"type": "decline"}
        if kind in ("opp_discard", "cost_discard", "cost_exile"):
            return low(options)
        if kind == "exile":
            starters = [a for a in options if card_value(state, a["card"]) <= 1]
            if starters:
                return low(starters)
            return {"type": "decline"} if can_decline else low(options)
        if kind in ("return", "free_purchase", "purchase_discard", "choose_base", "hand_to_deck"):
            return high(options) if options else {"type": "decline"}
        if kind == "destroy_ship":
            return max(options, key=lambda a: (state.cards[a["card"]].hit_points or 0, -a["card"]))
        if kind == "discard_row":
            enemies = [a for a in options if state.is_enemy(me, a["card"])]
            return high(enemies or options)
        if kind == "discard_top":
            enemies = [a for a in options if state.is_enemy(me, a["card"])]
            return high(enemies) if enemies else {"type": "decline"}
        if kind == "assign_damage":
            (total,) = pending.data
            killable = [
                a for a in options
                if a["amount"] == (state.cards[a["card"]].hit_points or 0) - state.ship_damage.get(a["card"], 0)
            ]  # fmt: skip
            if killable:
                return max(killable, key=lambda a: (a["amount"], -a["card"]))
            return max(options, key=lambda a: (a["amount"], -a["card"]))
        if can_decline:
            return {"type": "decline"}
        return options[0]
