"""The SWCCG referee: rebuilds the table after every event of a record and checks it against the core rules.

`referee(record, cards, mode)` replays a checked record (rules/swccg/record.py) against the stored cards. Each
broken rule is a Violation: the event's index, a code (rules/swccg/rulebook.py gives its section, the rulebook's
words and the rule in English), a message and the cards involved. A strict replay stops at the first event that
breaks a rule; a checking replay lists them all and carries on from what the record says happened.

Checked now: turn and phase order, activation (icons + 1, from the Reserve Deck), deploying (from hand, where
you have presence or a Force icon, spies excepted; cost paid from the Force Pile; starships to systems;
uniqueness •/••/••• on table and ◇ per location; personas), Force drains (control, the opponent's icons, once a
location a turn), battles (both present, once a location a turn, 1 Force, battle destiny at ability 4, damage
and attrition met by forfeits and Force loss, hit cards forfeited — rules/swccg/battle.py), movement (once a turn
by itself, hyperspeed against parsecs with pilot and astromech or nav computer, landspeed, landing and take-off
within a system, Force paid), Force owed lost before the phase ends, recirculation, and the end of the game when
a Life Force is gone. Captures, crossing over, Lando and Lobot, sabacc and weapons are reported as not checked
yet (`not-checked-yet`).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import battle as battle_rules
from .cards import DARK, LIGHT, CcgCard, other
from .record import PHASES, Record
from .rulebook import RULES
from .table import (
    CAPTIVE,
    CONVERTED,
    FACE_DOWN,
    HAND,
    LOST,
    OUT_OF_PLAY,
    TABLE,
    Battle,
    Instance,
    Modifier,
    Table,
)

STRICT, CHECK = "strict", "check"
# The phase each turn action belongs to.
_PHASE_OF = {
    "activate": "activate",
    "drain": "control",
    "deploy": "deploy",
    "battle": "battle",
    "move": "move",
}
_SETUP = ("start_location", "objective", "starting", "shuffle")


@dataclass(frozen=True, slots=True)
class Violation:
    index: int
    code: str
    message: str
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        section, words, gist = RULES.get(self.code, ("", "", ""))
        return {
            "index": self.index,
            "code": self.code,
            "message": self.message,
            "rule": {"section": section, "words": words, "rule": gist},
            "cards": list(self.cards),
        }


@dataclass(slots=True)
class TurnSummary:
    turn: int
    player: str
    activated: int = 0
    drains: list[dict] = field(default_factory=list)
    battles: list[dict] = field(default_factory=list)
    deployed: list[str] = field(default_factory=list)
    lost: dict[str, int] = field(default_factory=lambda: {DARK: 0, LIGHT: 0})


@dataclass(slots=True)
class Replay:
    violations: list[Violation]
    turns: list[TurnSummary]
    table: Table
    events_checked: int
    stopped_at: int | None  # strict replays: the index of the event that broke a rule
    winner: str | None
    ended: bool


class _Referee:
    def __init__(self, record: Record, cards: Mapping[str, CcgCard]):
        decks = {p.side: [cards[i] for i in p.deck] for p in record.players}
        outside = {p.side: [cards[i] for i in p.outside] for p in record.players}
        self.table = Table(decks, outside)
        self.reserve_orders = {p.side: p.reserve_order for p in record.players if p.reserve_order is not None}
        self.found: list[Violation] = []
        self.index = 0
        self.turns: list[TurnSummary] = []
        self.winner: str | None = None

    # ---- reporting ----

    def broke(self, code: str, message: str, *cards: Instance | str) -> None:
        keys = tuple(c.key if isinstance(c, Instance) else c for c in cards)
        self.found.append(Violation(self.index, code, message, keys))

    def summary(self) -> TurnSummary:
        table = self.table
        if not self.turns or self.turns[-1].turn != table.turn:
            self.turns.append(TurnSummary(table.turn, table.active))
        return self.turns[-1]

    def card(self, side: str | None, ref: str, zones: tuple[str, ...] = ()) -> Instance | None:
        found = self.table.find(side, ref, zones)
        if found is None:
            whose = f"the {side} side's" if side else "either side's"
            self.broke("unknown-card", f"{ref} is not one of {whose} cards in this record.", ref)
        return found

    # ---- the turn structure ----

    def turn_action(self, event: dict, phase: str | None) -> None:
        """Start the first turn if need be; check the player and the phase order."""
        table = self.table
        if table.turn == 0:
            table.turn = 1
        player = event["player"]
        if player != table.active and not event.get("reaction"):
            self.broke(
                "not-your-turn",
                f"It is the {table.active} side's turn {table.turn}, not the {player} side's.",
            )
        if phase is not None and not event.get("reaction"):
            wanted = PHASES.index(phase)
            if wanted < table.phase:
                self.broke("phase-order", f"The {phase} phase comes before the {PHASES[table.phase]} phase.")
            table.phase = max(table.phase, wanted)
            if wanted > PHASES.index("control"):
                self.settle_owed("before the " + phase + " phase")

    def settle_owed(self, when: str) -> None:
        for player in self.table.players.values():
            if player.owed > 0 and player.life_force > 0:
                self.broke(
                    "force-loss-unpaid",
                    f"The {player.side} side still had {player.owed:g} Force to lose {when}.",
                )
            player.owed = 0

    def pay(self, side: str, amount: float, what: str) -> None:
        player = self.table.players[side]
        whole = int(amount)
        if whole > player.force:
            self.broke(
                "not-enough-force",
                f"{what} costs {amount:g} Force; the {side} Force Pile holds {player.force}.",
            )
            whole = player.force
        player.force -= whole
        player.used += whole

    # ---- set-up ----

    def on_start_location(self, event: dict) -> None:
        card = self.table.find(event["player"], event["card"], (FACE_DOWN,))
        if card is not None and self.converted_location(card) is not None:
            self.broke(
                "same-starting-location",
                f"Both players chose {card.card.title}: both are set aside and each chooses again.",
                card,
            )
            return
        self.to_table(event, require_hand=False)

    on_objective = on_start_location

    def on_starting(self, event: dict) -> None:
        self.to_table(event, require_hand=False)

    def on_shuffle(self, event: dict) -> None:
        """A shuffled Reserve Deck: in the order the event gives (top first), or the order the player's
        `reserve_order` gives for its first shuffle, else unknown."""
        side, table = event["player"], self.table
        refs = event.get("order") or self.reserve_orders.pop(side, None)
        size = table.players[side].reserve
        table.reserve_order[side] = [None] * size
        if not refs:
            return
        cards = [table.find(side, ref, (FACE_DOWN,)) for ref in refs]
        keys = [c.key if c is not None and c.zone == FACE_DOWN else None for c in cards]
        if len(keys) != size or None in keys or len(set(keys)) != size:
            self.broke(
                "bad-order",
                f"A Reserve Deck order lists each of its {size} face-down cards once; this one lists {len(refs)}.",
            )
            return
        table.reserve_order[side] = keys

    def from_top(self, side: str, cards: list[Instance | None]) -> None:
        """Cards named as they come off the top of a Reserve Deck, checked against its known order."""
        for card, top in zip(cards, self.table.take_top(side, len(cards)), strict=False):
            if card is not None and top is not None and card.key != top:
                self.broke(
                    "not-the-top-card", f"The top of the {side} Reserve Deck is {top}, not {card.key}.", card
                )

    # ---- piles ----

    def on_draw(self, event: dict) -> None:
        side, kind, table = event["player"], event["kind"], self.table
        player = table.players[side]
        for ref in event["cards"]:
            card = self.card(side, ref, (FACE_DOWN,))
            if card is None:
                continue
            if card.zone != FACE_DOWN:
                self.broke(
                    "card-not-there", f"{card.card.title} ({card.key}) is not face down in the deck.", card
                )
                continue
            source = "force" if kind == "hand" else "reserve"
            if getattr(player, source) < 1:
                code = "not-enough-force" if source == "force" else "reserve-empty"
                self.broke(
                    code, f"The {side} {'Force Pile' if source == 'force' else 'Reserve Deck'} is empty."
                )
                continue
            setattr(player, source, getattr(player, source) - 1)
            if source == "reserve":
                self.from_top(side, [card])
            if kind in ("opening", "hand"):
                card.zone = HAND
            else:
                player.used += 1  # a destiny card goes to the Used Pile (it stays among the face-down cards)
                if kind == "battle_destiny":
                    self.battle_destiny(event, side, card)
        if kind == "hand":
            self.turn_action(event, "draw")

    def battle_destiny(self, event: dict, side: str, card: Instance) -> None:
        fight = self.table.battle
        if fight is None:
            self.broke("no-battle", "A battle destiny is drawn only in a battle.", card)
            return
        value = event.get("value")
        fight.destinies[side].append(float(value if value is not None else card.card.destiny or 0))

    def on_activate(self, event: dict) -> None:
        self.turn_action(event, "activate")
        side, amount = event["player"], event["amount"]
        player = self.table.players[side]
        allowed = self.table.generation(side) - player.activated
        if amount > allowed:
            self.broke(
                "too-much-activation",
                f"The {side} side may activate {allowed:g} more Force; it activated {amount}.",
            )
        if amount > player.reserve:
            self.broke(
                "reserve-empty", f"The {side} Reserve Deck holds {player.reserve} cards, not {amount}."
            )
            amount = player.reserve
        player.reserve -= amount
        self.table.take_top(side, amount)
        player.force += amount
        player.activated += amount
        self.summary().activated += amount

    def on_use_force(self, event: dict) -> None:
        self.pay(event["player"], event["amount"], "Card text")

    def on_lose_force(self, event: dict) -> None:
        side, amount, source = event["player"], event["amount"], event["from"]
        player, table = self.table.players[side], self.table
        if source == "hand":
            refs = event.get("cards") or []
            if len(refs) != amount:
                self.broke(
                    "card-not-there",
                    f"Force lost from hand names each card: {amount} expected, {len(refs)} named.",
                )
            for ref in refs:
                card = self.card(side, ref, (HAND,))
                if card is not None and card.zone != HAND:
                    self.broke(
                        "not-in-hand", f"{card.card.title} ({card.key}) is not in the {side} hand.", card
                    )
                elif card is not None:
                    card.zone = LOST
        else:
            pile = {"reserve": "reserve", "force": "force", "used": "used"}[source]
            if getattr(player, pile) < amount:
                self.broke(
                    "card-not-there",
                    f"The {side} {source} pile holds {getattr(player, pile)} cards, not {amount}.",
                )
                amount = getattr(player, pile)
            setattr(player, pile, getattr(player, pile) - amount)
            named = [self.card(side, ref, (FACE_DOWN,)) for ref in event.get("cards") or []]
            if pile == "reserve":
                self.from_top(side, named + [None] * (amount - len(named)))
            for card in named:
                if card is not None and card.zone == FACE_DOWN:
                    card.zone = LOST
        player.owed = max(player.owed - amount, 0)
        if table.battle is not None:
            self.resolve_battle()
            table.battle.lost_force[side] += amount
        self.summary().lost[side] += amount

    def on_retrieve(self, event: dict) -> None:
        side = event["player"]
        for ref in event["cards"]:
            card = self.card(side, ref, (LOST,))
            if card is not None and card.zone != LOST:
                self.broke(
                    "card-not-there", f"{card.card.title} ({card.key}) is not in the {side} Lost Pile.", card
                )
            elif card is not None:
                card.zone = FACE_DOWN
                self.table.players[side].used += 1

    def on_place_out_of_play(self, event: dict) -> None:
        card = self.card(event["player"], event["card"], (TABLE, HAND, LOST))
        if card is not None:
            self.leave_table(card, OUT_OF_PLAY)
            self.table.out_of_play_personas |= set(card.card.personas)  # bars every version for the game

    # ---- deploying ----

    def to_table(self, event: dict, *, require_hand: bool) -> Instance | None:
        side, table = event["player"], self.table
        card = self.card(side, event["card"], (HAND,) if require_hand else (FACE_DOWN, HAND))
        if card is None:
            return None
        if require_hand and card.zone != HAND:
            self.broke("not-in-hand", f"{card.card.title} ({card.key}) is not in the {side} hand.", card)
        elif not require_hand and card.zone not in (FACE_DOWN, HAND):
            self.broke("card-not-there", f"{card.card.title} ({card.key}) is already in play or lost.", card)
        if card.zone == FACE_DOWN:
            table.players[side].reserve -= 1  # starting cards come from the deck before it is shuffled
            order = table.reserve_order[side]
            order.remove(card.key if card.key in order else None)
        converted = self.converted_location(card)
        if converted is None:
            self.check_uniqueness(card, event.get("to"))
        card.zone = TABLE
        if card.card.is_location:
            card.at = card.key
            if converted is None:
                table.locations.append(card.key)
            else:  # the new card takes the old one's place, and everything at it
                table.locations[table.locations.index(converted.key)] = card.key
                for other_card in table.cards.values():
                    if other_card.zone in (TABLE, CAPTIVE) and other_card.at == converted.key:
                        other_card.at = card.key
                converted.zone, converted.at = CONVERTED, None
            return card
        where = event.get("to")
        if event.get("on"):
            carrier = self.card(None, event["on"], (TABLE,))
            if carrier is not None:
                card.on, where = carrier.key, carrier.at
        location = self.card(None, where, (TABLE,)) if where else None
        card.at = location.key if location is not None else None
        return card

    def converted_location(self, card: Instance) -> Instance | None:
        """The opponent's version of this location already on table, which deploying this one converts."""
        if not card.card.is_location:
            return None
        return next(
            (
                loc
                for key in self.table.locations
                if (loc := self.table.cards[key]).card.name == card.card.name and loc.owner != card.owner
            ),
            None,
        )

    def check_uniqueness(self, card: Instance, where: str | None) -> None:
        table = self.table
        personas = set(card.card.personas)
        if personas & table.barred[card.owner]:
            self.broke(
                "persona-crossed-over",
                f"{card.card.title}'s persona crossed over: it is barred to this side.",
                card,
            )
        if personas & table.out_of_play_personas:
            self.broke("persona-out-of-play", f"{card.card.title}'s persona was placed out of play.", card)
        # captives still count for uniqueness and personas
        on_table = [c for c in table.cards.values() if c.zone in (TABLE, CAPTIVE)]
        limit = card.card.on_table_limit
        same = [c for c in on_table if c.card.name == card.card.name]
        if limit is not None and len(same) >= limit:
            self.broke(
                "unique-on-table", f"{card.card.title}: {len(same)} already on table (at most {limit}).", card
            )
        if card.card.uniqueness == "◇" and where:
            location = self.table.find(None, where, (TABLE,))
            if location is not None and any(c.at == location.key for c in same):
                self.broke(
                    "unique-on-table",
                    f"{card.card.title} is unique per location: one is already there.",
                    card,
                )
        shared = [c for c in on_table if set(c.card.personas) & set(card.card.personas)]
        if shared:
            self.broke(
                "persona-on-table",
                f"{card.card.title} is the same persona as {shared[0].card.title}, already on table.",
                card,
                shared[0],
            )

    def on_deploy(self, event: dict) -> None:
        self.turn_action(event, "deploy")
        side, table = event["player"], self.table
        card = self.card(side, event["card"], (HAND,))
        if card is None:
            return
        printed = card.card.deploy or 0
        cost = event.get("cost", printed + table.modified("deploy", card=card.key))
        if cost != printed + table.modified("deploy", card=card.key):
            self.broke(
                "wrong-cost",
                f"{card.card.title} deploys for {printed:g} (with the modifiers recorded), not {cost:g}.",
                card,
            )
        location_ref = event.get("to")
        if event.get("on"):
            carrier = table.find(None, event["on"], (TABLE,))
            location_ref = carrier.at if carrier is not None else location_ref
        if not card.card.is_location:
            location = table.find(None, location_ref, (TABLE,)) if location_ref else None
            if location is None or not location.card.is_location:
                self.broke(
                    "card-not-there",
                    f"{card.card.title} deploys to a location on table; {location_ref} is not one.",
                    card,
                )
            else:
                self.check_where(side, card, location, aboard=bool(event.get("on")))
        if event.get("on") and card.card.is_character:
            carrier = table.find(None, event["on"], (TABLE,))
            if carrier is not None:
                self.check_room(card, carrier)
        self.pay(side, cost, card.card.title)
        placed = self.to_table(event, require_hand=True)
        if placed is not None:
            self.summary().deployed.append(placed.key)

    def check_where(self, side: str, card: Instance, location: Instance, aboard: bool) -> None:
        kind = location.card.subtype.split(":")[0].strip().casefold()
        if card.card.is_starship and kind != "system":
            self.broke(
                "wrong-location-kind",
                f"{card.card.title} is a starship: it deploys to a system.",
                card,
                location,
            )
        if (card.card.is_character or card.card.type == "Vehicle") and kind == "system" and not aboard:
            self.broke(
                "wrong-location-kind", f"{card.card.title} deploys to a site or aboard.", card, location
            )
        if card.card.has("spy"):
            return  # spies deploy anywhere
        if not self.table.presence(location.key, side) and self.table.icons(location.key, side) <= 0:
            self.broke(
                "no-presence-or-icon",
                f"The {side} side has neither presence nor a Force icon at {location.card.title}.",
                card,
                location,
            )

    def on_play(self, event: dict) -> None:
        side = event["player"]
        card = self.card(side, event["card"], (HAND,))
        if card is None:
            return
        if card.zone != HAND:
            self.broke("not-in-hand", f"{card.card.title} ({card.key}) is not in the {side} hand.", card)
        self.pay(side, event.get("cost", 0), card.card.title)
        if event["to"] == "lost":
            card.zone = LOST
        elif event["to"] == "used":
            card.zone = FACE_DOWN
            self.table.players[side].used += 1
        else:
            card.zone, card.at = TABLE, None

    # ---- control ----

    def on_drain(self, event: dict) -> None:
        self.turn_action(event, "control")
        side, table = event["player"], self.table
        location = self.card(None, event["location"], (TABLE,))
        if location is None or location.zone != TABLE or not location.card.is_location:
            self.broke(
                "card-not-there", f"{event['location']} is not a location on table.", event["location"]
            )
            return
        if location.key in table.drained:
            self.broke(
                "drained-twice",
                f"The {side} side already drained at {location.card.title} this turn.",
                location,
            )
        table.drained.add(location.key)
        if not table.controls(location.key, side):
            self.broke("no-control", f"The {side} side does not control {location.card.title}.", location)
        icons = table.icons(location.key, other(side))
        expected = icons + table.modified("drain", location=location.key, player=side) if icons > 0 else 0
        if icons <= 0:
            self.broke(
                "no-opponent-icons",
                f"The {other(side)} side has no Force icon at {location.card.title}.",
                location,
            )
        elif (
            expected <= 0
        ):  # card text cancels the drain (a recorded `drain` modifier of minus the icons or more)
            self.broke("drain-cancelled", f"Force drains at {location.card.title} are cancelled.", location)
        elif event["amount"] != expected:
            self.broke(
                "wrong-drain",
                f"A drain at {location.card.title} is {expected:g}, not {event['amount']}.",
                location,
            )
        table.players[other(side)].owed += event["amount"]
        self.summary().drains.append({"location": location.key, "amount": event["amount"]})

    # ---- battle ----

    def on_battle(self, event: dict) -> None:
        self.turn_action(event, "battle")
        side, table = event["player"], self.table
        if table.battle is not None:
            self.end_battle()
        location = self.card(None, event["location"], (TABLE,))
        if location is None or location.zone != TABLE or not location.card.is_location:
            self.broke(
                "card-not-there", f"{event['location']} is not a location on table.", event["location"]
            )
            return
        if location.key in table.battled:
            self.broke(
                "battled-twice", f"There was a battle at {location.card.title} this turn already.", location
            )
        if not (table.presence(location.key, DARK) and table.presence(location.key, LIGHT)):
            self.broke(
                "no-battle-here", f"Both sides need presence at {location.card.title} to battle.", location
            )
        table.battled.add(location.key)
        self.pay(side, 1, "Initiating a battle")
        table.battle = Battle(location.key, side)

    def in_battle(self, side: str, fight: Battle) -> tuple[battle_rules.InBattle, ...]:
        table = self.table
        carried = {c.on for c in table.at(fight.location, side) if c.on}

        def numbers(card: Instance, aboard=()) -> battle_rules.InBattle:
            immunity = card.card.immune_to_attrition
            if immunity is not None or table.modified("immune_to_attrition", card=card.key):
                immunity = (immunity or 0) + int(table.modified("immune_to_attrition", card=card.key))
            return battle_rules.InBattle(
                card_id=card.key,
                title=card.card.title,
                power=table.stat(card, "power"),
                ability=table.stat(card, "ability"),
                forfeit=max(table.stat(card, "forfeit"), 0),
                immune_to_attrition=immunity,
                hit=card.hit,
                aboard=tuple(aboard),
            )

        return tuple(
            numbers(c, [numbers(a) for a in table.aboard(c.key)])
            for c in table.at(fight.location, side)
            if c.on is None
            and (c.card.is_character or c.card.is_starship or c.card.type == "Vehicle" or c.key in carried)
        )

    def resolve_battle(self) -> None:
        fight = self.table.battle
        if fight is None or fight.resolved is not None:
            return
        sides = {}
        for side in (DARK, LIGHT):
            fight.participants[side] = self.in_battle(side, fight)
            sides[side] = battle_rules.BattleSide(
                cards=fight.participants[side] or (battle_rules.InBattle("none", "nobody"),),
                destinies=tuple(fight.destinies[side]),
                extra_destinies=int(self.table.modified("battle_destinies", player=side)),
            )
        try:
            fight.resolved = battle_rules.resolve(sides[DARK], sides[LIGHT])
        except battle_rules.BattleError as error:
            self.broke(error.code if error.code in RULES else "no-battle-here", error.message, fight.location)
            fight.resolved = False

    def on_hit(self, event: dict) -> None:
        card = self.card(None, event["card"], (TABLE,))
        if card is not None:
            card.hit = True

    def on_forfeit(self, event: dict) -> None:
        side, table = event["player"], self.table
        card = self.card(side, event["card"], (TABLE,))
        if card is None:
            return
        if card.zone != TABLE:
            self.broke("card-not-there", f"{card.card.title} ({card.key}) is not on table.", card)
            return
        fight = table.battle
        if fight is not None:
            self.resolve_battle()
            if card.at == fight.location:
                fight.forfeited[side] += max(table.stat(card, "forfeit"), 0)
                fight.forfeited_keys.add(card.key)
        self.leave_table(card, LOST)

    def leave_table(self, card: Instance, zone: str) -> None:
        for passenger in self.table.aboard(card.key):
            self.leave_table(passenger, zone)
        if card.key in self.table.locations:
            self.table.locations.remove(card.key)
        card.zone, card.at, card.on, card.hit = zone, None, None, False

    def on_battle_end(self, event: dict) -> None:
        if self.table.battle is None:
            self.broke("no-battle", "No battle is in progress.")
            return
        self.end_battle()

    def end_battle(self) -> None:
        """Check what the battle asked of each side against what the record says was forfeited and lost."""
        table, fight = self.table, self.table.battle
        assert fight is not None
        self.resolve_battle()
        table.battle = None
        result = fight.resolved
        if not result:
            return
        self.summary().battles.append(
            {
                "location": fight.location,
                "winner": result.winner,
                "totals": {side: result.sides[side].total for side in (DARK, LIGHT)},
                "destinies": {side: list(fight.destinies[side]) for side in (DARK, LIGHT)},
            }
        )
        for side in (DARK, LIGHT):
            need = result.sides[side]
            for key in need.hit:
                if key not in fight.forfeited_keys:
                    self.broke("hit-not-forfeited", f"The hit card {key} was not forfeited.", key)
            forfeitable = sum(
                c.forfeit
                for c in fight.participants[side]
                if c.card_id not in need.immune or c.card_id in need.hit
            )
            attrition = min(need.attrition, forfeitable)
            if fight.forfeited[side] < attrition:
                self.broke(
                    "attrition-unsatisfied",
                    f"The {side} side forfeited {fight.forfeited[side]:g} against attrition {need.attrition:g}.",
                    *need.attrition_forfeits,
                )
            covered = fight.forfeited[side] + fight.lost_force[side]
            if need.battle_damage > 0 and covered < need.battle_damage and table.players[side].life_force > 0:
                self.broke(
                    "battle-damage-unsatisfied",
                    f"The {side} side covered {covered:g} of battle damage {need.battle_damage:g}.",
                )

    # ---- movement ----

    def on_move(self, event: dict) -> None:
        self.turn_action(event, "move")
        side, table, kind = event["player"], self.table, event["kind"]
        card = self.card(side, event["card"], (TABLE,))
        target = self.card(None, event["to"], (TABLE,))
        if card is None or target is None:
            return
        if card.zone != TABLE or target.zone != TABLE:
            self.broke(
                "card-not-there", f"{card.card.title} and where it moves to must be on table.", card, target
            )
            return
        origin = table.cards.get(card.at) if card.at else None
        destination = target if target.card.is_location else table.cards.get(target.at or "")
        if origin is not None and destination is not None:
            self.check_move(card, kind, origin, destination)
        if not target.card.is_location and card.card.is_character:
            self.check_room(card, target)
        # 1 Force a move; boarding or leaving a vehicle is free; docking bay transit costs what the bay's card says
        expected = 0 if kind == "aboard" else 1 + table.modified("move_cost", card=card.key)
        cost = event.get("cost", expected)
        if kind != "docking_bay" and cost != expected:
            self.broke(
                "wrong-cost",
                f"Moving {card.card.title} ({kind}) costs {expected:g} Force, not {cost:g}.",
                card,
            )
        self.pay(side, cost, f"Moving {card.card.title}")
        card.on = None if target.card.is_location else target.key
        new_at = destination.key if destination is not None else None
        for moving in (card, *table.aboard(card.key)):
            moving.at = new_at

    def check_room(self, card: Instance, carrier: Instance) -> None:
        """A character boarding a starship or vehicle needs a free seat (its "May add …" capacity)."""
        from .cards import character_capacity

        room = character_capacity(carrier.card.gametext)
        aboard = [c for c in self.table.aboard(carrier.key) if c.card.is_character and c is not card]
        if room is not None and len(aboard) >= room:
            self.broke(
                "over-capacity",
                f"{carrier.card.title} carries {room} character{'s' if room != 1 else ''}; it already has {len(aboard)}.",
                card,
                carrier,
            )

    def check_move(self, card: Instance, kind: str, origin: Instance, destination: Instance) -> None:
        table = self.table
        if (
            kind in ("site", "landing", "takeoff", "landspeed")
            and origin.card.system != destination.card.system
        ):
            self.broke(
                "not-same-system",
                f"{card.card.title} cannot {kind} from {origin.card.system} to {destination.card.system}.",
                card,
            )
        if kind == "site":
            if table.moved.get(card.key):
                self.broke("moved-twice", f"{card.card.title} already moved by itself this turn.", card)
            table.moved[card.key] = 1
        elif kind == "landspeed":
            moves = table.moved.get(card.key, 0) + 1
            if moves > (table.stat(card, "landspeed") or 0):
                self.broke(
                    "too-far", f"{card.card.title} has landspeed {table.stat(card, 'landspeed'):g}.", card
                )
            table.moved[card.key] = moves
        elif kind == "hyperspace":
            if not card.card.is_starship or destination.card.parsec is None or origin.card.parsec is None:
                self.broke(
                    "wrong-location-kind", f"{card.card.title} moves by hyperspeed between systems.", card
                )
                return
            aboard = table.aboard(card.key)
            piloted = card.card.has("pilot") or any(a.card.has("pilot") for a in aboard)
            navigated = card.card.has("nav computer") or any(a.card.has("astromech") for a in aboard)
            if not (piloted and navigated):
                self.broke(
                    "no-pilot",
                    f"{card.card.title} needs a pilot and an astromech or nav computer aboard.",
                    card,
                )
            travelled = table.moved.get(card.key, 0) + abs(destination.card.parsec - origin.card.parsec)
            speed = table.stat(card, "hyperspeed")
            if travelled > speed:
                self.broke(
                    "too-far",
                    f"{card.card.title} would travel {travelled:g} parsecs this turn; hyperspeed {speed:g}.",
                    card,
                )
            table.moved[card.key] = travelled

    # ---- modifiers, phases, turns, the end ----

    def on_modify(self, event: dict) -> None:
        table = self.table
        card = table.find(None, event["card"], (TABLE, HAND, FACE_DOWN)) if event.get("card") else None
        location = table.find(None, event["location"], (TABLE,)) if event.get("location") else None
        until = event.get("until", "battle" if table.battle is not None else "turn")
        table.add_modifier(
            Modifier(
                stat=event["stat"],
                by=event["by"],
                until=until,
                card=card.key if card is not None else None,
                location=location.key if location is not None else None,
                player=event.get("player"),
            )
        )

    def on_end_phase(self, event: dict) -> None:
        table = self.table
        if table.turn == 0:
            table.turn = 1
        if event["player"] != table.active:
            self.broke("not-your-turn", f"It is the {table.active} side's turn; only it ends a phase.")
        if table.battle is not None and event["phase"] == "battle":
            self.end_battle()
        index = PHASES.index(event["phase"])
        if index < table.phase:
            self.broke("phase-order", f"The {event['phase']} phase is already over.")
        table.phase = max(table.phase, index) + 1
        self.settle_owed(f"at the end of the {event['phase']} phase")

    def on_end_turn(self, event: dict) -> None:
        table = self.table
        if table.turn == 0:
            table.turn = 1
        if event["player"] != table.active:
            self.broke("not-your-turn", f"It is the {table.active} side's turn to end.")
        if table.battle is not None:
            self.end_battle()
        self.settle_owed("at the end of the turn")
        self.summary()
        table.end_turn()

    def on_game_end(self, event: dict) -> None:
        table = self.table
        losers = [side for side, p in table.players.items() if p.life_force <= 0]
        expected = other(losers[0]) if len(losers) == 1 else None
        conceded = event["reason"] in ("concession", "time")  # an end the table cannot show
        if not conceded and event["winner"] != expected:
            self.broke(
                "result-mismatch", f"The record says {event['winner']} won; the table says {expected}."
            )
        self.winner = event["winner"]
        table.over = True

    # ---- the advanced rules: captives, crossing over, Lando and Lobot, sabacc, stealing, weapons ----

    def to_used(self, card: Instance) -> None:
        """A card (and what it carries) to its owner's Used Pile, face down."""
        for passenger in self.table.aboard(card.key):
            self.to_used(passenger)
        self.leave_table(card, FACE_DOWN)
        self.table.players[card.owner].used += 1

    def on_capture(self, event: dict) -> None:
        from .capture import can_escort

        side, table = event["player"], self.table
        if side != DARK:
            self.broke("light-side-capture", "Only the Dark Side captures.")
        card = self.card(None, event["card"], (TABLE,))
        if card is None:
            return
        if card.zone != TABLE or not card.card.is_character or card.owner != LIGHT:
            self.broke("not-capturable", f"{card.card.title} is not a Light Side character on table.", card)
            return
        where = card.at
        if event.get("escort"):
            escort = self.card(DARK, event["escort"], (TABLE,))
            if escort is None:
                return
            busy = any(c.escort == escort.key for c in table.cards.values() if c.zone == CAPTIVE)
            if escort.zone != TABLE or escort.at != where or not can_escort(escort.card) or busy:
                self.broke(
                    "not-an-escort",
                    f"{escort.card.title} cannot escort {card.card.title}: an escort is a bounty hunter or warrior "
                    "at the same location, escorting no one yet.",
                    escort,
                    card,
                )
            self.leave_table(card, CAPTIVE)  # what it carries is captured with it
            card.escort = escort.key
            card.at = where
        elif event.get("prison"):
            prison = self.card(None, event["prison"], (TABLE,))
            if prison is None:
                return
            if not prison.card.has("prison") or prison.key != where:
                self.broke("not-a-prison", f"{card.card.title} is not captured at a prison.", card, prison)
            self.leave_table(card, CAPTIVE)
            card.prison = prison.key
            card.at = where
        else:
            self.to_used(card)  # neither seized nor imprisoned: it escapes to the Used Pile

    def on_release(self, event: dict) -> None:
        card = self.card(LIGHT, event["card"], (CAPTIVE,))
        if card is None:
            return
        if card.zone != CAPTIVE:
            self.broke("not-a-captive", f"{card.card.title} is not a captive.", card)
            return
        card.zone, card.escort, card.prison = TABLE, None, None

    def on_cross_over(self, event: dict) -> None:
        side, table = event["player"], self.table
        card = self.card(other(side), event["card"], (TABLE,))
        if card is None:
            return
        if card.zone != TABLE or not card.card.is_character:
            self.broke(
                "card-not-there",
                f"{card.card.title} is not a character on the {other(side)} side's table.",
                card,
            )
            return
        table.barred[card.owner] |= set(card.card.personas)  # its old side may deploy that persona no more
        for on_it in table.aboard(card.key):
            if not on_it.card.is_character:
                self.leave_table(on_it, LOST)  # cards deployed on it are lost when it crosses over
        card.owner = side

    def on_convert(self, event: dict) -> None:
        self.turn_action(event, "deploy")
        side, table = event["player"], self.table
        card = self.card(side, event["card"], (HAND,))
        old = self.card(other(side), event["replaces"], (TABLE,))
        if card is None or old is None:
            return
        if (
            side != LIGHT
            or card.zone != HAND
            or old.zone != TABLE
            or not set(card.card.personas) & set(old.card.personas)
        ):
            self.broke(
                "bad-conversion",
                f"{card.card.title} cannot replace {old.card.title}: the Light Side's version replaces the Dark Side's "
                "on table, from hand, in its deploy phase.",
                card,
                old,
            )
            return
        self.pay(side, event.get("cost", card.card.deploy or 0), card.card.title)
        card.zone, card.at, card.on = TABLE, old.at, old.on
        for on_it in table.aboard(old.key):
            on_it.on = card.key  # cards on the Dark version transfer
        self.leave_table(old, LOST)

    def on_sabacc(self, event: dict) -> None:
        from . import sabacc

        table = self.table
        if table.battle is not None:
            self.broke("sabacc-in-battle", "Sabacc may not be initiated during a battle.")
        hands = {}
        for side in (DARK, LIGHT):
            cards = [self.card(side, ref, (FACE_DOWN,)) for ref in event[side]]
            if any(c is None for c in cards):
                return
            if any(c.zone != FACE_DOWN for c in cards):
                self.broke("card-not-there", f"The {side} side's sabacc cards come from its Reserve Deck.")
                return
            hands[side] = cards
        rules = sabacc.SabaccRules(
            wild_ids=tuple(event.get("wild") or ()),
            wild_range=(int(event.get("wild_low", 1)), int(event.get("wild_high", 6))),
            clone_ids=tuple(event.get("clones") or ()),
            stake_ids=tuple(event.get("stakes") or ()),
        )
        chosen = event.get("assigned") or {}
        try:
            assigned = {
                side: sabacc.Assignment.of(
                    **{name: {int(k): v for k, v in entries.items()} for name, entries in choices.items()}
                )
                for side, choices in chosen.items()
            }
            result = sabacc.play_sabacc(
                [c.card for c in hands[DARK]], [c.card for c in hands[LIGHT]], rules, assigned=assigned
            )
        except sabacc.SabaccError as error:
            self.broke("sabacc-result", f"The sabacc hands break the sabacc rules: {error.message}")
            return
        if result.winner != event["winner"]:
            self.broke(
                "sabacc-result",
                f"With their best choices the {result.winner or 'nobody'} side wins this sabacc "
                f"({result.dark.total:g} against {result.light.total:g}), not the {event['winner'] or 'nobody'} side.",
            )
        given = []
        if result.forfeit is not None:
            loser = other(result.winner)
            options = {o.index: o for o in result.forfeit.options}
            if result.forfeit.pick == 2:
                given = list(options.values())
            else:
                chosen = self.table.find(loser, event.get("gives_up") or "", (FACE_DOWN,))
                match = [
                    o for o in options.values() if chosen is not None and hands[loser][o.index] is chosen
                ]
                if not match:
                    self.broke(
                        "sabacc-result",
                        f"The {loser} side gives up one of: {', '.join(o.card_id for o in options.values())}.",
                    )
                given = match[:1]
        for side in (DARK, LIGHT):
            table.players[side].reserve -= len(hands[side])
            self.from_top(side, list(hands[side]))
        given_cards = {id(hands[other(result.winner)][o.index]): o for o in given} if result.winner else {}
        for side in (DARK, LIGHT):
            for card in hands[side]:
                lost = given_cards.get(id(card))
                if lost is not None and lost.pile == "lost":
                    card.zone = LOST
                else:
                    if lost is not None:
                        card.owner = result.winner  # a stake is stolen into the winner's Used Pile
                    table.players[card.owner].used += 1

    def on_steal(self, event: dict) -> None:
        side = event["player"]
        card = self.card(other(side), event["card"], (TABLE, LOST, HAND))
        if card is None:
            return
        if card.zone == TABLE:
            target = self.card(None, event["to"], (TABLE,)) if event.get("to") else None
            if target is not None:
                card.on, card.at = (None, target.key) if target.card.is_location else (target.key, target.at)
        elif card.zone == LOST:
            card.zone = FACE_DOWN  # into the thief's Used Pile
            self.table.players[side].used += 1
        else:
            self.broke(
                "card-not-there", f"{card.card.title} is stolen from table or from the Lost Pile.", card
            )
        card.owner = side

    def on_fire_weapon(self, event: dict) -> None:
        side, fight = event["player"], self.table.battle
        weapon = self.card(side, event["card"], (TABLE,))
        target = self.card(other(side), event["target"], (TABLE, CAPTIVE))
        if weapon is None or target is None:
            return
        if (
            fight is None
            or weapon.at != fight.location
            or target.at != fight.location
            or target.zone != TABLE
        ):
            self.broke(
                "no-weapon-target",
                f"{weapon.card.title} fires in a battle at a target at its location.",
                weapon,
                target,
            )
        self.pay(side, event.get("cost", 0), f"Firing {weapon.card.title}")

    # ---- the loop ----

    def apply(self, index: int, event: dict) -> list[Violation]:
        self.index, self.found = index, []
        kind = event["type"]
        if self.table.over and kind != "game_end":
            self.broke("game-over", "The game is over: a Life Force is gone.")
        else:
            if self.table.battle is not None and kind not in (
                "draw", "hit", "forfeit", "lose_force", "modify", "battle_end", "use_force", "deploy", "move",
                "fire_weapon", "capture", "sabacc",
            ):  # fmt: skip
                self.end_battle()
            getattr(self, f"on_{kind}")(event)
            self.check_life_force()
        return self.found

    def check_life_force(self) -> None:
        """The game ends the moment a Life Force is gone (Force lost, or the last cards drawn into a hand)."""
        table = self.table
        gone = [side for side, p in table.players.items() if p.life_force <= 0]
        if gone and table.turn > 0 and not table.over:
            table.over = True
            self.winner = other(gone[0]) if len(gone) == 1 else None


def referee(
    record: Record, cards: Mapping[str, CcgCard], mode: str = CHECK, stop_after: int | None = None
) -> Replay:
    """Replay `record` (its shape already checked) against `cards` (every GEMP id it uses). `stop_after` replays
    only the events up to that index (the table as it was then)."""
    judge = _Referee(record, cards)
    violations: list[Violation] = []
    stopped = None
    checked = 0
    for index, event in enumerate(record.events):
        if stop_after is not None and index > stop_after:
            break
        found = judge.apply(index, event)
        checked += 1
        violations += found
        if found and mode == STRICT:
            stopped = index
            break
    if stopped is None and stop_after is None and record.result is not None and not judge.table.over:
        violations.append(
            Violation(
                len(record.events),
                "result-mismatch",
                "The record states a result, but no Life Force ran out.",
            )
        )
    return Replay(
        violations=violations,
        turns=judge.turns,
        table=judge.table,
        events_checked=checked,
        stopped_at=stopped,
        winner=judge.winner,
        ended=judge.table.over,
    )
