"""Collection rows (decks.collection.io.Row) → lines of a collection (card id, set, variant, finish, condition),
against one game's catalogue. A row names its card by code (ours, a GEMP id or alias, swccgdb's `03001`), by set
and collector number, or by name (exact, nickname; never a fuzzy guess), narrowed by its set and side. A row that
names no card, or a printing or variant the card does not have, is a RowProblem with the closest cards."""

import re
from dataclasses import dataclass

from cardsdb.models import Card, CardAlias, CardSet, Printing, Variant
from core.text import fold_words
from decks.collection.io import Row, RowProblem
from decks.collection.io.limits import MAX_SUGGESTED_LINES
from decks.collection.io.plan import Key
from decks.formats_io.limits import SuggestionBudget
from decks.legality.decklists import DatabaseResolver

SWCCGDB_CODE = re.compile(r"^([0-9]{2})([0-9]{3})$")  # swccgdb: set 03, position 001 — GEMP's 3_1


@dataclass(frozen=True)
class CardFacts:
    id: int
    code: str
    title: str
    side: str
    names: frozenset[str]  # folded name and title
    sets: tuple[str, ...]  # its printings' set codes (its own set first)


@dataclass(frozen=True)
class Resolved:
    key: Key
    quantity: int
    line: int


class CatalogueIndex:
    """One game's cards, sets, printings, variants and aliases, read once per import."""

    def __init__(self, game: str):
        self.game = game
        rows = Card.objects.filter(game_id=game).values_list(
            "id", "code", "title", "name", "side", "card_set__code"
        )
        sets: dict[int, list[str]] = {}
        for card_id, set_code in Printing.objects.filter(card__game_id=game).values_list(
            "card_id", "card_set__code"
        ):
            sets.setdefault(card_id, []).append(set_code)
        self.by_code: dict[str, CardFacts] = {}
        self.by_id: dict[int, CardFacts] = {}
        for pk, code, title, name, side, own_set in rows:
            printed = ([own_set] if own_set else []) + [s for s in sets.get(pk, []) if s != own_set]
            facts = CardFacts(
                pk, code, title, side, frozenset({fold_words(name), fold_words(title)}), tuple(printed)
            )
            self.by_code[code.lower()] = facts
            self.by_id[pk] = facts
        for alias, card_id in CardAlias.objects.filter(game_id=game).values_list("code", "card_id"):
            if card_id in self.by_id:
                self.by_code.setdefault(alias.lower(), self.by_id[card_id])
        self.variants: dict[int, dict[str, str]] = {}
        for card_id, kind in Variant.objects.filter(card__game_id=game).values_list("card_id", "kind"):
            self.variants.setdefault(card_id, {})[kind.lower()] = kind
        self.set_keys: dict[str, set[str]] = {}
        for code, abbr, name, gemp in CardSet.objects.filter(game_id=game).values_list(
            "code", "abbr", "name", "gemp_name"
        ):
            for spelling in (code, abbr, name, gemp):
                if spelling:
                    self.set_keys.setdefault(spelling.strip().lower(), set()).add(code)
        self._names: DatabaseResolver | None = None

    @property
    def names(self) -> DatabaseResolver:
        if self._names is None:
            self._names = DatabaseResolver(self.game)
        return self._names

    def set_codes(self, hint: str) -> set[str]:
        """Set codes a hint may mean: "1", "P", "Premiere"; SWCCG's "200d" is also "200"."""
        found = set(self.set_keys.get(hint.strip().lower(), ()))
        return found | {c.rstrip("d") for c in found}

    def by_card_code(self, code: str) -> CardFacts | None:
        found = self.by_code.get(code.strip().lower())
        match = SWCCGDB_CODE.match(code.strip())
        if found is None and match and self.game == "swccg":
            found = self.by_code.get(f"{int(match[1])}_{int(match[2])}")
        return found


def resolve_rows(
    index: CatalogueIndex, rows: list[Row], *, budget: SuggestionBudget | None = None
) -> tuple[list[Resolved], list[RowProblem]]:
    budget = budget or SuggestionBudget(MAX_SUGGESTED_LINES, "file")
    resolved, problems = [], []
    for row in rows:
        found = _line(index, row, budget)
        (problems if isinstance(found, RowProblem) else resolved).append(found)
    return resolved, problems


def _line(index: CatalogueIndex, row: Row, budget: SuggestionBudget) -> Resolved | RowProblem:
    reference = row.card or row.name or f"{row.set} {row.number}"
    if row.game and row.game.lower() != index.game:
        return RowProblem(
            row.line, "other-game", f"Line {row.line} is a {row.game} card; this is {index.game}.", reference
        )
    card = _card(index, row, budget)
    if isinstance(card, RowProblem):
        return card
    set_code = ""
    if row.set:
        wanted = index.set_codes(row.set)
        set_code = next((s for s in card.sets if s in wanted or s.rstrip("d") in wanted), "")
        if not set_code:
            printed = ", ".join(card.sets) or "none"
            return RowProblem(
                row.line,
                "unknown-printing",
                f"Line {row.line}: {card.title} has no printing in {row.set!r} (its sets: {printed}).",
                reference,
                ((card.code, card.title, card.side),),
            )
    variant = ""
    if row.variant:
        kinds = index.variants.get(card.id, {})
        variant = kinds.get(row.variant.strip().lower(), "")
        if not variant:
            known = ", ".join(sorted(kinds.values())) or "none"
            return RowProblem(
                row.line,
                "unknown-variant",
                f"Line {row.line}: {card.title} has no variant {row.variant!r} (its variants: {known}).",
                reference,
                ((card.code, card.title, card.side),),
            )
    return Resolved((card.id, set_code, variant, row.finish, row.condition), row.quantity, row.line)


def _card(index: CatalogueIndex, row: Row, budget: SuggestionBudget) -> CardFacts | RowProblem:
    if row.card:
        card = index.by_card_code(row.card)
        # a foreign code is trusted only when the name beside it agrees (swccgdb's codes are guessed from sets)
        if card and (not row.name or fold_words(row.name) in card.names):
            return card
        if not row.name:
            return RowProblem(
                row.line,
                "unknown-card",
                f"Line {row.line}: no {index.game} card has the code {row.card!r}.",
                row.card,
            )
    if row.number and row.set:
        for set_code in sorted(index.set_codes(row.set)):
            card = index.by_code.get(f"{set_code}_{row.number.strip()}".lower())
            if card and (not row.name or fold_words(row.name) in card.names):
                return card
    if not row.name:
        return RowProblem(
            row.line,
            "unknown-card",
            f"Line {row.line}: no {index.game} card has the number {row.number!r} in set {row.set!r}.",
            f"{row.set} {row.number}",
        )
    side = row.side.title() if row.side.title() in ("Light", "Dark") else None
    match = index.names.by_name(row.name, side=side, set_hint=row.set or None, suggest=False)
    if match.card_id and match.card_id.lower() in index.by_code:
        return index.by_code[match.card_id.lower()]
    if match.ambiguous:
        return RowProblem(
            row.line,
            "ambiguous-card",
            f"Line {row.line}: several cards are named {row.name!r}; add the set or use the card code.",
            row.name,
            tuple(match.candidates),
        )
    suggest = budget.take()  # the fuzzy search for the closest cards is the costly part: bounded per file
    if suggest:
        match = index.names.by_name(row.name, side=side, set_hint=row.set or None, suggest=True)
    note = "" if suggest else f" ({budget.note()})"
    return RowProblem(
        row.line,
        "unknown-card",
        f"Line {row.line}: no {index.game} card is named {row.name!r}{note}.",
        row.name,
        tuple(match.candidates),
    )
