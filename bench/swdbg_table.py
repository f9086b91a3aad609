"""The SW:DBG play table's move endpoint (rules/views/game_table.py): its time per move against the greedy AI,
through Django's test client (the server's time: routing, the session, the record rebuilt and saved, the AI's
reply, the frames and the new state; no network).

Each game starts as the table's page starts it; then the owner plays "play all" when the hand holds resource
cards, else one of the table's actions picked by a seeded chooser (ending the turn one time in four), up to
--moves moves a game. Target (issue #25): well under 100 ms a move. The first line says whether the engine
runs compiled (make engine) or from its Python sources.
Usage: .venv/bin/python bench/swdbg_table.py [--database-url URL] [--games 5] [--moves 40] [--format beginner]
"""

import argparse
import gc
import json
import random
import time

from _common import django_with_swdbg, percentile


def choices(state: dict) -> list[list[dict]]:
    """Each move the table offers now: the prompt's options, or every card's and the turn's own actions."""
    actions = state["actions"]
    if actions["prompt"]:
        return [[o["action"]] for o in actions["prompt"]["options"]]
    found = [[e["action"]] for entries in actions["cards"].values() for e in entries]
    return found + [[e["action"]] for e in actions["general"]]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--format", default="beginner")
    args = parser.parse_args()
    django_with_swdbg(args.database_url)
    from django.contrib.auth.models import User
    from django.test import Client

    import rules.swdbg
    from rules.models import SavedGame

    gc.collect()
    gc.freeze()
    print(f"engine: {rules.swdbg.ENGINE}")
    user, _ = User.objects.get_or_create(username="bench-table")
    SavedGame.objects.filter(owner=user).delete()
    client = Client()
    client.force_login(user)
    times, frames, pick = [], [], random.Random(25)
    for number in range(args.games):
        started = client.post("/games/", {"faction": ("Rebel", "Empire")[number % 2], "opponent": "greedy",
                                          "format": args.format})  # fmt: skip
        game_id = int(started["Location"].strip("/").split("/")[-1])
        state = client.get(f"/games/{game_id}/table/").json()
        for _ in range(args.moves):
            if state["outcome"]:
                break
            options = choices(state)
            plays = state["actions"]["play_all"]
            if plays and not state["actions"]["prompt"]:
                move = plays
            elif pick.random() < 0.25 and not state["actions"]["prompt"]:
                move = [{"type": "end_turn"}]
            else:
                move = pick.choice(options)
            body = json.dumps({"actions": move})
            began = time.perf_counter()
            answer = client.post(f"/games/{game_id}/table/move", body, content_type="application/json")
            times.append((time.perf_counter() - began) * 1000)
            assert answer.status_code == 200, answer.content
            data = answer.json()
            frames.append(len(data["frames"]))
            state = data["state"]
        SavedGame.objects.filter(pk=game_id).delete()
    print(f"{len(times)} moves in {args.games} {args.format} games against the greedy AI")
    print(f"move endpoint: median {percentile(times, 50):.1f} ms, p95 {percentile(times, 95):.1f} ms, "
          f"max {max(times):.1f} ms; frames per answer: median {percentile(frames, 50):.0f}, "
          f"max {max(frames)}")  # fmt: skip


if __name__ == "__main__":
    main()
