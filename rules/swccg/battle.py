"""One SWCCG battle at one location, resolved by the core rules (rulebook, "Phase four: battle").

Each side's cards at the location come in with their numbers for this battle: what card text changed is stated
by the caller (power, ability, forfeit, immunity), never guessed. The rules applied:

- power: the total of the cards' power at the location, hit cards included ("I personaggi colpiti aggiungono
  comunque potere"); characters aboard a starship or vehicle add their ability, not their power;
- battle destiny: one draw for a combined ability of 4 or more — not two at 8; cards may add draws, and a few let
  a side draw without the ability; each draw adds to the side's total;
- battle damage: the side with the lower total loses the difference (none on a tie);
- attrition: a side that drew destiny totalling more than zero makes the opponent forfeit at least that much
  from the location, whoever won; a card immune to attrition < N is untouched while the attrition is below N;
- hit cards are forfeited whatever happens, and their forfeit still counts against battle damage and attrition;
  the loser's attrition forfeits count against its battle damage too (attrition is not added to it); what the
  forfeits leave of the damage is lost as Force (or covered by more forfeits).
"""

from dataclasses import dataclass, field

from .cards import DARK, LIGHT, other

BATTLE_DESTINY_ABILITY = 4
MAX_CARDS = 60  # per side at one location: far more than a table holds, small enough for the forfeit search
MAX_NUMBER = 1_000  # any power, ability, forfeit, destiny or bonus


class BattleError(ValueError):
    """A battle these rules cannot resolve as given: `code` and a message saying what to fix."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class InBattle:
    """A card at the battle location with its numbers for this battle (printed, plus any modifiers)."""

    card_id: str
    title: str
    power: float = 0
    ability: float = 0
    forfeit: float = 0
    immune_to_attrition: int | None = None  # immune while the attrition against its side is below this
    hit: bool = False
    aboard: tuple["InBattle", ...] = ()  # pilots and passengers of a starship or vehicle


@dataclass(frozen=True, slots=True)
class BattleSide:
    cards: tuple[InBattle, ...]
    destinies: tuple[float, ...] = ()  # the battle destiny draws, as drawn
    extra_destinies: int = 0  # draws card text adds, for a side able to draw at all
    destinies_if_unable: int = 0  # draws card text allows a side without the ability to draw
    destiny_bonus: float = 0  # added to each battle destiny draw (Darth Vader: +1)
    power_bonus: float = 0  # added to the side's total power
    attrition_bonus: float = 0  # added to the attrition this side causes, if it causes any
    damage_bonus: float = 0  # added to the battle damage this side causes, if it wins


@dataclass(frozen=True, slots=True)
class SideResult:
    power: float
    ability: float
    destinies_allowed: int
    destiny_total: float
    total: float
    battle_damage: float  # what this side must lose (0 unless it lost)
    attrition: float  # what this side must forfeit from the location
    immune: tuple[str, ...]  # card ids immune to that attrition
    hit: tuple[str, ...]  # hit cards: forfeited whatever happens
    attrition_forfeits: tuple[
        str, ...
    ]  # the smallest forfeits that satisfy the attrition left after hit cards
    attrition_ignored: (
        float  # attrition no forfeitable card is left to satisfy (ignored, as the rulebook says)
    )
    force_to_lose: float  # battle damage left after those forfeits: lose it as Force or forfeit more


@dataclass(frozen=True, slots=True)
class BattleResult:
    winner: str | None  # DARK, LIGHT, or None on a tie
    sides: dict[str, SideResult] = field(default_factory=dict)


def _every_card(cards: tuple[InBattle, ...]):
    for card in cards:
        yield card
        yield from card.aboard


def _check(side_name: str, side: BattleSide) -> None:
    cards = list(_every_card(side.cards))
    if not side.cards:
        raise BattleError(
            "no-battle", f"The {side_name} side has no card at the location: a battle needs both."
        )
    if len(cards) > MAX_CARDS:
        raise BattleError(
            "too-many-cards", f"At most {MAX_CARDS} cards a side; the {side_name} side has {len(cards)}."
        )
    numbers = [side.destiny_bonus, side.power_bonus, side.attrition_bonus, side.damage_bonus, *side.destinies]
    for card in cards:
        numbers += [card.power, card.ability, card.forfeit, card.immune_to_attrition or 0]
        if card.forfeit < 0 or card.forfeit * 2 != int(card.forfeit * 2):
            raise BattleError(
                "bad-number", f"{card.title}: a forfeit value is a whole or half number, 0 or more."
            )
    if any(abs(n) > MAX_NUMBER for n in numbers):
        raise BattleError("bad-number", f"Every number of a battle lies within ±{MAX_NUMBER}.")
    if not 0 <= side.extra_destinies <= 10 or not 0 <= side.destinies_if_unable <= 10:
        raise BattleError("bad-number", "Card text adds from 0 to 10 battle destiny draws.")


def destinies_allowed(side: BattleSide, ability: float) -> int:
    if ability >= BATTLE_DESTINY_ABILITY:
        return 1 + side.extra_destinies  # one draw at 4 or more, not two at 8
    return side.destinies_if_unable


def smallest_forfeits(cards: list[InBattle], needed: float) -> tuple[list[InBattle], float]:
    """The cards whose forfeit values reach `needed` with the least total (then the fewest cards), and what is
    left unsatisfied when even all of them fall short. Sums are counted in halves, capped just above `needed`:
    at most MAX_CARDS × (2 × needed + the largest value) steps."""
    if needed <= 0:
        return [], 0
    total = sum(c.forfeit for c in cards)
    if total <= needed:
        return list(cards), needed - total
    target = round(needed * 2)
    cap = target + max(round(c.forfeit * 2) for c in cards)
    best: dict[int, tuple[int, ...]] = {0: ()}  # sum in halves → the fewest card indexes reaching it
    for index, card in enumerate(cards):
        value = round(card.forfeit * 2)
        for reached, chosen in list(best.items()):
            if reached >= target:
                continue  # already enough: adding cards only costs more
            new = min(reached + value, cap)
            if new not in best or len(best[new]) > len(chosen) + 1:
                best[new] = chosen + (index,)
    enough = min(s for s in best if s >= target)
    return [cards[i] for i in best[enough]], 0


def resolve(dark: BattleSide, light: BattleSide) -> BattleResult:
    """The battle's totals, winner, battle damage and attrition, and the least each side must forfeit."""
    sides = {DARK: dark, LIGHT: light}
    for name, side in sides.items():
        _check(name, side)
    figures = {}
    for name, side in sides.items():
        ability = sum(c.ability for c in _every_card(side.cards))
        allowed = destinies_allowed(side, ability)
        if len(side.destinies) > allowed:
            raise BattleError(
                "too-many-destinies",
                f"The {name} side may draw {allowed} battle destin{'y' if allowed == 1 else 'ies'} "
                f"(combined ability {ability:g}); {len(side.destinies)} were given.",
            )
        power = sum(c.power for c in side.cards) + side.power_bonus
        destiny_total = sum(d + side.destiny_bonus for d in side.destinies)
        figures[name] = (power, ability, allowed, destiny_total, power + destiny_total)
    winner = None
    if figures[DARK][4] != figures[LIGHT][4]:
        winner = DARK if figures[DARK][4] > figures[LIGHT][4] else LIGHT
    results = {}
    for name, side in sides.items():
        opponent = other(name)
        power, ability, allowed, destiny_total, total = figures[name]
        damage = 0.0
        if winner == opponent:
            damage = figures[opponent][4] - total + sides[opponent].damage_bonus
        opponent_destiny = figures[opponent][3]
        attrition = opponent_destiny + sides[opponent].attrition_bonus if opponent_destiny > 0 else 0.0
        results[name] = _forfeits(
            side, power, ability, allowed, destiny_total, total, damage, max(attrition, 0)
        )
    return BattleResult(winner=winner, sides=results)


def _forfeits(side, power, ability, allowed, destiny_total, total, damage, attrition) -> SideResult:
    hit = [c for c in side.cards if c.hit]
    immune = [
        c
        for c in side.cards
        if not c.hit and c.immune_to_attrition is not None and attrition < c.immune_to_attrition
    ]
    open_to_attrition = [c for c in side.cards if not c.hit and c not in immune]
    hit_value = sum(c.forfeit for c in hit)
    chosen, ignored = smallest_forfeits(open_to_attrition, attrition - hit_value)
    forfeited = hit_value + sum(c.forfeit for c in chosen)
    return SideResult(
        power=power,
        ability=ability,
        destinies_allowed=allowed,
        destiny_total=destiny_total,
        total=total,
        battle_damage=damage,
        attrition=attrition,
        immune=tuple(c.card_id for c in immune),
        hit=tuple(c.card_id for c in hit),
        attrition_forfeits=tuple(c.card_id for c in chosen),
        attrition_ignored=ignored,
        force_to_lose=max(damage - forfeited, 0.0),
    )
