"""The SWCCG calculator pages: each calculator's form read (calculator_forms.py), run through the API's own code
and its answer worded step by step (calculator_words.py). The rules themselves stay in rules/swccg (reached
through the API module's *_answer functions, so a page and the API always agree); nothing here decides a rule."""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.api import swccg_rules as api
from rules.views.calculator_forms import (
    ROWS,
    read_battle,
    read_capture,
    read_drain,
    read_sabacc,
    side_name,
)
from rules.views.calculator_words import (
    Answer,
    explain_battle,
    explain_capture,
    explain_drain,
    explain_sabacc,
)


@dataclass(frozen=True)
class Calculator:
    title: Callable[[], str]
    about: Callable[[], str]
    read: Callable
    serializer: type
    answer: Callable[[dict], dict]
    explain: Callable[[dict, dict], Answer]


CALCULATORS = {
    "battle": Calculator(
        lambda: _("Battle calculator"),
        lambda: _("Power, battle destiny, attrition and battle damage at one location."),
        read_battle,
        api.BattleIn,
        api.battle_answer,
        explain_battle,
    ),
    "sabacc": Calculator(
        lambda: _("Sabacc calculator"),
        lambda: _("Each hand's value, the winner and what the loser gives up."),
        read_sabacc,
        api.SabaccIn,
        api.sabacc_answer,
        explain_sabacc,
    ),
    "drain": Calculator(
        lambda: _("Force drain calculator"),
        lambda: _("Presence, control and how much a Force drain makes the opponent lose."),
        read_drain,
        api.DrainIn,
        api.drain_answer,
        explain_drain,
    ),
    "capture": Calculator(
        lambda: _("Capture calculator"),
        lambda: _("Who may seize or imprison a captured character, and who escapes."),
        read_capture,
        api.CaptureIn,
        api.capture_answer,
        explain_capture,
    ),
}


# ---- the forms, as fields the template lays out (one template for the four) ----


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str  # card, number, check, text, lines, side, deck
    value: str = ""


def _field(form, name: str, label: str, kind: str) -> Field:
    return Field(name, label, kind, (form.get(name) or "") if kind != "check" else bool(form.get(name)))


def form_sections(kind: str, form) -> list[tuple[str, list[list[Field]]]]:
    """[(legend, rows of fields)] with the values posted (or passed by a link), so a page redisplays its form."""
    f = lambda name, label, what="card": _field(form, name, label, what)  # noqa: E731
    sections = []
    if kind == "battle":
        sections.append(
            (
                _("The battle"),
                [[f("location", _("Location (decides the text's “at …”)")), f("ignore-text", _("Leave the cards' own text out"), "check")]],
            )
        )  # fmt: skip
        for side in ("dark", "light"):
            card_rows = [
                [
                    f(f"{side}-card-{i}", _("Card")),
                    f(f"{side}-power-{i}", _("Power ±"), "number"),
                    f(f"{side}-hit-{i}", _("Hit"), "check"),
                ]
                for i in range(ROWS["battle"])
            ]
            card_rows.append(
                [
                    f(f"{side}-destinies", _("Battle destinies drawn (e.g. 3 5)"), "text"),
                    f(f"{side}-destiny-bonus", _("Each destiny ±"), "number"),
                    f(f"{side}-power-bonus", _("Total power ±"), "number"),
                    f(f"{side}-deck", _("Or draw from saved deck no."), "deck"),
                ]
            )
            sections.append((side_name(side), card_rows))
    elif kind == "sabacc":
        for side in ("dark", "light"):
            sections.append(
                (side_name(side), [[f(f"{side}-card-{i}", _("Card"))] for i in range(ROWS["sabacc"])])
            )
        sections.append(
            (
                _("Cards with special values (one a line)"),
                [
                    [
                        f("wild", _("Wild cards"), "lines"),
                        f("clones", _("Clone cards"), "lines"),
                        f("stakes", _("Stakes"), "lines"),
                    ]
                ],
            )
        )
    elif kind == "drain":
        sections.append(
            (
                _("The drain"),
                [[f("side", _("Side draining"), "side"), f("location", _("Location")), f("bonus", _("Drain bonus ±"), "number")],
                 [f("cancelled", _("Cancelled by card text"), "check"), f("drained_this_turn", _("Already drained here this turn"), "check")]],
            )
        )  # fmt: skip
        for side in ("dark", "light"):
            sections.append(
                (side_name(side), [[f(f"{side}-card-{i}", _("Card"))] for i in range(ROWS["drain"])])
            )
    elif kind == "capture":
        sections.append((_("Where"), [[f("location", _("Location (a prison?)"))]]))
        sections.append(
            (
                _("Captured characters (Light Side)"),
                [
                    [
                        f(f"captured-card-{i}", _("Captured")),
                        f(f"captured-seize-{i}", _("Seized by")),
                        f(f"captured-imprison-{i}", _("Imprison"), "check"),
                    ]
                    for i in range(ROWS["capture"])
                ],
            )
        )
        sections.append(
            (
                _("Escorts at the location (Dark Side)"),
                [
                    [
                        f(f"escort-card-{i}", _("Escort")),
                        f(f"escort-escorting-{i}", _("Already escorting"), "check"),
                    ]
                    for i in range(ROWS["escorts"])
                ],
            )
        )
    return sections
