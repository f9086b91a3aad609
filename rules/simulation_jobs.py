"""SW:DBG AI games as a job (kind "swdbg-simulation", registered by rules/apps.py): what POST
/api/games/swdbg/simulate answers at once for a few games, for up to a thousand (POST /api/games/swdbg/simulations/,
rules/api/simulation_jobs.py), with progress after every game.

The payload is checked before it is queued: two player kinds, a number of games within the budget, a seed, and
the record setup played (a format's default setup, or the one the request gave). Game i's seed is `seed + i` and
seats alternate, exactly as manage.py simulate_swdbg plays them, so a job reproduces a command run."""

from cardsdb.api.errors import ApiError
from cardsdb.jobs import Progress

from .setups import SetupRefused, engine_setup
from .swdbg.simulate import PlayedGame, simulate


def run_simulation_job(payload: dict, progress: Progress) -> dict:
    kinds = (payload["players"][0], payload["players"][1])
    games, seed = payload["games"], payload["seed"]
    try:
        setup = engine_setup(payload["setup"])
    except SetupRefused as exc:  # checked when submitted; the catalogue may have changed since
        raise ApiError("bad-setup", f"The setup cannot start a game: {exc.problems[0]['message']}") from None
    seats = [{"seat": seat, "faction": None, "wins": 0} for seat in (0, 1)]
    turns: list[int] = []

    def played(game: PlayedGame) -> None:
        outcome = game.outcome
        for seat in seats:
            seat["faction"] = game.game.state.players[seat["seat"]].faction
        if outcome["winner"] is not None:
            seats[outcome["winner"]]["wins"] += 1
        turns.append(outcome["turn"])
        progress(len(turns), games)

    summary = simulate(setup, kinds, games, seed, on_game=played)
    return {
        **summary.as_dict(),
        "format": payload.get("format"),
        "seed": seed,
        "seeds": [seed, seed + games - 1],
        "seats": seats,
        "turns": {"min": min(turns), "max": max(turns)},
    }
