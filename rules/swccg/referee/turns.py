"""The turn and phase structure: whose turn it is, the six phases in order, Force owed lost before a phase ends,
card text's recorded modifiers, the end of the turn and the end of the game when a Life Force is gone
(`not-your-turn`, `phase-order`, `force-loss-unpaid`, `result-mismatch`, `game-over`)."""

from ..cards import other
from ..record import PHASES
from ..table import FACE_DOWN, HAND, TABLE, Modifier
from .judge import Judge


class TurnStructure(Judge):
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

    def check_life_force(self) -> None:
        """The game ends the moment a Life Force is gone (Force lost, or the last cards drawn into a hand)."""
        table = self.table
        gone = [side for side, p in table.players.items() if p.life_force <= 0]
        if gone and table.turn > 0 and not table.over:
            table.over = True
            self.winner = other(gone[0]) if len(gone) == 1 else None
