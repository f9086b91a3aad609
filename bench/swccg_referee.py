"""SWCCG referee speed (rules/swccg/referee/): events refereed per second, on whole games of Premiere cards
played out by a scripted pair of players that keep the rules (activate, drain where they control, deploy where
they may, battle where both sides are, forfeit and lose what the battle asks, draw, recirculate) until a Life
Force runs out. Each game is written as a JSON record, checked for its shape and refereed again from it in
check mode; the script also counts the violations the referee finds in these legal games (it should be 0).

The cards come from the catalogue (a fresh PostgreSQL database with the SWCCG cards imported, unless
--database-url names one that holds them). Target (issue #11): ≥ 20,000 events/s.
Usage: .venv/bin/python bench/swccg_referee.py [--database-url URL] [--games 40] [--seed 1]
"""

import argparse
import json
import random
import time

from _common import django_with_game

# Premiere cards: each side's Tatooine sites and system, and plain troopers that deploy for 1 or 2 (Stormtroopers
# and Imperial Trooper Guards, which never move; not Death Star Troopers, whose text deploys them only on the Death
# Star, which these decks lack: the referee applies that text).
DARK_DECK = ["1_295", "1_290", "1_289", "1_291", "1_292"] + ["1_194"] * 40 + ["1_181"] * 15
LIGHT_DECK = ["1_128", "1_133", "1_127", "1_129", "1_130"] + ["1_28"] * 55


class Script:
    """Plays one game: asks the referee's table what is possible, writes the events, applies them."""

    def __init__(self, judge, rng: random.Random):
        self.judge, self.rng, self.events = judge, rng, []

    def do(self, **event) -> None:
        index = len(self.events)
        self.events.append(event)
        self.judge.apply(index, event)

    def face_down(self, side: str) -> list[str]:
        return [c.key for c in self.judge.table.cards.values() if c.owner == side and c.zone == "face-down"]

    def hand(self, side: str) -> list:
        return [c for c in self.judge.table.cards.values() if c.owner == side and c.zone == "hand"]

    def lose(self, side: str, amount: float) -> None:
        player = self.judge.table.players[side]
        amount = min(int(amount + 0.999), player.life_force)
        for pile in ("reserve", "used", "force"):
            take = min(amount, getattr(player, pile))
            if take:
                self.do(type="lose_force", player=side, amount=take, **{"from": pile})
                amount -= take

    def setup(self) -> None:
        self.do(type="start_location", player="dark", card="1_295")
        self.do(type="start_location", player="light", card="1_128")
        for side in ("dark", "light"):
            self.do(type="shuffle", player=side)
            self.do(type="draw", player=side, kind="opening", cards=self.rng.sample(self.face_down(side), 8))

    def turn(self, side: str) -> None:
        table, other = self.judge.table, "light" if side == "dark" else "dark"
        player = table.players[side]
        amount = int(min(table.generation(side) - player.activated, player.reserve - 2))
        if amount > 0:
            self.do(type="activate", player=side, amount=amount)
        for location in list(table.locations):
            icons = table.icons(location, other)
            if table.controls(location, side) and icons > 0 and not table.over:
                self.do(type="drain", player=side, location=location, amount=int(icons))
                self.lose(other, icons)
        if table.over:
            return
        for card in self.hand(side):
            cost = card.card.deploy or 0
            if card.card.is_location:
                mine = [table.cards[loc] for loc in table.locations if table.cards[loc].owner == side]
                if all(loc.card.name != card.card.name for loc in mine):  # the opponent's one is converted
                    self.do(type="deploy", player=side, card=card.key, cost=cost)
            elif card.card.is_character and player.force >= cost + 1:
                places = [loc for loc in table.locations if table.cards[loc].card.subtype.startswith("Site")
                          and (table.icons(loc, side) > 0 or table.presence(loc, side))]  # fmt: skip
                if places:
                    self.do(type="deploy", player=side, card=card.key, to=self.rng.choice(places), cost=cost)
        for location in list(table.locations):
            if table.over or player.force < 1:
                break
            if (
                table.presence(location, side)
                and table.presence(location, other)
                and location not in table.battled
            ):
                self.battle(side, location)
        if not table.over:
            draws = min(player.force, 2)
            if draws:
                self.do(
                    type="draw", player=side, kind="hand", cards=self.rng.sample(self.face_down(side), draws)
                )
            if not table.over:  # drawing the last cards of a Life Force ends the game too
                self.do(type="end_turn", player=side)

    def battle(self, side: str, location: str) -> None:
        table = self.judge.table
        self.do(type="battle", player=side, location=location)
        for drawer in ("dark", "light"):
            ability = sum(table.stat(c, "ability") for c in table.at(location, drawer) if c.card.is_character)
            if ability >= 4 and table.players[drawer].reserve > 0:
                card = self.rng.choice(self.face_down(drawer))
                self.do(type="draw", player=drawer, kind="battle_destiny", cards=[card])
        self.judge.resolve_battle()
        result = table.battle.resolved
        for drawer in ("dark", "light"):
            need = result.sides[drawer]
            for key in need.hit + need.attrition_forfeits:
                if not table.over:
                    self.do(type="forfeit", player=drawer, card=key)
            if need.force_to_lose and not table.over:
                self.lose(drawer, need.force_to_lose)
        if not table.over:
            self.do(type="battle_end", location=location)


def play(seed: int, decks, cards) -> dict:
    from rules.swccg.record import check_shape
    from rules.swccg.referee import _Referee

    players = [
        {"name": "Dark", "side": "dark", "deck": decks[0]},
        {"name": "Light", "side": "light", "deck": decks[1]},
    ]
    shell = {"game": "swccg", "record_version": 1, "players": players, "events": []}
    script = Script(_Referee(check_shape(shell), cards), random.Random(seed))
    script.setup()
    for number in range(400):
        script.turn("dark" if number % 2 == 0 else "light")
        if script.judge.table.over:
            break
    winner = script.judge.winner
    script.do(type="game_end", winner=winner, reason="life_force" if winner else "time")
    return {**shell, "events": script.events, "result": {"winner": winner, "reason": "life_force"}}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    django_with_game("swccg", args.database_url)
    from rules.swccg.record import check_shape
    from rules.swccg.referee import CHECK, referee
    from rules.swccg_cards import ccg_cards

    cards, unknown = ccg_cards(sorted(set(DARK_DECK + LIGHT_DECK)))
    assert not unknown, unknown
    records = [
        json.loads(json.dumps(play(args.seed + g, (DARK_DECK, LIGHT_DECK), cards))) for g in range(args.games)
    ]
    events = sum(len(r["events"]) for r in records)
    print(f"SWCCG referee: {args.games} scripted games of Premiere cards, {events:,} events "
          f"({events / args.games:.0f} a game)")  # fmt: skip

    started = time.perf_counter()
    checked = [check_shape(r) for r in records]
    shape_seconds = time.perf_counter() - started
    started = time.perf_counter()
    replays = [referee(r, cards, CHECK) for r in checked]
    seconds = time.perf_counter() - started
    violations = [v for r in replays for v in r.violations]
    winners = {w: sum(r.winner == w for r in replays) for w in ("dark", "light", None)}
    print(f"shape check: {events / shape_seconds:,.0f} events/s")
    print(f"referee (check mode): {events:,} events in {seconds:.2f} s = {events / seconds:,.0f} events/s")
    print(f"shape check and referee together: {events / (seconds + shape_seconds):,.0f} events/s")
    print(f"violations found in these legal games: {len(violations)}; winners {winners}")
    for violation in violations[:5]:
        print("  ", violation.as_dict())


if __name__ == "__main__":
    main()
