"""Battles: where both sides are present, once a location a turn; battle destinies; what attrition and battle
damage ask, met by forfeits and Force lost (rules/swccg/battle.py resolves the numbers); weapons fired in a battle
(`no-battle-here`, `battled-twice`, `no-battle`, `too-many-destinies`, `attrition-unsatisfied`,
`battle-damage-unsatisfied`, `hit-not-forfeited`, `no-weapon-target`; a character's permanent weapon fires as a
weapon and is never forfeited apart from it: `no-permanent-weapon`, `permanent-weapon-separated`)."""

from .. import battle as battle_rules
from ..cards import DARK, LIGHT, other
from ..rulebook import RULES
from ..table import CAPTIVE, LOST, TABLE, Battle, Instance
from .text_rules import PERMANENT, TextRules


class Battles(TextRules):
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

    def battle_destiny(self, event: dict, side: str, card: Instance) -> None:
        fight = self.table.battle
        if fight is None:
            self.broke("no-battle", "A battle destiny is drawn only in a battle.", card)
            return
        value = event.get("value")
        fight.destinies[side].append(float(value if value is not None else card.card.destiny or 0))

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
        if card is None or self.separated(event, card, "forfeited"):
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

    def on_fire_weapon(self, event: dict) -> None:
        side, fight = event["player"], self.table.battle
        weapon = self.card(side, event["card"], (TABLE,))
        target = self.card(other(side), event["target"], (TABLE, CAPTIVE))
        if weapon is None or target is None:
            return
        name = weapon.card.title
        if event.get("weapon") == PERMANENT:  # the character fires the weapon its text gives it
            found = self.permanent_weapon_of(weapon)
            name = f"{weapon.card.title}'s permanent weapon {found or ''}".strip()
        if (
            fight is None
            or weapon.at != fight.location
            or target.at != fight.location
            or target.zone != TABLE
        ):
            self.broke(
                "no-weapon-target",
                f"{name} fires in a battle at a target at its location.",
                weapon,
                target,
            )
        self.pay(side, event.get("cost", 0), f"Firing {name}")
