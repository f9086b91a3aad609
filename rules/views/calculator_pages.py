"""The SWCCG calculator pages: each calculator's form read (calculator_reads.py), run through the API's own code
and its answer worded step by step (calculator_words.py); the forms' fields: calculator_fields.py. The rules themselves stay in rules/swccg (reached
through the API module's *_answer functions, so a page and the API always agree); nothing here decides a rule."""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.api import swccg_rules as api
from rules.views.calculator_battle_words import explain_battle
from rules.views.calculator_reads import read_battle, read_capture, read_drain, read_sabacc
from rules.views.calculator_words import Answer, explain_capture, explain_drain, explain_sabacc


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
