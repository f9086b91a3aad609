"""What an import would delete, and the guard that stops an import deleting more than a small share of a kind.

A source file cut at a record boundary is still valid JSON: only the count of what disappears tells it apart
from a real update. Upstream updates remove a card or two; a cut file removes hundreds. So an import that would
remove more than REMOVAL_SHARE of any kind of row (cards, personas, sets, printings…) — or more than one row of
a small kind — stops before writing anything unless removals are explicitly allowed.
"""

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from ..models import Card, CardAlias, CardSet, Game, Persona, Printing, Rarity, Variant
from .errors import ImportProblem
from .snapshot import Snapshot

REMOVAL_SHARE = 0.02
SAMPLE = 3


@dataclass
class Removal:
    kind: str  # plural noun: "cards", "personas"
    existing: int  # rows of this kind before the import
    removed: list[str]  # a label for each row that would go, sorted

    @property
    def limit(self) -> int:
        """The most that may go without --allow-removals: 2% of what exists, and always one."""
        return max(1, int(self.existing * REMOVAL_SHARE))

    @property
    def too_many(self) -> bool:
        return len(self.removed) > self.limit

    def describe(self) -> str:
        share = f"{len(self.removed) / self.existing:.0%}" if self.existing else "all"
        sample = ", ".join(self.removed[:SAMPLE]) + (", …" if len(self.removed) > SAMPLE else "")
        return f"{len(self.removed):,} of {self.existing:,} {self.kind} ({share}; e.g. {sample})"


def diff(kind: str, existing: Mapping[Hashable, str], wanted: Iterable[Hashable]) -> Removal:
    """The rows of `existing` (key → label) whose key is not wanted."""
    keep = set(wanted)
    return Removal(kind, len(existing), sorted(label for key, label in existing.items() if key not in keep))


class TooManyRemovals(ImportProblem):
    code = "too-many-removals"

    def __init__(self, game: str, removals: list[Removal]):
        self.removals = removals
        listed = "; ".join(r.describe() for r in removals if r.removed)
        super().__init__(
            f"This {game} import would remove {listed}. More than {REMOVAL_SHARE:.0%} of a kind (or more than "
            "one of a small kind) is refused, since a cut or partly downloaded file looks just like this. "
            "Check the source; if the removals are intended, run it again with --allow-removals."
        )


def guard(game: str, removals: list[Removal], *, allow: bool) -> None:
    if not allow and any(r.too_many for r in removals):
        raise TooManyRemovals(game, removals)


def planned(game: Game, snapshot: Snapshot) -> list[Removal]:
    """Every kind of row the sync of this snapshot would delete, as it stands in the database now."""
    cards = snapshot.cards
    return [
        diff(
            "cards",
            {
                code: f"{title} ({code})"
                for code, title in Card.objects.filter(game=game).values_list("code", "title")
            },
            kept_codes(snapshot),
        ),
        diff(
            "personas",
            dict(Persona.objects.filter(game=game).values_list("code", "name")),
            snapshot.personas,
        ),
        diff(
            "sets",
            {
                code: f"{name} ({code})"
                for code, name in CardSet.objects.filter(game=game).values_list("code", "name")
            },
            (s.code for s in snapshot.sets),
        ),
        diff(
            "rarities",
            {code: code for code in Rarity.objects.filter(game=game).values_list("code", flat=True)},
            snapshot.rarities,
        ),
        diff(
            "printings",
            {
                (code, set_code): f"{title} ({code}) in set {set_code}"
                for code, title, set_code in Printing.objects.filter(card__game=game).values_list(
                    "card__code", "card__title", "card_set__code"
                )
            },
            ((c.code, set_code) for c in cards for set_code, _ in c.printings),
        ),
        diff(
            "alternate images",
            {
                (code, title): f"{title} ({code})"
                for code, title in Variant.objects.filter(card__game=game).values_list("card__code", "title")
            },
            ((c.code, v["title"]) for c in cards for v in c.variants),
        ),
        diff(
            "id aliases",
            {
                code: f"{code} ({card})"
                for code, card in CardAlias.objects.filter(game=game).values_list("code", "card__code")
            },
            (code for c in cards for code, _, _ in c.aliases),
        ),
    ]


def kept_codes(snapshot: Snapshot) -> set[str]:
    """Codes that still name a card: the cards' own and those merged into them (they live on as aliases)."""
    return {c.code for c in snapshot.cards} | {code for c in snapshot.cards for code in c.merged}


def refuse_deck_cards(game: Game, snapshot: Snapshot) -> None:
    """Cards that saved decks hold cannot be deleted (the decks would lose them): say which, before writing.
    A card merged into another is not deleted: its decks move to that card."""
    wanted = kept_codes(snapshot)
    held = Card.objects.filter(game=game, deck_cards__isnull=False).values_list("code", "title").distinct()
    used = sorted((code, title) for code, title in held if code not in wanted)
    if used:
        sample = ", ".join(f"{title} ({code})" for code, title in used[:SAMPLE])
        raise ImportProblem(
            f"This {game.code} import would remove {len(used):,} cards that saved decks hold (e.g. {sample}); "
            "a deck's cards cannot be removed: check the source, or take the cards out of those decks first"
        )
