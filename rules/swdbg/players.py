"""AI players behind one interface: `choose(game) -> action`, one of `game.legal_actions()`.

- RandomPlayer: a uniformly random legal action (seeded).
- GreedyPlayer: immediate value, no lookahead: play every card (first using an ability paid with a card from
  hand while it has a card worth giving up), use the abilities that pay now, destroy the enemy base when the
  attack can, defeat the galaxy-row target worth most when the attack reaches it, hit the base with the rest,
  buy the dearest card.
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


HAND_COSTS = ("discard_hand", "exile_hand")
STARTER_VALUE = 1.0  # card_value of the free starter cards (0.5 to 1): the cards worth giving up


def hand_cost(state: State, card: int) -> str | None:
    """ "discard_hand" or "exile_hand" when the card's ability is paid with a card from hand, else None."""
    use = state.texts[card].use
    if use is None or not use.cost or use.cost[0] not in HAND_COSTS:
        return None
    return use.cost[0]


def _repairs(steps: tuple) -> bool:
    return any(step[0] == "repair" for step in steps)


def base_needs(state: State, player: int) -> int | None:
    """The damage an attack on `player`'s enemy must deal to destroy its base now: the capital ships' hit points
    left (they absorb damage first), the base's, and what Hoth still prevents this turn; None without a base."""
    opponent = state.players[1 - player]
    if opponent.base is None:
        return None
    needed = (state.cards[opponent.base].hit_points or 0) - opponent.base_damage
    for ship in state.own_ships(1 - player):
        needed += (state.cards[ship].hit_points or 0) - state.ship_damage.get(ship, 0)
    if state.base_rule(1 - player, "prevent_first_2"):
        needed += 0 if "hoth_2" in state.flags else 1 if "hoth_1" in state.flags else 2
    return needed


def lethal_plan(state: State, player: int, legal: list[dict]) -> dict | None:
    """The next action of an attack that destroys the enemy base this turn, or None when none can: resolve the
    attack on the base once what is committed to it suffices, else commit the strongest free attacker to it
    (the fewest attackers: the others stay free for the galaxy row)."""
    if state.pending is not None:
        return None
    needed = base_needs(state, player)
    if needed is None:
        return None
    committed = sum(state.attack_of(c, player) for c, t in state.committed.items() if t == "base")
    if committed >= needed and committed > 0:
        return {"type": "resolve", "target": "base"}
    free = [a for a in legal if a["type"] == "commit" and a["target"] == "base"]
    if not free:
        return None
    attacks = [(state.attack_of(a["card"], player), a) for a in free]
    if committed + sum(attack for attack, _ in attacks if attack > 0) < needed:
        return None
    return max(attacks, key=lambda pair: (pair[0], -pair[1]["card"]))[1]


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
            for action in by_type.get("ability", ()):
                if hand_cost(state, action["card"]) and self.worth_using(state, player, action["card"]):
                    return action  # while the hand still holds the card it pays with
            plays = by_type["play"]
            # a card whose ability is paid from hand first, while the hand holds cards to pay with
            return next((a for a in plays if hand_cost(state, a["card"])), plays[0])
        for action in by_type.get("ability", ()):
            if self.worth_using(state, player, action["card"]):
                return action
        lethal = lethal_plan(state, player, legal)
        if lethal is not None:
            return lethal
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
        if cost in HAND_COSTS:
            return self.worth_paying_from_hand(state, player, card, cost)
        if cost == "pay":  # Death Star: only against a capital ship
            return bool(state.own_ships(1 - player)) or any(
                state.cards[c].is_ship and state.is_enemy(player, c) for c in state.row
            )
        return True

    def worth_paying_from_hand(self, state: State, player: int, card: int, cost: str) -> bool:
        """Whether to give up the hand's least valuable card (the one `decide` pays with) for the ability."""
        me = state.players[player]
        if not me.hand:
            return False
        cheapest = min(card_value(state, c) for c in me.hand)
        use = state.texts[card].use
        assert use is not None
        if _repairs(use.steps):  # C-ROC Cruiser: repair 3
            return me.base_damage >= 3 or (me.base_damage >= 2 and cheapest <= STARTER_VALUE)
        if cost == "exile_hand":  # Jabba the Hutt: a starter card exiled thins the deck, and draws
            return cheapest <= STARTER_VALUE
        # Gozanti Cruiser: a card for a card, when the one drawn is likely better
        pile = me.deck or me.discard
        return bool(pile) and cheapest <= sum(card_value(state, c) for c in pile) / len(pile)

    def attack_plan(self, state: State, player: int, by_type: dict) -> dict | None:
        """Defeat the galaxy-row target worth most that the attack reaches (the strongest attackers first, resolved
        once the committed attack reaches its value), then hit the enemy base with the rest and resolve it."""
        commits = by_type.get("commit", [])
        free = list(dict.fromkeys([a["card"] for a in commits]))
        best = None
        for target in dict.fromkeys([a["target"] for a in commits if a["target"] != "base"]):
            value = state.row_target_value(player, target) or state.cards[target].cost
            units = [c for c in free if state.facts.commit_action(c, target) in commits]
            started = self.committed_to(state, player, target)
            if started + sum(state.attack_of(c, player, vs_row=True) for c in units) >= value:
                # an attack already begun first: its attackers are spent whether it succeeds or not
                worth = (
                    started > 0,
                    card_value(state, target) + (2 if state.is_enemy(player, target) else 0),
                )
                if best is None or worth > best[0]:
                    best = (worth, target, units, value, started)
        for action in by_type.get("resolve", ()):
            target = action["target"]
            if target == "base" or best is None or best[1] != target or best[4] >= best[3]:
                return action
        if best is not None:
            _, target, units, _, _ = best
            return state.facts.commit_action(max(units, key=lambda c: state.attack_of(c, player, vs_row=True)),
                                             target)  # fmt: skip
        for action in commits:
            if action["target"] == "base":
                return action
        return None

    @staticmethod
    def committed_to(state: State, player: int, target: int) -> int:
        return sum(state.attack_of(c, player, vs_row=True) for c, t in state.committed.items() if t == target)

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
