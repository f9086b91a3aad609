"""A player's collection: reads (owned_counts, collection_lines, card_history, export_lines) and writes
(apply_changes, import_rows), every write all or nothing under one transaction, each line's change recorded as a
CollectionChange with the batch it came in. Problems are ApiErrors with a code."""

import uuid
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet, Sum
from django.utils import timezone
from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.models import Card, Printing, Variant
from decks.collection.io import (
    Change,
    CollectionFileError,
    Line,
    ReadResult,
    RowProblem,
    plan,
    read_collection,
)
from decks.collection.io.base import CONDITIONS, FINISHES
from decks.collection.io.limits import MAX_CHANGES, MAX_QUANTITY
from decks.collection.io.plan import Key
from decks.collection.resolve import CatalogueIndex, Resolved, resolve_rows
from decks.models import CollectionChange, CollectionItem

Source = CollectionChange.Source


@dataclass(frozen=True)
class Delta:
    """One change asked for: copies added (delta > 0) or removed from one line of a collection."""

    card_id: int
    delta: int
    set_code: str = ""
    variant: str = ""
    finish: str = ""
    condition: str = ""

    @property
    def key(self) -> Key:
        return (self.card_id, self.set_code, self.variant, self.finish, self.condition)


@dataclass
class ImportPlan:
    """What an import would do: its changes, the lines it cannot read, the lines it read."""

    game: str
    mode: str
    format: str
    changes: list[Change] = field(default_factory=list)
    problems: list[RowProblem] = field(default_factory=list)
    resolved: list[Resolved] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)
    applied: bool = False
    batch: str = ""


def new_batch() -> str:
    return uuid.uuid4().hex


# ---- reads ----


def owned_counts(user, game: str) -> dict[int, int]:
    """card id → copies owned (every printing, variant, finish and condition summed); {} for visitors."""
    if not getattr(user, "is_authenticated", False):
        return {}
    rows = (
        CollectionItem.objects.filter(owner=user, card__game_id=game)
        .values("card_id")
        .annotate(total=Sum("quantity"))
        .values_list("card_id", "total")
    )
    return dict(rows)


@dataclass(frozen=True)
class OwnedCard:
    """What a list's −/+ buttons need of one card: the copies owned, and the line a "−" takes one copy from."""

    total: int
    take_from: tuple[str, str, str, str] = ("", "", "", "")  # set, variant, finish, condition


def line_to_take_from(lines: dict[tuple[str, str, str, str], int]) -> tuple[str, str, str, str]:
    """The line a "−" of a list removes from: the plain line (nothing stated) while it has copies, else the first
    owned line by set, variant, finish and condition (collection_buttons.js picks the same way)."""
    owned = sorted(k for k, q in lines.items() if q > 0)
    plain = ("", "", "", "")
    return plain if plain in owned or not owned else owned[0]


def owned_cards(user, card_ids) -> dict[int, OwnedCard]:
    """card id → OwnedCard for the cards a page shows (search results, a deck), read in one query (one per 500
    cards); {} for visitors. Cards not owned are left out."""
    if not getattr(user, "is_authenticated", False):
        return {}
    lines: dict[int, dict[tuple[str, str, str, str], int]] = {}
    for ids in chunks(sorted(set(card_ids))):
        found = CollectionItem.objects.filter(owner=user, card_id__in=ids).values_list(
            "card_id", "set_code", "variant", "finish", "condition", "quantity"
        )
        for card_id, *line, quantity in found:
            lines.setdefault(card_id, {})[tuple(line)] = quantity
    return {pk: OwnedCard(sum(by_line.values()), line_to_take_from(by_line)) for pk, by_line in lines.items()}


def collection_lines(user, game: str, *, name: str = "") -> QuerySet[CollectionItem]:
    found = CollectionItem.objects.filter(owner=user, card__game_id=game).select_related("card")
    if name:
        found = found.filter(card__name__icontains=name)
    return found.order_by("card__name", "card__code", "set_code", "variant", "finish", "condition")


def card_lines(user, card: Card) -> list[CollectionItem]:
    return list(
        CollectionItem.objects.filter(owner=user, card=card)
        .select_related("card")
        .order_by("set_code", "variant", "finish")
    )


def card_history(user, card: Card, *, limit: int = 100) -> list[CollectionChange]:
    return list(CollectionChange.objects.filter(owner=user, card=card)[:limit])


def export_lines(user, game: str) -> list[Line]:
    """Every line of the game, by card code: plain values (a complete collection is 10,000+ lines)."""
    rows = (
        CollectionItem.objects.filter(owner=user, card__game_id=game)
        .order_by("card__code", "set_code", "variant", "finish", "condition")
        .values_list("card__code", "card__title", "set_code", "variant", "finish", "condition", "quantity")
    )
    return [Line(game, *row) for row in rows]


def _current(user, game: str) -> dict[Key, int]:
    found = CollectionItem.objects.filter(owner=user, card__game_id=game)
    return {
        (i.card_id, i.set_code, i.variant, i.finish, i.condition): i.quantity
        for i in found.only("card_id", "set_code", "variant", "finish", "condition", "quantity")
    }


# ---- writes ----


def apply_changes(user, changes: list[Delta], *, source: str, batch: str = "") -> list[CollectionItem]:
    """Add or remove copies, all or nothing: a line that would go below 0 (or over the limit) refuses the whole
    request (400 `collection-below-zero`, naming each). The lines changed, as they are now (gone ones left out)."""
    if len(changes) > MAX_CHANGES:
        raise ApiError("invalid-request", f"At most {MAX_CHANGES:,} changes are applied at once.")
    check_lines(changes)
    totals: dict[Key, int] = {}
    for change in changes:
        totals[change.key] = totals.get(change.key, 0) + change.delta
    with transaction.atomic():
        _lock(user)
        current = {
            k: q
            for k, q in _current_for(user, {k[0] for k in totals}).items()
            if k in totals  # only the lines asked about
        }
        planned = [Change(k, current.get(k, 0), current.get(k, 0) + d) for k, d in totals.items() if d]
        _refuse_out_of_range(planned)
        return _write(user, planned, source=source, batch=batch or new_batch())


def check_lines(changes: list[Delta]) -> None:
    """Each change's set is one of its card's printings (or ""), its variant one of the card's variants (or ""),
    its finish and condition ones we know: every bad one named (400 invalid-request)."""
    ids = sorted({c.card_id for c in changes})
    sets: dict[int, set[str]] = {}
    kinds: dict[int, set[str]] = {}
    for chunk in chunks(ids):
        for pk, own in Card.objects.filter(pk__in=chunk).values_list("pk", "card_set__code"):
            sets.setdefault(pk, set()).add(own or "")
        for pk, code in Printing.objects.filter(card_id__in=chunk).values_list("card_id", "card_set__code"):
            sets.setdefault(pk, set()).add(code)
        for pk, kind in Variant.objects.filter(card_id__in=chunk).values_list("card_id", "kind"):
            kinds.setdefault(pk, set()).add(kind)
    errors = []
    for i, c in enumerate(changes):
        if c.card_id not in sets:
            errors.append(f"changes[{i}]: no such card")
        elif c.set_code and c.set_code not in sets[c.card_id]:
            errors.append(f"changes[{i}]: the card has no printing in set {c.set_code[:40]!r}")
        elif c.variant and c.variant not in kinds.get(c.card_id, ()):
            errors.append(f"changes[{i}]: the card has no variant {c.variant[:40]!r}")
        elif c.finish not in FINISHES or c.condition not in CONDITIONS:
            errors.append(f'changes[{i}]: finish is "" or foil; condition is "", M, NM, LP, MP, HP or D')
    if errors:
        raise ApiError("invalid-request", errors[0], errors=errors[:100])


def _current_for(user, card_ids: set[int]) -> dict[Key, int]:
    return {
        (i.card_id, i.set_code, i.variant, i.finish, i.condition): i.quantity
        for ids in chunks(sorted(card_ids))
        for i in CollectionItem.objects.filter(owner=user, card_id__in=ids)
    }


def read_import(data: bytes | str, *, game: str, kind: str = "") -> ReadResult:
    try:
        return read_collection(data, kind=kind, game=game)
    except CollectionFileError as exc:
        code = exc.code
        status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE if code == "collection-too-large" else 400
        extra = {"line": exc.line} if exc.line else {}
        raise ApiError(code, exc.message, status_code, **extra, **exc.details) from None


def import_rows(
    user, game: str, read: ReadResult, *, mode: str, apply: bool, source: str = Source.IMPORT
) -> ImportPlan:
    """Preview (apply=False) or apply what a file asks. Applying is refused (400 `collection-problems`, nothing
    written) while any line cannot be read; the changes are computed again under the lock, so a preview and
    the apply that follows agree unless the collection changed in between."""
    result = ImportPlan(game=game, mode=mode, format=read.format, ignored_columns=read.ignored_columns)
    index = CatalogueIndex(game)
    result.resolved, problems = resolve_rows(index, read.rows)
    result.problems = sorted(read.problems + problems, key=lambda p: p.line)
    wanted = [(r.key, r.quantity, r.line) for r in result.resolved]
    if not apply or result.problems:
        result.changes = _plan(_current(user, game), wanted, mode)
        result.problems += out_of_range(result.changes)
        if apply:
            raise ApiError(
                "collection-problems",
                f"{len(result.problems)} line(s) cannot be read; nothing was applied. Fix them and import again.",
                problems=[problem_dict(p) for p in result.problems],
            )
        return result
    with transaction.atomic():
        _lock(user)
        result.changes = _plan(_current(user, game), wanted, mode)
        result.batch = new_batch()
        _write(user, result.changes, source=source, batch=result.batch)
    result.applied = True
    return result


def _plan(current: dict[Key, int], wanted, mode: str) -> list[Change]:
    changes = plan(current, wanted, mode)
    if len(changes) > MAX_CHANGES:
        raise ApiError("invalid-request", f"At most {MAX_CHANGES:,} lines change in one import.")
    return changes


def out_of_range(changes: list[Change]) -> list[RowProblem]:
    """Each change that would leave a line below 0 or over the limit, as a problem of its file line."""
    problems = []
    for c in changes:
        if c.after < 0 or c.after > MAX_QUANTITY:
            where = c.lines[0] if c.lines else 0
            problems.append(
                RowProblem(
                    where,
                    "below-zero" if c.after < 0 else "bad-quantity",
                    f"{'Line ' + str(where) + ': ' if where else ''}the line has {c.before} cop"
                    f"{'y' if c.before == 1 else 'ies'}; {c.delta:+d} would make {c.after} "
                    f"(a line holds 0 to {MAX_QUANTITY:,}).",
                )
            )
    return problems


def _refuse_out_of_range(changes: list[Change]) -> None:
    problems = out_of_range(changes)
    if problems:
        cards = dict(Card.objects.filter(pk__in={c.key[0] for c in changes}).values_list("pk", "code"))
        raise ApiError(
            "collection-below-zero",
            f"{len(problems)} change(s) would take a line below 0 (or over {MAX_QUANTITY:,}); nothing was applied.",
            problems=[
                {**problem_dict(p), "card": cards.get(c.key[0], ""), "set": c.key[1], "variant": c.key[2]}
                for p, c in zip(
                    problems, [c for c in changes if c.after < 0 or c.after > MAX_QUANTITY], strict=True
                )
            ],
        )


def _lock(user) -> None:
    """One writer per collection at a time: the owner's row is the lock (PostgreSQL; SQLite locks the file)."""
    User.objects.select_for_update().filter(pk=user.pk).exists()


def _write(user, changes: list[Change], *, source: str, batch: str) -> list[CollectionItem]:
    """Bulk writes (an import of thousands of lines is a few queries, not one per line), then the history."""
    _refuse_out_of_range(changes)
    existing = {
        (i.card_id, i.set_code, i.variant, i.finish, i.condition): i
        for ids in chunks(sorted({c.key[0] for c in changes}))
        for i in CollectionItem.objects.filter(owner=user, card_id__in=ids)
    }
    now = timezone.now()
    created, updated, gone, history = [], [], [], []
    for c in changes:
        card_id, set_code, variant, finish, condition = c.key
        where = dict(card_id=card_id, set_code=set_code, variant=variant, finish=finish, condition=condition)
        item = existing.get(c.key)
        if c.after == 0:
            if item is not None:
                gone.append(item.pk)
        elif item is None:
            created.append(CollectionItem(owner=user, quantity=c.after, updated_at=now, **where))
        else:
            item.quantity, item.updated_at = c.after, now
            updated.append(item)
        history.append(
            CollectionChange(owner=user, delta=c.delta, quantity=c.after, source=source, batch=batch, **where)
        )
    for ids in chunks(gone):
        CollectionItem.objects.filter(pk__in=ids).delete()
    CollectionItem.objects.bulk_create(created, batch_size=1000)
    CollectionItem.objects.bulk_update(updated, ["quantity", "updated_at"], batch_size=1000)
    CollectionChange.objects.bulk_create(history, batch_size=1000)
    return updated + created


def chunks(values: list, size: int = 500):
    """Lists of at most `size`: SQLite refuses a query with more variables than its limit."""
    for start in range(0, len(values), size):
        yield values[start : start + size]


def problem_dict(p: RowProblem) -> dict:
    return {
        "line": p.line,
        "code": p.code,
        "message": p.message,
        "text": p.text,
        "candidates": [{"card": code, "title": title, "side": side} for code, title, side in p.candidates],
    }


def change_dicts(changes: list[Change]) -> list[dict]:
    """Changes as the API and pages show them, with each card's code and title."""
    cards = {
        pk: (code, title)
        for pk, code, title in Card.objects.filter(pk__in={c.key[0] for c in changes}).values_list(
            "pk", "code", "title"
        )
    }
    return [
        {
            "card": cards.get(c.key[0], ("", ""))[0],
            "title": cards.get(c.key[0], ("", ""))[1],
            "set": c.key[1],
            "variant": c.key[2],
            "finish": c.key[3],
            "condition": c.key[4],
            "before": c.before,
            "after": c.after,
            "delta": c.delta,
            "lines": list(c.lines),
        }
        for c in changes
    ]
