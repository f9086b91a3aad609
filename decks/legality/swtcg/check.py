"""A deck's check: by counts when they settle it, otherwise rule by rule (the same report either way)."""

from ..violations import LegalityReport
from .cards import TcgCard
from .deck_rules import rule_by_rule
from .formats import TcgFormat
from .from_counts import from_counts
from .table import tcg_table


def check_tcg_deck(
    cards: list[str], outside: list[str], fmt: TcgFormat, pool: dict[str, TcgCard], *, side: str | None = None
) -> LegalityReport:
    return from_counts(cards, outside, tcg_table(pool, fmt), side) or rule_by_rule(
        cards, outside, fmt, pool, side
    )
