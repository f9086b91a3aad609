"""Write a Snapshot to the database in one transaction, touching only what differs.

Each card's digest is stored with it, so a re-import with no changes compares digests and writes nothing.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.db import IntegrityError, connection, transaction

from ..models import (
    Card,
    CardAlias,
    CardRelation,
    CardSet,
    Game,
    ImportRun,
    Persona,
    Printing,
    Rarity,
    Variant,
)
from .errors import ImportProblem
from .removals import Removal, guard, planned, refuse_deck_cards
from .snapshot import CardData, Snapshot

Progress = Callable[[Iterable, str, int], Iterable]
BATCH = 500


def no_progress(items: Iterable, desc: str, total: int) -> Iterable:
    return items


@dataclass
class Counts:
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return (
            f"{self.added} added, {self.changed} changed, {self.removed} removed, {self.unchanged} unchanged"
        )


@dataclass
class Summary:
    game: str
    source: str
    sets: Counts = field(default_factory=Counts)
    rarities: Counts = field(default_factory=Counts)
    personas: Counts = field(default_factory=Counts)
    cards: Counts = field(default_factory=Counts)
    warnings: list[str] = field(default_factory=list)
    removals: list[Removal] = field(default_factory=list)  # what was deleted, by kind

    @property
    def changed_anything(self) -> bool:
        return any(
            c.added or c.changed or c.removed for c in (self.sets, self.rarities, self.personas, self.cards)
        )


def upsert_by_code(model, game: Game, wanted: dict[str, dict], counts: Counts) -> tuple[dict, list[str]]:
    """Create or update rows keyed by code. Returns code → row, and the codes no longer wanted (not deleted)."""
    existing = {row.code: row for row in model.objects.filter(game=game)}
    for code, values in wanted.items():
        row = existing.get(code)
        if row is None:
            existing[code] = model.objects.create(game=game, code=code, **values)
            counts.added += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
            counts.changed += 1
        else:
            counts.unchanged += 1
    return existing, [code for code in existing if code not in wanted]


def prune_by_code(model, game: Game, stale: list[str], counts: Counts) -> None:
    if stale:
        model.objects.filter(game=game, code__in=stale).delete()
        counts.removed += len(stale)


def apply_snapshot(
    snapshot: Snapshot, progress: Progress = no_progress, *, allow_removals: bool = False
) -> Summary:
    """Sync the game's rows to the snapshot. Raises TooManyRemovals (nothing written) when it would delete more
    than a small share of any kind of row, unless `allow_removals`."""
    summary = Summary(game=snapshot.game, source=snapshot.source, warnings=list(snapshot.warnings))
    with transaction.atomic():
        game = Game.objects.get(code=snapshot.game)
        removals = planned(game, snapshot)
        guard(game.code, removals, allow=allow_removals)
        refuse_deck_cards(game, snapshot)
        summary.removals = [r for r in removals if r.removed]
        _, stale = upsert_by_code(
            Rarity, game, {c: {"name": n} for c, n in snapshot.rarities.items()}, summary.rarities
        )
        prune_by_code(Rarity, game, stale, summary.rarities)
        wanted_personas = {c: {"name": n} for c, n in snapshot.personas.items()}
        personas, stale = upsert_by_code(Persona, game, wanted_personas, summary.personas)
        prune_by_code(Persona, game, stale, summary.personas)
        # Stale sets go after the cards: printings protect them.
        sets, stale_sets = upsert_by_code(
            CardSet, game, {s.code: s.fields for s in snapshot.sets}, summary.sets
        )
        _sync_cards(game, snapshot.cards, sets, personas, summary.cards, progress)
        prune_by_code(CardSet, game, stale_sets, summary.sets)
        if summary.changed_anything:
            c = summary.cards
            ImportRun.objects.create(
                game=game,
                source=snapshot.source[:500],
                source_version=snapshot.version[:100],
                added=c.added,
                changed=c.changed,
                removed=c.removed,
                unchanged=c.unchanged,
            )
    if summary.changed_anything and connection.vendor == "postgresql":
        # Fresh statistics, or the planner guesses "1 row" for the new tables and picks nested loops.
        with connection.cursor() as cursor:
            for model in (Card, Printing, Variant, CardRelation, CardAlias, Card.personas.through, CardSet):
                cursor.execute(f"ANALYZE {model._meta.db_table}")
    return summary


def _remove(card_ids: list[int]) -> None:
    for start in range(0, len(card_ids), BATCH):
        Card.objects.filter(id__in=card_ids[start : start + BATCH]).delete()


# A card's own rows, rebuilt with it on every import; every other row that points at a card is moved on a merge.
OWN_ROWS = {(Printing, "card"), (Variant, "card"), (CardRelation, "card"), (CardAlias, "card")}


def move_references(moves: dict[int, int]) -> None:
    """Point every row that refers to a merged card (deck cards, collection lines, facts…) at the card it was
    merged into. A row that would then repeat another (a collection line of both) stops the import: say which."""
    if not moves:
        return
    for rel in Card._meta.related_objects:
        if rel.many_to_many or (rel.related_model, rel.field.name) in OWN_ROWS:
            continue
        model, field = rel.related_model, rel.field.name
        for old, new in moves.items():
            try:
                with transaction.atomic():
                    model._default_manager.filter(**{field: old}).update(**{field: new})
            except IntegrityError:
                raise ImportProblem(
                    f"card #{old} is merged into card #{new}, but a {model._meta.verbose_name} already holds "
                    "both: merge those rows first"
                ) from None


def _sync_cards(game, cards: list[CardData], sets: dict, personas: dict, counts: Counts, progress: Progress):
    existing = {
        code: (pk, digest)
        for code, pk, digest in Card.objects.filter(game=game).values_list("code", "id", "source_hash")
    }
    wanted = {c.code: c for c in cards}
    stale_ids = [pk for code, (pk, _) in existing.items() if code not in wanted]
    # A card its importer merges into another (a repeated row, now an alias) is not lost:
    # whatever refers to it moves to that card before it goes.
    merged = {code: c.code for c in cards for code in c.merged if code in existing and code not in wanted}

    digests = {c.code: c.digest() for c in cards}
    added = [c for c in cards if c.code not in existing]
    changed = [c for c in cards if c.code in existing and existing[c.code][1] != digests[c.code]]
    counts.added, counts.changed = len(added), len(changed)
    counts.unchanged = len(cards) - len(added) - len(changed)
    counts.removed = len(stale_ids)
    if not added and not changed:
        move_references({existing[old][0]: existing[new][0] for old, new in merged.items()})
        _remove(stale_ids)
        return

    def build(data: CardData, pk: int | None) -> Card:
        card = Card(id=pk, game=game, code=data.code, source_hash=digests[data.code], **data.fields)
        card.card_set = sets[data.set_code] if data.set_code else None
        return card

    new_rows = [build(c, None) for c in added]
    for start in progress(range(0, len(new_rows), BATCH), "cards", (len(new_rows) + BATCH - 1) // BATCH):
        Card.objects.bulk_create(new_rows[start : start + BATCH])
    if changed:
        update_fields = ["source_hash", "card_set", *changed[0].fields.keys()]
        rows = [build(c, existing[c.code][0]) for c in changed]
        Card.objects.bulk_update(rows, update_fields, batch_size=200)

    ids = dict(Card.objects.filter(game=game).values_list("code", "id"))
    move_references({existing[old][0]: ids[new] for old, new in merged.items()})
    _remove(stale_ids)
    touched = added + changed
    touched_ids = [ids[c.code] for c in touched]
    for start in range(0, len(touched_ids), BATCH):
        chunk = touched_ids[start : start + BATCH]
        for model in (Printing, Variant, CardRelation, CardAlias):
            model.objects.filter(card_id__in=chunk).delete()
        Card.personas.through.objects.filter(card_id__in=chunk).delete()

    printings, variants, relations, aliases, links, versions = [], [], [], [], [], []
    for data in progress(touched, "relations", len(touched)):
        pk = ids[data.code]
        printings += [Printing(card_id=pk, card_set=sets[s], rarity=r) for s, r in data.printings]
        variants += [Variant(card_id=pk, position=i, **v) for i, v in enumerate(data.variants)]
        relations += [
            CardRelation(
                card_id=pk, kind=k, text=t, target_id=ids.get(target) if target else None, position=i
            )
            for i, (k, t, target) in enumerate(data.relations)
        ]
        aliases += [
            CardAlias(game=game, code=code, card_id=pk, face=face, reason=why)
            for code, face, why in data.aliases
        ]
        links += [Card.personas.through(card_id=pk, persona_id=personas[p].id) for p in data.personas]
        versions.append(Card(id=pk, current_version_id=ids.get(data.current_version_code)))
    for model, rows in (
        (Printing, printings),
        (Variant, variants),
        (CardRelation, relations),
        (CardAlias, aliases),
    ):
        model.objects.bulk_create(rows, batch_size=BATCH)
    Card.personas.through.objects.bulk_create(links, batch_size=BATCH)
    Card.objects.bulk_update(versions, ["current_version"], batch_size=BATCH)
