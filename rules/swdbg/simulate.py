"""Many games between AI players: win rates with 95% intervals, game length, first-player advantage.

Seats alternate: in game i the first named player takes seat i % 2, so each kind of player plays both factions
equally often and a faction's (or the first move's) advantage does not pass for a player's strength. Game i's
engine seed is `seed + i`; each player's own seed derives from it, so a run reproduces exactly.
"""

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .game import Game
from .roster import players as player_kinds
from .setup import Setup

MAX_GAMES = 100_000


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default): sound near 0 and 1 and for small n."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class PlayedGame:
    index: int
    seed: int
    seats: tuple[str, str]  # the player kind in seat 0 and seat 1
    game: Game

    @property
    def outcome(self) -> dict:
        return self.game.outcome()


@dataclass
class Summary:
    players: tuple[str, str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)  # by player slot name ("greedy", or "greedy#2")
    draws: int = 0
    first_player_wins: int = 0
    turns: int = 0
    actions: int = 0
    by_faction: dict[str, int] = field(default_factory=dict)

    def add(self, played: PlayedGame, names: tuple[str, str]) -> None:
        outcome = played.outcome
        self.games += 1
        self.turns += outcome["turn"]
        self.actions += len(played.game.actions)
        winner = outcome["winner"]
        if winner is None:
            self.draws += 1
            return
        self.wins[names[winner]] = self.wins.get(names[winner], 0) + 1
        faction = played.game.state.players[winner].faction
        self.by_faction[faction] = self.by_faction.get(faction, 0) + 1
        if winner == played.game.setup.first_player:
            self.first_player_wins += 1

    def as_dict(self) -> dict:
        n = self.games
        decided = n - self.draws
        rates = {}
        for name in self.players:
            wins = self.wins.get(name, 0)
            low, high = wilson(wins, n)
            rates[name] = {"wins": wins, "rate": wins / n if n else 0.0, "interval_95": [low, high]}
        low, high = wilson(self.first_player_wins, decided)
        return {
            "games": n,
            "players": rates,
            "draws": self.draws,
            "average_turns": self.turns / n if n else 0.0,
            "average_actions": self.actions / n if n else 0.0,
            "first_player": {
                "wins": self.first_player_wins,
                "rate": self.first_player_wins / decided if decided else 0.0,
                "interval_95": [low, high],
            },
            "wins_by_faction": dict(sorted(self.by_faction.items())),
        }


def slot_names(kinds: tuple[str, str]) -> tuple[str, str]:
    """greedy vs greedy → ("greedy", "greedy#2"): two players of one kind are still told apart."""
    return (kinds[0], kinds[1]) if kinds[0] != kinds[1] else (kinds[0], f"{kinds[1]}#2")


def play_games(
    setup: Setup, kinds: tuple[str, str], games: int, seed: int, options: dict | None = None
) -> Iterator[tuple[PlayedGame, tuple[str, str]]]:
    """Each game as it ends, with the slot names of its two seats."""
    known = player_kinds()
    unknown = [k for k in kinds if k not in known]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}; choose from {', '.join(known)}")
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be from 1 to {MAX_GAMES:,}")
    names = slot_names(kinds)
    for index in range(games):
        game_seed = seed + index
        first = index % 2  # which named player takes seat 0
        seat_names = (names[first], names[1 - first])
        seat_kinds = (kinds[first], kinds[1 - first])
        seats = [
            known[kind](game_seed * 2 + s, **(options or {}).get(kind, {}))
            for s, kind in enumerate(seat_kinds)
        ]
        game = Game.new(setup, game_seed)
        while game.outcome() is None:
            game.apply(seats[game.to_move()].choose(game))
        yield PlayedGame(index, game_seed, seat_kinds, game), seat_names


def simulate(
    setup: Setup,
    kinds: tuple[str, str],
    games: int,
    seed: int = 0,
    on_game: Callable[[PlayedGame], None] | None = None,
    options: dict | None = None,
) -> Summary:
    summary = Summary(slot_names(kinds))
    for played, seat_names in play_games(setup, kinds, games, seed, options):
        summary.add(played, seat_names)
        if on_game is not None:
            on_game(played)
    return summary
