"""The SWCCG table the referee rebuilds event by event: every card of both decks, where it is, the piles' sizes.

Face-down piles (Reserve Deck, Force Pile, Used Pile) are counted exactly, but a record need not say which card
lies where in them: their cards are kept together as the player's face-down cards, and a card named as it comes
out of them (a draw, a destiny) must be one of those. Cards that are face up — hand, table, Lost Pile, out of
play — are tracked one by one. Life Force = Reserve Deck + Force Pile + Used Pile.
"""

from dataclasses import dataclass, field

from .cards import DARK, LIGHT, CcgCard, other
from .control import has_presence

FACE_DOWN = "face-down"
HAND, TABLE, LOST, OUT_OF_PLAY, OUTSIDE = "hand", "table", "lost", "out-of-play", "outside"
CAPTIVE = "captive"  # off table for most purposes, yet counted by the uniqueness and persona rules
CONVERTED = "converted"  # a location under the opponent's version of it


@dataclass(slots=True)
class Instance:
    key: str  # "1_194#2": the second copy of 1_194 in its owner's deck list
    card: CcgCard
    owner: str
    zone: str = FACE_DOWN
    at: str | None = None  # on table: the location it is at (a location's own key for a location)
    on: str | None = None  # aboard or attached to this card
    hit: bool = False
    escort: str | None = None  # a captive: its escort, or
    prison: str | None = None  # the prison it is held at


@dataclass(slots=True)
class Player:
    side: str
    reserve: int = 0
    force: int = 0
    used: int = 0
    owed: float = 0  # Force it must still lose (drains, battle damage)
    activated: int = 0  # this turn

    @property
    def life_force(self) -> int:
        return self.reserve + self.force + self.used


@dataclass(slots=True)
class Battle:
    location: str
    initiator: str
    destinies: dict[str, list[float]] = field(default_factory=lambda: {DARK: [], LIGHT: []})
    forfeited: dict[str, float] = field(default_factory=lambda: {DARK: 0, LIGHT: 0})
    lost_force: dict[str, float] = field(default_factory=lambda: {DARK: 0, LIGHT: 0})
    forfeited_keys: set[str] = field(default_factory=set)
    resolved: object = None  # the battle.BattleResult once the first forfeit or loss comes
    participants: dict[str, tuple] = field(
        default_factory=dict
    )  # side → the InBattle cards it was resolved with


@dataclass(slots=True)
class Modifier:
    stat: str
    by: float
    until: str
    card: str | None = None
    location: str | None = None
    player: str | None = None


class Table:
    def __init__(self, decks: dict[str, list[CcgCard]], outside: dict[str, list[CcgCard]]):
        self.cards: dict[str, Instance] = {}
        # card id -> its instances, in the order of `cards`: find() reads a plain id's copies at once
        self.copies: dict[str, list[Instance]] = {}
        self.players = {side: Player(side) for side in (DARK, LIGHT)}
        for side in (DARK, LIGHT):
            copies: dict[str, int] = {}
            for card, zone in [(c, FACE_DOWN) for c in decks[side]] + [(c, OUTSIDE) for c in outside[side]]:
                copies[card.card_id] = copies.get(card.card_id, 0) + 1
                key = f"{card.card_id}#{copies[card.card_id]}"
                self.cards[key] = Instance(key, card, side, zone)
            self.players[side].reserve = len(decks[side])
        for instance in self.cards.values():
            self.copies.setdefault(instance.card.card_id, []).append(instance)
        # Each Reserve Deck top first, as far as the record lets it be known: a key, or None for a card whose
        # place is unknown (every card until a shuffle gives an order, and what recirculation puts under it).
        self.reserve_order: dict[str, list[str | None]] = {
            s: [None] * p.reserve for s, p in self.players.items()
        }
        self.locations: list[str] = []  # in the order they came to the table
        self.turn = 0  # 0: the set-up before the first turn
        self.active = DARK
        self.phase = -1  # index into record.PHASES; -1 before the first activation of a turn
        self.drained: set[str] = set()
        self.battled: set[str] = set()
        self.moved: dict[str, float] = {}  # card key → parsecs (starships) or moves made this turn
        self.battle: Battle | None = None
        # The recorded modifiers summed by what they apply to, apart by how long they last: modified() is a few
        # look-ups however many a record makes (a list scanned on each stat made 10,000 of them quadratic).
        # until -> stat -> (card, location, player) -> sum
        self.modifiers: dict[str, dict[str, dict[tuple, float]]] = {}
        self.over = False
        self.barred: dict[str, set[str]] = {
            DARK: set(),
            LIGHT: set(),
        }  # personas that crossed over, by old side
        self.out_of_play_personas: set[str] = set()

    # ---- finding cards ----

    def find(self, side: str | None, ref: str, zones: tuple[str, ...] = ()) -> Instance | None:
        """The card `ref` names: "id#n" exactly, or a plain id's first copy in one of `zones` (else its first)."""
        if "#" in ref:
            found = self.cards.get(ref)
            return found if found is not None and (side is None or found.owner == side) else None
        copies = [c for c in self.copies.get(ref, ()) if side is None or c.owner == side]
        for copy in copies:
            if not zones or copy.zone in zones:
                return copy
        return copies[0] if copies else None

    def at(self, location: str, side: str | None = None) -> list[Instance]:
        """The cards at a location (those aboard included), not the location itself."""
        return [
            c
            for c in self.cards.values()
            if c.zone == TABLE
            and c.at == location
            and c.key != location
            and (side is None or c.owner == side)
        ]

    def aboard(self, carrier: str) -> list[Instance]:
        return [c for c in self.cards.values() if c.zone == TABLE and c.on == carrier]

    # ---- numbers with their modifiers ----

    def add_modifier(self, modifier: Modifier) -> None:
        sums = self.modifiers.setdefault(modifier.until, {}).setdefault(modifier.stat, {})
        key = (modifier.card, modifier.location, modifier.player)
        sums[key] = sums.get(key, 0) + modifier.by

    def modified(
        self, stat: str, *, card: str | None = None, location: str | None = None, player: str | None = None
    ):
        """The modifiers on `stat` that apply: those for any card or this one, any location or this one, and
        (asked for a player) any player or that one, (asked for none) every player's."""
        total = 0
        for by_stat in self.modifiers.values():
            sums = by_stat.get(stat)
            if not sums:
                continue
            for c in (None,) if card is None else (None, card):
                for at in (None,) if location is None else (None, location):
                    for p in (None, DARK, LIGHT) if player is None else (None, player):
                        total += sums.get((c, at, p), 0)
        return total

    def stat(self, instance: Instance, stat: str) -> float:
        printed = getattr(instance.card, stat)
        return (printed or 0) + self.modified(stat, card=instance.key)

    def presence(self, location: str, side: str) -> bool:
        """Ability 1 or more there: characters, and what a piloted starship or vehicle carries."""
        return has_presence(self.stat(c, "ability") for c in self.at(location, side) if c.card.is_character)

    def controls(self, location: str, side: str) -> bool:
        return self.presence(location, side) and not self.presence(location, other(side))

    def icons(self, location: str, side: str) -> float:
        """`side`'s Force icons at a location: its card's icons on that side, with the modifiers recorded."""
        return self.cards[location].card.icons_for(side) + self.modified(
            "icons", location=location, player=side
        )

    def generation(self, side: str) -> float:
        """Force `side` may activate: its icons on every location, plus 1 for itself, plus recorded modifiers."""
        return (
            sum(self.icons(loc, side) for loc in self.locations)
            + 1
            + self.modified("force_generation", player=side)
        )

    def take_top(self, side: str, n: int) -> list[str | None]:
        """The top `n` cards of a Reserve Deck, taken off its known order (None where the card is unknown)."""
        order = self.reserve_order[side]
        taken, order[:n] = order[:n], []
        return taken

    def on_table(self) -> list[Instance]:
        return [c for c in self.cards.values() if c.zone == TABLE]

    def end_turn(self) -> None:
        for player in self.players.values():
            self.reserve_order[player.side] += [None] * player.used  # in an order the record does not give
            player.reserve += player.used  # recirculate: the Used Pile goes under the Reserve Deck
            player.used = 0
            player.activated = 0
        self.turn += 1
        self.active = other(self.active)
        self.phase = -1
        self.drained.clear()
        self.battled.clear()
        self.moved.clear()
        self.modifiers = {"game": self.modifiers["game"]} if "game" in self.modifiers else {}
        for card in self.cards.values():
            card.hit = False

    def snapshot(self) -> dict:
        """The table as JSON-friendly data (for replays and their viewer)."""
        return {
            "turn": self.turn,
            "active": self.active,
            "players": {
                side: {
                    "life_force": p.life_force,
                    "reserve": p.reserve,
                    "force_pile": p.force,
                    "used_pile": p.used,
                    "hand": sorted(c.key for c in self.cards.values() if c.owner == side and c.zone == HAND),
                    "lost_pile": sorted(
                        c.key for c in self.cards.values() if c.owner == side and c.zone == LOST
                    ),
                    "out_of_play": sorted(
                        c.key for c in self.cards.values() if c.owner == side and c.zone == OUT_OF_PLAY
                    ),
                    # personas this side has on table (captives included), and those barred to it
                    "personas": sorted(
                        {
                            n
                            for c in self.cards.values()
                            if c.owner == side and c.zone in (TABLE, CAPTIVE)
                            for n in c.card.personas
                        }
                    ),  # fmt: skip
                    "personas_barred": sorted(self.barred[side] | self.out_of_play_personas),
                }
                for side, p in self.players.items()
            },
            "captives": [
                {"card": c.key, "title": c.card.title, "escort": c.escort, "prison": c.prison, "at": c.at}
                for c in self.cards.values()
                if c.zone == CAPTIVE
            ],
            "locations": [
                {
                    "card": loc,
                    "title": self.cards[loc].card.title,
                    "icons": {side: self.icons(loc, side) for side in (DARK, LIGHT)},
                    "parsec": self.cards[loc].card.parsec,
                    "cards": {
                        side: [{"card": c.key, "title": c.card.title, "on": c.on} for c in self.at(loc, side)]
                        for side in (DARK, LIGHT)
                    },
                }
                for loc in self.locations
            ],
        }
