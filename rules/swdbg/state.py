"""The table of one SW:DBG game and the rulebook's basic operations on it (draw, refill, damage, destroy).

Mutable and cheap to copy: `Game` copies it for `copy()` and for the search player. Cards are ints, indexes into
`cards` (one per physical card, in `Setup.cards()` order); piles are lists whose end is the top.
"""

import random
from dataclasses import dataclass, field
from typing import Final

from .cards import LIGHT, NEUTRAL, DbgCard
from .texts import Ability, CardText

ROW_SIZE: Final = 6
HAND_SIZE: Final = 5
TRACK_END: Final = (
    3  # the Balance of the Force track: -3 (all the way dark) … 0 (neutral) … +3 (all the way light)
)


@dataclass(slots=True)
class PlayerState:
    faction: str
    side: int  # LIGHT (+1) or DARK (-1)
    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    exile: list[int] = field(default_factory=list)
    in_play: list[int] = field(default_factory=list)  # units and capital ships, in the order played
    base: int | None = None
    bases: list[int] = field(default_factory=list)  # base cards not revealed yet
    base_damage: int = 0
    victory: list[int] = field(default_factory=list)  # the opponent's bases this player destroyed
    resources: int = 0

    def copy(self) -> "PlayerState":
        return PlayerState(
            self.faction, self.side, self.deck[:], self.hand[:], self.discard[:], self.exile[:], self.in_play[:],
            self.base, self.bases[:], self.base_damage, self.victory[:], self.resources,
        )  # fmt: skip


class Facts:
    """Each card's fixed numbers, as flat tuples indexed by card number, for the hot paths (legal actions, attack,
    turn structure): a tuple index is much cheaper than a DbgCard property or a CardText attribute. Built from the
    immutable cards and texts, once per Setup (game._facts_of), and shared by its games and their copies; the
    tables that depend on a faction or a card are filled when first asked for."""

    __slots__ = (
        "cards", "attack", "cost", "cost0", "resources", "force", "neutral", "is_unit", "is_ship", "use",
        "free_use", "aura", "bonus", "vs_row", "on_play", "buy", "targets", "_enemy", "_aura_adds",
        "play_action", "purchase_action", "pay_off_action", "ability_action", "commit_base_action",
        "resolve_action", "_commit_actions",
    )  # fmt: skip

    def __init__(self, cards: tuple[DbgCard, ...], texts: tuple[CardText, ...]):
        self.cards = cards
        self.attack: tuple[int, ...] = tuple(c.attack for c in cards)
        self.cost: tuple[int, ...] = tuple(c.cost for c in cards)
        self.cost0: tuple[int, ...] = tuple(c.cost or 0 for c in cards)
        self.resources: tuple[int, ...] = tuple(c.resources for c in cards)
        self.force: tuple[int, ...] = tuple(c.force for c in cards)
        self.neutral: tuple[bool, ...] = tuple(c.faction == NEUTRAL for c in cards)
        self.is_unit: tuple[bool, ...] = tuple(c.is_unit for c in cards)
        self.is_ship: tuple[bool, ...] = tuple(c.is_ship for c in cards)
        self.use: tuple[Ability | None, ...] = tuple(t.use for t in texts)
        # abilities without a gate whose cost can always be paid (none, or exiling the card): usable whenever unused
        self.free_use: tuple[bool, ...] = tuple(
            t.use is not None
            and t.use.gate is None
            and (t.use.cost is None or t.use.cost[0] not in ("pay", "discard_hand", "exile_hand"))
            for t in texts
        )
        self.aura = tuple(t.aura for t in texts)
        self.bonus = tuple(t.attack_bonus for t in texts)
        self.vs_row: tuple[bool, ...] = tuple(any(b[0] == "vs_row" for b in t.attack_bonus) for t in texts)
        self.on_play = tuple(t.on_play for t in texts)
        self.buy: dict[str, tuple[int | None, ...]] = {}  # by faction: see buy_costs
        self._enemy: dict[str, tuple[int | None, ...]] = {}
        self.targets: dict[str, tuple[bool, ...]] = {}  # by enemy faction: see enemy_targets
        self._aura_adds: dict[int, tuple] = {}
        # The main-phase actions, built once and shared by every legal-action list (a simulation lists millions
        # of them): callers must treat actions as read-only, as they already do the options of a decision.
        numbers = range(len(cards))
        self.play_action = tuple({"type": "play", "card": c} for c in numbers)
        self.purchase_action = tuple({"type": "purchase", "card": c} for c in numbers)
        self.pay_off_action = tuple({"type": "pay_off", "card": c} for c in numbers)
        self.ability_action = tuple({"type": "ability", "card": c} for c in numbers)
        self.commit_base_action = tuple({"type": "commit", "card": c, "target": "base"} for c in numbers)
        self.resolve_action: dict[int | str, dict] = {"base": {"type": "resolve", "target": "base"}}
        self.resolve_action.update((c, {"type": "resolve", "target": c}) for c in numbers)
        self._commit_actions: dict[tuple[int, int], dict] = {}

    def aura_adds(self, source: int) -> tuple:
        """Per card: what the auras of `source` add to its attack (a fixed number: auras name a card type or
        traits)."""
        table = self._aura_adds.get(source)
        if table is None:
            table = self._aura_adds[source] = tuple(
                sum(_aura_add(aura, card) for aura in self.aura[source]) for card in self.cards
            )
        return table

    def commit_action(self, card: int, target: int) -> dict:
        """The action committing `card` to an attack on the galaxy-row card `target`."""
        action = self._commit_actions.get((card, target))
        if action is None:
            action = self._commit_actions[card, target] = {"type": "commit", "card": card, "target": target}
        return action

    def buy_costs(self, faction: str) -> tuple[int | None, ...]:
        """Per card: its cost if a `faction` player may purchase it (own faction or neutral), else None."""
        table = self.buy.get(faction)
        if table is None:
            table = self.buy[faction] = tuple(
                c.cost if c.faction in (faction, NEUTRAL) else None for c in self.cards
            )
        return table

    def target_values(self, enemy: str) -> tuple[int | None, ...]:
        """Per card: its target value if it is a unit of the `enemy` faction, else None."""
        table = self._enemy.get(enemy)
        if table is None:
            table = self._enemy[enemy] = tuple(
                c.target_value if c.is_unit and c.faction == enemy else None for c in self.cards
            )
        return table

    def enemy_targets(self, enemy: str) -> tuple[bool, ...]:
        """Per card: whether it is a unit of the `enemy` faction that has a target value."""
        table = self.targets.get(enemy)
        if table is None:
            table = self.targets[enemy] = tuple(v is not None for v in self.target_values(enemy))
        return table


def _aura_add(aura: tuple, info: DbgCard) -> int:
    if aura[0] == "ships" and info.is_ship:
        return aura[1]
    if aura[0] == "trait" and info.is_unit and info.has_trait(*aura[1]):
        return aura[2]
    return 0


@dataclass(slots=True)
class Pending:
    """A decision the game waits for: `player` picks one of `options` (actions), or declines if `optional`.
    Never changed once made (State.copy shares it); not frozen only because frozen instances are slow to build."""

    kind: str
    player: int
    options: tuple[dict, ...]
    optional: bool
    actor: int  # whose effect asks (the opponent decides for some of them)
    source: int | None  # the card whose effect asks
    data: tuple = ()


class State:
    __slots__ = (
        "cards", "texts", "facts", "players", "row", "galaxy_deck", "galaxy_discard", "pilots", "force", "turn",
        "active", "bases_to_win", "turn_limit", "pay_off", "rng", "ship_damage", "committed", "attacked",
        "used", "buffs", "flags", "exile_end", "frames", "pending", "outcome", "seen",
    )  # fmt: skip

    def __init__(self, cards: tuple[DbgCard, ...], texts: tuple[CardText, ...], facts: "Facts | None" = None):
        self.cards = cards
        self.texts = texts
        self.facts = facts if facts is not None else Facts(cards, texts)
        self.players: list[PlayerState] = []
        self.row: list[int] = []
        self.galaxy_deck: list[int] = []
        self.galaxy_discard: list[int] = []
        self.pilots: list[int] = []
        self.force = TRACK_END * LIGHT
        self.turn = 1
        self.active = 0
        self.bases_to_win = 3
        self.turn_limit = 200
        self.pay_off = False
        self.rng = random.Random(0)
        self.ship_damage: dict[int, int] = {}
        self.committed: dict[int, int | str] = {}  # card → "base" or a galaxy-row card
        self.attacked: set[int] = set()
        self.used: set[int] = set()  # cards (and bases) whose ability was used this turn
        self.buffs: dict[int, int] = {}  # attack gained this turn, by card
        self.flags: set[str] = set()  # once-per-turn facts: "first_purchase", "ord_mantell", …
        self.exile_end: set[int] = set()  # cards to exile at the end of the turn (Tarkin, Jedha)
        self.frames: list[tuple] = []  # effects being resolved: (steps, next index, actor, source)
        self.pending: Pending | None = None
        self.outcome: dict | None = None
        self.seen: dict[
            int, tuple[int, ...]
        ] = {}  # hidden cards a player was shown, by player, until it acts

    def copy(self) -> "State":
        new = State(self.cards, self.texts, self.facts)
        new.players = [p.copy() for p in self.players]
        new.row, new.galaxy_deck = self.row[:], self.galaxy_deck[:]
        new.galaxy_discard, new.pilots = self.galaxy_discard[:], self.pilots[:]
        new.force, new.turn, new.active = self.force, self.turn, self.active
        new.bases_to_win, new.turn_limit, new.pay_off = self.bases_to_win, self.turn_limit, self.pay_off
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.ship_damage, new.committed = dict(self.ship_damage), dict(self.committed)
        new.attacked, new.used, new.buffs = set(self.attacked), set(self.used), dict(self.buffs)
        new.flags, new.exile_end = set(self.flags), set(self.exile_end)
        new.frames, new.pending, new.outcome = self.frames[:], self.pending, self.outcome
        new.seen = dict(self.seen)
        return new

    # ---- reading the table ----

    def me(self, player: int) -> PlayerState:
        return self.players[player]

    def force_with(self, player: int) -> bool:
        return self.force * self.players[player].side >= 1

    def force_all_the_way(self, player: int) -> bool:
        return self.force * self.players[player].side >= TRACK_END

    def enemy_faction(self, player: int) -> str:
        return self.players[1 - player].faction

    def own_ships(self, player: int) -> list[int]:
        is_ship = self.facts.is_ship
        return [c for c in self.players[player].in_play if is_ship[c]]

    def base_rule(self, player: int, rule: str) -> bool:
        base = self.players[player].base
        return base is not None and self.texts[base].rule == rule

    def attack_of(self, card: int, owner: int, vs_row: bool = False) -> int:
        """A card's attack now: printed, gained this turn, its own constant bonuses, and the auras of the
        owner's other cards in play and base ("while" abilities end when their card leaves play)."""
        facts = self.facts
        total = facts.attack[card] + self.buffs.get(card, 0)
        for kind, amount in facts.bonus[card]:
            if kind == "if_force" and self.force_with(owner):
                total += amount
            elif kind == "per_own_base_lost":
                total += amount * len(self.players[1 - owner].victory)
            elif kind == "vs_row" and vs_row:
                total += amount
        me, auras = self.players[owner], facts.aura
        for source in me.in_play:
            if auras[source] and source != card:
                total += facts.aura_adds(source)[card]
        base = me.base
        if base is not None and auras[base]:
            total += facts.aura_adds(base)[card]
        return total

    def can_purchase_faction(self, player: int, card: int) -> bool:
        return self.cards[card].faction in (self.players[player].faction, NEUTRAL)

    def is_enemy(self, player: int, card: int) -> bool:
        return self.cards[card].faction == self.enemy_faction(player)

    def row_target_value(self, player: int, card: int) -> int | None:
        """What defeats this galaxy-row card for `player`: enemy units by their target value; neutral units by
        their cost while Ord Mantell is the player's base and its once-per-turn attack is unused."""
        if not self.facts.is_unit[card]:
            return None
        info = self.cards[card]
        if info.faction == self.players[1 - player].faction:  # an enemy card
            return info.target_value
        if (
            info.faction == NEUTRAL
            and self.base_rule(player, "attack_neutral_row")
            and "ord_mantell" not in self.flags
        ):
            return info.cost
        return None

    # ---- moving cards ----

    def shuffle(self, pile: list[int]) -> None:
        """random.Random.shuffle with its _randbelow inlined (CPython 3.11's code, so the same order from the
        same generator state): decks are reshuffled every few turns, and the call per card doubled the cost."""
        getrandbits = self.rng.getrandbits
        for i, n, k in _shuffle_steps(len(pile)):
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            pile[i], pile[j] = pile[j], pile[i]

    def draw(self, player: int, n: int) -> int:
        """Draw up to n cards; an empty deck is reformed from the discard pile only when a card is needed."""
        me = self.players[player]
        deck = me.deck
        if 0 < n <= len(deck):  # the usual case, no reshuffle: take the top n at once, top card first
            top = deck[-n:]
            del deck[-n:]
            top.reverse()
            me.hand += top
            return n
        drawn = 0
        for _ in range(n):
            if not me.deck:
                if not me.discard:
                    break
                me.deck, me.discard = me.discard, []
                self.shuffle(me.deck)
            me.hand.append(me.deck.pop())
            drawn += 1
        return drawn

    def galaxy_top(self) -> int | None:
        """The galaxy deck's top card, reforming the deck from the galaxy discard pile if it is empty."""
        if not self.galaxy_deck and self.galaxy_discard:
            self.galaxy_deck, self.galaxy_discard = self.galaxy_discard, []
            self.shuffle(self.galaxy_deck)
        return self.galaxy_deck[-1] if self.galaxy_deck else None

    def refill(self, slot: int) -> None:
        """Replace the galaxy-row card that left `slot` with the galaxy deck's top card (none left: the slot goes)."""
        top = self.galaxy_top()
        if top is None:
            del self.row[slot]
        else:
            self.row[slot] = self.galaxy_deck.pop()

    def take_from_row(self, card: int) -> None:
        """A galaxy-row card leaves for a player (purchased): its slot is refilled."""
        self.refill(self.row.index(card))

    def discard_from_row(self, card: int) -> None:
        """A galaxy-row card goes to the galaxy discard pile, and only then is its slot refilled: with the galaxy
        deck empty, the refill reshuffles that pile, this card included (it may come straight back)."""
        slot = self.row.index(card)
        self.galaxy_discard.append(card)
        self.refill(slot)

    def discard_all_from_row(self, cards: list[int]) -> None:
        """Several galaxy-row cards discarded at once (Rodia): all go to the galaxy discard pile, then their slots
        are refilled left to right. Each refill finds a card (the pile holds at least those discarded)."""
        slots = [slot for slot, card in enumerate(self.row) if card in cards]
        self.galaxy_discard.extend(self.row[slot] for slot in slots)
        for slot in slots:
            self.refill(slot)

    def gain_force(self, player: int, n: int) -> None:
        side = self.players[player].side
        self.force = max(-TRACK_END, min(TRACK_END, self.force + side * n))

    def repair(self, player: int, n: int) -> None:
        me = self.players[player]
        me.base_damage = max(0, me.base_damage - n)

    def damage_base(self, attacker: int, n: int) -> None:
        """Deal n damage to the defender's base: excess is lost, a destroyed base goes to the attacker's victory
        pile and the game ends at once when that makes the winning number."""
        defender = self.players[1 - attacker]
        if defender.base is None or n <= 0:
            return
        if self.base_rule(1 - attacker, "prevent_first_2"):  # Hoth: the first 2 damage each turn, in all
            prevented = 2 if "hoth_2" in self.flags else 1 if "hoth_1" in self.flags else 0
            taken = min(2 - prevented, n)
            if taken:
                self.flags.add(f"hoth_{prevented + taken}")
            n -= taken
        defender.base_damage += n
        if defender.base_damage >= (self.cards[defender.base].hit_points or 0):
            self.players[attacker].victory.append(defender.base)
            defender.base, defender.base_damage = None, 0
            if len(self.players[attacker].victory) >= self.bases_to_win:
                self.outcome = {"winner": attacker, "reason": "bases", "turn": self.turn}
                self.frames.clear()
                self.pending = None

    def damage_ship(self, owner: int, ship: int, n: int) -> None:
        self.ship_damage[ship] = self.ship_damage.get(ship, 0) + n
        if self.ship_damage[ship] >= (self.cards[ship].hit_points or 0):
            self.destroy_ship(ship)

    def destroy_ship(self, ship: int) -> None:
        """A capital ship in play goes to its owner's discard pile; one in the galaxy row to the galaxy discard."""
        self.ship_damage.pop(ship, None)
        if ship in self.row:
            self.discard_from_row(ship)
            return
        for me in self.players:
            if ship in me.in_play:
                me.in_play.remove(ship)
                me.discard.append(ship)
                self.committed.pop(ship, None)
                return

    def remove_from_play(self, player: int, card: int) -> None:
        self.players[player].in_play.remove(card)
        self.committed.pop(card, None)
        self.ship_damage.pop(card, None)

    def exile_card(self, player: int, card: int) -> None:
        """Exile a card of `player` from wherever it is (hand, discard pile, deck or play)."""
        me = self.players[player]
        for pile in (me.hand, me.discard, me.deck):
            if card in pile:
                pile.remove(card)
                break
        else:
            if card in me.in_play:
                self.remove_from_play(player, card)
            else:
                return
        me.exile.append(card)

    def discard_from_hand(self, player: int, card: int) -> None:
        """`player` discards a card from hand; Yavin 4 punishes it during the other player's turn."""
        me = self.players[player]
        me.hand.remove(card)
        me.discard.append(card)
        opponent = 1 - player
        if opponent == self.active and self.base_rule(opponent, "opp_discard_damages"):
            self.damage_base(opponent, 2)


_SHUFFLE_STEPS: dict[int, tuple] = {}


def _shuffle_steps(size: int) -> tuple:
    """For shuffling `size` cards: each slot i from the top down, the n = i + 1 cards it picks from and n's bit
    length (the bits asked of the generator), computed once per size."""
    steps = _SHUFFLE_STEPS.get(size)
    if steps is None:
        steps = _SHUFFLE_STEPS[size] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size))
        )
    return steps
