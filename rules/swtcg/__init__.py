"""Star Wars Trading Card Game (SWTCG, Wizards of the Coast): unique units, stacking and confrontations."""

from core.swtcg.cards import UnitCard, parse_title, persona_key, same_name, same_persona
from rules.swtcg.confrontation import Bid, ConfrontationError, ConfrontationResult, IllegalBid, resolve
from rules.swtcg.stacking import RuleViolation, StackedUnit, stack

__all__ = [
    "Bid",
    "ConfrontationError",
    "ConfrontationResult",
    "IllegalBid",
    "RuleViolation",
    "StackedUnit",
    "UnitCard",
    "parse_title",
    "persona_key",
    "resolve",
    "same_name",
    "same_persona",
    "stack",
]
