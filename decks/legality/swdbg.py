"""SW:DBG game setups: is this two-player setup one the rulebook allows? Plain Python, no Django.

In Star Wars: The Deckbuilding Game (original 2023 edition, Empire vs Rebel; Clone Wars Edition 2024,
Separatist vs Republic) nobody builds a deck: a "deck" here is a game setup. Each player has a faction, a
10-card starter deck and a base deck with a starting base; both share the number of bases to win and the
90-card galaxy deck (30 cards per player's faction, 30 neutral cards of one edition). The formats (beginner,
full galaxy, cross-edition…) are data: decks/data/swdbg_formats.json, read by `load_formats()`.

Setup input, a JSON object (an unknown key anywhere is `bad-setup`, naming the key):

    {"players": [                               exactly two
        {"faction": "Empire",                   Empire, Rebel, Republic or Separatist
         "starter": [CARD, ...],                the starter deck (10 cards)
         "bases": [CARD, ...],                  the base deck, starting base included (5, or 10)
         "starting_base": "Lothal"},            optional; default: the base deck's starting base
        {...}],
     "bases_to_win": 3,                         optional; default 3, the rulebook allows 2 to 5
     "galaxy": {                                optional
        "neutral_edition": "original_2023",     whose 30 neutral cards; needed only when the two
                                                factions come from two editions (cross-edition play)
        "cards": [CARD, ...]}}                  optional; default: the standard galaxy deck (every galaxy
                                                card of both factions and of the neutral edition, with
                                                its copies, as the catalogue holds them)

CARD is a card code or a title (case, accents and curly apostrophes ignored; a title found in several
editions is read in the player's own edition, or in the editions in play for the galaxy), or
{"card": CARD, "count": n} for n copies.

A starter card's role (shuttle, trooper, agent) is recognised by its copies in the starter deck, from the
data: both editions print 7 of the shuttle, 2 of the trooper and 1 of the agent (Imperial Shuttle ×7,
Stormtrooper ×2, Inquisitor ×1; Republic Shuttle ×7, Clone Trooper ×2, Jedi Knight ×1). Traits cannot tell
them apart: the sources disagree on the shuttles' Transport trait and the agents have none. A starter deck
must be exactly its faction's starter cards, each with its copies; the roles name them in messages.

Players may purchase their own faction's galaxy cards, neutral cards and Outer Rim Pilots; enemy cards are
attacked (bounty hunting, sabotage), never purchased: `purchasable()`.
"""

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from core.text import fold  # titles as players type them: case, accents, curly quotes ignored

from .formats import definition_version
from .violations import LegalityReport, Note, Violation, n_of, params

NEUTRAL = "Neutral"
UNKNOWN_FACTION = ""  # a card the sources name without its faction (8 Clone Wars galaxy cards)
DECKS = ("galaxy", "starter", "outer_rim", "base")
DECK_ALIASES = {"outer_rim_pilot_stack": "outer_rim"}  # the data file's name for the Outer Rim Pilot stack
DECK_NAMES = {
    "galaxy": "a galaxy card",
    "starter": "a starter card",
    "outer_rim": "an Outer Rim Pilot (its own stack)",
    "base": "a base",
}
FORMATS_FILE = Path(__file__).resolve().parent.parent / "data" / "swdbg_formats.json"
# Every violation code a setup check yields (registered in violations.CODES; unknown-card is shared).
SETUP_CODES = frozenset(
    "bad-setup unknown-card ambiguous-card wrong-deck starter-deck-size starter-deck-composition starter-faction "
    "base-deck-size base-deck-composition base-faction starting-base card-copies same-faction mixed-editions "
    "bases-to-win galaxy-deck-size galaxy-faction neutral-edition".split()
)
SETUP_KEYS = {"players", "bases_to_win", "galaxy"}
PLAYER_KEYS = {"faction", "starter", "bases", "starting_base"}
GALAXY_KEYS = {"neutral_edition", "cards"}


@dataclass(frozen=True, slots=True)
class SetupCard:
    code: str
    title: str
    faction: str  # "Empire", "Rebel", "Republic", "Separatist", "Neutral", or "" when the source omits it
    edition: str  # "original_2023" or "clone_wars_2024"
    deck: str  # where the card starts: "galaxy", "starter", "outer_rim" or "base"
    card_type: str  # "unit", "capital_ship", "base"
    traits: tuple[str, ...] = ()
    starting_base: bool = False
    copies: int | None = None  # copies in the galaxy deck, or in its faction's starter deck

    def __post_init__(self):
        deck = DECK_ALIASES.get(self.deck, self.deck)
        if deck not in DECKS:
            raise ValueError(f"{self.code}: deck {self.deck!r} is not one of {', '.join(DECKS)}")
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "traits", tuple(self.traits))


class SetupPool:
    """The cards a setup may name: by code, and by folded title within an edition."""

    def __init__(self, cards: Iterable[SetupCard]):
        self.cards: dict[str, SetupCard] = {}
        self.by_title: dict[str, list[SetupCard]] = {}
        for card in cards:
            if card.code in self.cards:
                raise ValueError(f"two cards with the code {card.code!r}")
            self.cards[card.code] = card
            self.by_title.setdefault(fold(card.title), []).append(card)

    def get(self, code: str) -> SetupCard | None:
        return self.cards.get(code)

    def named(self, title: str, edition: str | None = None) -> list[SetupCard]:
        return [c for c in self.by_title.get(fold(title), ()) if edition in (None, c.edition)]

    def resolve(self, ref: str, prefer: Sequence[Callable[[SetupCard], bool]] = ()) -> list[SetupCard]:
        """What `ref` may mean: [] for nothing, one card, or several when a title stays ambiguous.

        Each test in `prefer` narrows a title found more than once, unless it would leave nothing."""
        if ref.strip() in self.cards:
            return [self.cards[ref.strip()]]
        candidates = self.named(ref)
        for test in prefer:
            if len(candidates) <= 1:
                break
            candidates = [c for c in candidates if test(c)] or candidates
        return candidates

    def select(self, *, deck: str, faction: str | None = None, edition: str | None = None) -> list[SetupCard]:
        return sorted(
            (
                c
                for c in self.cards.values()
                if c.deck == deck and faction in (None, c.faction) and edition in (None, c.edition)
            ),
            key=lambda c: c.code,
        )


@dataclass(frozen=True)
class SetupRules:
    """A format of SW:DBG: how a game is set up. Built from data by `rules_from_definition`."""

    code: str
    name: str
    version: str
    base_deck_size: int
    bases_to_win_default: int = 3
    bases_to_win_range: tuple[int, int] = (2, 5)
    bases_to_win_recommended: int | None = None  # a note in the summary, never a violation
    starter_size: int = 10
    starter_roles: tuple[tuple[str, int], ...] = (("shuttle", 7), ("trooper", 2), ("agent", 1))
    galaxy_per_faction: int = 30
    galaxy_neutral: int = 30
    cross_edition: bool = False  # may the two factions come from different editions?
    opposite_sides: bool = True  # must one player be dark (Empire, Separatist) and the other light?
    factions: dict[str, tuple[str, str]] = field(default_factory=dict, hash=False)  # name → (edition, side)
    beginner_bases: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)  # faction → titles

    @property
    def galaxy_size(self) -> int:
        return 2 * self.galaxy_per_faction + self.galaxy_neutral

    @property
    def editions(self) -> tuple[str, ...]:
        return tuple(sorted({edition for edition, _ in self.factions.values()}))

    def role(self, copies: int | None) -> str | None:
        return next((role for role, n in self.starter_roles if n == copies), None)


def _faction_order(name: str, info: dict) -> tuple:
    edition = info["edition"]
    return (edition.rsplit("_", 1)[-1], edition, info["side"] != "dark", name)


def rules_from_definition(definition: dict) -> SetupRules:
    """One format definition, shared keys merged in (see `load_formats`); KeyError or ValueError if bad."""
    starter = definition["starter"]
    roles = tuple((str(r["role"]), int(r["copies"])) for r in starter["roles"])
    if sum(n for _, n in roles) != int(starter["size"]):
        raise ValueError(f"{definition['code']}: the starter roles do not add up to {starter['size']} cards")
    to_win = definition["bases_to_win"]
    low, high, default = int(to_win["min"]), int(to_win["max"]), int(to_win["default"])
    if not low <= default <= high:
        raise ValueError(f"{definition['code']}: default bases to win {default} is outside {low}-{high}")
    recommended = definition.get("bases_to_win_recommended")
    beginner = definition.get("beginner_base_decks", {}) if definition.get("beginner_bases") else {}
    return SetupRules(
        code=definition["code"],
        name=definition["name"],
        version=definition_version(definition, {}, "swdbg"),
        base_deck_size=int(definition["base_deck_size"]),
        bases_to_win_default=default,
        bases_to_win_range=(low, high),
        bases_to_win_recommended=int(recommended) if recommended is not None else None,
        starter_size=int(starter["size"]),
        starter_roles=roles,
        galaxy_per_faction=int(definition["galaxy"]["per_faction"]),
        galaxy_neutral=int(definition["galaxy"]["neutral"]),
        cross_edition=bool(definition["cross_edition"]),
        opposite_sides=bool(definition["opposite_sides"]),
        # In a fixed order (older edition first — edition codes end in their year — then the dark side): a
        # definition read back from PostgreSQL's jsonb has its keys reordered, and the first is the builder's default.
        factions={
            name: (info["edition"], info["side"])
            for name, info in sorted(definition["factions"].items(), key=lambda item: _faction_order(*item))
        },
        beginner_bases={faction: tuple(titles) for faction, titles in beginner.items()},
    )


def load_formats(path: Path = FORMATS_FILE) -> dict[str, SetupRules]:
    """Every format of the file by code; the keys outside `formats` are shared by all of them."""
    data = json.loads(Path(path).read_text())
    shared = {k: v for k, v in data.items() if k not in ("formats", "_comment")}
    return {f["code"]: rules_from_definition({**shared, **f}) for f in data["formats"]}


@dataclass(frozen=True)
class Listed:
    """One entry of a card list as given, and the card it names (None: unknown or ambiguous)."""

    ref: str
    count: int
    path: str
    card: SetupCard | None


@dataclass
class Player:
    index: int
    faction: str | None  # the canonical name; None when missing or not a faction
    # The lists are None when missing or malformed: reported as bad-setup, not checked further.
    starter: list[Listed] | None
    bases: list[Listed] | None
    starting_base: Listed | None

    @property
    def label(self) -> str:
        return f"{self.faction or 'Player'} (players[{self.index}])"

    @property
    def named(self) -> dict:
        """The label's parts, for a violation's params (the pages say "Player" in their language)."""
        return {"player": self.faction or "", "index": self.index}


def _names(cards: Iterable[SetupCard]) -> str:
    return ", ".join(f"{c.title} ×{c.copies}" if c.copies and c.copies > 1 else c.title for c in cards)


class _SetupCheck:
    """One pass over a setup: parses it, collects every violation, and works out the galaxy and purchases."""

    def __init__(self, setup, rules: SetupRules, pool: SetupPool):
        self.rules, self.pool = rules, pool
        self.violations: list[Violation] = []
        self.notes: list[Note] = []
        self.players: list[Player] = []
        self.bases_to_win: int = rules.bases_to_win_default
        self.neutral_edition: str | None = None
        self.galaxy: Counter = Counter()  # SetupCard → copies
        self.galaxy_source = "catalogue"
        if not isinstance(setup, dict):
            self.bad(
                "", "The setup must be a JSON object with players, bases_to_win and galaxy.", "not-object"
            )
            return
        self.unknown_keys(setup, SETUP_KEYS, "")
        self.read_players(setup.get("players"))
        for player in self.players:
            self.check_starter(player)
            self.check_bases(player)
        self.check_factions()
        self.check_bases_to_win(setup.get("bases_to_win"))
        self.check_galaxy({} if setup.get("galaxy") is None else setup["galaxy"])

    # ---- reading the input ----

    def add(self, code: str, message: str, cards: Iterable[str] = (), hint: str | None = None, **values):
        """A violation; `values` are its params (decks/legality/violations.py), `variant` among them."""
        self.violations.append(Violation(code, message, tuple(dict.fromkeys(cards)), hint, params(**values)))

    def note(self, key: str, message: str, **values):
        """A note of the summary; `values` are its params, as a violation's (decks/legality_messages.py)."""
        self.notes.append(Note(key, message, params(**values)))

    def bad(self, path: str, message: str, variant: str, **values):
        self.add("bad-setup", f"{path}: {message}" if path else message, variant=variant, path=path, **values)

    def unknown_keys(self, data: dict, allowed: set[str], path: str):
        for key in sorted(set(data) - allowed, key=str):
            where = f"{path}.{key}" if path else str(key)
            expected = ", ".join(sorted(allowed))
            self.bad(
                where,
                f"unknown key {key!r}; expected one of {expected}.",
                "unknown-key",
                key=repr(key),
                expected=expected,
            )

    def read_cards(
        self, value, path: str, prefer: Sequence[Callable[[SetupCard], bool]]
    ) -> list[Listed] | None:
        if value is None:
            self.bad(path, "missing; list the cards.", "cards-missing")
            return None
        if not isinstance(value, list):
            self.bad(
                path, "must be a list of card codes or titles, or {card, count} objects.", "cards-not-list"
            )
            return None
        listed = []
        for i, entry in enumerate(value):
            where = f"{path}[{i}]"
            ref, count = entry, 1
            if isinstance(entry, dict):
                self.unknown_keys(entry, {"card", "count"}, where)
                ref, count = entry.get("card"), entry.get("count", 1)
            if not isinstance(ref, str) or not ref.strip():
                self.bad(where, "must be a card code or title, or {card, count}.", "card-not-named")
                continue
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                self.bad(
                    f"{where}.count",
                    f"{count!r} is not a whole number of copies (1 or more).",
                    "count-not-whole",
                    value=repr(count),
                )
                continue
            listed.append(Listed(ref, count, where, self.resolve(ref, where, prefer)))
        return listed

    def resolve(self, ref: str, path: str, prefer) -> SetupCard | None:
        found = self.pool.resolve(ref, prefer)
        if len(found) == 1:
            return found[0]
        if not found:
            self.add(
                "unknown-card",
                f"{ref!r} ({path}) names no SW:DBG card; use a card code or its title.",
                [ref],
                variant="swdbg",
                ref=repr(ref),
                path=path,
            )
        else:
            options = ", ".join(f"{c.code} ({c.title}, {c.faction}, {c.edition})" for c in found)
            self.add(
                "ambiguous-card",
                f"{ref!r} ({path}) may be any of {options}; use the card code.",
                [ref],
                ref=repr(ref),
                path=path,
                options=options,
            )
        return None

    def read_players(self, players):
        if players is None:
            self.bad("players", "missing; list the two players.", "players-missing")
            return
        if not isinstance(players, list):
            self.bad("players", "must be a list of two players.", "players-not-list")
            return
        if len(players) != 2:
            self.bad(
                "players",
                f"lists {len(players)}; a game has exactly two (2v2 play is not supported).",
                "players-count",
                count=len(players),
            )
        for index, data in enumerate(players):
            path = f"players[{index}]"
            if not isinstance(data, dict):
                self.bad(
                    path,
                    "must be an object with faction, starter, bases and starting_base.",
                    "player-not-object",
                )
                continue
            self.unknown_keys(data, PLAYER_KEYS, path)
            faction = self.read_faction(data.get("faction"), f"{path}.faction")
            edition = self.rules.factions[faction][0] if faction else None
            prefer = [lambda c, e=edition: c.edition == e, lambda c, f=faction: c.faction == f]
            lists = {}
            for key, deck in (("starter", "starter"), ("bases", "base")):
                lists[key] = self.read_cards(
                    data.get(key), f"{path}.{key}", [*prefer, lambda c, d=deck: c.deck == d]
                )
            start = None
            if data.get("starting_base") is not None:
                ref = data["starting_base"]
                if isinstance(ref, str) and ref.strip():
                    where = f"{path}.starting_base"
                    start = Listed(
                        ref, 1, where, self.resolve(ref, where, [*prefer, lambda c: c.starting_base])
                    )
                else:
                    self.bad(
                        f"{path}.starting_base", "must be a base's code or title.", "starting-base-not-named"
                    )
            self.players.append(Player(index, faction, lists["starter"], lists["bases"], start))

    def read_faction(self, value, path: str) -> str | None:
        known = {name.casefold(): name for name in self.rules.factions}
        if isinstance(value, str) and value.strip().casefold() in known:
            return known[value.strip().casefold()]
        choices = ", ".join(self.rules.factions)
        if value:
            self.bad(
                path,
                f"{value!r} is not a faction; choose one of {choices}.",
                "faction-unknown",
                value=repr(value),
                choices=choices,
            )
        else:
            self.bad(path, f"missing; choose one of {choices}.", "faction-missing", choices=choices)
        return None

    # ---- each player's starter and base decks ----

    def check_starter(self, player: Player):
        if player.starter is None:
            return
        size = sum(e.count for e in player.starter)
        if size != self.rules.starter_size:
            self.add(
                "starter-deck-size",
                f"{player.label}: the starter deck has {n_of(size, 'card')}; "
                f"it needs exactly {self.rules.starter_size}.",
                **player.named,
                count=size,
                needed=self.rules.starter_size,
            )
        own = Counter()
        for entry in player.starter:
            card = entry.card
            if card is None:
                continue
            if card.deck != "starter":
                self.add(
                    "wrong-deck",
                    f"{player.label}: {card.title} ({entry.path}) is {DECK_NAMES[card.deck]}, "
                    "not a starter card; remove it from the starter deck.",
                    [card.code],
                    variant="starter",
                    **player.named,
                    title=card.title,
                    path=entry.path,
                    deck=card.deck,
                )
            elif player.faction and card.faction != player.faction:
                self.add(
                    "starter-faction",
                    f"{player.label}: {card.title} is a {card.faction} starter card; use your own faction's.",
                    [card.code],
                    **player.named,
                    title=card.title,
                    faction=card.faction,
                )
            else:
                own[card] += entry.count
        if player.faction:
            self.check_composition(player, own)

    def check_composition(self, player: Player, own: Counter):
        expected = self.pool.select(deck="starter", faction=player.faction)
        if not expected:
            self.note(
                "no-starter-cards",
                f"The catalogue has no {player.faction} starter cards: the starter deck was not checked.",
                faction=player.faction,
            )
            return
        recipe = _names(sorted(expected, key=lambda c: -(c.copies or 0)))
        for card in expected:
            have, need = own[card], card.copies or 0
            if have != need:
                role = self.rules.role(card.copies) or "card"
                self.add(
                    "starter-deck-composition",
                    f"{player.label}: the starter deck has {n_of(have, 'copy', 'copies')} of {card.title} "
                    f"(the {role}); it needs {need}.",
                    [card.code],
                    hint=f"The {player.faction} starter deck is {recipe}.",
                    **player.named,
                    count=have,
                    title=card.title,
                    role=role,
                    needed=need,
                    faction=player.faction,
                    recipe=recipe,
                )

    def check_bases(self, player: Player):
        if player.bases is None:
            return
        size, needed = sum(e.count for e in player.bases), self.rules.base_deck_size
        held = self.bases_held(player.faction)
        short = held is not None and held < needed
        if short:
            # The catalogue cannot make up the base deck (Clone Wars: only the rulebook's five beginner bases
            # are known): a deck of every base it holds is all anyone can list, so only a shorter one is wrong.
            self.note(
                "bases-short-catalogue",
                f"The catalogue holds only {held} {player.faction} bases and lacks the others: "
                f"{self.rules.name} needs {needed}, so a base deck of all {held} is accepted here, not checked "
                f"against {needed}.",
                held=held,
                faction=player.faction,
                format=self.rules.name,
                needed=needed,
            )
        if size > needed or size < (held if short else needed):
            known = (
                f" (the catalogue holds only {held} {player.faction} bases: list them all)" if short else ""
            )
            self.add(
                "base-deck-size",
                f"{player.label}: the base deck has {n_of(size, 'base')}; {self.rules.name} needs exactly "
                f"{needed}, the starting base included{known}.",
                variant="short-catalogue" if short else "exact",
                **player.named,
                count=size,
                format=self.rules.name,
                needed=needed,
                held=held,
                faction=player.faction,
            )
        own: Counter = Counter()
        for entry in player.bases:
            card = entry.card
            if card is None:
                continue
            if card.deck != "base":
                self.add(
                    "wrong-deck",
                    f"{player.label}: {card.title} ({entry.path}) is {DECK_NAMES[card.deck]}, not a base; "
                    "remove it from the base deck.",
                    [card.code],
                    variant="base",
                    **player.named,
                    title=card.title,
                    path=entry.path,
                    deck=card.deck,
                )
            elif player.faction and card.faction != player.faction:
                self.add(
                    "base-faction",
                    f"{player.label}: {card.title} is a {card.faction} base; "
                    "a base deck holds your own faction's.",
                    [card.code],
                    **player.named,
                    title=card.title,
                    faction=card.faction,
                )
            else:
                own[card] += entry.count
        for card, count in sorted(own.items(), key=lambda item: item[0].code):
            if count > (card.copies or 1):
                self.add(
                    "card-copies",
                    f"{player.label}: the base deck lists {card.title} {count} times; there is "
                    f"{n_of(card.copies or 1, 'copy', 'copies')}.",
                    [card.code],
                    variant="base",
                    **player.named,
                    title=card.title,
                    count=count,
                    copies=card.copies or 1,
                )
        if player.faction:
            self.check_beginner_bases(player, own)
            self.check_starting_base(player, own)

    def bases_held(self, faction: str | None) -> int | None:
        """How many bases of the faction the catalogue holds (copies counted); None without a faction."""
        if not faction:
            return None
        return sum(c.copies or 1 for c in self.pool.select(deck="base", faction=faction))

    def check_beginner_bases(self, player: Player, own: Counter):
        if not self.rules.beginner_bases:
            return  # the format takes no named base list (Full Galaxy: all ten)
        if player.faction not in self.rules.beginner_bases:
            self.note(
                "no-beginner-bases",
                f"The rulebook's {self.rules.name.lower()} base list for {player.faction} is not in the "
                "data: only the size, faction and starting base of that base deck were checked.",
                format=self.rules.name.lower(),
                faction=player.faction,
            )
            return
        named = self.rules.beginner_bases[player.faction]
        have = {fold(c.title) for c in own}
        missing = [t for t in named if fold(t) not in have]
        extra = sorted(
            (c for c in own if fold(c.title) not in {fold(t) for t in named}), key=lambda c: c.code
        )
        if missing or extra:
            absent, others = ", ".join(missing), ", ".join(c.title for c in extra)
            parts = ([f"missing {absent}"] if missing else []) + (
                [f"not in the list: {others}"] if extra else []
            )
            self.add(
                "base-deck-composition",
                f"{player.label}: {self.rules.name} uses the rulebook's {player.faction} bases "
                f"({', '.join(named)}); {'; '.join(parts)}.",
                [c.code for c in extra],
                variant="missing-extra" if missing and extra else "missing" if missing else "extra",
                **player.named,
                format=self.rules.name,
                faction=player.faction,
                bases=", ".join(named),
                missing=absent,
                extra=others,
            )

    def check_starting_base(self, player: Player, own: Counter):
        expected = [c for c in self.pool.select(deck="base", faction=player.faction) if c.starting_base]
        starting = _names(expected)
        hint = f"The {player.faction} starting base is {starting}." if expected else None
        # The hint's parts among the params (the pages say the hint in their language).
        hinted = {**player.named, "faction": player.faction, "starting": starting}
        chosen = player.starting_base
        if chosen is None:
            if not any(c.starting_base for c in own):
                self.add(
                    "starting-base",
                    f"{player.label}: the base deck has no starting base; add it "
                    "(a game begins with it face up).",
                    [c.code for c in expected],
                    hint,
                    variant="none",
                    **hinted,
                )
            return
        card = chosen.card
        if card is None:
            return
        if not card.starting_base:
            self.add(
                "starting-base",
                f"{player.label}: {card.title} is not a starting base; "
                "the game begins with your faction's starting base.",
                [card.code],
                hint,
                variant="not-starting",
                title=card.title,
                **hinted,
            )
        elif card.faction != player.faction:
            self.add(
                "starting-base",
                f"{player.label}: {card.title} is the {card.faction} starting base, not yours.",
                [card.code],
                hint,
                variant="other-faction",
                title=card.title,
                other=card.faction,
                **hinted,
            )
        if card not in {e.card for e in player.bases}:
            self.add(
                "starting-base",
                f"{player.label}: the starting base {card.title} is not in the base deck; add it there.",
                [card.code],
                variant="not-in-deck",
                **player.named,
                title=card.title,
            )

    # ---- the two players, the length of the game, the galaxy ----

    def check_factions(self):
        chosen = [p for p in self.players if p.faction]
        if len(chosen) != 2 or len(self.players) != 2:
            return
        first, second = chosen
        (edition1, side1), (edition2, side2) = (self.rules.factions[p.faction] for p in chosen)
        if first.faction == second.faction:
            self.add(
                "same-faction",
                f"Both players chose {first.faction}; each player takes a different faction.",
                variant="same",
                faction=first.faction,
            )
        elif self.rules.opposite_sides and side1 == side2:
            self.add(
                "same-faction",
                f"{first.faction} and {second.faction} are both on the {side1} side; {self.rules.name} "
                "pits a dark side faction against a light side one.",
                variant="same-side-" + side1,
                first=first.faction,
                second=second.faction,
                format=self.rules.name,
            )
        if edition1 != edition2 and not self.rules.cross_edition:
            self.add(
                "mixed-editions",
                f"{first.faction} ({edition1}) and {second.faction} ({edition2}) come from different "
                f"editions; {self.rules.name} uses one edition. Choose a cross-edition format, or two "
                "factions of one edition.",
                first=first.faction,
                first_edition=edition1,
                second=second.faction,
                second_edition=edition2,
                format=self.rules.name,
            )

    def check_bases_to_win(self, value):
        low, high = self.rules.bases_to_win_range
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                self.bad("bases_to_win", f"{value!r} is not a whole number.", "not-whole", value=repr(value))
            elif not low <= value <= high:
                self.add(
                    "bases-to-win",
                    f"{value} bases to win is outside the rulebook's {low} to {high} "
                    f"(default {self.rules.bases_to_win_default}).",
                    count=value,
                    low=low,
                    high=high,
                    default=self.rules.bases_to_win_default,
                )
            else:
                self.bases_to_win = value
        recommended = self.rules.bases_to_win_recommended
        if recommended is not None and self.bases_to_win != recommended:
            self.note(
                "bases-to-win-recommended",
                f"{self.rules.name}: the rulebook recommends playing to {recommended} bases "
                f"(this setup: {self.bases_to_win}).",
                format=self.rules.name,
                recommended=recommended,
                count=self.bases_to_win,
            )

    def played(self) -> list[str]:
        return [p.faction for p in self.players if p.faction]

    def check_galaxy(self, galaxy):
        if not isinstance(galaxy, dict):
            self.bad("galaxy", "must be an object with neutral_edition and cards.", "galaxy-not-object")
            galaxy = {}
        self.unknown_keys(galaxy, GALAXY_KEYS, "galaxy")
        self.neutral_edition = self.read_neutral_edition(galaxy.get("neutral_edition"))
        if galaxy.get("cards") is None:
            self.standard_galaxy()
            return
        self.galaxy_source = "listed"
        played = set(self.played())
        editions = {self.rules.factions[f][0] for f in played} | {self.neutral_edition}
        prefer = [
            lambda c: c.edition in editions,
            lambda c: c.faction in played or (c.faction == NEUTRAL and c.edition == self.neutral_edition),
            lambda c: c.deck == "galaxy",
        ]
        listed = self.read_cards(galaxy["cards"], "galaxy.cards", prefer)
        if listed is None:
            return
        for entry in listed:
            card = entry.card
            if card is not None and card.deck != "galaxy":
                self.add(
                    "wrong-deck",
                    f"{card.title} ({entry.path}) is {DECK_NAMES[card.deck]}, not a galaxy card; "
                    "remove it from the galaxy deck.",
                    [card.code],
                    variant="galaxy",
                    title=card.title,
                    path=entry.path,
                    deck=card.deck,
                )
            elif card is not None:
                self.galaxy[card] += entry.count
        self.check_galaxy_cards(played)

    def read_neutral_edition(self, value) -> str | None:
        editions = {self.rules.factions[f][0] for f in self.played()}
        if value is None:
            if len(editions) == 1:
                return editions.pop()
            if len(editions) == 2 and self.rules.cross_edition:
                self.add(
                    "neutral-edition",
                    "The factions come from two editions: choose whose 30 neutral cards join the galaxy deck "
                    f"(galaxy.neutral_edition: {' or '.join(sorted(editions))}).",
                    variant="choose",
                    editions=tuple(sorted(editions)),
                )
            return None
        if not isinstance(value, str):
            self.bad(
                "galaxy.neutral_edition",
                f"{value!r} is not an edition name.",
                "edition-not-text",
                value=repr(value),
            )
            return None
        if value not in self.rules.editions:
            self.add(
                "neutral-edition",
                f"{value!r} is not an edition; choose {' or '.join(self.rules.editions)}.",
                variant="unknown",
                value=repr(value),
                editions=self.rules.editions,
            )
            return None
        if len(editions) == 1 and value not in editions and not self.rules.cross_edition:
            edition = next(iter(editions))
            self.add(
                "neutral-edition",
                f"{self.rules.name} uses one edition: the neutral cards must be {edition}'s, not {value}'s.",
                variant="one-edition",
                format=self.rules.name,
                edition=edition,
                value=value,
            )
        return value

    def check_galaxy_cards(self, played: set[str]):
        for card, count in sorted(self.galaxy.items(), key=lambda item: item[0].code):
            if card.copies is not None and count > card.copies:
                self.add(
                    "card-copies",
                    f"The galaxy deck lists {count} copies of {card.title}; the game has {card.copies}.",
                    [card.code],
                    variant="galaxy",
                    count=count,
                    title=card.title,
                    copies=card.copies,
                )
        by_faction = Counter()
        for card, count in self.galaxy.items():
            by_faction[card.faction] += count
        if len(played) == 2:
            for faction in sorted(played):
                if by_faction[faction] != self.rules.galaxy_per_faction:
                    self.add(
                        "galaxy-faction",
                        f"The galaxy deck has {n_of(by_faction[faction], 'card')} of {faction}; it needs "
                        f"{self.rules.galaxy_per_faction}, the faction's whole galaxy set.",
                        variant="played",
                        count=by_faction[faction],
                        faction=faction,
                        needed=self.rules.galaxy_per_faction,
                    )
            for faction in sorted(set(by_faction) - played - {NEUTRAL, UNKNOWN_FACTION}):
                cards = sorted(c.code for c in self.galaxy if c.faction == faction)
                self.add(
                    "galaxy-faction",
                    f"The galaxy deck has {n_of(by_faction[faction], 'card')} of {faction}, "
                    "which nobody plays; remove them.",
                    cards,
                    variant="not-played",
                    count=by_faction[faction],
                    faction=faction,
                )
        unknown = sorted((c for c in self.galaxy if c.faction == UNKNOWN_FACTION), key=lambda c: c.code)
        if unknown:
            listed = ", ".join(
                f"{c.title} ×{self.galaxy[c]}" if self.galaxy[c] > 1 else c.title for c in unknown
            )
            self.add(
                "galaxy-faction",
                f"The galaxy deck lists {n_of(by_faction[UNKNOWN_FACTION], 'card')} whose faction the catalogue "
                f"does not know ({listed}), so they cannot be counted for any faction: fill the "
                "faction in with a card fact (manage.py import_card_facts swdbg, field faction) or leave "
                "them out.",
                [c.code for c in unknown],
                variant="unknown-faction",
                count=by_faction[UNKNOWN_FACTION],
                listed=listed,
            )
        if by_faction[NEUTRAL] != self.rules.galaxy_neutral:
            self.add(
                "galaxy-faction",
                f"The galaxy deck has {n_of(by_faction[NEUTRAL], 'neutral card')}; "
                f"it needs {self.rules.galaxy_neutral}.",
                variant="neutral",
                count=by_faction[NEUTRAL],
                needed=self.rules.galaxy_neutral,
            )
        if self.neutral_edition:
            stray = sorted(
                c.code for c in self.galaxy if c.faction == NEUTRAL and c.edition != self.neutral_edition
            )
            if stray:
                self.add(
                    "neutral-edition",
                    f"{n_of(len(stray), 'neutral card')} of the galaxy deck are not from "
                    f"{self.neutral_edition}, the neutral edition chosen; the neutral cards all come from "
                    "one edition.",
                    stray,
                    variant="stray",
                    count=len(stray),
                    edition=self.neutral_edition,
                )
        total = sum(self.galaxy.values())
        if total != self.rules.galaxy_size:
            self.add(
                "galaxy-deck-size",
                f"The galaxy deck has {n_of(total, 'card')}; it needs exactly {self.rules.galaxy_size} "
                f"({self.rules.galaxy_per_faction} per faction and {self.rules.galaxy_neutral} neutral).",
                count=total,
                needed=self.rules.galaxy_size,
                per_faction=self.rules.galaxy_per_faction,
                neutral=self.rules.galaxy_neutral,
            )

    def standard_galaxy(self):
        """The galaxy deck the rulebook builds: every galaxy card of both factions and one neutral edition."""
        parts = [(f, self.rules.factions[f][0], self.rules.galaxy_per_faction) for f in self.played()]
        if self.neutral_edition:
            parts.append((NEUTRAL, self.neutral_edition, self.rules.galaxy_neutral))
        for faction, edition, needed in parts:
            cards = self.pool.select(deck="galaxy", faction=faction, edition=edition)
            for card in cards:
                self.galaxy[card] += card.copies or 1
            held = sum(card.copies or 1 for card in cards)
            if held != needed:
                self.note(
                    "galaxy-short-catalogue",
                    f"The catalogue holds {held} of the {needed} {faction} galaxy cards of {edition}: "
                    "the galaxy deck and what may be purchased are incomplete here.",
                    held=held,
                    needed=needed,
                    faction=faction,
                    edition=edition,
                )

    # ---- results ----

    def purchasable(self) -> dict[str, list[str]]:
        """Per player's faction: that faction's galaxy cards, the neutral ones and the Outer Rim Pilot."""
        result = {}
        for faction in dict.fromkeys(self.played()):
            edition = self.neutral_edition or self.rules.factions[faction][0]
            # The rules allow either edition's Outer Rim Pilot stack; the neutral edition's is listed.
            pilots = self.pool.select(deck="outer_rim", edition=edition)
            cards = [c for c in self.galaxy if c.faction == faction or c.faction == NEUTRAL] + pilots
            order = sorted(
                set(cards), key=lambda c: (c.faction == NEUTRAL, c.deck == "outer_rim", c.title, c.code)
            )
            result[faction] = [c.code for c in order]
        return result

    def unique_notes(self) -> tuple[Note, ...]:
        """The notes, each text once (a note said of both players' factions alike is said once)."""
        first: dict[str, Note] = {}
        for note in self.notes:
            first.setdefault(note.message, note)
        return tuple(first.values())

    def report(self) -> LegalityReport:
        return LegalityReport(
            self.rules.code,
            self.rules.version,
            tuple(self.violations),
            self.summary(),
            notes=self.unique_notes(),
        )

    def summary(self) -> dict:
        by_faction = Counter()
        for card, count in self.galaxy.items():
            by_faction[card.faction] += count
        players = []
        for p in self.players:
            edition, side = self.rules.factions.get(p.faction, (None, None))
            start = (
                p.starting_base.card
                if p.starting_base
                else next((e.card for e in p.bases or () if e.card and e.card.starting_base), None)
            )
            players.append(
                {
                    "faction": p.faction,
                    "edition": edition,
                    "side": side,
                    "starter_cards": sum(e.count for e in p.starter or ()),
                    "base_cards": sum(e.count for e in p.bases or ()),
                    "starting_base": start.code if start else None,
                }
            )
        return {
            "players": players,
            "bases_to_win": self.bases_to_win,
            "neutral_edition": self.neutral_edition,
            "galaxy": {
                "source": self.galaxy_source,
                "cards": sum(self.galaxy.values()),
                "by_faction": dict(sorted(by_faction.items())),
                "required": self.rules.galaxy_size,
            },
            "purchasable": self.purchasable(),
            "notes": [note.message for note in self.unique_notes()],
            "violations_by_code": dict(Counter(v.code for v in self.violations)),
        }


def check_setup(setup: dict, rules: SetupRules, pool: SetupPool) -> LegalityReport:
    """Every violation of the setup against the format at once; counts, purchases and notes in the summary."""
    return _SetupCheck(setup, rules, pool).report()


def purchasable(setup: dict, pool: SetupPool, rules: SetupRules | None = None) -> dict[str, list[str]]:
    """Which cards each player's faction may purchase: its galaxy cards, the neutral ones, Outer Rim Pilots.

    Without `rules`, the permissive cross-edition format reads the setup (any two factions)."""
    return _SetupCheck(setup, rules or load_formats()["cross-edition"], pool).purchasable()


@dataclass(frozen=True)
class ResolvedPlayer:
    faction: str
    starter: tuple[SetupCard, ...]  # one entry per physical card
    bases: tuple[SetupCard, ...]
    starting_base: SetupCard


@dataclass(frozen=True)
class ResolvedSetup:
    """A setup the checker accepts, as the cards it names: what a game engine starts from."""

    players: tuple[ResolvedPlayer, ...]
    galaxy: tuple[SetupCard, ...]  # one entry per physical card, in the catalogue's code order
    outer_rim: tuple[SetupCard, ...]  # the Outer Rim Pilot stack (the neutral edition's)
    bases_to_win: int


OUTER_RIM_STACK = 10  # the rulebook's components: 10 Outer Rim Pilot cards


def resolve_setup(
    setup: dict, rules: SetupRules, pool: SetupPool
) -> tuple[LegalityReport, ResolvedSetup | None]:
    """The setup's report, and its cards when it has no violation (None otherwise)."""
    check = _SetupCheck(setup, rules, pool)
    report = check.report()
    if check.violations:
        return report, None
    players = []
    for player in check.players:
        start = (
            player.starting_base.card
            if player.starting_base
            else next(e.card for e in player.bases if e.card.starting_base)
        )
        players.append(
            ResolvedPlayer(
                player.faction,
                tuple(e.card for e in player.starter for _ in range(e.count)),
                tuple(e.card for e in player.bases for _ in range(e.count)),
                start,
            )
        )
    galaxy = tuple(
        card for card in sorted(check.galaxy, key=lambda c: c.code) for _ in range(check.galaxy[card])
    )
    edition = check.neutral_edition or rules.factions[players[0].faction][0]
    pilots = pool.select(deck="outer_rim", edition=edition)[:1] * OUTER_RIM_STACK
    return report, ResolvedSetup(tuple(players), galaxy, tuple(pilots), check.bases_to_win)
