"""Building real positions for engine tests: a game from the stored cards, then cards moved where a test needs
them (every card stays one of the game's physical cards; only its zone changes)."""

from rules.swdbg.errors import IllegalAction
from rules.swdbg.game import Game
from rules.swdbg.state import State


def instances(game: Game, title: str) -> list[int]:
    return [i for i, card in enumerate(game.cards) if card.title == title]


def _zones(state: State):
    yield state.row
    yield state.galaxy_deck
    yield state.galaxy_discard
    yield state.pilots
    for me in state.players:
        yield from (me.deck, me.hand, me.discard, me.exile, me.in_play, me.bases, me.victory)


def lift(game: Game, card: int) -> None:
    """Take a card out of whatever zone holds it (a base in play leaves its player without a base)."""
    state = game.state
    for zone in _zones(state):
        if card in zone:
            zone.remove(card)
            return
    for me in state.players:
        if me.base == card:
            me.base, me.base_damage = None, 0
            return
    raise AssertionError(f"card {card} is nowhere")


def free_instance(game: Game, title: str, avoid=()) -> int:
    """An instance of `title` that is not in a zone the test already arranged (not in `avoid`)."""
    for card in instances(game, title):
        if card not in avoid:
            return card
    raise AssertionError(f"no free {title}")


def put(game: Game, title: str, zone: str, player: int | None = None, taken: set | None = None) -> int:
    """Move an instance of `title` to `zone` of `player` (hand, in_play, discard, deck (on top), exile) or of the
    table (row, galaxy_deck (on top), galaxy_discard); returns its card number."""
    taken = taken if taken is not None else set()
    state = game.state
    card = free_instance(game, title, taken)
    taken.add(card)
    lift(game, card)
    if zone in ("row", "galaxy_deck", "galaxy_discard"):
        getattr(state, zone).append(card)
    elif zone == "base":
        state.players[player].base = card
    else:
        getattr(state.players[player], zone).append(card)
    game._legal = None
    return card


def clear_hand(game: Game, player: int) -> None:
    me = game.state.players[player]
    me.discard += me.hand
    me.hand = []
    game._legal = None


def fresh(game: Game) -> Game:
    game._legal = None
    return game


def table_snapshot(game: Game) -> dict:
    """Everything of the table, comparable with ==: zones, counters, the generator's state, the pending decision."""
    from dataclasses import asdict

    state = game.state
    return {
        "players": [asdict(me) for me in state.players],
        "row": state.row[:],
        "galaxy_deck": state.galaxy_deck[:],
        "galaxy_discard": state.galaxy_discard[:],
        "pilots": state.pilots[:],
        "force": state.force,
        "turn": state.turn,
        "active": state.active,
        "ship_damage": dict(state.ship_damage),
        "committed": dict(state.committed),
        "attacked": set(state.attacked),
        "used": set(state.used),
        "buffs": dict(state.buffs),
        "flags": set(state.flags),
        "exile_end": set(state.exile_end),
        "frames": state.frames[:],
        "pending": game.pending(),
        "outcome": state.outcome,
        "seen": dict(state.seen),
        "rng": state.rng.getstate(),
        "actions": game.actions[:],
    }


# ---- turns, plays, attacks and decisions (tests of single cards) ----


def place(game: Game, title: str, zone: str, player: int | None = None, taken: set | None = None) -> int:
    """put(), preferring an instance outside the galaxy row; one taken from the row leaves its slot to the galaxy
    deck's bottom card, so the row keeps six cards and the galaxy deck its top."""
    taken = taken if taken is not None else set()
    state = game.state
    free = [c for c in instances(game, title) if c not in taken]
    outside = [c for c in free if c not in state.row]
    card = outside[0] if outside else free[0]
    slot = state.row.index(card) if card in state.row else None
    put(game, title, zone, player, set(instances(game, title)) - {card})
    if slot is not None and state.galaxy_deck:
        state.row.insert(slot, state.galaxy_deck.pop(0))
    taken.add(card)
    return card


def turn_of(game: Game, player: int) -> Game:
    """End turns (no decision pending) until `player` is the active player."""
    while game.state.active != player:
        game.apply({"type": "end_turn"})
    return game


def play(game: Game, title: str, taken: set | None = None) -> int:
    """The active player takes an instance of `title` into hand and plays it; returns its card number."""
    card = place(game, title, "hand", game.state.active, taken)
    game.apply({"type": "play", "card": card})
    return card


def set_row(game: Game, *row_titles: str, taken: set | None = None) -> list[int]:
    """The galaxy row starts with instances of `row_titles` (not in `taken`, to which they are added), in order;
    the cards they push out go to the bottom of the galaxy deck, so the row keeps its six cards."""
    state, chosen = game.state, []
    taken = taken if taken is not None else set()
    for title in row_titles:
        chosen.append(free_instance(game, title, taken))
        taken.add(chosen[-1])
    for card in chosen:
        if card not in state.row:
            lift(game, card)
    rest = [c for c in state.row if c not in chosen]
    keep = max(0, len(state.row) - len(chosen))
    state.galaxy_deck[:0] = rest[keep:]
    state.row[:] = chosen + rest[:keep]
    fresh(game)
    return chosen


def attack(game: Game, target, *cards: int) -> None:
    """The active player commits `cards` to an attack on `target` ("base" or a galaxy-row card) and resolves it."""
    for card in cards:
        game.apply({"type": "commit", "card": card, "target": target})
    game.apply({"type": "resolve", "target": target})


def defeat(
    game: Game, target_title: str, *attacker_titles: str, row: tuple = (), taken: set | None = None
) -> int:
    """The active player attacks an instance of `target_title`, put in the galaxy row's first slot (the `row`
    titles after it), with instances of `attacker_titles` put into play, and resolves the attack; returns the
    target's card number."""
    taken = taken if taken is not None else set()
    target = set_row(game, target_title, *row, taken=taken)[0]
    player = game.state.active
    attack(game, target, *(place(game, title, "in_play", player, taken) for title in attacker_titles))
    return target


def use(game: Game, card: int) -> None:
    game.apply({"type": "ability", "card": card})


def refused(game: Game, action: dict) -> str:
    """The code of the IllegalAction that `action` raises; the action must not be among the legal ones."""
    assert action not in game.legal_actions()
    try:
        game.apply(action)
    except IllegalAction as refusal:
        return refusal.code
    raise AssertionError(f"{action} was applied")


def options(game: Game) -> list:
    """What the pending decision offers: its cards, or its options' names."""
    return [o.get("card", o.get("option")) for o in game.pending()["options"]]


def select(game: Game, **answer) -> None:
    game.apply({"type": "select", **answer})


def decline(game: Game) -> None:
    game.apply({"type": "decline"})


def destroy_base(game: Game, player: int) -> None:
    """`player`'s opponent destroys `player`'s base with an attack (one more unit's worth of damage on a base that
    has taken the rest) and ends the turn: `player` begins the next turn by choosing a new base."""
    turn_of(game, 1 - player)
    state = game.state
    defender = state.players[player]
    assert not state.own_ships(player), "capital ships would absorb the attack"
    trooper = "Stormtrooper" if state.players[1 - player].faction == "Empire" else "Rebel Trooper"
    unit = place(game, trooper, "in_play", 1 - player)
    defender.base_damage = state.cards[defender.base].hit_points - state.attack_of(unit, 1 - player)
    attack(fresh(game), "base", unit)
    assert defender.base is None
    game.apply({"type": "end_turn"})


def reveal_base(game: Game, title: str) -> int:
    """Destroy the base of the player who owns the base `title`, and reveal `title` as that player's new base at
    the start of their next turn; returns its card number."""
    (card,) = instances(game, title)
    player = next(i for i, me in enumerate(game.state.players) if card in me.bases)
    destroy_base(game, player)
    assert game.pending()["kind"] == "choose_base" and game.to_move() == player
    select(game, card=card)
    return card
