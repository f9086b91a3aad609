"""Capturing characters (the advanced rules, "Capturing characters and captives"), for the capture calculator.

When a card says characters are captured, the Dark Side chooses for each: seizure (one of its bounty hunters or
warriors at the same location takes it into custody, one captive each), imprisonment (only at a prison, any
number), or escape (to the Light Side's Used Pile). Only the Dark Side captures, and only Light Side characters;
a character carried by a captured one is captured too. Captives still count for the uniqueness and persona
rules, and so do the cards deployed on them; for everything else they are off table.
"""

from dataclasses import dataclass

from .cards import DARK, LIGHT, CcgCard

MAX_CAPTURED = 20
MAX_AT_LOCATION = 60


class CaptureError(ValueError):
    def __init__(self, code: str, message: str, cards: tuple[str, ...] = ()):
        super().__init__(message)
        self.code, self.message, self.cards = code, message, cards


@dataclass(frozen=True, slots=True)
class Captured:
    card: CcgCard
    carrying: tuple[
        CcgCard, ...
    ] = ()  # characters it carries (Yoda in Luke's backpack) and cards deployed on it


@dataclass(frozen=True, slots=True)
class Escort:
    card: CcgCard
    escorting: bool = False  # already escorting a captive


@dataclass(frozen=True, slots=True)
class CaptureResult:
    options: dict[str, dict]  # captive id → {"seize": [escort ids], "imprison": bool}
    seized: dict[str, str]  # captive id → escort id
    imprisoned: tuple[str, ...]
    escaped: tuple[str, ...]  # to the Light Side's Used Pile
    still_count: tuple[
        str, ...
    ]  # captives and the cards on them: they still count for uniqueness and personas


def can_escort(card: CcgCard) -> bool:
    """Bounty hunters and warriors seize captives."""
    return card.side == DARK and card.is_character and (card.has("warrior") or card.has("bounty hunter"))


def _check(capturer: str, captured: tuple[Captured, ...], escorts: tuple[Escort, ...]) -> None:
    if capturer != DARK:
        raise CaptureError(
            "light-side-capture", "Only the Dark Side captures; the Light Side may not use capturing text."
        )
    if not captured or len(captured) > MAX_CAPTURED:
        raise CaptureError("bad-capture", f"A capture takes 1 to {MAX_CAPTURED} characters.")
    if len(escorts) > MAX_AT_LOCATION:
        raise CaptureError("bad-capture", f"At most {MAX_AT_LOCATION} Dark Side cards at the location.")
    for item in captured:
        card = item.card
        if card.side != LIGHT or not card.is_character:
            raise CaptureError(
                "not-capturable",
                f"{card.title} is not a Light Side character: only those are captured.",
                (card.card_id,),
            )


def capture(
    capturer: str,
    captured: tuple[Captured, ...],
    escorts: tuple[Escort, ...],
    *,
    at_prison: bool,
    seize: dict[str, str] | None = None,
    imprison: tuple[str, ...] = (),
) -> CaptureResult:
    """The options for each captured character, and — with the Dark Side's choices (`seize`: captive id →
    escort id, `imprison`: captive ids) — where each one ends up. Characters carried by a captured one are
    captured with it and listed as captives of their own."""
    _check(capturer, captured, escorts)
    captives: list[CcgCard] = []
    for item in captured:
        captives.append(item.card)
        for carried in item.carrying:
            if carried.is_character and carried.side == LIGHT:
                captives.append(carried)  # captured too, no longer carried: it needs its own escort or prison
    free = [e.card.card_id for e in escorts if can_escort(e.card) and not e.escorting]
    options = {c.card_id: {"seize": list(free), "imprison": at_prison} for c in captives}
    seize = dict(seize or {})
    ids = {c.card_id for c in captives}
    for captive, escort in seize.items():
        if captive not in ids:
            raise CaptureError("not-captured", f"{captive} is not among the captured characters.", (captive,))
        if escort not in free:
            raise CaptureError(
                "not-an-escort",
                f"{escort} cannot seize: an escort is a Dark Side bounty hunter or warrior at the location, escorting "
                "no one yet.",
                (escort,),
            )
    escorts_used = list(seize.values())
    if len(set(escorts_used)) != len(escorts_used):
        raise CaptureError(
            "one-captive-each", "Each bounty hunter or warrior seizes one captive.", tuple(escorts_used)
        )
    for captive in imprison:
        if captive not in ids:
            raise CaptureError("not-captured", f"{captive} is not among the captured characters.", (captive,))
        if captive in seize:
            raise CaptureError(
                "seized-and-imprisoned", f"{captive} is seized or imprisoned, not both.", (captive,)
            )
    if imprison and not at_prison:
        raise CaptureError(
            "not-a-prison", "Captives are imprisoned only when the capture takes place at a prison."
        )
    imprisoned = tuple(dict.fromkeys(imprison))
    escaped = tuple(c.card_id for c in captives if c.card_id not in seize and c.card_id not in imprisoned)
    kept = set(seize) | set(imprisoned)
    still = [c.card_id for c in captives if c.card_id in kept]
    still += [  # cards deployed on a kept captive count with it
        c.card_id
        for item in captured
        if item.card.card_id in kept
        for c in item.carrying
        if not c.is_character
    ]
    return CaptureResult(
        options=options, seized=seize, imprisoned=imprisoned, escaped=escaped, still_count=tuple(still)
    )
