"""The SW:DBG play table as data for its script (rules/static/rules/dbg-table.js): the board as the owner's seat
sees it, each legal action on the card it belongs to, the pending decision as a question, the log, the outcome.

Cards travel as ids (indexes into game.cards): the card faces (printed values, the catalogue's ability and reward
text, traits, an image where one is stored) are sent once, in `faces`, and a board lists ids and what changes
(damage, attack, commitments). Ids are the setup's order, never the shuffled one, so they tell nothing hidden.
"""

from django.urls import reverse

from cardsdb.models import Card
from rules import saved_games, table_words
from rules.models import SavedGame
from rules.setups import engine_setup
from rules.swdbg.game import Game
from rules.swdbg_words import action_words, prompt_words

LOG_LINES = 60  # the log beside the table: its last lines
FORCE_SPACES = range(-3, 4)


def faces(game: Game) -> dict[int, dict]:
    """Every card of the game as drawn: printed values from the engine, words and image from the catalogue."""
    codes = {c.code for c in game.cards}
    stored = {
        row["code"]: row
        for row in Card.objects.filter(game_id=saved_games.GAME, code__in=codes).values(
            "code", "gametext", "extra", "characteristics", "image_url"
        )
    }
    drawn = {}
    for index, info in enumerate(game.cards):
        row = stored.get(info.code, {})
        extra = row.get("extra") or {}
        drawn[index] = {
            "title": info.title, "faction": info.faction, "type": info.card_type, "cost": info.cost,
            "attack": info.attack, "resources": info.resources, "force": info.force, "unique": info.unique,
            "hit_points": info.hit_points, "target_value": info.target_value,
            "traits": list(row.get("characteristics") or info.traits), "text": row.get("gametext") or "",
            "reward": extra.get("reward") or "", "image": row.get("image_url") or "",
        }  # fmt: skip
    return drawn


def board(game: Game, seat: int) -> dict:
    """The table as `seat` sees it, with card ids (see rules/swdbg/view.py for what is hidden)."""
    view = game.view(seat)

    def ids(refs):
        return None if refs is None else [r["id"] for r in refs]

    players = []
    for index, p in enumerate(view["players"]):
        in_play = [
            {k: c[k] for k in ("id", "attack", "committed", "attacked", "ability_used", "damage", "hit_points")
             if k in c}
            for c in p["in_play"]
        ]  # fmt: skip
        base = p["base"] and {"id": p["base"]["id"], "damage": p["base"]["damage"],
                              "hit_points": p["base"]["hit_points"]}  # fmt: skip
        players.append({
            "seat": index, "faction": p["faction"], "side": p["side"], "mine": index == seat,
            "hand": ids(p["hand"]), "hand_count": p["hand_count"], "deck_count": p["deck_count"],
            "discard": ids(p["discard"]), "exile": ids(p["exile"]), "in_play": in_play, "base": base,
            "bases_left": ids(p["bases_left"]), "bases_left_count": p["bases_left_count"],
            "victory": ids(p["victory"]), "resources": p["resources"],
        })  # fmt: skip
    return {
        "turn": view["turn"], "active": view["active"], "to_move": view["to_move"], "force": view["force"],
        "force_with": view["force_with"], "track": list(FORCE_SPACES), "players": players,
        "galaxy_row": ids(view["galaxy_row"]), "galaxy_deck_count": view["galaxy_deck_count"],
        "galaxy_discard": ids(view["galaxy_discard"]), "outer_rim": ids(view["outer_rim"]),
        "outer_rim_count": view["outer_rim_count"], "seen": ids(view["seen"]) or [],
    }  # fmt: skip


def _entry(game: Game, action: dict) -> dict:
    short, name = table_words.button(game, action)
    return {"action": action, "short": short, "name": name, "kind": action["type"]}


def no_actions() -> dict:
    return {"cards": {}, "general": [], "prompt": None, "play_all": []}


def actions(game: Game, seat: int) -> dict:
    """The owner's legal actions, each where it belongs: on a card (by id), the turn's own (end the turn), the
    pending decision's options, and "play all" (every resource card of the hand)."""
    found = no_actions()
    on_cards, general = found["cards"], found["general"]
    if game.outcome() is not None or game.to_move() != seat:
        return found
    pending = game.state.pending
    if pending is not None:
        found["prompt"] = {
            "text": prompt_words(game),
            "card": pending.source,
            "optional": pending.optional,
            "options": [{**_entry(game, a), "card": a.get("card"), "with": a.get("with")}
                        for a in game.legal_actions()],
        }  # fmt: skip
        return found
    enemy_base = game.state.players[1 - seat].base
    for action in game.legal_actions():
        kind = action["type"]
        card = action.get("card")
        if kind == "resolve":
            card = enemy_base if action["target"] == "base" else action["target"]
        if card is None:
            general.append(_entry(game, action))
        else:
            on_cards.setdefault(card, []).append(_entry(game, action))
        if kind == "play" and game.cards[card].resources > 0:
            found["play_all"].append(action)
    return found


def summary(saved: SavedGame, game: Game) -> dict | None:
    """The outcome screen's facts: who won, on which turn, why, and each side's destroyed bases."""
    outcome = saved_games.outcome(saved, game)
    if outcome is None:
        return None
    players = game.state.players
    winner = outcome["winner"]
    return {
        "winner": winner,
        "winner_faction": None if winner is None else players[winner].faction,
        "you_won": winner == saved.seat,
        "reason": outcome["reason"],
        "turn": outcome["turn"],
        "bases_destroyed": [
            {
                "faction": p.faction,
                "count": len(p.victory),
                "titles": [game.cards[c].title for c in p.victory],
            }
            for p in players
        ],
    }


def replayed(saved: SavedGame) -> tuple[Game, list[dict], list[int]]:
    """The saved game rebuilt from its record, with its log ({"seat", "text"} per action) and the indexes of
    the owner's actions (what undo takes back)."""
    record = saved.record
    game = Game.new(engine_setup(record["setup"]), record["seed"])
    log, mine = [], []
    for index, action in enumerate(record["actions"]):
        seat = game.to_move()
        if seat == saved.seat:
            mine.append(index)
        log.append({"seat": seat, "text": action_words(game, action)})
        game.apply(action)
    return game, log, mine


def opening_frames(saved: SavedGame) -> list[dict]:
    """The AI's actions before the owner's first move, each with the table after it: the page plays them when
    the game is first opened, so the AI's opening turn is seen, not found done."""
    record = saved.record
    game = Game.new(engine_setup(record["setup"]), record["seed"])
    frames = []
    for action in record["actions"]:
        seat = game.to_move()
        if seat == saved.seat:
            break
        words = action_words(game, action)
        game.apply(action)
        frames.append(frame(game, saved.seat, seat, words))
    return frames


def frame(game: Game, seat: int, actor: int, words: str) -> dict:
    return {"seat": actor, "text": words, "board": board(game, seat)}


def table(saved: SavedGame, game: Game, log: list[dict] | None, mine: list[int], *, with_faces: bool) -> dict:
    """Everything the script draws the table from; without `log` when None (a move's answer: its frames hold
    the new lines)."""
    state = {
        "game": saved.pk,
        "seat": saved.seat,
        "opponent": saved.opponent,
        "actions_count": len(game.actions),
        "board": board(game, saved.seat),
        "actions": no_actions() if saved.resigned else actions(game, saved.seat),
        "log": None if log is None else log[-LOG_LINES:],
        "outcome": summary(saved, game),
        "can_undo": bool(mine) and not saved.resigned,
        "urls": {
            "state": reverse("game-table-state", args=[saved.pk]),
            "move": reverse("game-table-move", args=[saved.pk]),
            "undo": reverse("game-table-undo", args=[saved.pk]),
            "resign": reverse("game-table-resign", args=[saved.pk]),
            "rematch": reverse("game-rematch", args=[saved.pk]),
            "replay": reverse("game-replay", args=[saved.pk]),
            "hint": reverse("game-table-hint", args=[saved.pk]),
        },
    }
    if with_faces:
        state["faces"] = faces(game)
    return state
