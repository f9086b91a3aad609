"""The cards' own game text applied to one battle (rules/swccg/battle.py resolves it): the effects the reader found
(rules/swccg/gametext) that change a battle's numbers, applied when their condition holds at this battle
(battle_conditions.py decides it from the request), asked about when the request cannot tell.

The effects applied: a card's power, ability and forfeit changes (its own, or those of the cards its text names),
a pilot's power added to what it pilots, a bonus to each battle destiny draw, battle destiny draws added (or drawn
without the ability), immunity to attrition. An effect reads "<card id>:<effect index>" as its key: `answers`
{key: bool} settles a question (or overrides what was decided). A number the text gives in brackets as an
alternative ("or 4 … if Vader's Custom TIE") replaces the sentence's main number when its condition holds.

Not applied (and not asked): a card's own unconditional statements of its numbers (the printed numbers hold them,
rules/swccg/gametext/printed.py), a pilot's bonus when it is aboard nothing, and effects on cards named in words the
calculator does not resolve ("your aliens, except Tusken Raiders").
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from .battle_conditions import Placed, Table, among, decide, named, of_class
from .cards import ALL_ATTRITION, other
from .gametext import Condition, Effect
from .gametext.printed import own_statements

CARD_KINDS = ("power", "ability", "forfeit", "immune-attrition")
SIDE_KINDS = ("adds-to-destiny", "adds-battle-destiny", "draws-battle-destiny")
BATTLE_KINDS = (*CARD_KINDS, "pilot-power", *SIDE_KINDS)
_PLAIN_DETAIL = {"pilots", "alternative"}  # detail that qualifies nothing the calculator must ask about
_SCOPE_WORDS = (" present", " here", " at same site", " at same location", " at this site", " at same system")


@dataclass(frozen=True, slots=True)
class TextChange:
    """One effect of a card's text in this battle: applied, or asked about."""

    key: str  # "<card id>:<effect index>"
    card_id: str
    title: str
    side: str  # the side of the card whose text it is
    sentence: str
    kind: str
    amount: float | None
    value: float | None
    to: tuple[str, ...]  # the card ids whose numbers it changes; empty for a side's destiny draws
    to_side: str  # the side it changes
    condition: Condition | None


@dataclass(slots=True)
class CardNumbers:
    """What the text changes of one card's numbers."""

    power: float = 0
    ability: float = 0
    forfeit: float = 0
    set_to: dict[str, float] = field(default_factory=dict)  # "ability": ¼ — numbers set outright
    immune_to_attrition: int | None = None


@dataclass(slots=True)
class TextApplied:
    cards: dict[int, CardNumbers]  # by the card's place in Table.placed
    sides: dict[str, dict[str, float]]  # destiny_bonus, extra_destinies, destinies_if_unable
    applied: list[TextChange]
    questions: list[TextChange]
    keys: set[str] = field(
        default_factory=set
    )  # every effect considered, applied or not: what `answers` may name


def apply_text(
    table: Table, effects_of: Mapping[str, tuple[Effect, ...]], answers: Mapping[str, bool]
) -> TextApplied:
    """Every battle effect of the cards in `table` applied where its condition holds (or `answers` says so)."""
    result = TextApplied(
        cards={i: CardNumbers() for i in range(len(table.placed))},
        sides={
            s: {"destiny_bonus": 0, "extra_destinies": 0, "destinies_if_unable": 0} for s in ("dark", "light")
        },
        applied=[],
        questions=[],
    )
    asked: set[str] = set()
    for index, here in enumerate(table.placed):
        effects = effects_of.get(here.card.card_id, ())
        printed = set(map(id, own_statements(effects)))
        chosen = []
        for number, effect in enumerate(effects):
            if effect.kind not in BATTLE_KINDS or id(effect) in printed:
                continue
            targets = _targets(effect, index, here, table)
            if targets is None:
                continue
            key = f"{here.card.card_id}:{number}"
            result.keys.add(key)
            change = _change(key, here, effect, table, targets)
            if key in answers:
                holds = answers[key]
            elif set(effect.detail) - _PLAIN_DETAIL:  # "may", a limit: the player's choice
                holds = None
            else:
                holds = decide(effect.condition, here, table)
            if holds is None:
                if key not in asked:
                    asked.add(key)
                    result.questions.append(change)
            elif holds:
                chosen.append((effect, targets, change))
        replaced = {(e.kind, e.sentence) for e, _t, _c in chosen if "alternative" in e.detail}
        for effect, targets, change in chosen:
            if "alternative" not in effect.detail and (effect.kind, effect.sentence) in replaced:
                continue
            _apply(result, effect, targets, change)
            result.applied.append(change)
    return result


def _change(key: str, here: Placed, effect: Effect, table: Table, targets) -> TextChange:
    if isinstance(targets, str):
        to, to_side = (), targets
    else:
        to, to_side = tuple(table.placed[i].card.card_id for i in targets), table.placed[targets[0]].side
    return TextChange(
        key, here.card.card_id, here.card.title, here.side, effect.sentence, effect.kind,
        effect.amount, effect.value, to, to_side, effect.condition,
    )  # fmt: skip


def _apply(result: TextApplied, effect: Effect, targets, change: TextChange) -> None:
    if isinstance(targets, str):
        counts = result.sides[targets]
        amount = effect.amount or 0
        if effect.kind == "adds-to-destiny":
            counts["destiny_bonus"] += amount
        elif effect.kind == "adds-battle-destiny":
            counts["extra_destinies"] += int(amount)
        else:
            counts["destinies_if_unable"] += int(amount)
        return
    for i in targets:
        numbers = result.cards[i]
        if effect.kind == "immune-attrition":
            level = ALL_ATTRITION if effect.amount is None else int(effect.amount)
            numbers.immune_to_attrition = max(numbers.immune_to_attrition or 0, level)
        else:
            stat = "power" if effect.kind == "pilot-power" else effect.kind
            if effect.value is not None:
                numbers.set_to[stat] = effect.value
            elif effect.amount is not None:
                setattr(numbers, stat, getattr(numbers, stat) + effect.amount)


def _targets(effect: Effect, index: int, here: Placed, table: Table):
    """The places in table.placed whose numbers the effect changes, a side's name for its destiny draws, or None
    when it changes nothing in this battle (or names cards in words not resolved)."""
    target = effect.target.casefold()
    if effect.kind in SIDE_KINDS:
        if effect.kind == "adds-to-destiny" and "battle destiny" not in target:
            return None  # a weapon's destiny, a drain's…
        return other(here.side) if "opponent" in target else here.side
    if effect.kind == "pilot-power":
        if here.carrier is None or not here.card.is_character:
            return None
        if (
            target in ("", "anything")
            or named(effect.target, here.carrier)
            or of_class(effect.target, here.carrier)
        ):
            return [here.carrier_index]
        return None
    if not effect.target:
        return [index]
    return _named_targets(effect.target, here, table)


def _named_targets(words: str, here: Placed, table: Table) -> list[int] | None:
    side = here.side
    text = words.strip()
    for opening in ("opponent's ", "each of opponent's "):
        if text.casefold().startswith(opening):
            side, text = other(here.side), text[len(opening) :]
    for opening in ("your ", "each of your ", "all your "):
        if text.casefold().startswith(opening):
            text = text[len(opening) :]
    for scope in _SCOPE_WORDS:
        if text.casefold().endswith(scope):
            text = text[: -len(scope)]
    if not text or any(w in f" {text.casefold()} " for w in (" except ", " with ", " other ", "(", " for ")):
        return None
    found = [
        i
        for i, placed in enumerate(table.placed)
        if placed.side == side and placed is not here and among(text, [placed.card])
    ]
    return found or None
