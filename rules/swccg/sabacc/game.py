"""A sabacc game: both hands revealed and settled (perfect sabacc, closest to 11, fewer cards), what the loser
gives up and a won starship's new allegiance (`play_sabacc`); before the reveal, who may initiate and draw."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

from rules.swccg.cards import DARK, LIGHT, SIDES, CcgCard, other

from .hands import _check_hand, _check_ids, _clean, _Hand
from .terms import (
    BOTH_OVER,
    BOTH_PERFECT,
    CLOSEST,
    DRAW,
    FEWER_CARDS,
    LOST_PILE,
    MAX_HAND,
    MIN_HAND,
    PERFECT_SABACC,
    TARGET,
    USED_PILE,
    Assignment,
    Forfeit,
    LostCard,
    Number,
    SabaccError,
    SabaccResult,
    SabaccRules,
    SideResult,
)
from .values import _best, _evaluate


def _perfect_choices(hand: _Hand) -> dict[int, tuple[Number]] | None:
    """The printed values of the first two cards totalling exactly 11, or None: no perfect sabacc with a wild or
    clone card among them, nor when Lando's text changed the total."""
    if hand.lando or any(hand.wild[index] or hand.clone[index] for index in (0, 1)):
        return None
    for first, second in product(hand.printed[0], hand.printed[1]):
        if _clean(first + hand.modifiers[0] + second + hand.modifiers[1]) == TARGET:
            return {0: (first,), 1: (second,)}
    return None


def _play_side(side: str, hand: _Hand, assigned: object) -> SideResult:
    if assigned is None:
        pinned = _perfect_choices(hand)
        value = _best(hand, pinned)
        perfect = pinned is not None
    else:
        value = _evaluate(hand, assigned)
        perfect = (
            not hand.lando
            and not any(hand.wild[index] or hand.clone[index] for index in (0, 1))
            and _clean(value.values[0] + value.values[1]) == TARGET
        )
    return SideResult(
        side=side,
        total=value.total,
        values=value.values,
        assignment=value.assignment,
        card_count=hand.size,
        over=value.total > TARGET,
        perfect_sabacc=perfect,
        lando=hand.lando,
    )


def _winner(dark: SideResult, light: SideResult) -> tuple[str | None, str]:
    if dark.perfect_sabacc and light.perfect_sabacc:
        return None, BOTH_PERFECT
    if dark.perfect_sabacc or light.perfect_sabacc:
        return (DARK if dark.perfect_sabacc else LIGHT), PERFECT_SABACC
    if dark.over != light.over:
        return (LIGHT if dark.over else DARK), CLOSEST
    if dark.total != light.total:
        if dark.over:  # both over: the lower total is closer to 11
            return (DARK if dark.total < light.total else LIGHT), BOTH_OVER
        return (DARK if dark.total > light.total else LIGHT), CLOSEST
    if dark.card_count != light.card_count:
        return (DARK if dark.card_count < light.card_count else LIGHT), FEWER_CARDS
    return None, DRAW


def starship_allegiance(card: CcgCard) -> str:
    """ "Imperial" or "Rebel" for a starship of that allegiance, else "". Read from the characteristic the card
    data gives starships ("Imperial (starship)", "Rebel (starship)"; a bare "Imperial"/"Rebel" also counts), else
    from a subtype word that is exactly Imperial or Rebel ("Imperial-Class Star Destroyer" names a model, not an
    allegiance)."""
    if card.type != "Starship":
        return ""
    found = set()
    for allegiance in ("Imperial", "Rebel"):
        if card.has(f"{allegiance} (starship)") or card.has(allegiance):
            found.add(allegiance)
    if not found:
        words = card.subtype.replace(":", " ").replace(",", " ").replace("/", " ").split()
        found = {word for word in words if word in ("Imperial", "Rebel")}
    return found.pop() if len(found) == 1 else ""


def _lost_card(card: CcgCard, index: int, stakes: frozenset[str], winner: str, loser: str) -> LostCard:
    if card.card_id not in stakes:
        return LostCard(index, card.card_id, stake=False, pile=LOST_PILE, pile_owner=loser)
    allegiance = starship_allegiance(card)
    becomes = ""
    if winner == LIGHT and allegiance == "Imperial":
        becomes = "Rebel"
    elif winner == DARK and allegiance == "Rebel":
        becomes = "Imperial"
    note = f"won as a stake: becomes a {becomes} starship" if becomes else ""
    return LostCard(
        index, card.card_id, stake=True, pile=USED_PILE, pile_owner=winner, becomes=becomes, note=note
    )


def _forfeit(winner: str, loser_cards: tuple[CcgCard, ...], stakes: frozenset[str], perfect: bool) -> Forfeit:
    loser = other(winner)
    lost = [_lost_card(card, index, stakes, winner, loser) for index, card in enumerate(loser_cards)]
    if perfect:  # wins double: both of the loser's first two cards go
        return Forfeit(loser=loser, chooser=None, pick=2, options=tuple(lost[:2]))
    stakes_held = tuple(card for card in lost if card.stake)
    return Forfeit(loser=loser, chooser=winner, pick=1, options=stakes_held or tuple(lost))


def _per_side(value: object, name: str) -> Mapping:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not set(value) <= set(SIDES):
        raise SabaccError("bad-side", f"give `{name}` as a mapping keyed by 'dark' and/or 'light'.")
    return value


def play_sabacc(
    dark_hand: Sequence[CcgCard],
    light_hand: Sequence[CcgCard],
    rules: SabaccRules,
    assigned: Mapping[str, Assignment] | None = None,
    lando: Mapping[str, int] | None = None,
    modifiers: Mapping[str, Mapping[int, Number]] | None = None,
) -> SabaccResult:
    """Reveal both hands and settle the game. Per side (keyed DARK / LIGHT), all optional: `assigned` choices
    (else the best for that side), `lando` (+1 / -1 when Lando's game text changed the total), destiny
    `modifiers` {card index: +n}. The remaining sabacc cards then go to their owners' Used Piles."""
    if not isinstance(rules, SabaccRules):
        raise SabaccError("bad-rules", "give the Interrupt's definition as a SabaccRules record.")
    assigned, lando, modifiers = (
        _per_side(assigned, "assigned"),
        _per_side(lando, "lando"),
        _per_side(modifiers, "modifiers"),
    )
    stakes = _check_ids(rules.stake_ids, "stake_ids")
    sides = {}
    for side, cards in ((DARK, dark_hand), (LIGHT, light_hand)):
        try:
            hand = _check_hand(
                cards, rules.wild_ids, rules.wild_range, rules.clone_ids, modifiers.get(side), lando.get(side)
            )
            sides[side] = _play_side(side, hand, assigned.get(side))
        except SabaccError as error:
            raise SabaccError(error.code, f"{side} side: {error.message}", error.cards) from None
    winner, reason = _winner(sides[DARK], sides[LIGHT])
    forfeit = None
    if winner is not None:
        loser_cards = tuple(light_hand if winner == DARK else dark_hand)
        forfeit = _forfeit(winner, loser_cards, stakes, reason == PERFECT_SABACC)
    return SabaccResult(winner=winner, reason=reason, dark=sides[DARK], light=sides[LIGHT], forfeit=forfeit)


# --- before the reveal -----------------------------------------------------------------------------------------


def check_can_initiate(reserve_deck_size: int, during_battle: bool) -> None:
    """Sabacc may not be initiated during battle, nor unless the initiator can draw two cards from his Reserve
    Deck."""
    if not isinstance(reserve_deck_size, int) or isinstance(reserve_deck_size, bool) or reserve_deck_size < 0:
        raise SabaccError("bad-reserve-deck", "give the Reserve Deck size as a whole number >= 0.")
    if during_battle:
        raise SabaccError(
            "during-battle", "sabacc may not be initiated during battle; play it outside a battle."
        )
    if reserve_deck_size < MIN_HAND:
        raise SabaccError(
            "reserve-deck-too-small",
            f"sabacc needs {MIN_HAND} cards in the Reserve Deck; it has {reserve_deck_size}.",
        )


def may_draw(hand_size: int, reserve_deck_size: int, passed: bool) -> bool:
    """Whether a player may draw another sabacc card on his turn (the opponent of the initiator goes first): not
    after passing, not with six cards, not with an empty Reserve Deck."""
    for name, number in (("hand_size", hand_size), ("reserve_deck_size", reserve_deck_size)):
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise SabaccError("bad-count", f"give `{name}` as a whole number >= 0.")
    return not passed and hand_size < MAX_HAND and reserve_deck_size > 0


def draw_order(initiator: str) -> tuple[str, str]:
    """Who draws first: beginning with the initiator's opponent."""
    if initiator not in SIDES:
        raise SabaccError("bad-side", "the initiator is 'dark' or 'light'.")
    return (LIGHT, DARK) if initiator == DARK else (DARK, LIGHT)
