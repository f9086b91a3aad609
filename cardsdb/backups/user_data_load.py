"""Loading the user data into a database: its catalogue checked first, then one transaction, counts compared."""

from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, connections, transaction

from cardsdb.models import Card

from . import registry
from .errors import BackupError
from .progress import no_progress
from .user_data import CHUNK, chunks, read_objects, reference_fields


def load_user_data(
    path: Path, *, expected: dict[str, int] | None = None, replace: bool = False, progress=no_progress
) -> dict[str, int]:
    models = {model._meta.label_lower: model for model in registry.user_models()}
    refs = {label: reference_fields(model) for label, model in models.items()}
    named = registry.named_targets()
    counts = Counter()
    wanted = {label: set() for label in named}
    games = set()
    for line_number, obj in read_objects(path, models):
        label = obj["model"]
        counts[label] += 1
        for name, target in refs[label].items():
            value = obj["fields"].get(name)
            if value is None:
                continue
            if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
                raise BackupError(
                    "backup-invalid", f"Line {line_number}: {label}.{name} is not a [game, code] pair."
                )
            wanted[target].add(tuple(value))
            if target == Card._meta.label_lower:
                games.add(value[0])
    if expected is not None:
        stated = {label: n for label, n in expected.items() if label in models}
        if stated != {label: counts.get(label, 0) for label in stated} or set(counts) - set(stated):
            raise BackupError(
                "backup-corrupt", "The user data's rows per model differ from the manifest's counts."
            )
    ids = _resolve_named(named, wanted, games)
    alias = "default"
    try:
        with transaction.atomic(using=alias):
            _empty_or_refuse(models, replace)
            _load(path, models, refs, ids, counts, alias, progress)
            # Foreign keys are checked at commit on both engines; checked here, a bad row is a refusal like the
            # others, also inside a caller's transaction.
            connections[alias].check_constraints(table_names=_tables(models.values()))
            _reset_sequences(models.values(), alias)
            found = {label: model._default_manager.using(alias).count() for label, model in models.items()}
            if found != {label: counts.get(label, 0) for label in models}:
                raise BackupError(
                    "restore-failed", f"After loading, the rows per model are {found}; rolled back."
                )
    except BackupError:
        raise
    except (DeserializationError, DatabaseError, ValueError, TypeError, KeyError) as exc:
        raise BackupError(
            "restore-failed", f"The user data could not be loaded, nothing was changed: {exc}"
        ) from None
    return dict(counts)


def _resolve_named(named: dict, wanted: dict, games: set) -> dict[str, dict[tuple[str, str], int]]:
    """The row ids of every [game, code] the user data names, by target; a refusal naming what is missing."""
    without = sorted(g for g in games if not Card.objects.filter(game_id=g).exists())
    if without:
        raise BackupError(
            "restore-no-catalogue",
            f"The catalogue of {', '.join(without)} is not imported: import it first (`make run`, or "
            f"`manage.py import_cards {without[0]}` and `import_formats {without[0]}`), then restore.",
        )
    ids = {label: _resolve(target.model, wanted[label]) for label, target in named.items()}
    for label, target in named.items():
        missing = sorted(wanted[label] - set(ids[label]))
        if missing:
            raise target.missing(missing)
    return ids


def _load(path: Path, models: dict, refs: dict, ids: dict, counts: Counter, alias: str, progress) -> None:
    bars = {}
    try:
        for label, chunk in _chunks_by_model(read_objects(path, models), CHUNK):
            if label not in bars:
                for bar in bars.values():
                    bar.close()
                bars[label] = progress(desc=f"restore {label}", total=counts[label], unit="row")
            for obj in chunk:
                for name, target in refs[label].items():
                    value = obj["fields"].get(name)
                    if value is not None:
                        obj["fields"][name] = ids[target][tuple(value)]
            for item in serializers.deserialize("python", chunk, using=alias):
                # raw, as loaddata: times kept as they were (no auto_now); force_insert: one query a row.
                item.object.save_base(using=alias, raw=True, force_insert=True)
                for accessor, values in (item.m2m_data or {}).items():
                    getattr(item.object, accessor).set(values)
            bars[label].update(len(chunk))
    finally:
        for bar in bars.values():
            bar.close()


def _chunks_by_model(objects: Iterator[tuple[int, dict]], size: int) -> Iterator[tuple[str, list[dict]]]:
    label, chunk = None, []
    for _line, obj in objects:
        if obj["model"] != label or len(chunk) == size:
            if chunk:
                yield label, chunk
            label, chunk = obj["model"], []
        chunk.append(obj)
    if chunk:
        yield label, chunk


def _resolve(model, keys: set[tuple[str, str]]) -> dict[tuple[str, str], int]:
    by_game = defaultdict(list)
    for game, code in keys:
        by_game[game].append(code)
    found = {}
    for game, codes in by_game.items():
        for chunk in chunks(codes, CHUNK):
            for pk, code in model.objects.filter(game_id=game, code__in=chunk).values_list("pk", "code"):
                found[(game, code)] = pk
    return found


def _empty_or_refuse(models: dict, replace: bool) -> None:
    held = {label: model._default_manager.count() for label, model in models.items()}
    held = {label: n for label, n in held.items() if n}
    if not held:
        return
    if not replace:
        listed = ", ".join(f"{n} {label}" for label, n in held.items())
        raise BackupError(
            "restore-not-empty",
            f"This database already holds user data ({listed}); restore into an empty one, or pass --replace to "
            "delete it first.",
        )
    # Users first: their decks, collections, games, replays and tokens go with them (CASCADE).
    for label in ("auth.user", *reversed(list(models))):
        models[label]._default_manager.all().delete()


def _tables(models) -> list[str]:
    tables = []
    for model in models:
        tables.append(model._meta.db_table)
        tables += [f.remote_field.through._meta.db_table for f in model._meta.many_to_many]
    return tables


def _reset_sequences(models, alias: str) -> None:
    """Rows came with their ids: the next id each table hands out must follow them (PostgreSQL sequences;
    SQLite's AUTOINCREMENT follows by itself)."""
    connection = connections[alias]
    tables = list(models)
    for model in models:
        tables += [f.remote_field.through for f in model._meta.many_to_many]
    statements = connection.ops.sequence_reset_sql(no_style(), tables)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
